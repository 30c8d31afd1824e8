"""Layout functions (`decode_<layout>`) give exactly what the per-field functions give, field by field."""

from __future__ import annotations

import random

import pytest

from udfs.core.layouts import qasym7j5
from udfs.core.samples.m7 import m7_records


def _records() -> list:
    recs = m7_records(300, seed=11)
    rng = random.Random(5)
    mutated = []
    for r in recs[:60]:  # flip bytes anywhere: bad zoned digits, bad timestamps, odd text
        b = bytearray(r)
        for _ in range(3):
            b[rng.randrange(len(b))] = rng.randrange(256)
        mutated.append(bytes(b))
    return recs + mutated + [None, recs[0][:700], recs[1][:30], b""]


@pytest.mark.spark
def test_layout_function_from_sql_matches_per_field_sql(spark):
    recs = _records()
    spark.createDataFrame([(i, r) for i, r in enumerate(recs)], "i INT, record BINARY").createOrReplaceTempView(
        "m7_layout"
    )
    fn = {
        "char": "ebcdic_str",
        "digits": "ebcdic_str",
        "zoned": "unpack_zoned",
        "bin": "unpack_bin",
        "ibmi_ts": "parse_ibmi_timestamp",
        "hex": "",
    }
    per_field = ", ".join(
        f"{fn[f.kind]}(CASE WHEN length(record) >= {f.offset + f.length} "
        f"THEN substr(record, {f.pos}, {f.length}) END) AS {f.name}"
        for f in qasym7j5.FIELDS
    )
    a = spark.sql("SELECT i, d.* FROM (SELECT i, decode_qasym7j5(record) d FROM m7_layout) ORDER BY i").collect()
    b = spark.sql(f"SELECT i, {per_field} FROM m7_layout ORDER BY i").collect()
    nulls = {i for i, r in enumerate(recs) if r is None}
    assert [tuple(r) for r in a if r.i not in nulls] == [tuple(r) for r in b if r.i not in nulls]

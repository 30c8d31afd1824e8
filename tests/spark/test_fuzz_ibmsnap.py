"""Byte-mutation property test of the IBMSNAP models (every control table and CD table, Db2 unload records):
rows of every table, with NULLs, one to four bytes mutated anywhere, decoded by each model's compiled SQL in one
query. Every column is the unmutated value, NULL and named in decode_errors (or NULL by its null marker), or what
the mutated bytes encode. `-m heavy` runs a million records."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from udfs.core.layouts import ibmsnap

from support.fuzz import (Tally, bin_ok, changed_in, char_ok, compile_models, ibmi_ts_ok, mutate, packed_ok, raw_view,
                          record_count, run_model)

TABLES = ibmsnap.all_tables()
NULL_MARKERS = (b"\xff", b"\x6f")  # Db2 UNLOAD, DSNTIAUL: a real NULL


def base_record(rng, table: str, i: int) -> bytes:
    values = ibmsnap.sample_values(table, seed=i % 97 + 1, nulls=False)  # small seeds: SMALLINT samples fit
    for s in ibmsnap.layout(table).slots:
        if s.column.nullable and rng.random() < 0.2:
            values[s.name] = None
    return ibmsnap.encode_row(table, values, null_marker=rng.choice(NULL_MARKERS))


def _data_ok(k: str, c, v, raw: bytes) -> bool:
    """Unload bytes of one column (no indicator) against a decoded value, by Db2 type."""
    if k == "char":
        return v is not None and char_ok(v, raw)
    if k == "bit":
        return v is not None and bytes(v) == raw
    if k in ("varchar", "varbit"):
        n = int.from_bytes(raw[:2], "big", signed=True)
        if v is None or not 0 <= n <= c.length:
            return False
        data = raw[2:2 + n]
        return (bytes(v) == data) if k == "varbit" else (v.encode("cp037") == data.rstrip(b"\x40\x00"))
    if k in ("smallint", "int", "bigint"):
        return bin_ok(v, raw, True)
    if k == "decimal":
        return packed_ok(v, raw, c.scale)
    if k == "timestamp":
        return v is not None and ibmi_ts_ok(v, raw)
    raise ValueError(k)


def judge_row(t: Tally, lay, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    for s in lay.slots:
        c, k = s.column, ibmsnap.kind(s.column)
        start = s.pos - 1
        ni = rec[start:start + 1] if c.nullable else None
        data = rec[start + (1 if c.nullable else 0):start + s.width]

        def ok(v, c=c, k=k, ni=ni, data=data):
            if ni is not None and ni != b"\x00":
                return v is None and ni in NULL_MARKERS  # a real NULL marker: NULL, no error
            return _data_ok(k, c, v, data)
        t.judge(s.name, orig[s.name], mut[s.name], errors, changed_in(pos, start, s.width), ok, where)


@pytest.fixture(scope="module")
def snap_sql(spark):
    return compile_models(spark, [f"ibmsnap_{t}" for t in TABLES])


def run_fuzz(spark, sql, n: int, seed: int) -> Tally:
    rng = random.Random(seed)
    t = Tally("IBMSNAP")
    per_table = max(1, n // len(TABLES))
    for table in TABLES:
        lay = ibmsnap.layout(table)
        for lo in range(0, per_table, 50_000):
            bases = [base_record(rng, table, lo + i) for i in range(min(50_000, per_table - lo))]
            muts = [mutate(rng, b) for b in bases]
            raw_view(spark, "fz_snap_orig", bases, "orig.unl")
            raw_view(spark, "fz_snap_mut", [m for m, _ in muts], "mut.unl")
            spark.sql("select * from fz_snap_orig union all select * from fz_snap_mut").createOrReplaceTempView("fz_snap")
            # the view (field by field) and, where the table has one, its table twin (decode_ibmsnap_<table>)
            for model in [m for m in (f"ibmsnap_{table}", f"ibmsnap_{table}_decoded") if m in sql]:
                rows = {(r["source_file"], r["record_offset"]): r.asDict() for r in
                        run_model(spark, sql[model], {f"raw_ibmsnap_{table}": "fz_snap"}).collect()}
                for i, (rec, pos) in enumerate(muts):
                    key = i * 1_000_000
                    orig, mut = rows[("orig.unl", key)], rows[("mut.unl", key)]
                    assert orig["decode_errors"] == [], (model, orig["decode_errors"])
                    t.records += 1
                    judge_row(t, lay, orig, mut, pos, rec, f"{model} record {lo + i} bytes {pos}")
    return t


def test_mutated_ibmsnap_records(spark, snap_sql, request):
    assert "decode_ibmsnap_uow(record" in snap_sql["ibmsnap_uow_decoded"]  # the table twins decode through it
    n = record_count(request)
    given(seed=st.integers(0, 2 ** 32 - 1))(
        settings(max_examples=1, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))(
            lambda seed: run_fuzz(spark, snap_sql, n, seed).assert_clean()))()


@pytest.mark.heavy
def test_mutated_ibmsnap_records_heavy(spark, snap_sql, request):
    run_fuzz(spark, snap_sql, record_count(request), 18).assert_clean()

"""Byte-mutation property test of the IBMSNAP models (every control table and CD table, Db2 unload records):
rows of every table, with NULLs, one to four bytes mutated anywhere, decoded by each model's compiled SQL in one
query. Every column is the unmutated value, NULL and named in decode_errors (or NULL by its null marker), or what
the mutated bytes encode (a VARCHAR: every byte its length counts, trailing blanks too; half the text VARCHARs
written end in blanks). `-m million` runs a million records."""

from __future__ import annotations

import random
from functools import partial

import pytest
from support.fuzz import (
    Fuzz,
    Shape,
    Tally,
    bin_ok,
    changed_in,
    char_ok,
    compile_models,
    ibmi_ts_ok,
    packed_ok,
)

from udfs.core.layouts import ibmsnap
from udfs.render.ibmsnap_ddl import control_tables

TABLES = ibmsnap.all_tables()
CONTROL = control_tables()  # laid out from sql/ibmsnap
NULL_MARKERS = (b"\xff", b"\x6f")  # Db2 UNLOAD, DSNTIAUL: a real NULL


def base_record(table: str, rng: random.Random, i: int) -> bytes:
    values = CONTROL.sample_values(table, seed=i % 97 + 1, nulls=False)  # small seeds: SMALLINT samples fit
    for s in CONTROL.layout(table).slots:
        if s.column.nullable and rng.random() < 0.2:
            values[s.name] = None
        elif ibmsnap.kind(s.column) == "varchar" and rng.random() < 0.5:  # trailing blanks are the value's
            text = values[s.name][: rng.randint(0, s.column.length - 1)]
            values[s.name] = text + " " * rng.randint(1, s.column.length - len(text))
    return CONTROL.encode_row(table, values, null_marker=rng.choice(NULL_MARKERS))


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
        data = raw[2 : 2 + n]
        return (bytes(v) == data) if k == "varbit" else v.encode("cp037") == data  # untrimmed
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
        ni = rec[start : start + 1] if c.nullable else None
        data = rec[start + (1 if c.nullable else 0) : start + s.width]

        def ok(v, c=c, k=k, ni=ni, data=data):
            if ni is not None and ni != b"\x00":
                return v is None and ni in NULL_MARKERS  # a real NULL marker: NULL, no error
            return _data_ok(k, c, v, data)

        t.judge(s.name, orig[s.name], mut[s.name], errors, changed_in(pos, start, s.width), ok, where)


def judge_batch(table: str, t: Tally, batch, sql):
    """The view (field by field) and, where the table has one, its decoded table twin (decode_ibmsnap_<table>)."""
    lay = CONTROL.layout(table)
    for model in [m for m in (f"ibmsnap_{table}", f"ibmsnap_{table}_decoded") if m in sql]:
        rows = batch.rows(sql[model], {f"raw_ibmsnap_{table}": batch.view})
        for i, rec, pos, orig, mut in batch.pairs(rows):
            t.records += 1
            if mut is None:
                t.bad("lost", f"{model} {batch.where(i)}: left the model")
                continue
            judge_row(t, lay, orig, mut, pos, rec, f"{model} {batch.where(i)}")


FUZZ = Fuzz("IBMSNAP", tuple(Shape(partial(base_record, t), partial(judge_batch, t)) for t in TABLES), chunk=50_000)


@pytest.fixture(scope="module")
def snap_sql(spark):
    sql = compile_models(spark, [f"ibmsnap_{t}" for t in TABLES])
    assert "decode_ibmsnap_uow(record" in sql["ibmsnap_uow_decoded"]  # the table twins decode through it
    return sql


def test_each_value_of_a_mutated_ibmsnap_row_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, snap_sql, request
):
    FUZZ.assert_clean(spark, snap_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_ibmsnap_rows_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, snap_sql, request
):
    FUZZ.assert_clean(spark, snap_sql, request)

"""Byte-mutation property test of the CA IDMS journal model (idms_journal): records of every type of seed 004,
one to four bytes mutated anywhere, decoded by the model's compiled SQL in one query. Every REC field's column, the
record image and the LID list are the unmutated value, NULL and named in decode_errors, NULL because the (mutated)
record type does not carry the field, or what the mutated bytes encode. `-m million` runs a million records."""

from __future__ import annotations

import pytest
from support.fuzz import (
    Fuzz,
    Shape,
    Tally,
    changed_in,
    compile_models,
    kind_ok,
    packed_ok,
)
from support.fuzz_records import idms_record

from udfs.core.layouts import idms

COLUMNS = [r for r in idms.REC if not r.folded and r.field.kind != "group"]


def _ts_ok(v, raw):
    if v is None:
        return raw in (b"\x00" * 8, b"\x40" * 8)
    return idms.idms_datetime(v) == raw


def _value_ok(kind, v, raw):
    """IDMS's own judgement where it differs: a blank or zero packed field is no value; IDMS timestamps."""
    if kind == "packed":
        return (v is None and raw in (b"\x00" * len(raw), b"\x40" * len(raw))) or packed_ok(v, raw)
    if kind in ("idms_ts", "idms_ts_utc"):
        return _ts_ok(v, raw)
    return kind_ok(kind, v, raw)


def judge_record(t: Tally, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    rtype = rec[4:8].decode("cp037")
    for r in COLUMNS:
        col, f = r.column, r.field
        if col not in mut:
            continue
        raw = rec[f.offset : f.offset + f.length]
        applies = (r.types == idms.ALL or rtype in r.types) and len(rec) >= f.end - 1
        kind = r.field.kind
        if col == "QUAL_CV":
            applies, kind = applies and rec[24] >= 0x40, "char"
        elif col == "QUAL_LOCAL":
            applies = applies and rec[24] < 0x40

        def ok(v, kind=kind, raw=raw, applies=applies):
            return v is None if not applies else _value_ok(kind, v, raw)

        t.judge(
            col, orig[col], mut[col], errors, changed_in(pos, f.offset, f.length) or changed_in(pos, 4, 4), ok, where
        )
    # the record image: IMAGE-LEN bytes from position 65 of a BFOR/AFTR
    n = mut.get("IMAGE_LEN")
    t.judge(
        "RECORD_IMAGE",
        orig["RECORD_IMAGE"],
        mut["RECORD_IMAGE"],
        errors,
        changed_in(pos, 4, 4) or changed_in(pos, 44, len(rec)),
        lambda v: bytes(v) == rec[64 : 64 + n] and n > 0 and len(rec) >= 64 + n if v is not None else not (n and n > 0),
        where,
    )
    # the LID list: LIDNUM 4-byte LIDs at LIDOFF
    off, num = mut.get("LIDOFF"), mut.get("LIDNUM")

    def lids_ok(v):
        if v is None:
            return off is None or num is None
        want = [] if num == 0 else [int.from_bytes(rec[off + 4 * i : off + 4 * i + 4], "big") for i in range(num)]
        return list(v) == want and (num == 0 or (off >= 84 and off + 4 * num <= len(rec)))

    t.judge(
        "LIDS",
        orig["LIDS"],
        mut["LIDS"],
        errors,
        changed_in(pos, 4, 4) or changed_in(pos, 64, len(rec)),
        lids_ok,
        where,
    )


def judge_batch(t: Tally, batch, sql):
    rows = batch.rows(sql["idms_journal"], {"raw_idms": batch.view})
    for i, rec, pos, orig, mut in batch.kept(t, rows, "idms_journal"):
        judge_record(t, orig, mut, pos, rec, f"{rec[4:8]!r} {batch.where(i)}")


FUZZ = Fuzz("IDMS", (Shape(idms_record, judge_batch),), chunk=50_000)


@pytest.fixture(scope="module")
def idms_sql(spark):
    return compile_models(spark, ["idms_journal"])


def test_each_value_of_a_mutated_idms_record_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, idms_sql, request
):
    FUZZ.assert_clean(spark, idms_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_idms_records_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, idms_sql, request
):
    FUZZ.assert_clean(spark, idms_sql, request)

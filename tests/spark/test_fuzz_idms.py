"""Byte-mutation property test of the CA IDMS journal model (idms_journal): records of every type of seed 004,
one to four bytes mutated anywhere, decoded by the model's compiled SQL in one query. Every REC field's column, the
record image and the LID list are the unmutated value, NULL and named in decode_errors, NULL because the (mutated)
record type does not carry the field, or what the mutated bytes encode. `-m heavy` runs a million records."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from udfs.core.layouts import idms

from support.fuzz_records import idms_record as base_record
from support.fuzz import Tally, bin_ok, changed_in, char_ok, compile_models, hex_ok, mutate, packed_ok, raw_view, \
    record_count, run_model

COLUMNS = [r for r in idms.REC if not r.folded and r.field.kind != "group"]


def _kind(r) -> str:
    return r.field.kind


def _ts_ok(v, raw):
    if v is None:
        return raw in (b"\x00" * 8, b"\x40" * 8)
    return idms.idms_datetime(v) == raw


def judge(t: Tally, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    rtype = rec[4:8].decode("cp037")
    for r in COLUMNS:
        col, f = r.column, r.field
        if col not in mut:
            continue
        raw = rec[f.offset:f.offset + f.length]
        applies = (r.types == idms.ALL or rtype in r.types) and len(rec) >= f.end - 1
        kind = _kind(r)
        if col == "QUAL_CV":
            applies, kind = applies and rec[24] >= 0x40, "char"
        elif col == "QUAL_LOCAL":
            applies = applies and rec[24] < 0x40

        def ok(v, kind=kind, raw=raw, applies=applies):
            if not applies:
                return v is None
            if kind in ("ubin", "u64"):
                return bin_ok(v, raw, False)
            if kind == "char":
                return char_ok(v, raw)
            if kind == "hex":
                return hex_ok(v, raw)
            if kind == "packed":
                return (v is None and raw in (b"\x00" * len(raw), b"\x40" * len(raw))) or packed_ok(v, raw)
            return _ts_ok(v, raw)
        t.judge(col, orig[col], mut[col], errors, changed_in(pos, f.offset, f.length) or changed_in(pos, 4, 4), ok,
                where)
    # the record image: IMAGE-LEN bytes from position 65 of a BFOR/AFTR
    n = mut.get("IMAGE_LEN")
    t.judge("RECORD_IMAGE", orig["RECORD_IMAGE"], mut["RECORD_IMAGE"], errors,
            changed_in(pos, 4, 4) or changed_in(pos, 44, len(rec)),
            lambda v: bytes(v) == rec[64:64 + n] and n > 0 and len(rec) >= 64 + n if v is not None
            else not (n and n > 0), where)
    # the LID list: LIDNUM 4-byte LIDs at LIDOFF
    off, num = mut.get("LIDOFF"), mut.get("LIDNUM")

    def lids_ok(v):
        if v is None:
            return off is None or num is None
        want = [] if num == 0 else [int.from_bytes(rec[off + 4 * i:off + 4 * i + 4], "big") for i in range(num)]
        return list(v) == want and (num == 0 or (off >= 84 and off + 4 * num <= len(rec)))
    t.judge("LIDS", orig["LIDS"], mut["LIDS"], errors, changed_in(pos, 4, 4) or changed_in(pos, 64, len(rec)), lids_ok,
            where)


@pytest.fixture(scope="module")
def idms_sql(spark):
    return compile_models(spark, ["idms_journal"])


def run_fuzz(spark, sql, n: int, seed: int) -> Tally:
    rng = random.Random(seed)
    t = Tally("IDMS")
    for lo in range(0, n, 50_000):
        bases = [base_record(rng, lo + i) for i in range(min(50_000, n - lo))]
        muts = [mutate(rng, b) for b in bases]
        raw_view(spark, "fz_idms_orig", bases, "orig.jnl")
        raw_view(spark, "fz_idms_mut", [m for m, _ in muts], "mut.jnl")
        spark.sql("select * from fz_idms_orig union all select * from fz_idms_mut").createOrReplaceTempView("fz_idms")
        rows = {(r["source_file"], r["record_offset"]): r.asDict() for r in
                run_model(spark, sql["idms_journal"], {"raw_idms": "fz_idms"}).collect()}
        for i, (rec, pos) in enumerate(muts):
            key = i * 1_000_000
            orig, mut = rows[("orig.jnl", key)], rows[("mut.jnl", key)]
            assert orig["decode_errors"] == [], orig["decode_errors"]
            t.records += 1
            judge(t, orig, mut, pos, rec, f"{rec[4:8]!r} record {lo + i} bytes {pos}")
    return t


def test_mutated_idms_records(spark, idms_sql, request):
    n = record_count(request)
    given(seed=st.integers(0, 2 ** 32 - 1))(
        settings(max_examples=1, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))(
            lambda seed: run_fuzz(spark, idms_sql, n, seed).assert_clean()))()


@pytest.mark.heavy
def test_mutated_idms_records_heavy(spark, idms_sql, request):
    run_fuzz(spark, idms_sql, record_count(request), 18).assert_clean()

"""Byte-mutation property test of the *TYPE5 heading (journal_entries) and every ESD model: *TYPE5 records
carrying every mapped entry type's sample ESD, one to four bytes mutated anywhere, decoded by the models'
compiled SQL (journal_entries_decoded, the table build of journal_entries, then each ibmi_esd_* model over it). Every heading value, every fixed ESD field and
every byte-valued part is the unmutated value, NULL and named in decode_errors, or what the mutated bytes encode.
Structs and arrays (names, paths, authorities, C LW records) whose bytes changed are counted apart: they must be
NULL-and-named or decoded, but are not re-encoded here. `-m heavy` runs a million records."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from udfs.core.layouts import ibmi_esd, qjordje5

from support.fuzz import (Tally, bin_ok, changed_in, char_ok, compile_models, digits_ok, hex_ok, ibmi_ts_ok, mutate,
                          packed_ok, raw_view, record_count, run_model, zoned_ok)
from support.ibmi_esd_mapping import EXPECTED

# IBM's *TYPE5 heading as journal_entries publishes it: (column, 1-based position, width, kind)
HEADING = [
    ("ENTRY_LENGTH", 1, 5, "zoned"), ("SEQUENCE_NUMBER", 6, 20, "digits"), ("JOURNAL_CODE", 26, 1, "char"),
    ("JOURNAL_ENTRY_TYPE", 27, 2, "char"), ("ENTRY_TIMESTAMP", 29, 26, "ibmi_ts"), ("JOB_NAME", 55, 10, "char"),
    ("JOB_USER", 65, 10, "char"), ("JOB_NUMBER", 75, 6, "jobnum"), ("PROGRAM_NAME", 81, 10, "char"),
    ("PROGRAM_LIBRARY", 91, 10, "char"), ("PROGRAM_LIBRARY_ASP_NAME", 101, 10, "char"),
    ("PROGRAM_LIBRARY_ASP_NUMBER", 111, 5, "zoned"), ("JOURNALED_OBJECT_NAME", 116, 10, "char"),
    ("JOURNALED_OBJECT_LIBRARY", 126, 10, "char"), ("JOURNALED_OBJECT_MEMBER", 136, 10, "char"),
    ("COUNT_OR_RRN", 146, 20, "digits"), ("INDICATOR_FLAG", 166, 1, "char"), ("COMMIT_CYCLE", 167, 20, "digits"),
    ("USER_NAME", 187, 10, "char"), ("SYSTEM_NAME", 197, 8, "char"), ("JOURNAL_IDENTIFIER", 205, 10, "hex"),
    ("REFERENTIAL_CONSTRAINT", 215, 1, "char"), ("TRIGGER", 216, 1, "char"), ("INCOMPLETE_DATA", 217, 1, "char"),
    ("IGNORED_BY_APPLY_REMOVE", 218, 1, "char"), ("MINIMIZED_ENTRY_DATA", 219, 1, "char"),
    ("OBJECT_NAME_INDICATOR", 220, 1, "char"), ("SYSTEM_SEQUENCE_NUMBER", 221, 20, "digits"),
    ("RECEIVER_NAME", 241, 10, "char"), ("RECEIVER_LIBRARY", 251, 10, "char"),
    ("RECEIVER_LIBRARY_ASP_NAME", 261, 10, "char"), ("RECEIVER_LIBRARY_ASP_NUMBER", 271, 5, "zoned"),
    ("ARM_NUMBER", 276, 5, "zoned"), ("THREAD_IDENTIFIER", 281, 8, "hex"), ("THREAD", 289, 16, "char"),
    ("ADDRESS_FAMILY", 305, 1, "char"), ("REMOTE_PORT", 306, 5, "zoned"), ("REMOTE_ADDRESS", 311, 46, "char"),
    ("LOGICAL_UNIT_OF_WORK", 357, 39, "char"), ("TRANSACTION_IDENTIFIER", 396, 140, "char"),
    ("JOURNALED_OBJECT_TYPE", 536, 7, "char"), ("FILE_TYPE_INDICATOR", 543, 1, "char"),
    ("NESTED_COMMIT_LEVEL", 544, 7, "digits"), ("NULL_VALUE_INDICATORS", 560, 50, "char"),
]
PAIRS = sorted(EXPECTED.items())
ESD_AT = 609  # 0-based start of the ESD in the record (position 610)


def _text(rng, n):
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randint(1, n)))


def base_record(rng, i: int) -> bytes:
    (code, typ), model = PAIRS[i % len(PAIRS)]
    esd = ibmi_esd.sample_esd(model)
    values = {
        "JOSEQN": rng.randrange(10 ** 12), "JOCODE": code, "JOENTT": typ,
        "JOTSTP": dt.datetime(2020, 1, 1) + dt.timedelta(microseconds=rng.randrange(10 ** 14)),
        "JOJOB": _text(rng, 10), "JOUSER": _text(rng, 10), "JONBR": rng.randrange(10 ** 6), "JOPGM": _text(rng, 10),
        "JOPGMLIB": _text(rng, 10), "JOPGMASP": rng.randrange(10 ** 5), "JOOBJ": _text(rng, 10),
        "JOLIB": _text(rng, 10), "JOCTRR": len(esd) if (code, typ) == ("C", "CM") else rng.randrange(10 ** 6),
        "JOFLAG": rng.choice("01"), "JOCCID": rng.randrange(10 ** 9), "JOUSPF": _text(rng, 10),
        "JOSYNM": _text(rng, 8), "JOJID": rng.randbytes(10), "JOINCDAT": "0", "JOSYSSEQ": rng.randrange(10 ** 9),
        "JORCV": _text(rng, 10), "JORCVLIB": _text(rng, 10), "JORCVASP": rng.randrange(10 ** 5),
        "JOARM": rng.randrange(10 ** 5), "JOTHD": rng.randbytes(8), "JOTHDX": rng.randbytes(8).hex().upper(),
        "JORPORT": rng.randrange(10 ** 5), "JOOBJTYP": "*FILE", "JOCMTLVL": rng.randrange(10 ** 7),
    }
    return qjordje5.encode(values, esd)


def _value_ok(kind, value, raw):
    if kind == "char":
        return char_ok(value, raw)
    if kind == "zoned":
        return zoned_ok(value, raw)
    if kind == "jobnum":
        return (value is None and raw == b"\x40" * 6) or (value is not None and zoned_ok(int(value), raw)
                                                          and value == value.zfill(6))
    if kind == "digits":
        return digits_ok(value, raw)
    if kind == "ibmi_ts":
        return ibmi_ts_ok(value, raw)
    if kind == "hex":
        return hex_ok(value, raw)
    if kind in ("bin", "ubin"):
        return bin_ok(value, raw, kind == "bin")
    if kind == "u64":
        return value is not None and int(value) == int.from_bytes(raw, "big")
    if kind == "packed":
        return packed_ok(value, raw)
    raise ValueError(kind)


def judge_heading(t: Tally, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    for name, p, n, kind in HEADING:
        raw = rec[p - 1:p - 1 + n]
        t.judge(name, orig[name], mut[name], errors, changed_in(pos, p - 1, n),
                lambda v, kind=kind, raw=raw: _value_ok(kind, v, raw), where)
    # the ESD: JOENTL (entry length) minus the heading, capped by the record
    esd = bytes(mut["ENTRY_SPECIFIC_DATA"])
    entl = mut["ENTRY_LENGTH"]
    want_len = max(0, min((entl if entl is not None else 10 ** 9) - ESD_AT, len(rec) - ESD_AT))
    t.judge("ENTRY_SPECIFIC_DATA", bytes(orig["ENTRY_SPECIFIC_DATA"]), esd, errors,
            changed_in(pos, 0, 5) or changed_in(pos, ESD_AT, len(rec)),
            lambda v: v == rec[ESD_AT:ESD_AT + want_len], where)


BYTE_PARTS_SQL = ("jcat_ibmi_esd_slice", "jcat_ibmi_esd_from_offset", "jcat_ibmi_esd_field('tail'", "substr(DATA",
                  "substr(CHANGE_VALUE", "if(length(DATA)")
TEXT_PARTS_SQL = ("ebcdic_str(", "jcat_ibmi_esd_text_at")


def judge_esd(t: Tally, lay, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    esd = bytes(mut["ENTRY_SPECIFIC_DATA"])
    entry_changed = orig is None or changed_in(pos, 0, 5)
    for f in lay.fields:
        if f.kind in ("reserved", "tail") or not f.name:
            continue
        start = ESD_AT + f.pos - 1
        raw = esd[f.pos - 1:f.pos - 1 + f.len]

        def ok(v, f=f, raw=raw):
            if len(esd) < f.pos:  # the entry does not hold the field at all: absent, not an error
                return v is None
            if len(raw) < f.len:  # the entry ends inside it: must be NULL (and named)
                return False
            return _value_ok(f.kind, v, raw)
        t.judge(f.name, None if orig is None else orig[f.name], mut[f.name], errors,
                entry_changed or changed_in(pos, start, f.len), ok, where)
    # parts depend on the ESD, its length and the heading fields they read (COUNT_OR_RRN, INCOMPLETE_DATA)
    ch = entry_changed or changed_in(pos, ESD_AT, len(rec)) or changed_in(pos, 145, 20) or changed_in(pos, 216, 1)
    for p in lay.parts:
        o = None if orig is None else orig[p.name]
        v = mut[p.name]
        if not ch or v is None:
            t.judge(p.name, o, v, errors, ch, None, where)
        elif isinstance(v, (bytes, bytearray)) and any(s in p.sql for s in BYTE_PARTS_SQL):
            t.judge(p.name, o, v, errors, ch, lambda v: bytes(v) in esd, where)
        elif isinstance(v, str) and any(s in p.sql for s in TEXT_PARTS_SQL):
            t.judge(p.name, o, v, errors, ch, lambda v: v.encode("cp037") in esd, where)
        else:
            t.values += 1
            t.not_reencoded += 1


@pytest.fixture(scope="module")
def ibmi_sql(spark):
    return compile_models(spark, ["journal_entries_decoded"] + [f"ibmi_esd_{lay.model}" for lay in ibmi_esd.LAYOUTS])


def run_fuzz(spark, sql, n: int, seed: int) -> Tally:
    rng = random.Random(seed)
    t = Tally("IBM i *TYPE5 heading + ESD")
    chunk = 20_000
    for lo in range(0, n, chunk):
        bases = [base_record(rng, lo + i) for i in range(min(chunk, n - lo))]
        muts = [mutate(rng, b) for b in bases]
        raw_view(spark, "fz_raw_je_orig", bases, "orig.jrn")
        raw_view(spark, "fz_raw_je_mut", [m for m, _ in muts], "mut.jrn")
        spark.sql("select * from fz_raw_je_orig union all select * from fz_raw_je_mut").createOrReplaceTempView("fz_raw_je")
        je = run_model(spark, sql["journal_entries_decoded"], {"raw_qjordje5": "fz_raw_je"}).cache()
        je.createOrReplaceTempView("fz_journal_entries")
        heading = {(r["source_file"], r["record_offset"]): r.asDict() for r in je.collect()}
        for i, (rec, pos) in enumerate(muts):
            t.records += 1
            key = i * 1_000_000
            judge_heading(t, heading[("orig.jrn", key)], heading[("mut.jrn", key)], pos, rec, f"record {lo + i} bytes {pos}")
        for lay in ibmi_esd.LAYOUTS:
            rows = {(r["source_file"], r["record_offset"]): r.asDict() for r in
                    run_model(spark, sql[f"ibmi_esd_{lay.model}"], {"journal_entries": "fz_journal_entries", "journal_entries_decoded": "fz_journal_entries"}).collect()}
            for (src, key), mut in rows.items():
                if src != "mut.jrn":
                    continue
                i = key // 1_000_000
                rec, pos = muts[i]
                judge_esd(t, lay, rows.get(("orig.jrn", key)), mut, pos, rec, f"{lay.model} record {lo + i} bytes {pos}")
            for (src, key), orig in rows.items():  # an entry that left its model must have changed its code or type
                if src == "orig.jrn" and ("mut.jrn", key) not in rows and not changed_in(muts[key // 1_000_000][1], 25, 3):
                    t.bad("lost", f"{lay.model} record {lo + key // 1_000_000}: left the model, code and type unchanged")
        je.unpersist()
    return t


def test_mutated_ibmi_records(spark, ibmi_sql, request):
    n = record_count(request)
    given(seed=st.integers(0, 2 ** 32 - 1))(
        settings(max_examples=1, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))(
            lambda seed: run_fuzz(spark, ibmi_sql, n, seed).assert_clean()))()


@pytest.mark.heavy
def test_mutated_ibmi_records_heavy(spark, ibmi_sql, request):
    run_fuzz(spark, ibmi_sql, record_count(request), 18).assert_clean()

"""Byte-mutation property test of the *TYPE5 heading (journal_entries) and every ESD model: *TYPE5 records
carrying every mapped entry type's sample ESD, one to four bytes mutated anywhere, decoded by the models'
compiled SQL (journal_entries_decoded, the table build of journal_entries, then each ibmi_esd_* model over it). Every
heading value, every fixed ESD field and every byte-valued part is the unmutated value, NULL and named in
decode_errors, or what the mutated bytes encode; a field or part the ESD ends before (by the record's own entry
length) is absent, NULL and not named (not_carried). Structs and arrays (names, paths, authorities, C LW records) whose
bytes changed are counted apart: they must be NULL-and-named or decoded, but are not re-encoded here. `-m million` runs
a million records."""

from __future__ import annotations

import datetime as dt

import pytest
from support.fuzz import (
    MUT,
    ORIG,
    SPACING,
    Fuzz,
    Shape,
    Tally,
    changed_in,
    compile_models,
    judge_fields,
    kind_ok,
    run_model,
)
from support.ibmi.esd_mapping import EXPECTED

from udfs.core.layouts import ibmi_esd, qjordje5
from udfs.core.samples.ibmi_esd import sample_esd

# IBM's *TYPE5 heading as journal_entries publishes it: (column, 1-based position, width, kind)
HEADING = [
    ("ENTRY_LENGTH", 1, 5, "zoned"),
    ("SEQUENCE_NUMBER", 6, 20, "digits"),
    ("JOURNAL_CODE", 26, 1, "char"),
    ("JOURNAL_ENTRY_TYPE", 27, 2, "char"),
    ("ENTRY_TIMESTAMP", 29, 26, "ibmi_ts"),
    ("JOB_NAME", 55, 10, "char"),
    ("JOB_USER", 65, 10, "char"),
    ("JOB_NUMBER", 75, 6, "jobnum"),
    ("PROGRAM_NAME", 81, 10, "char"),
    ("PROGRAM_LIBRARY", 91, 10, "char"),
    ("PROGRAM_LIBRARY_ASP_NAME", 101, 10, "char"),
    ("PROGRAM_LIBRARY_ASP_NUMBER", 111, 5, "zoned"),
    ("JOURNALED_OBJECT_NAME", 116, 10, "char"),
    ("JOURNALED_OBJECT_LIBRARY", 126, 10, "char"),
    ("JOURNALED_OBJECT_MEMBER", 136, 10, "char"),
    ("COUNT_OR_RRN", 146, 20, "digits"),
    ("INDICATOR_FLAG", 166, 1, "char"),
    ("COMMIT_CYCLE", 167, 20, "digits"),
    ("USER_NAME", 187, 10, "char"),
    ("SYSTEM_NAME", 197, 8, "char"),
    ("JOURNAL_IDENTIFIER", 205, 10, "hex"),
    ("REFERENTIAL_CONSTRAINT", 215, 1, "char"),
    ("TRIGGER", 216, 1, "char"),
    ("INCOMPLETE_DATA", 217, 1, "char"),
    ("IGNORED_BY_APPLY_REMOVE", 218, 1, "char"),
    ("MINIMIZED_ENTRY_DATA", 219, 1, "char"),
    ("OBJECT_NAME_INDICATOR", 220, 1, "char"),
    ("SYSTEM_SEQUENCE_NUMBER", 221, 20, "digits"),
    ("RECEIVER_NAME", 241, 10, "char"),
    ("RECEIVER_LIBRARY", 251, 10, "char"),
    ("RECEIVER_LIBRARY_ASP_NAME", 261, 10, "char"),
    ("RECEIVER_LIBRARY_ASP_NUMBER", 271, 5, "zoned"),
    ("ARM_NUMBER", 276, 5, "zoned"),
    ("THREAD_IDENTIFIER", 281, 8, "hex"),
    ("THREAD", 289, 16, "char"),
    ("ADDRESS_FAMILY", 305, 1, "char"),
    ("REMOTE_PORT", 306, 5, "zoned"),
    ("REMOTE_ADDRESS", 311, 46, "char"),
    ("LOGICAL_UNIT_OF_WORK", 357, 39, "char"),
    ("TRANSACTION_IDENTIFIER", 396, 140, "char"),
    ("JOURNALED_OBJECT_TYPE", 536, 7, "char"),
    ("FILE_TYPE_INDICATOR", 543, 1, "char"),
    ("NESTED_COMMIT_LEVEL", 544, 7, "digits"),
    ("NULL_VALUE_INDICATORS", 560, 50, "char"),
]
PAIRS = sorted(EXPECTED.items())
ESD_AT = 609  # 0-based start of the ESD in the record (position 610)


def _text(rng, n):
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randint(1, n)))


def base_record(rng, i: int) -> bytes:
    (code, typ), model = PAIRS[i % len(PAIRS)]
    esd = sample_esd(model)
    values = {
        "JOSEQN": rng.randrange(10**12),
        "JOCODE": code,
        "JOENTT": typ,
        "JOTSTP": dt.datetime(2020, 1, 1) + dt.timedelta(microseconds=rng.randrange(10**14)),
        "JOJOB": _text(rng, 10),
        "JOUSER": _text(rng, 10),
        "JONBR": rng.randrange(10**6),
        "JOPGM": _text(rng, 10),
        "JOPGMLIB": _text(rng, 10),
        "JOPGMASP": rng.randrange(10**5),
        "JOOBJ": _text(rng, 10),
        "JOLIB": _text(rng, 10),
        "JOCTRR": len(esd) if (code, typ) == ("C", "CM") else rng.randrange(10**6),
        "JOFLAG": rng.choice("01"),
        "JOCCID": rng.randrange(10**9),
        "JOUSPF": _text(rng, 10),
        "JOSYNM": _text(rng, 8),
        "JOJID": rng.randbytes(10),
        "JOINCDAT": "0",
        "JOSYSSEQ": rng.randrange(10**9),
        "JORCV": _text(rng, 10),
        "JORCVLIB": _text(rng, 10),
        "JORCVASP": rng.randrange(10**5),
        "JOARM": rng.randrange(10**5),
        "JOTHD": rng.randbytes(8),
        "JOTHDX": rng.randbytes(8).hex().upper(),
        "JORPORT": rng.randrange(10**5),
        "JOOBJTYP": "*FILE",
        "JOCMTLVL": rng.randrange(10**7),
    }
    return qjordje5.encode(values, esd)


def judge_heading(t: Tally, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    judge_fields(t, [(name, p - 1, n, kind) for name, p, n, kind in HEADING], orig, mut, pos, rec, where)
    # the ESD: JOENTL (entry length) minus the heading, capped by the record
    esd = bytes(mut["ENTRY_SPECIFIC_DATA"])
    entl = mut["ENTRY_LENGTH"]
    want_len = max(0, min((entl if entl is not None else 10**9) - ESD_AT, len(rec) - ESD_AT))
    t.judge(
        "ENTRY_SPECIFIC_DATA",
        bytes(orig["ENTRY_SPECIFIC_DATA"]),
        esd,
        errors,
        changed_in(pos, 0, 5) or changed_in(pos, ESD_AT, len(rec)),
        lambda v: v == rec[ESD_AT : ESD_AT + want_len],
        where,
    )


BYTE_PARTS = ("bytes", "rest", "leading_bytes", "following_bytes")  # the ESD's own bytes, cut
TEXT_PARTS = ("text", "ebcdic_text", "text_by_type")  # the ESD's own bytes as EBCDIC text


def judge_esd(t: Tally, lay, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    esd = bytes(mut["ENTRY_SPECIFIC_DATA"])
    entry_changed = orig is None or changed_in(pos, 0, 5)
    for f in lay.fields:
        if f.kind in ("reserved", "tail") or not f.name:
            continue
        start = ESD_AT + f.pos - 1
        raw = esd[f.pos - 1 : f.pos - 1 + f.length]

        def ok(v, f=f, raw=raw):
            if len(esd) < f.pos:  # the entry does not hold the field at all: absent, not an error
                return v is None
            if len(raw) < f.length:  # the entry ends inside it: must be NULL (and named)
                return False
            return kind_ok(f.kind, v, raw)

        t.judge(
            f.name,
            None if orig is None else orig[f.name],
            mut[f.name],
            errors,
            entry_changed or changed_in(pos, start, f.length),
            ok,
            where,
        )
    # parts depend on the ESD, its length and the heading fields they read (COUNT_OR_RRN, INCOMPLETE_DATA)
    ch = entry_changed or changed_in(pos, ESD_AT, len(rec)) or changed_in(pos, 145, 20) or changed_in(pos, 216, 1)
    for p in lay.parts:
        o = None if orig is None else orig[p.name]
        v = mut[p.name]
        if not ch or v is None:
            t.judge(p.name, o, v, errors, ch, lambda v, p=p: v is None and not_carried(lay, p, esd, mut), where)
        elif isinstance(v, (bytes, bytearray)) and p.kind in BYTE_PARTS:
            t.judge(p.name, o, v, errors, ch, lambda v: bytes(v) in esd, where)
        elif isinstance(v, str) and p.kind in TEXT_PARTS:
            t.judge(p.name, o, v, errors, ch, lambda v: v.encode("cp037") in esd, where)
        else:
            t.values += 1
            t.not_reencoded += 1


def not_carried(lay, p, esd: bytes, mut: dict) -> bool:
    """The entry does not carry part `p` at all: the ESD (as long as the record's own ENTRY_LENGTH says) ends before
    the part's fixed position (C LW records: the ESD's first byte) and before every field giving its offset or length,
    and no heading value gives it a length. Such a part is NULL without being named, as the fields past the ESD's end
    are (judge_esd's fields: absent, not an error); an ENTRY_LENGTH mutated lower, or an entry type mutated into a
    layout longer than its ESD, gives these. An ESD ending inside the part, or inside a field addressing it, is not
    this: the part must be named. A part read from another is carried when that one is."""
    if p.source:
        (src,) = [q for q in lay.parts if q.name == p.source]
        return not_carried(lay, src, esd, mut)
    fields = {f.name: f for f in lay.fields if f.name}
    start = p.pos or (0 if p.offset else 1)
    if start and len(esd) >= start:
        return False
    for col in filter(None, (p.offset, p.length)):
        if col in fields and len(esd) >= fields[col].pos:
            return False
        if col not in fields and (mut[col] or 0) > 0:  # a heading value (COUNT_OR_RRN) gives it a length
            return False
    return True


def judge_batch(t: Tally, batch, sql):
    """journal_entries_decoded (the table build of journal_entries) once, kept, then every ESD model over it."""
    je = batch.decoded(
        run_model(batch.spark, sql["journal_entries_decoded"], {"raw_qjordje5": batch.view}), "fz_journal_entries"
    )
    heading = {(r["source_file"], r["record_offset"]): r.asDict() for r in batch.collect(je)}
    for i, rec, pos, orig, mut in batch.kept(t, heading, "journal_entries_decoded"):
        judge_heading(t, orig, mut, pos, rec, batch.where(i))
    for lay in ibmi_esd.LAYOUTS:
        judge_esd_model(
            t,
            batch,
            lay,
            batch.rows(
                sql[f"ibmi_esd_{lay.model}"],
                {"journal_entries": "fz_journal_entries", "journal_entries_decoded": "fz_journal_entries"},
            ),
        )


def judge_esd_model(t: Tally, batch, lay, rows):
    """An ESD model holds only its entry types: a mutated row is judged against its unmutated row where that is
    in the model too; an entry that left the model must have changed its code or type."""
    for (src, key), mut in rows.items():
        if src == MUT:
            i = key // SPACING
            rec, pos = batch.mutated[i]
            judge_esd(t, lay, rows.get((ORIG, key)), mut, pos, rec, f"{lay.model} {batch.where(i)}")
    for src, key in rows:
        i = key // SPACING
        if src == ORIG and (MUT, key) not in rows and not changed_in(batch.mutated[i][1], 25, 3):
            t.bad("lost", f"{lay.model} {batch.where(i)}: left the model, code and type unchanged")


FUZZ = Fuzz("IBM i *TYPE5 heading + ESD", (Shape(base_record, judge_batch),), chunk=50_000)  # 59 queries a batch


@pytest.fixture(scope="module")
def ibmi_sql(spark):
    return compile_models(spark, ["journal_entries_decoded"] + [f"ibmi_esd_{lay.model}" for lay in ibmi_esd.LAYOUTS])


# since the suite passed 20 minutes; each ESD model's SQL runs in its unit test (test_ibmi_esd_models.py)
@pytest.mark.heavy
def test_each_value_of_a_mutated_ibmi_entry_is_the_original_a_named_null_or_its_mutated_bytes(spark, ibmi_sql, request):
    FUZZ.assert_clean(spark, ibmi_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_ibmi_entries_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, ibmi_sql, request
):
    FUZZ.assert_clean(spark, ibmi_sql, request)


VIEW_TEXT_LIMIT = 32_700  # characters of view text the embedded Derby metastore keeps


def test_every_esd_view_text_fits_the_embedded_metastore(ibmi_sql):
    """A persistent view keeps its compiled SQL as its text: every ESD model's, well within Derby's limit (the
    stored texts of the views the suite builds are checked in test_ibmi_esd_build.py)."""
    lengths = {lay.model: len(ibmi_sql[f"ibmi_esd_{lay.model}"]) for lay in ibmi_esd.LAYOUTS}
    longest = max(lengths, key=lengths.get)
    assert lengths[longest] < VIEW_TEXT_LIMIT * 0.95, f"{longest}: {lengths[longest]} characters"

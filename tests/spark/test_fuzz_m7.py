"""Byte-mutation property test of the IBM i audit journal M7 model (audit_journal_m7, outfile QASYM7J5): records of
every entry type and V action of seed 000, built by the tests' encoder from its table (support/ibmi/m7.py, a
quarter of them with values in the fields their entry does not use), one to four bytes mutated anywhere, decoded by
the model's compiled SQL in one query. Every heading column and every M7 column is the unmutated value, NULL and
named in decode_errors, NULL because the (mutated) entry type or action does not carry the field, or what the
mutated bytes encode; a code, a description or a version identifier is what seed 000 gives for the mutated bytes,
and a value it does not list must be named. The model keeps every record (one fixed length, no rejects table): a
record missing from it is lost. `-m million` runs a million records."""

from __future__ import annotations

import pytest
from support.fuzz import (
    Fuzz,
    Shape,
    Tally,
    bin_ok,
    changed_in,
    char_ok,
    compile_models,
    judge_fields,
)
from support.ibmi import m7

HEADING = m7.heading_columns()
ENTRY_TYPE, ACTION = m7.ROW["ENTRY_TYPE"], m7.ROW["ACTION"]
# QUALIFIED_JOB_NAME's parts, in its order: 000123/QUSER/QZDASOINIT
JOB = [next(c for c in HEADING if c[0] == name) for name in ("JOB_NUMBER", "JOB_USER", "JOB_NAME")]


def _at(row) -> tuple[int, int]:
    """A table row's 0-based start and width."""
    return row.pos - 1, row.width


def _text(rec: bytes, row) -> str | None:
    """A Char field as the tests read it: EBCDIC, trailing blanks (and X'00') cut, nothing left is no value."""
    start, width = _at(row)
    return rec[start : start + width].rstrip(b"\x40\x00").decode("cp037") or None


def judge_heading(t: Tally, orig, mut, pos, rec, where):
    errors = mut["decode_errors"]
    judge_fields(t, HEADING, orig, mut, pos, rec, where)
    parts = [mut[c] for c, *_ in JOB]  # judged above against their own bytes

    def qualified_ok(v):
        if v is None:  # a part NULL (blank, or named under its own column)
            return None in parts
        return None not in parts and v == "/".join(parts)

    t.judge(
        "QUALIFIED_JOB_NAME",
        orig["QUALIFIED_JOB_NAME"],
        mut["QUALIFIED_JOB_NAME"],
        errors,
        any(changed_in(pos, start, width) for _, start, width, _ in JOB),
        qualified_ok,
        where,
    )


def named_unless_listed(t: Tally, column, value, listed, errors, where):
    """A decoded value seed 000 does not list (or whose shape it does not give) is kept and named."""
    if value is not None and not listed(value) and column not in errors:
        t.bad("unnamed", f"{where} {column}: {value!r} is not what seed 000 lists, not in decode_errors {errors}")


def judge_codes(t: Tally, orig, mut, pos, rec, where):
    """ENTRY_TYPE and (V only) ACTION, each with seed 000's description of the code the mutated bytes hold."""
    errors = mut["decode_errors"]
    entry_type, action = _text(rec, ENTRY_TYPE), _text(rec, ACTION)
    is_v = entry_type == m7.ACTION_TYPE
    type_changed = changed_in(pos, *_at(ENTRY_TYPE))
    action_changed = type_changed or changed_in(pos, *_at(ACTION))
    start, width = _at(ENTRY_TYPE)
    t.judge(
        "ENTRY_TYPE",
        orig["ENTRY_TYPE"],
        mut["ENTRY_TYPE"],
        errors,
        type_changed,
        lambda v: char_ok(v, rec[start : start + width]),
        where,
    )
    named_unless_listed(t, "ENTRY_TYPE", mut["ENTRY_TYPE"], lambda v: v in m7.ENTRY_TYPES, errors, where)
    t.judge(
        "ENTRY_TYPE_DETAIL",
        orig["ENTRY_TYPE_DETAIL"],
        mut["ENTRY_TYPE_DETAIL"],
        errors,
        type_changed,
        lambda v: v == m7.ENTRY_TYPES.get(entry_type),  # NULL for a code seed 000 does not list (ENTRY_TYPE named)
        where,
    )
    start, width = _at(ACTION)
    t.judge(
        "ACTION",
        orig["ACTION"],
        mut["ACTION"],
        errors,
        action_changed,
        lambda v: char_ok(v, rec[start : start + width]) if is_v else v is None,
        where,
    )
    named_unless_listed(t, "ACTION", mut["ACTION"], lambda v: v in m7.ACTIONS, errors, where)
    t.judge(
        "ACTION_DETAIL",
        orig["ACTION_DETAIL"],
        mut["ACTION_DETAIL"],
        errors,
        action_changed,
        lambda v: v == (m7.ACTIONS.get(action) if is_v else None),
        where,
    )


def judge_meanings(t: Tally, orig, mut, pos, rec, where):
    """Each M7 column: its field's bytes where the mutated entry type (and action) give the field that meaning,
    NULL elsewhere; it depends on its field, the entry type and, when limited to some actions, the action."""
    errors = mut["decode_errors"]
    entry_type, action = _text(rec, ENTRY_TYPE), _text(rec, ACTION)
    for m in m7.MEANINGS:
        row = m7.ROW[m.key]
        start, width = _at(row)
        raw = rec[start : start + width]
        applies = m.applies(entry_type, action)
        changed = (
            changed_in(pos, start, width)
            or changed_in(pos, *_at(ENTRY_TYPE))
            or (bool(m.actions) and changed_in(pos, *_at(ACTION)))
        )

        def ok(v, raw=raw, applies=applies, binary=row.note == "binary"):
            if not applies:
                return v is None
            return bin_ok(v, raw, signed=True) if binary else char_ok(v, raw)

        t.judge(m.column, orig[m.column], mut[m.column], errors, changed, ok, where)
        if applies:
            named_unless_listed(t, m.column, mut[m.column], m.allows, errors, where)


def judge_batch(t: Tally, batch, sql):
    rows = batch.rows(sql["audit_journal_m7"], {"raw_qasym7j5": batch.view})
    for i, rec, pos, orig, mut in batch.kept(t, rows, "audit_journal_m7"):
        start, width = _at(ENTRY_TYPE)
        where = f"{rec[start : start + width + ACTION.width]!r} {batch.where(i)}"
        judge_heading(t, orig, mut, pos, rec, where)
        judge_codes(t, orig, mut, pos, rec, where)
        judge_meanings(t, orig, mut, pos, rec, where)


FUZZ = Fuzz("IBM i M7", (Shape(m7.fuzz_record, judge_batch),), chunk=50_000)


@pytest.fixture(scope="module")
def m7_sql(spark):
    return compile_models(spark, ["audit_journal_m7"])


def test_each_value_of_a_mutated_m7_entry_is_the_original_a_named_null_or_its_mutated_bytes(spark, m7_sql, request):
    FUZZ.assert_clean(spark, m7_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_m7_entries_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, m7_sql, request
):
    FUZZ.assert_clean(spark, m7_sql, request)

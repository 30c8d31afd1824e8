"""The IBM i declarations against their source tables, field by field: seed 000's M7 table and formats.md's *TYPE5
heading, copied as text into tests/data/sources and parsed by tests/support/ibmi/entries.py. A field moved, resized or
renamed in udfs/core/layouts/qasym7j5.py or qjordje5.py fails here."""

from __future__ import annotations

import re

import pytest
from support.ibmi import entries as ibmi

from udfs.core.layouts import qasym7j5, qjordje5

M7_ROWS = ibmi.m7_table()
HEADING_ROWS = ibmi.heading_table()


def _kind(row: ibmi.Row) -> str:
    """The declared kind a table row calls for: what the table says about the content, else its format."""
    if row.note in ("binary", "reserved"):
        return "bin" if row.fmt.lower().startswith("bin") else "hex"
    return {"digits": "digits", "timestamp": "ibmi_ts"}.get(row.note) or (
        "zoned" if row.fmt.startswith("Zoned") else "char"
    )


def test_the_tables_parse_whole():
    assert len(M7_ROWS) == 18 and M7_ROWS[0].name == "Entry Type" and M7_ROWS[-1].name == "Reserved Area"
    assert len(HEADING_ROWS) == 45 and HEADING_ROWS[0].name == "JOENTL" and HEADING_ROWS[-1].name == "JONVI"


def test_as_many_fields_as_the_tables_have_rows():
    assert len(qasym7j5.M7) == len(M7_ROWS)
    assert len(qjordje5.HEADING) == len(HEADING_ROWS)


@pytest.mark.parametrize("i", range(len(M7_ROWS)), ids=[r.key for r in M7_ROWS])
def test_m7_field_is_the_tables_row(i):
    row, f = M7_ROWS[i], qasym7j5.M7[i]
    assert (f.pos, f.length, f.fmt.lower()) == (row.pos, row.width, row.fmt.lower()), f
    assert f.doc.lower().startswith(row.name.lower()), f"{f.name}'s description names {row.name!r} first"
    assert f.kind == _kind(row), f


@pytest.mark.parametrize("i", range(len(HEADING_ROWS)), ids=[r.key for r in HEADING_ROWS])
def test_heading_field_is_the_tables_row(i):
    row, f = HEADING_ROWS[i], qjordje5.HEADING[i]
    assert (f.name, f.pos, f.length, f.fmt) == (row.name, row.pos, row.width, row.fmt), f
    assert f.kind == _kind(row), f


def test_the_entry_specific_data_starts_where_the_tables_say():
    assert qjordje5.ESD_POS == ibmi.esd_pos() == M7_ROWS[0].pos
    assert qasym7j5.RECORD_LENGTH == M7_ROWS[-1].pos + M7_ROWS[-1].width - 1


def test_every_route_publishes_a_read_field_for_entry_types_seed_000_lists():
    read = {f.name for f in qasym7j5.M7 if f.column}
    for r in qasym7j5.ROUTES:
        assert r.field in read and set(r.types) <= set(qasym7j5.ENTRY_TYPES), r
        assert set(r.actions) <= set(qasym7j5.ACTIONS) and (not r.actions or r.types == qasym7j5.ACTION_TYPE), r


def test_the_tests_encoder_puts_each_value_at_the_tables_position():
    """Written from the tables, not the declarations: a value lands at its row's position, in its format."""
    rec = ibmi.m7_record(
        {
            "JOJOB": "QPADEV0007",
            "ENTRY_TYPE": "D",
            "ORIGINAL_LIBRARY_NAME": "PAYROLL",
            "RULE_IDENTIFIER_2": 2**40 + 7,
            "NUMBER_OF_OBJECTS_1": -1,
        }
    )
    at = {r.key: rec[r.pos - 1 : r.pos - 1 + r.width] for r in (*HEADING_ROWS, *M7_ROWS)}
    assert len(rec) == M7_ROWS[-1].pos + M7_ROWS[-1].width - 1
    assert at["JOENTL"] == str(len(rec)).rjust(5, "0").encode("cp037") and at["JOCODE"] == b"\xe3"
    assert at["JOJOB"] == "QPADEV0007".encode("cp037") and at["ENTRY_TYPE"] == b"\xc4"
    assert at["ORIGINAL_LIBRARY_NAME"].rstrip(b"\x40") == "PAYROLL".encode("cp037")
    assert at["RULE_IDENTIFIER_2"] == bytes.fromhex("0000010000000007") and at["NUMBER_OF_OBJECTS_1"] == b"\xff" * 4
    assert at["RULE_IDENTIFIER_1"] == b"\x00" * 4 and set(at["RESERVED_AREA_2"]) == {0}
    assert at["JONBR"] == b"\xf0" * 6 and at["JOSEQN"] == b"\x40" * 20  # left out: zoned zero, text blank


def _codes_by_position() -> dict[int, set[str]]:
    """The codes seed 000 lists under each field (a line holding only an upper-case word below the field's row)."""
    codes: dict[int, set[str]] = {}
    pos = None
    for line in (ibmi.SOURCES / "qasym7j5.txt").read_text().splitlines():
        field = re.match(r"^(\d+) [A-Z]", line)
        if field:
            pos = int(field.group(1))
        elif pos and re.fullmatch(r"[A-Z]{1,10}", line.strip()):
            codes.setdefault(pos, set()).add(line.strip())
    return codes


def test_the_m7_warn_rules_accept_the_codes_seed_000_lists_under_each_field():
    from udfs.render.ibmi_models import m7_accepted_values

    codes = _codes_by_position()
    by_name = {f.name: f.pos for f in qasym7j5.M7}  # each checked against the table above
    at = {
        "ENTRY_TYPE": by_name["ENTRY_TYPE"],
        "ACTION": by_name["ACTION"],
        **{r.column: by_name[r.field] for r in qasym7j5.ROUTES},
    }
    rules = m7_accepted_values()
    by_pos: dict[int, set[str]] = {}
    for name, sql in rules.items():
        column = name.removesuffix("_accepted_values")
        by_pos.setdefault(at[column], set()).update(re.findall(r"'([A-Z]+)'", sql))
    assert by_pos == codes, (by_pos, codes)


def test_no_hand_written_ibmi_part_restates_a_position_or_repeats_a_description():
    from support.hand_written import restatements

    from udfs.render.ibmi_models import HANDWRITTEN

    parts = [HANDWRITTEN / f"{m}.yml" for m in ("audit_journal_m7", "journal_entries", "journal_entries_decoded")]
    assert restatements(parts, r"\b(position|offset) \d+|\b(Char|Zoned|Bin|BIN|Packed)\(\d+|\b\d{3} Char") == []

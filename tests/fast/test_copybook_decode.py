"""The copybook layout function (udfs/core/copybook/decode.py): whole records decoded in batch, the columns, nesting,
types and decode_errors of the copybook's SQL. Values come from Cobrix's output (test 6) and from the tests'
own field encoders (tests/support/copybook/cobol_fields.py, packed and binary written here), never from the parser."""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa
import pytest
from support.copybook.cobrix_test6 import DATA, expected_rows, records, same
from support.copybook.records import ORDER, cob, order, packed, text

from udfs.core.copybook.decode import arrow_type, decode_record, struct_type_sql
from udfs.core.copybook.model import parse_copybook, sql_type
from udfs.core.kernels.batch import DecodeError


def decode(recs, book=ORDER, **kw):
    return decode_record(pa.array(recs, pa.binary()), parse_copybook(book), **kw).to_pylist()


def test_cobrix_test6_through_the_layout_function_equals_cobrix_for_all_195_fields():
    book = parse_copybook((DATA / "test6_copybook.cob").read_text(encoding="latin-1"))
    got = decode_record(pa.array([bytes(r) for r in records()], pa.binary()), book, float_format="ieee")
    rows = expected_rows()
    fields = {f.name: f for f in book.fields()}
    assert [f.name for f in got.type] == [*rows[0], "decode_errors"] and len(fields) == 195
    for name, f in fields.items():
        assert got.field(name).type == arrow_type(sql_type(f)), name
    wrong = [
        (i, k, v, r[k])
        for i, (g, r) in enumerate(zip(got.to_pylist(), rows))
        for k, v in g.items()
        if k != "decode_errors" and not same(v, r[k])
    ]
    assert not wrong, wrong[:5]


def test_groups_structs_odo_lists_redefines_and_fillers():
    rows = decode([order(42, "ACME", [("BOLT", 1234), ("NUT", -5)])])
    assert rows == [
        {
            "ORDER_ID": 42,
            "CUSTOMER": {"NAME": "ACME"},
            "LINE_COUNT": 2,
            "ORDER_LINE": [{"ITEM": "BOLT", "PRICE": Decimal("12.34")}, {"ITEM": "NUT", "PRICE": Decimal("-0.05")}],
            "TOTAL_ALT": rows[0]["TOTAL_ALT"],
            "decode_errors": [],
        }
    ]
    assert rows[0]["TOTAL_ALT"] == (text("BOLT", 4) + packed(1234, 4)).decode("cp037").rstrip()


def test_struct_type_is_the_columns_then_decode_errors():
    assert struct_type_sql(parse_copybook(ORDER)) == (
        "STRUCT<`ORDER_ID`: INT, `CUSTOMER`: STRUCT<`NAME`: STRING>, `LINE_COUNT`: INT, "
        "`ORDER_LINE`: ARRAY<STRUCT<`ITEM`: STRING, `PRICE`: DECIMAL(7,2)>>, `TOTAL_ALT`: STRING, "
        "`decode_errors`: ARRAY<STRING>>"
    )


@pytest.mark.parametrize("count", [0, 4, -1])
def test_a_count_the_occurs_does_not_allow_gives_no_list_and_is_named(count):
    row = decode([order(1, "X", [("A", 1)], count=count)])[0]
    assert row["ORDER_LINE"] is None and row["decode_errors"] == ["ORDER_LINE"]
    assert row["ORDER_ID"] == 1


def test_a_bad_field_inside_the_occurs_is_null_and_named_once():
    rec = bytearray(order(7, "Y", [("A", 1), ("B", 2), ("C", 3)]))
    for at in (18 + 4 + 3, 18 + 8 + 4 + 3):  # the sign nibble of the first two prices
        rec[at] = rec[at] & 0xF0 | 0x3
    row = decode([bytes(rec)])[0]
    assert [x["PRICE"] for x in row["ORDER_LINE"]] == [None, None, Decimal("0.03")]
    assert row["decode_errors"] == ["ORDER_LINE.PRICE"]


def test_a_short_record_has_nulls_past_its_end_and_a_null_record_a_null_row():
    rows = decode([order(5, "Z", [("A", 1)])[:14], None])
    assert rows[0]["ORDER_ID"] == 5 and rows[0]["CUSTOMER"] == {"NAME": "Z"}
    assert rows[0]["LINE_COUNT"] is None and "LINE_COUNT" in rows[0]["decode_errors"]
    assert rows[1] is None


def test_strict_mode_names_the_field_and_its_offset():
    rec = bytearray(order(7, "Y", [("A", 1)]))
    rec[0] = 0xC1  # 'A' where a digit is
    with pytest.raises(DecodeError, match=r"field ORDER_ID \(offset 0, 6 bytes\)"):
        decode([bytes(rec)], strict=True)


@pytest.mark.parametrize("trim,want", [("right", "  AB"), ("both", "AB"), ("left", "AB  \x00"), ("none", "  AB  \x00")])
def test_trimming_policies(trim, want):
    book = cob("01 R.", "   05 T PIC X(7).")
    assert decode([b"\x40\x40\xc1\xc2\x40\x40\x00"], book, trim=trim)[0]["T"] == want


def test_an_unknown_trimming_policy_is_refused():
    with pytest.raises(ValueError, match="one of right, both, left, none"):
        decode([b"\x40"], cob("01 R.", "   05 T PIC X(1)."), trim="middle")

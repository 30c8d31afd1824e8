"""The copybook parser: Cobrix's own layouts of its test copybooks, each construct (text in, places and kinds out),
each construct jcat does not read (one line naming the copybook's line), and random copybooks whose record length
follows COBOL's storage rules as written below (not the parser's)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.copybook.cobrix_layout import listing

from udfs.core.copybook import CopybookProblem, field_call, parse_copybook, sql_type

DATA = Path(__file__).resolve().parents[1] / "data" / "cobrix"
# copybook -> Cobrix's layout listing of it (its Test*Spec reads the copybook with default options)
LAYOUTS = {
    "test6_copybook.cob": "test6_layout.txt",
    "test7_fillers.cob": "test7_layout.txt",
    "test11_copybook.cob": "test11_layout.txt",
    "test13a_file_header_footer.cob": "test13a_layout.txt",
    "test13b_vrl_file_headers.cob": "test13b_layout.txt",
    "test16_fix_len_segments.cob": "test16_layout.txt",
    "test17_hierarchical.cob": "test17a_layout.txt",
    "test18_special_char.cob": "test18a_layout.txt",
    "test19_display_num.cob": "test19_layout.txt",
}
ROOT_DROPPED = {"test19_display_num.cob"}  # Test19DisplayNumParsingSpec prints the layout with its 01 as the root


@pytest.mark.parametrize("copybook", sorted(LAYOUTS))
def test_the_layout_equals_cobrix_listing_of_it(copybook):
    parsed = parse_copybook((DATA / copybook).read_text(encoding="latin-1"), source=copybook)
    want = (DATA / LAYOUTS[copybook]).read_text(encoding="latin-1")
    assert listing(parsed, root_dropped=copybook in ROOT_DROPPED).rstrip() == want.rstrip()


def cob(*entries: str) -> str:
    """Entries in the fixed format's code area (column 8 on)."""
    return "\n".join(" " * 7 + e for e in entries)


def one(*entries: str):
    return {f.name: f for f in parse_copybook(cob("01 R.", *entries)).fields()}


# PIC and USAGE -> (bytes, kind, catalog call, Spark type): IBM's storage rules (Enterprise COBOL Programming Guide,
# "Examples: numeric data and internal representation"): binary halfword 1-4 digits, fullword 5-9, doubleword 10-18
SIZES = [
    ("PIC X(10)", 10, "char", ("ebcdic_str", ()), "STRING"),
    ("PIC A(3)", 3, "char", ("ebcdic_str", ()), "STRING"),
    ("PIC 9(5)", 5, "zoned", ("unpack_zoned", ()), "INT"),
    ("PIC S9(7)V99", 9, "zoned", ("unpack_zoned", ()), "DECIMAL(9,2)"),
    ("PIC S9(9) SIGN IS LEADING SEPARATE CHARACTER", 10, "zoned", ("unpack_zoned", ("'leading separate'",)), "INT"),
    ("PIC S9(3) SIGN TRAILING SEPARATE", 4, "zoned", ("unpack_zoned", ("'trailing separate'",)), "INT"),
    ("PIC S9(3) LEADING", 3, "zoned", ("unpack_zoned", ("'leading'",)), "INT"),
    ("PIC 9(4) COMP", 2, "binary", ("unpack_bin", ("false",)), "INT"),
    ("PIC S9(5) BINARY", 4, "binary", ("unpack_bin", ("true",)), "INT"),
    ("PIC S9(10) COMP-4", 8, "binary", ("unpack_bin", ("true",)), "BIGINT"),
    ("PIC S9(18) USAGE IS COMP-5", 8, "binary", ("unpack_bin", ("true",)), "BIGINT"),
    ("PIC 9(19) COMP", 9, "binary", ("unpack_bin_decimal", ("false",)), "DECIMAL(19,0)"),
    ("PIC S9(38) COMP", 16, "binary", ("unpack_bin_decimal", ("true",)), "DECIMAL(38,0)"),
    ("PIC S9(7)V99 COMP-3", 5, "packed", ("unpack_packed", ()), "DECIMAL(9,2)"),
    ("PIC 9(4) PACKED-DECIMAL", 3, "packed", ("unpack_packed", ()), "INT"),
    ("COMP-1", 4, "float", ("unpack_hfp", ()), "FLOAT"),
    ("USAGE COMP-2", 8, "float", ("unpack_hfp", ()), "DOUBLE"),
    ("PIC Z(6)VZZ-", 9, "edited", ("unpack_edited", ("'Z(6)VZZ-'",)), "DECIMAL(8,2)"),
    ("PIC 9(4).99", 7, "edited", ("unpack_edited", ("'9(4).99'",)), "DECIMAL(6,2)"),
    ("PIC PPP999", 3, "zoned", ("unpack_zoned", ()), "DECIMAL(6,6)"),
    ("PIC 999PPP COMP-3", 2, "packed", ("unpack_packed", ()), "DECIMAL(6,0)"),
    ("PIC 9(9) COMP", 4, "binary", ("unpack_bin", ("false",)), "BIGINT"),
    ("PIC 9(18) COMP", 8, "binary", ("unpack_bin_decimal", ("false",)), "DECIMAL(20,0)"),
]


@pytest.mark.parametrize("clauses,length,kind,call,type_", SIZES, ids=[s[0] for s in SIZES])
def test_each_picture_and_usage_has_its_bytes_kind_function_and_type(clauses, length, kind, call, type_):
    f = one(f"05 F {clauses}.", "05 G PIC X.")
    assert (f["F"].length, f["F"].kind, field_call(f["F"]), sql_type(f["F"])) == (length, kind, call, type_)
    assert f["G"].offset == length


def test_ieee_floats_are_read_by_unpack_float():
    f = one("05 F COMP-2.")["F"]
    assert field_call(f, float_format="ieee") == ("unpack_float", ())


def test_a_group_usage_and_sign_reach_its_fields():
    f = one("05 G COMP-3.", "10 A PIC S9(5).", "10 B PIC 9(3).", "05 H SIGN LEADING SEPARATE.", "10 C PIC S9(3).")
    assert (f["A"].kind, f["A"].length, f["B"].offset, f["B"].length) == ("packed", 3, 3, 2)
    assert (f["C"].offset, f["C"].length, f["C"].sign) == (5, 4, "leading separate")


def test_redefines_start_together_and_take_the_largest_size():
    f = one("05 A PIC X(4).", "05 B REDEFINES A PIC 9(10) COMP.", "05 C REDEFINES A.", "10 C1 PIC X(2).", "05 D PIC X.")
    assert [(f[n].offset, f[n].length) for n in ("A", "B", "C1", "D")] == [(0, 4), (0, 8), (0, 2), (8, 1)]
    assert (f["A"].redefined, f["B"].redefines, f["C1"].path) == (True, "A", ("R", "C"))


def test_occurs_are_arrays_with_a_stride_and_depending_on_takes_the_most():
    book = parse_copybook(
        cob(
            "01 R.",
            "05 N PIC 9(2).",
            "05 T OCCURS 1 TO 5 TIMES DEPENDING ON N.",
            "10 K PIC X(3).",
            "10 V PIC S9(3) COMP-3 OCCURS 2.",
            "05 Z PIC X.",
        )
    )
    f = {x.name: x for x in book.fields()}
    assert (f["K"].offset, f["K"].occurs, f["K"].depending_on, f["K"].dims[0].stride) == (2, (1, 5), "N", 7)
    assert [(d.most, d.stride) for d in f["V"].dims] == [(5, 7), (2, 2)] and f["V"].offset == 5
    assert f["Z"].offset == 2 + 5 * 7 and book.record().length == 38


def test_occurs_n_depending_on_without_to_is_zero_to_n():
    """As Cobrix reads it (its test 1: `OCCURS 80 DEPENDING ON NUMBER-OF-ACCTS` holding 1 element)."""
    book = parse_copybook(
        cob("01 R.", "05 N PIC 9(2).", "05 T PIC X OCCURS 80 DEPENDING ON N.", "05 U PIC X OCCURS 4.")
    )
    f = {x.name: x for x in book.fields()}
    assert (f["T"].occurs, f["U"].occurs) == ((0, 80), (4, 4))


def test_fillers_88_levels_and_values_take_no_column_of_their_own():
    f = parse_copybook(
        cob(
            "01 R.",
            "05 FILLER PIC X(2) VALUE 'A.B'.",
            "05 S PIC X VALUE SPACES.",
            "88 S-ON VALUE 'Y' 'y'.",
            "88 S-RANGE VALUES 'A' THRU 'F'.",
            "05 PIC X(3).",
            "05 T PIC 9 JUSTIFIED RIGHT.",
        )
    ).fields()
    assert [(x.name, x.offset, x.filler) for x in f] == [
        ("FILLER", 0, True),
        ("S", 2, False),
        ("FILLER", 3, True),
        ("T", 6, False),
    ]


def test_names_are_cobrix_column_names_and_several_records_each_start_at_zero():
    book = parse_copybook(cob("01 HEADER-REC.", "05 H-ID PIC X(2).", "01 DETAIL-REC.", "05 D-AMT PIC 9(3)."))
    assert [r.name for r in book.records] == ["HEADER_REC", "DETAIL_REC"]
    assert book.fields("DETAIL-REC")[0].name == "D_AMT" and book.fields("DETAIL_REC")[0].offset == 0
    with pytest.raises(CopybookProblem, match="the copybook's records are HEADER_REC, DETAIL_REC: name one"):
        book.record()


def test_a_copybook_without_an_01_is_one_record_and_free_form_lines_are_read():
    book = parse_copybook("05 A PIC X(2).\n05 B PIC 9(3) COMP-3.\n* a comment\n")
    assert (book.record().name, [(f.name, f.offset) for f in book.fields()]) == ("RECORD", [("A", 0), ("B", 2)])


def test_fixed_format_reads_columns_8_to_72_only():
    seq, code = "000100", "01 R.".ljust(65)
    text = f"{seq} {code}IDENT001\n000200      05 A PIC X(4).\n000300*     05 B PIC X(9).\n"
    assert [(f.name, f.length) for f in parse_copybook(text).fields()] == [("A", 4)]


PROBLEMS = [
    (["05 A PIC X(4).", "66 B RENAMES A."], 3, "level 66 RENAMES"),
    (["05 A USAGE POINTER."], 2, "USAGE POINTER: not read by jcat"),
    (["05 A PIC N(4)."], 2, "national"),
    (["05 A PIC X(4) COMP-X."], 2, "USAGE COMP-X"),
    (["05 A PIC S9(4) COMP SYNC."], 2, "clause SYNC"),
    (["05 A PIC $9(4)."], 2, "currency"),
    (["05 A PIC 9(4)B99."], 2, "insertion of blanks"),
    (["05 A PIC --9."], 2, "numeric edited"),
    (["05 A PIC X(4)", "05 B PIC X."], 2, "entry without a final period"),
    (["05 A PIC X(4).", "05 B PIC X.", "05 C REDEFINES A PIC X."], 4, "REDEFINES A"),
    (["05 A PIC X(4).", "10 B PIC X."], 3, "under an elementary item"),
    (["05 A."], 2, "A without PIC"),
    (["05 A PIC X(4) COMP-3."], 2, "a text or edited picture is DISPLAY"),
    (["77 A PIC X."], 2, "level 77"),
    (["05 A PIC 9(39)."], 2, "jcat reads up to 38 digits"),
    (["05 A PIC X OCCURS N TIMES."], 2, "OCCURS N"),
    (["05 A PIC X BLOB."], 2, "clause BLOB"),
    (["05 N PIC X.", "05 A PIC X OCCURS 1 TO 3 DEPENDING ON N."], 3, "DEPENDING ON N"),
    (["05 A PIC X OCCURS 1 TO 3 DEPENDING ON NONE."], 2, "DEPENDING ON NONE"),
]


@pytest.mark.parametrize("entries,line,construct", PROBLEMS, ids=[p[2] for p in PROBLEMS])
def test_each_construct_jcat_does_not_read_is_one_line_naming_its_line(entries, line, construct):
    with pytest.raises(CopybookProblem) as e:
        parse_copybook(cob("01 R.", *entries), source="emp.cpy")
    message = str(e.value)
    assert message.startswith(f"emp.cpy:{line}: ") and construct in message and "\n" not in message, message


# COBOL's storage rules, as the Programming Guide states them, for the random copybooks below
def _bytes(digits: int, usage: str, separate: bool) -> int:
    if usage == "COMP-3":
        return digits // 2 + 1
    if usage == "COMP":
        return (
            2 if digits <= 4 else 4 if digits <= 9 else 8 if digits <= 18 else math.ceil((digits * 3.3219281 + 1) / 8)
        )
    return digits + separate


_item = st.tuples(st.integers(1, 38), st.sampled_from(["", "COMP", "COMP-3", "X"]), st.booleans(), st.integers(1, 4))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(_item, min_size=1, max_size=4), st.integers(1, 3)), min_size=1, max_size=4))
def test_a_record_is_as_long_as_its_fields_times_their_occurs(groups):
    entries, want = ["01 R."], 0
    for g, (items, times) in enumerate(groups):
        entries.append(f"05 G{g}" + (f" OCCURS {times} TIMES." if times > 1 else "."))
        size = 0
        for i, (digits, usage, separate, occurs) in enumerate(items):
            pic = f"X({digits})" if usage == "X" else f"S9({digits})"
            sign = " SIGN LEADING SEPARATE" if separate and usage == "" else ""
            entries.append(
                f"10 F{g}-{i} PIC {pic}{' ' + usage if usage not in ('', 'X') else ''}{sign} OCCURS {occurs}."
            )
            size += occurs * (digits if usage == "X" else _bytes(digits, usage, bool(sign)))
        want += size * times
    book = parse_copybook(cob(*entries))
    assert book.record().length == want
    last = book.fields()[-1]
    assert last.offset + sum((d.most - 1) * d.stride for d in last.dims) + last.length <= want


def _literal(arg: str):
    """A literal SQL argument of field_call as the kernels take it."""
    return {"true": True, "false": False}.get(arg, arg.strip("'"))


def test_cobrix_test6_through_its_copybook_equals_cobrix_for_all_195_fields():
    """Test 6's copybook parsed, each field decoded by the function field_call names, scaled by its picture, equals
    Cobrix's output for every record (Cobrix's test reads COMP-1/COMP-2 as IEEE 754: float_format ieee)."""
    from support.copybook.cobrix_test6 import column_bytes, decoded, expected_rows, records, same

    fields = parse_copybook((DATA / "test6_copybook.cob").read_text(encoding="latin-1")).fields()
    recs, rows = records(), expected_rows()
    assert [f.name for f in fields] == list(rows[0]) and len(fields) == 195
    wrong = []
    for f in fields:
        fn, args = field_call(f, float_format="ieee")
        scale = None if f.kind in ("char", "float") else f.scale
        got = decoded(fn, tuple(_literal(a) for a in args), scale, column_bytes(recs, f.offset, f.length))
        bad = [(i, g, r[f.name]) for i, (g, r) in enumerate(zip(got, rows)) if not same(g, r[f.name])]
        if bad:
            wrong.append(f"{f.name} ({fn}{args}, scale {scale}): {len(bad)} records, first {bad[0]}")
    assert not wrong, "\n".join(wrong)


def test_cobrix_test6_types_are_cobrix_schema_types():
    """Each field's Spark type equals the type in Cobrix's schema of test 6 (test6_schema.json)."""
    import json

    names = {"integer": "INT", "long": "BIGINT", "string": "STRING", "float": "FLOAT", "double": "DOUBLE"}
    schema = json.loads((DATA / "test6_schema.json").read_text())
    want = {x["name"]: names.get(x["type"]) or x["type"].upper().replace(" ", "") for x in schema["fields"]}
    fields = parse_copybook((DATA / "test6_copybook.cob").read_text(encoding="latin-1")).fields()
    assert {f.name: sql_type(f) for f in fields} == want

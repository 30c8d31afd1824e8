"""Cobrix's own integration tests whose copybooks lie within jcat's: each with the reader options its Scala test
sets (Cobrix's spark-cobol/src/test/.../source/integration/Test*Spec.scala), its data, its expected output, and how
that output was made, so jcat's rows can be held against it (no tests here).

Rules of Cobrix's output followed when comparing (each is Cobrix's, read from its source, cited by name):
- Text is trimmed by the test's `string_trimming_policy` (default both) the way Java trims: every character up to
  U+0020 counts as blank (`String.trim`, `StringTools.trimLeft/Right`).
- Cobrix's code page tables are its own (`CodePageCommon`, `CodePage037`, `CodePage037Ext`, `CodePage273`...):
  they swap EBCDIC CR and LF, print C1 controls as blanks (and C0 controls too in `common`, its default, and
  `cp037`) and give CCSID 273's X'BC' as a macron. jcat gives the characters IBM's CCSID tables give, so the
  comparison first prints jcat's text as Cobrix's tables would (`_as_cobrix_page`).
- `improved_null_detection` (default true): a text field whose bytes are all X'00' is NULL, unless the policy
  is keep_all (`StringDecoders.decodeEbcdicString`). jcat gives its text; the comparison treats a jcat text of only
  U+0000 (CCSID 37's X'00' and nothing else) as that NULL.
- `toJSON` leaves out NULL fields.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from support import TESTS

DATA = TESTS / "data" / "cobrix"
SPECS = "spark-cobol/src/test/scala/za/co/absa/cobrix/spark/cobol/source/integration/"


@dataclass(frozen=True)
class CobrixCase:
    id: str
    spec: str  # the Scala test, under SPECS
    options: tuple[tuple[str, str], ...]  # the reader options it sets, as it sets them
    copybook: str
    data: str
    record_length: int  # Cobrix's layout listing of the copybook: fixed-length records
    expected: str
    ccsid: int = 37
    trim: str = "both"
    blank_controls: bool = True
    where: tuple[str, str] | None = None  # segment_filter: keep the records whose field has that value
    order_by: str | None = None
    take: int = 60
    pretty: bool = False  # expected written by convertDataFrameToPrettyJSON (one JSON array), not toJSON lines

    def records(self) -> list[bytes]:
        raw = (DATA / self.data).read_bytes()
        return [raw[i : i + self.record_length] for i in range(0, len(raw), self.record_length)]

    def expected_rows(self) -> list[dict]:
        text = (DATA / self.expected).read_text(encoding="utf-8")
        if self.pretty:
            return json.loads(text, parse_float=Decimal)
        return [
            json.loads(line, parse_float=Decimal) for line in text.split("\n") if line.strip()
        ]  # text holds U+0085: no line end


COLLAPSE = ("schema_retention_policy", "collapse_root")
T9 = "Test9CodePages.scala"


def _t9(page: str, ccsid: int, trim: str = "none", blank: bool = False) -> CobrixCase:
    opts = (COLLAPSE, ("ebcdic_code_page", page)) + ((("string_trimming_policy", trim),) if trim != "both" else ())
    return CobrixCase(
        f"test9_{page}",
        T9,
        opts,
        "test9_copybook.cob",
        "test9_TRAN.APR14.NPT.DATA.dat",
        45,
        f"test9_{page}.txt",
        ccsid=ccsid,
        trim=trim,
        blank_controls=blank,
    )


def _t3(trim: str | None) -> CobrixCase:
    opts = (COLLAPSE, ("segment_field", "SIGNATURE"), ("segment_filter", "S9276511"))
    suffix = "" if trim is None else f"_trim_{trim}"
    if trim is not None:
        opts += (("string_trimming_policy", trim),)
    return CobrixCase(
        f"test3{suffix}",
        "Test3SegmentFieldSpec.scala",
        opts,
        "test3_copybook.cob",
        "test3_TRAN2.AUG31.DATA.dat",
        45,
        f"test3{suffix}.txt",
        trim=trim or "both",
        where=("SIGNATURE", "S9276511"),
    )


CASES: tuple[CobrixCase, ...] = (
    CobrixCase(
        "test1",
        "Test1FixedLengthRecordsSpec.scala",
        (COLLAPSE,),
        "test1_copybook.cob",
        "test1_example.bin",
        2202,
        "test1.txt",
    ),
    _t3(None),
    _t3("none"),
    _t3("left"),
    _t3("right"),
    _t3("both"),
    CobrixCase(
        "test7",
        "Test7FillersSpec.scala",
        (
            COLLAPSE,
            ("drop_group_fillers", "true"),
            ("drop_value_fillers", "true"),
            ("filler_naming_policy", "sequence_numbers"),
        ),
        "test7_fillers.cob",
        "test7_TEST.FILLERS.DEC07.DATA.dat",
        60,
        "test7.txt",
        order_by="AMOUNT",
        take=100,
        pretty=True,
    ),
    _t9("cp037", 37, trim="both", blank=True),
    _t9("cp037_ext", 37),
    _t9("cp273", 273),
    _t9("cp500", 500),
    _t9("cp1140", 1140),
    _t9("cp1141", 1141),
    _t9("cp1148", 1148),
)

# Cobrix's tests not held against jcat, and why (docs/copybooks.md lists the same).
OUTSIDE: dict[str, str] = {
    "test2 (Test2RecordOffsetsSpec)": "record_start_offset/record_end_offset: bytes around each record are not "
    "framing jcat knows",
    "test4, test5, test13b, test14, test18": "multisegment variable-length files (segment_field with "
    "segment-id prefixes, record_format V with rdw_adjustment or a "
    "record_length_field)",
    "test8": "Cobrix's `common_extended` code page is its own table, not a CCSID",
    "test9 custom": "a code page given as a Scala class",
    "test10": "non_terminals (a group also as one text column)",
    "test11": "a custom record header parser class",
    "test12": "several copybooks merged into one schema",
    "test13a": "file_start_offset/file_end_offset (a file header and footer)",
    "test15": "a path with an asterisk: the same records as test1",
    "test16, test17": "segment redefines and hierarchical segments (segment_field with redefine maps, "
    "parent-child records)",
    "test7a-d": "fillers kept (drop_group_fillers/drop_value_fillers false, filler_naming_policy)",
    "test21, test25": "variable_size_occurs and occurs_mappings: an OCCURS DEPENDING ON whose counter is inside "
    "another OCCURS, elements packed by count",
    "test19": "Cobrix reads DISPLAY numbers as free text: '  789.09   ' in a 9(8).9(2) field is 789.09 (the point "
    "and blanks anywhere), blanks in 9(8)V9(2) are 0.00; jcat reads each byte at its picture's position: "
    "those values are NULL and named in decode_errors",
    "test24": "debug columns (each field's raw hex)",
    "test40": "compressed input files",
}


def _as_cobrix_page(s: str, blank_all: bool, lf_is_nel: bool = False) -> str:
    """jcat's text as Cobrix's code page tables print it: EBCDIC CR (X'0D') and LF (X'25') swapped; NEL kept; the
    controls Cobrix blanks blank (C1 in every table; C0 too in `common` and `cp037`); CCSID 273's X'BC' overline as
    Cobrix's macron (its table's one difference from IBM's). `lf_is_nel`: jcat's tables of CCSIDs 1141 and 1148 read
    X'15' (NEL) as LF, like X'25', so there NEL, CR and LF are one character for the comparison."""
    out = []
    for c in s:
        o = ord(c)
        if c in "\r\n\x85" and lf_is_nel:  # jcat's 1141 and 1148 give X'15' as LF, like X'25'
            out.append("\n")
        elif c in "\r\n":
            out.append("\n" if c == "\r" else "\r")
        elif o == 0x85:
            out.append(c)
        elif 0x80 <= o <= 0x9F or (blank_all and (o < 0x20 or o == 0x7F)):
            out.append(" ")
        else:
            out.append("\u00af" if c == "\u203e" else c)
    return "".join(out)


LF_IS_NEL = (1141, 1148)


def _lines_as_one(value):
    """Cobrix's value with NEL, CR and LF as one character (LF_IS_NEL)."""
    if isinstance(value, dict):
        return {k: _lines_as_one(v) for k, v in value.items()}
    if isinstance(value, str):
        return value.replace("\r", "\n").replace("\x85", "\n")
    return value


def _trim(s: str, policy: str) -> str:
    blank = "".join(chr(i) for i in range(0x21))
    return {"both": s.strip(blank), "left": s.lstrip(blank), "right": s.rstrip(blank), "none": s}[policy]


def as_cobrix(value, case: CobrixCase):
    """jcat's value as Cobrix's JSON gives it (None: a field Cobrix leaves out)."""
    if isinstance(value, dict):
        out = {k: as_cobrix(v, case) for k, v in value.items() if k != "decode_errors"}
        return {k: v for k, v in out.items() if v is not None}
    if isinstance(value, list):
        return [as_cobrix(v, case) for v in value]
    if isinstance(value, str):
        if value and set(value) == {"\x00"}:  # improved_null_detection: all X'00' is NULL
            return None
        return _trim(_as_cobrix_page(value, case.blank_controls, case.ccsid in LF_IS_NEL), case.trim)
    return value


def _same(got, want) -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and got.keys() == want.keys() and all(_same(got[k], want[k]) for k in want)
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(map(_same, got, want))
    if (
        isinstance(want, (Decimal, int))
        and not isinstance(want, bool)
        and got is not None
        and not isinstance(got, (str, dict, list))
    ):
        return Decimal(str(got)) == Decimal(want)
    return got == want


def differences(case: CobrixCase, rows: list[dict]) -> list[str]:
    """What differs between jcat's rows (one per record of the file, in file order) and Cobrix's expected output,
    after the test's filter, order and limit; empty when they agree."""
    got = [as_cobrix(r, case) for r in rows]
    if case.where:
        field, value = case.where
        got = [g for g in got if g.get(field) == value]
    if case.order_by:
        got.sort(key=lambda g: g[case.order_by])
    want = case.expected_rows()[: case.take]
    if case.ccsid in LF_IS_NEL:
        want = [_lines_as_one(w) for w in want]
    got = got[: case.take]
    if len(got) != len(want):
        return [f"{case.id}: {len(got)} rows, Cobrix {len(want)}"]
    if case.order_by:  # rows tied on the order column may come in either order: compare as sets per value
        return _unordered(case, got, want)
    return [f"{case.id} row {i}: jcat {g} Cobrix {w}" for i, (g, w) in enumerate(zip(got, want)) if not _same(g, w)]


def _unordered(case: CobrixCase, got: list[dict], want: list[dict]) -> list[str]:
    key = case.order_by
    if [Decimal(str(g[key])) for g in got] != [Decimal(w[key]) for w in want]:
        return [f"{case.id}: the first {case.take} {key} values differ"]
    missing = [w for w in want if not any(_same(g, w) for g in got)]
    return [f"{case.id}: Cobrix row {w} not among jcat's" for w in missing]


Decoder = Callable[[CobrixCase], list[dict]]

"""dbt unit tests of the LLDF models, rendered from the encoders: `python tests/write_unit_tests.py` writes
them to `models/lldf/lldf_unit_tests.yml`; `tests/spark/test_lldf_unit.py` checks the files
are in sync and runs the tests.

Each fixture's header bytes come from the tests' own encoder, written from seed 002's table as copied into
tests/data/sources (support.source_tables), never from the declaration under test; row images from the image
encoders (`udfs.core.layouts.lldf.encode_image`, whose positions are the images' own). The SQL carries a comment per
record or image naming the values it encodes, and the expected rows are written from those same Python values (never
from a decode), so a wrong offset, width or image rule in a model shows as a failing unit test.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

from support import source_tables as src
from support.unit_tests import with_marker
from udfs.core.layouts import lldf
from udfs.core.project import source_root
from udfs.demo import lldf as demo

from .project import employee_columns

MODELS_DIR = source_root() / "models" / "lldf"
SOURCE = "tests/support/lldf/unit.py"

T0 = demo.T0
UR_EXT = demo.unit_of_recovery(1, 1, T0, T0 + dt.timedelta(seconds=2), True, "C")  # extended 10-byte LRSN/RBA, member 1
UR_SIX = demo.unit_of_recovery(
    2, 2, T0 + dt.timedelta(seconds=1), T0 + dt.timedelta(seconds=3), False, "C"
)  # 6-byte forms


def _hex(b: bytes) -> str:
    return "X'" + b.hex().upper() + "'"


def _sql_str(s: str | None) -> str:
    return "cast(null as string)" if s is None else "'" + s.replace("'", "''") + "'"


# ---- records used by the fixtures ---------------------------------------------------------------------------


def _rows():
    cols = employee_columns()
    hire = demo.employee(
        "000010",
        "CHRISTINE",
        "HAAS",
        "52750.00",
        MIDINIT="I",
        WORKDEPT="A00",
        HIREDATE=dt.date(1995, 1, 1),
        BADGE=4711,
        BONUS=Decimal("1000.00"),
        RATING=4.25,
        SHIFT_START=dt.time(8, 30),
        REMARKS="new hire  ",
    )
    raised = {**hire, "SALARY": Decimal("55000.00"), "BONUS": None, "RATING": -0.5, "REMARKS": None}
    return cols, hire, raised


HEADER = src.lldf_header_table()  # seed 002's table: (name, offset, width, BIN/CHAR)


def _header_values(record: bytes) -> dict:
    """The raw bytes of each header field: given rows are built from them, expected rows never are."""
    return {f.name: record[f.offset : f.offset + f.width] for f in HEADER}


def _change(ur: dict, seq: int, change_type: str, images: list[bytes], content: bytes | None = None) -> bytes:
    """The demo's seq-th change of a unit of recovery (the same values as udfs.demo.lldf.change), its header
    written by the tests' encoder from seed 002's table."""
    extended = ur["_extended"]
    when = ur["UORTIMESTAMP"] + dt.timedelta(milliseconds=10 * seq)
    values = {k: v for k, v in ur.items() if not k.startswith("_")}
    values.update(demo.EMPLOYEE)
    values.update(
        {
            "CHANGE_TYPE": change_type,
            "SQLTYPE": "",
            "LOGRECDISP": "C",
            "SQLSRCTYPE": "",
            "TIMESTAMP": when,
            "LOGLRSN": lldf.lrsn_field(when, extended),
            "LOGRBA": lldf.rba_field(ur["_rba0"] + 0x100 * seq, extended),
            "RID": (0x200 + seq).to_bytes(4, "big") + bytes([seq]),
            "LOGBYTES": 4096,
            "LOGDELTA": 12,
            "SQLRIRBA": lldf.rba_field(ur["_rba0"] + 0x100 * seq, extended),
        }
    )
    return src.lldf_record(values, images, content)


# ---- lldf_segments: header field by field -------------------------------------------------------------------


def _record_sql(record: bytes, note: str, source_file: str, offset: int, number: int) -> str:
    """A raw_lldf row whose record is spelled field by field (seed 002 offset, name) then its DATA bytes."""
    h = int.from_bytes(record[0:2], "big")
    parts = []
    for f in HEADER:
        b = record[f.offset : f.offset + f.width]
        label = {
            "char": lambda b=b: repr(b.decode("cp037")),
            "ubin": lambda b=b: str(int.from_bytes(b, "big")),
            "rba": lambda b=b: f"RBA {int.from_bytes(b, 'big'):#x}",
            "lrsn": lambda: "LRSN (TOD in bytes 1-8)",
        }.get(src.lldf_kind(f), str)()
        parts.append(f"      {_hex(b)},  -- {f.offset:3d} {f.name} {label if label != '' else ''}".rstrip())
    parts.append(f"      {_hex(record[h:]) if len(record) > h else chr(88) + chr(39) * 2}   -- DATA: {note}")
    body = "\n".join(parts)
    return (
        f"select '{source_file}' as source_file, cast({offset} as bigint) as record_offset, "
        f"cast({number} as bigint) as record_number, 'L1' as load_id,\n    concat(\n{body}\n    ) as record"
    )


def segments_unit() -> list[dict]:
    cols, hire, raised = _rows()
    ins = _change(UR_EXT, 1, "I", [lldf.encode_image(cols, hire)])
    upd = _change(UR_SIX, 2, "UB", [lldf.encode_image(cols, hire), lldf.encode_image(cols, raised)])
    big = _change(
        UR_EXT, 3, "UB", [lldf.encode_image(cols, hire), lldf.encode_image(cols, {**hire, "REMARKS": "x" * 1900})]
    )
    seg2 = src.lldf_segments(big, demo.MAX_SEGMENT)[1]
    given = " union all\n".join(
        [
            _record_sql(
                ins,
                "DATA total length, then 2-byte length + after image of EMPNO 000010 (extended LRSN/RBA, member 1)",
                "u.lldf",
                4,
                1,
            ),
            _record_sql(
                upd,
                "before and after image of EMPNO 000010 (6-byte LRSN at offset 1, RBA at offset 4)",
                "u.lldf",
                4 + len(ins) + 4,
                2,
            ),
            _record_sql(seg2, "slice 2 of a 2-segment update's DATA", "u.lldf", 4 + len(ins) + 4 + len(upd) + 4, 3),
        ]
    )

    def expect(rec: bytes, ur: dict, seq: int, change_type: str, seglen: int, totalsegs: int, segnum: int) -> dict:
        rba = ur["_rba0"] + 0x100 * seq
        when = ur["UORTIMESTAMP"] + dt.timedelta(milliseconds=10 * seq)
        return {
            "RECORD_LENGTH": len(rec),
            "LENGTH": 288,
            "SYSTEMID": "DB2P",
            "DBID": 271,
            "PSID": 2,
            "TBOBID": 3,
            "TBOWNERLEN": 7,
            "TBNAMELEN": 8,
            "DBNAME": "PAYDB",
            "TSNAME": "EMPTS",
            "TABLEOWNER": "PAYROLL",
            "TABLENAME": "EMPLOYEE",
            "PARTNUM": 1,
            "TIMESTAMP": str(when),
            "LOGLRSN_TIME": str(when),
            "LOGRBA_NUMBER": rba,
            "MEMBERID": ur["MEMBERID"],
            "RID_PAGE": 0x200 + seq,
            "RID_ROW": seq,
            "CHANGE_TYPE": change_type,
            "LOGRECDISP": "C",
            "LOGBYTES": 4096,
            "LOGDELTA": 12,
            "ANOMALYTYPE": "N",
            "UORTIMESTAMP": str(ur["UORTIMESTAMP"]),
            "UORCOMMITTIMESTAMP": str(ur["UORCOMMITTIMESTAMP"]),
            "UORDISP": "C",
            "UORIDLRSN_TIME": str(ur["UORTIMESTAMP"]),
            "UORID_NUMBER": ur["_rba0"],
            "SEGLEN": seglen,
            "TOTALSEGS": totalsegs,
            "SEGNUM": segnum,
            "UORCOMMITLRSN_TIME": str(ur["UORCOMMITTIMESTAMP"]),
            "UORCOMMITPOINT_NUMBER": ur["_rba0"] + 0xF000,
            "CONNECTIONTYPE": "TS",
            "CONNECTID": "BATCH",
            "CORRELATIONID": ur["CORRELATIONID"],
            "AUTHID": "PAYADM",
            "PLAN": "PAYPLAN",
            "LUWNETWORKID": "NETA",
            "LUWNAME": "DB2PLU",
            "LUWSEQUENCENO": 1,
            "INCOMPLETETRANS": "N",
            "INCOMPLETEDEP": "N",
            "UORHASCOMP": "N",
            "SQLRIRBA_NUMBER": rba,
            "PAGENUMFMT": "R",
            "record_offset": None,
        }

    rows = [
        expect(ins, UR_EXT, 1, "I", len(ins), 1, 1),
        expect(upd, UR_SIX, 2, "UB", len(upd), 1, 1),
        expect(seg2, UR_EXT, 3, "UB", len(seg2), 2, 2),
    ]
    offsets = [4, 4 + len(ins) + 4, 4 + len(ins) + 4 + len(upd) + 4]
    for r, o in zip(rows, offsets):
        r["record_offset"] = o
    return [
        {
            "name": "lldf_segments_every_header_field_as_encoded",
            "description": "An insert with extended 10-byte LRSN/RBA (member 1), an update with 6-byte LRSN (at "
            "offset 1 of "
            "its 10 bytes) and RBA (at offset 4), and segment 2 of 2 of a long update: every header "
            "field decodes to the value encoded, including LRSN times and 80-bit RBA numbers.",
            "model": "lldf_segments",
            "overrides": True,
            "given": [("source('jcat', 'raw_lldf')", given)],
            "expect_rows": rows,
        }
    ]


# ---- lldf_data_change / lldf_segment_rejects: given lldf_segments rows --------------------------------------

# lldf_segments' columns with their types: what the model yields (decode in lldf_segments' own unit test)
SEGMENT_COLUMNS = (
    [
        ("source_file", "string"),
        ("record_offset", "bigint"),
        ("record_number", "bigint"),
        ("load_id", "string"),
        ("RECORD_LENGTH", "int"),
    ]
    + [
        c
        for f, kind in ((f, src.lldf_kind(f)) for f in HEADER)
        if not f.name.startswith("RESERVED")
        for c in (
            [(f.name, {"ubin": "bigint", "char": "string", "ts17": "timestamp_ntz"}.get(kind, "binary"))]
            + ([(f.name + "_FRACTION", "string")] if kind == "ts17" else [])
            + ([(f.name + "_TIME", "timestamp")] if kind == "lrsn" else [])
            + ([(f.name + "_NUMBER", "decimal(25,0)")] if kind == "rba" else [])
            + ([("RID_PAGE", "bigint"), ("RID_ROW", "bigint")] if f.name == "RID" else [])
        )
    ]
    + [("segment_data", "binary"), ("first_bytes", "binary"), ("decode_errors", "array<string>")]
)


def _segment_row_sql(record: bytes, note: str, offset: int, number: int, source_file: str = "u.lldf") -> str:
    """One lldf_segments row: the header's raw byte fields and numbers from the record, DATA bytes in hex.
    Text and time columns lldf_data_change only passes through are NULL here."""
    h = int.from_bytes(record[0:2], "big")
    raw = _header_values(record)
    values = {
        "source_file": _sql_str(source_file),
        "record_offset": f"cast({offset} as bigint)",
        "record_number": f"cast({number} as bigint)",
        "load_id": "'L1'",
        "RECORD_LENGTH": f"cast({len(record)} as int)",
        "segment_data": _hex(record[h:]) if len(record) > h else "X''",
        "first_bytes": _hex(record[:32]),
        "decode_errors": "cast(array() as array<string>)",
    }
    for f in HEADER:
        kind = src.lldf_kind(f)
        if kind == "ubin":
            values[f.name] = f"cast({int.from_bytes(raw[f.name], 'big')} as bigint)"
        elif kind in ("lrsn", "rba", "hex"):
            values[f.name] = _hex(raw[f.name])
            if kind == "rba":
                values[f.name + "_NUMBER"] = f"cast({int.from_bytes(raw[f.name], 'big')} as decimal(25,0))"
    values["CHANGE_TYPE"] = _sql_str(raw["CHANGE_TYPE"].decode("cp037").strip())
    values["UORDISP"] = _sql_str(raw["UORDISP"].decode("cp037").strip())
    values["LOGRECDISP"] = _sql_str(raw["LOGRECDISP"].decode("cp037").strip())
    cells = ", ".join(f"{values.get(n, f'cast(null as {t})')} as {n}" for n, t in SEGMENT_COLUMNS)
    return f"-- {note}\n  select {cells}"


DUP = "duplicate_segment: SEGNUM 2 present more than once (TOTALSEGS 2)"


def data_change_unit() -> list[dict]:
    cols, hire, raised = _rows()
    img_h, img_r = lldf.encode_image(cols, hire), lldf.encode_image(cols, raised)
    upd = _change(UR_SIX, 1, "UB", [img_h, img_r])
    co = _change(UR_EXT, 2, "CO", [], content=b"\x00\x01" + "DROP TABLE PAYROLL.X".encode("cp037"))
    dm = _change(UR_EXT, 3, "DM", [])
    ex = _change(UR_EXT, 4, "E", lldf.clone_images("PAYROLL", "EMPLOYEE_CLONE"))
    long_after = lldf.encode_image(cols, {**hire, "REMARKS": "y" * 1900})
    big = _change(UR_EXT, 5, "UB", [img_h, long_after])
    s1, s2 = src.lldf_segments(big, demo.MAX_SEGMENT)
    recs = [
        (upd, "UB, 6-byte LRSN/RBA: before image EMPNO 000010 SALARY 52750.00, after SALARY 55000.00"),
        (co, "CO catalog change: DATA total length then content seed 002 does not describe (kept whole)"),
        (dm, "DM mass delete without limit keys: header only"),
        (ex, "E exchange: clone PAYROLL.EMPLOYEE_CLONE"),
        (s2, "segment 2 of 2 of a UB (landed first)"),
        (s1, "segment 1 of 2 of the same UB"),
    ]
    offset, given = 0, []
    for i, (r, note) in enumerate(recs, start=1):
        given.append(_segment_row_sql(r, note, offset, i))
        offset += len(r)
    offsets = [sum(len(r) for r, _ in recs[:i]) for i in range(len(recs))]
    # binary columns cannot be expected in dbt's dict rows: DATA's total and the image count pin how DATA was
    # read; the image bytes are checked in test_lldf_models, decoded in test_declared_lldf_images
    n_h, n_r, n_l = len(img_h), len(img_r), len(long_after)
    # seed 002: DATA = 2-byte total (counting itself), then each image as a 2-byte length (not counting itself)
    expect = [
        {
            "record_offset": offsets[0],
            "CHANGE_TYPE": "UB",
            "image_count": 2,
            "DATA_TOTAL_LENGTH": 2 + 2 + n_h + 2 + n_r,
            "data_length": 2 + 2 + n_h + 2 + n_r,
            "segment_count": 1,
            "LOGRBA_NUMBER": UR_SIX["_rba0"] + 0x100,
            "CLONE_TABLE_OWNER": None,
            "CLONE_TABLE_NAME": None,
        },
        {
            "record_offset": offsets[1],
            "CHANGE_TYPE": "CO",
            "image_count": None,
            "DATA_TOTAL_LENGTH": 2 + 2 + 20,
            "data_length": 2 + 2 + 20,
            "segment_count": 1,
            "LOGRBA_NUMBER": UR_EXT["_rba0"] + 0x200,
            "CLONE_TABLE_OWNER": None,
            "CLONE_TABLE_NAME": None,
        },
        {
            "record_offset": offsets[2],
            "CHANGE_TYPE": "DM",
            "image_count": 0,
            "DATA_TOTAL_LENGTH": None,
            "data_length": 0,
            "segment_count": 1,
            "LOGRBA_NUMBER": UR_EXT["_rba0"] + 0x300,
            "CLONE_TABLE_OWNER": None,
            "CLONE_TABLE_NAME": None,
        },
        {
            "record_offset": offsets[3],
            "CHANGE_TYPE": "E",
            "image_count": 2,
            "DATA_TOTAL_LENGTH": 2 + 2 + len("PAYROLL") + 2 + len("EMPLOYEE_CLONE"),
            "data_length": 2 + 2 + len("PAYROLL") + 2 + len("EMPLOYEE_CLONE"),
            "segment_count": 1,
            "LOGRBA_NUMBER": UR_EXT["_rba0"] + 0x400,
            "CLONE_TABLE_OWNER": "PAYROLL",
            "CLONE_TABLE_NAME": "EMPLOYEE_CLONE",
        },
        # the segmented record takes segment 1's offset; DATA joined in SEGNUM order whatever the landing order
        {
            "record_offset": offsets[5],
            "CHANGE_TYPE": "UB",
            "image_count": 2,
            "DATA_TOTAL_LENGTH": 2 + 2 + n_h + 2 + n_l,
            "data_length": 2 + 2 + n_h + 2 + n_l,
            "segment_count": 2,
            "LOGRBA_NUMBER": UR_EXT["_rba0"] + 0x500,
            "CLONE_TABLE_OWNER": None,
            "CLONE_TABLE_NAME": None,
        },
    ]
    rejects_given = []
    lost = _change(UR_SIX, 6, "UB", [img_h, long_after])
    l1, _l2 = src.lldf_segments(lost, demo.MAX_SEGMENT)
    dup = _change(UR_SIX, 7, "UB", [img_h, long_after])
    d1, d2 = src.lldf_segments(dup, demo.MAX_SEGMENT)
    rej = [
        (l1, "segment 1 of 2; segment 2 was lost"),
        (d1, "segment 1 of 2"),
        (d2, "segment 2 of 2"),
        (d2, "segment 2 of 2 again (duplicated)"),
        (upd, "a whole UB: not rejected"),
    ]
    offset = 0
    rej_offsets = []
    for i, (r, note) in enumerate(rej, start=1):
        rejects_given.append(_segment_row_sql(r, note, offset, i))
        rej_offsets.append(offset)
        offset += len(r)
    return [
        {
            "name": "lldf_data_change_images_by_change_type_and_segments",
            "description": "DATA read as seed 002 states it from lldf_segments rows: a total length counting itself, "
            "then "
            "each image with its own length. UB (6-byte forms) before and after, a CO kept whole, a "
            "header-only DM, an E with its clone owner and name, and a UB in two segments landed out "
            "of order, joined in SEGNUM order before the lengths are read.",
            "model": "lldf_data_change",
            "given": [("ref('lldf_segments_decoded')", " union all\n  ".join(given))],
            "expect_rows": expect,
        },
        {
            "name": "lldf_segment_rejects_missing_and_duplicate_segments",
            "description": "A record whose segment 2 of 2 is missing and one whose segment 2 came twice: each of their "
            "segments is rejected with its reason; the whole UB beside them is not.",
            "model": "lldf_segment_rejects",
            "given": [("ref('lldf_segments_decoded')", " union all\n  ".join(rejects_given))],
            "expect_rows": [
                {
                    "record_offset": rej_offsets[0],
                    "length": len(l1),
                    "reason": "missing_segment: SEGNUM 2 of 2 not found (found 1)",
                    "layout": "lldf",
                    "TOTALSEGS": 2,
                    "SEGNUM": 1,
                },
                {
                    "record_offset": rej_offsets[1],
                    "length": len(d1),
                    "reason": DUP,
                    "layout": "lldf",
                    "TOTALSEGS": 2,
                    "SEGNUM": 1,
                },
                {
                    "record_offset": rej_offsets[2],
                    "length": len(d2),
                    "reason": DUP,
                    "layout": "lldf",
                    "TOTALSEGS": 2,
                    "SEGNUM": 2,
                },
                {
                    "record_offset": rej_offsets[3],
                    "length": len(d2),
                    "reason": DUP,
                    "layout": "lldf",
                    "TOTALSEGS": 2,
                    "SEGNUM": 2,
                },
            ],
        },
    ]


# ---- lldf_change_stream / lldf_committed_changes ------------------------------------------------------------


def _stream_input(rows: list[tuple]) -> str:
    """lldf_data_change rows: (record_offset, UR dict or None for an aborted UR, LOGRBA, LOGRECDISP, note)."""
    out = []
    for offset, ur, seq, disp, note in rows:
        extended = ur["_extended"]
        when = ur["UORTIMESTAMP"] + dt.timedelta(milliseconds=10 * seq)
        commit = ur["UORCOMMITLRSN"] or b"\x00" * 10
        point = ur["UORCOMMITPOINT"] or b"\x00" * 10
        out.append(
            f"-- {note}\n  select 'u.lldf' as source_file, cast({offset} as bigint) as record_offset, "
            f"{_hex(commit)} as UORCOMMITLRSN, {_hex(point)} as UORCOMMITPOINT, "
            f"{_hex(lldf.lrsn_field(when, extended))} as LOGLRSN, "
            f"{_hex(lldf.rba_field(ur['_rba0'] + 0x100 * seq, extended))} as LOGRBA, "
            f"{_hex(lldf.rba_field(ur['_rba0'] + 0x100 * seq, extended))} as SQLRIRBA, "
            f"cast({ur['MEMBERID']} as bigint) as MEMBERID, {_hex(ur['UORID'])} as UORID, "
            f"{_hex(ur['UORIDLRSN'])} as UORIDLRSN, '{ur['UORDISP']}' as UORDISP, '{disp}' as LOGRECDISP"
        )
    return " union all\n  ".join(out)


def stream_unit() -> list[dict]:
    # UR B commits first (T0+2s) although it started later; UR A commits at T0+3s; UR C never commits
    ur_a = demo.unit_of_recovery(11, 2, T0, T0 + dt.timedelta(seconds=3), False, "C")
    ur_b = demo.unit_of_recovery(12, 1, T0 + dt.timedelta(seconds=1), T0 + dt.timedelta(seconds=2), True, "C")
    ur_c = demo.unit_of_recovery(13, 1, T0 + dt.timedelta(milliseconds=500), None, True, "A")
    given = _stream_input(
        [
            (0, ur_a, 2, "C", "UR A (6-byte forms) change 2, commit T0+3s"),
            (100, ur_c, 1, "A", "UR C change 1, aborted: commit LRSN all zeros"),
            (200, ur_b, 1, "C", "UR B (extended forms) change 1, commit T0+2s"),
            (300, ur_a, 1, "C", "UR A change 1"),
            (400, ur_b, 2, "S", "UR B change 2, rolled back to a savepoint"),
        ]
    )
    stream = {
        "name": "lldf_change_stream_commit_order",
        "description": "Changes of three units of recovery in file order; the stream orders them by commit LRSN "
        "(6-byte and extended forms compare as unsigned bytes), then by log position within the "
        "unit, aborted work last; is_committed needs UORDISP and LOGRECDISP 'C'.",
        "model": "lldf_change_stream",
        "given": [("ref('lldf_data_change')", given)],
        "expect_rows": [
            {"record_offset": 200, "stream_seq": 1, "uor_seq": 1, "is_committed": True},
            {"record_offset": 400, "stream_seq": 2, "uor_seq": 2, "is_committed": False},
            {"record_offset": 300, "stream_seq": 3, "uor_seq": 1, "is_committed": True},
            {"record_offset": 0, "stream_seq": 4, "uor_seq": 2, "is_committed": True},
            {"record_offset": 100, "stream_seq": 5, "uor_seq": 1, "is_committed": False},
        ],
    }
    committed = {
        "name": "lldf_committed_changes_keeps_committed_only",
        "description": "Only changes with is_committed pass.",
        "model": "lldf_committed_changes",
        "given": [
            (
                "ref('lldf_change_stream')",
                "select cast(1 as bigint) as stream_seq, true as is_committed, 'C' as UORDISP, 'C' as LOGRECDISP\n"
                "  union all select 2, false, 'C', 'S'\n  union all select 3, false, 'A', 'A'",
            )
        ],
        "expect_rows": [{"stream_seq": 1, "UORDISP": "C"}],
    }
    return [stream, committed]


# ---- rendering ----------------------------------------------------------------------------------------------


def _yaml_scalar(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    return "'" + s.replace("'", "''") + "'"


def _block(text: str, indent: int) -> str:
    pad = " " * indent
    return "\n".join(pad + line if line else "" for line in text.splitlines())


def render_test(t: dict) -> str:
    out = [f"- name: {t['name']}", "  description: >", _block(t["description"], 4), f"  model: {t['model']}"]
    if t.get("overrides"):
        out += ["  overrides:", "    macros:", "      is_incremental: false"]
    out.append("  given:")
    for inp, rows in t["given"]:
        out.append(f"  - input: {inp}")
        out += ["    format: sql", "    rows: |", _block(rows, 6)]
    out.append("  expect:")
    if "expect_sql" in t:
        out += ["    format: sql", "    rows: |", _block(t["expect_sql"], 6)]
    else:
        out.append("    rows:")
        for r in t["expect_rows"]:
            out.append("    - {" + ", ".join(f"{k}: {_yaml_scalar(v)}" for k, v in r.items()) + "}")
    return "\n".join(out) + "\n"


def unit_tests() -> dict[str, list[dict]]:
    return {
        "lldf_segments": segments_unit(),
        "lldf_data_change": data_change_unit()[:1],
        "lldf_segment_rejects": data_change_unit()[1:],
        "lldf_change_stream": stream_unit()[:1],
        "lldf_committed_changes": stream_unit()[1:],
    }


UNIT_FILE = MODELS_DIR / "lldf_unit_tests.yml"


def rendered_files() -> dict[Path, str]:
    """One properties file holding only `unit_tests:` (dbt reads unit tests from any properties file): the models'
    own .yml are written whole by the lldf target."""
    body = "\n".join(render_test(t) for tests in unit_tests().values() for t in tests)
    return {UNIT_FILE: with_marker(UNIT_FILE, SOURCE, "version: 2\n\nunit_tests:\n" + body)}

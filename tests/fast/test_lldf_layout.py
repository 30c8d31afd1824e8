"""LLDF layout and encoders (no Spark): seed 002 offsets, value placements, images, segmentation."""

from __future__ import annotations

import datetime as dt
import re
import struct

import pytest
from hypothesis import given, settings, strategies as st

from udfs.core.layouts import lldf

from support import REPO


@pytest.mark.parametrize("name, offset, length", [
    ("LENGTH", 0, 2), ("SYSTEMID", 2, 4), ("TABLENAME", 40, 18), ("PARTNUM", 58, 2), ("TIMESTAMP", 60, 17),
    ("LOGLRSN", 77, 10), ("LOGRBA", 87, 10), ("RID", 99, 5), ("CHANGE_TYPE", 104, 2), ("LOGBYTES", 109, 4),
    ("ANOMALYRBA", 117, 10), ("UORCOMMITTIMESTAMP", 144, 17), ("UORDISP", 161, 1), ("UORID", 172, 10),
    ("SEGLEN", 182, 2), ("TOTALSEGS", 184, 2), ("SEGNUM", 186, 2), ("UORCOMMITLRSN", 192, 10),
    ("CORRELATIONID", 222, 12), ("LUWINSTANCENO", 266, 6), ("SQLRIRBA", 277, 10), ("PAGENUMFMT", 287, 1),
])
def test_offsets_are_seed_002s(name, offset, length):
    f = lldf.BY_NAME[name]
    assert (f.offset, f.length) == (offset, length)


def test_six_byte_placements_are_the_seeds_examples():
    assert lldf.place_lrsn6(bytes.fromhex("CA670FBBF3D3")).hex().upper() == "00CA670FBBF3D3000000"
    assert lldf.place_rba6(bytes.fromhex("123456789ABC")).hex().upper() == "00000000123456789ABC"


def test_both_lrsn_forms_agree_to_16_microseconds():
    t = dt.datetime(2024, 6, 3, 9, 15, 0, 250016)
    ext, basic = lldf.lrsn_field(t, True), lldf.lrsn_field(t, False)
    assert ext[:7] == basic[:7] and basic[7:] == b"\x00\x00\x00"


def test_data_is_a_total_length_then_each_image_with_its_own_length():
    """Seed 002: DATA's first halfword is its total length including itself; each row image begins with a
    two-byte length of the succeeding image; an update's after image follows its before image."""
    rec = lldf.encode_record({"CHANGE_TYPE": "UB"}, [b"abc", b"de"])
    assert rec[288:].hex().upper() == "000B" "0003" "616263" "0002" "6465"  # 2 + (2 + 3) + (2 + 2) = 11
    assert int.from_bytes(rec[182:184], "big") == len(rec) == 288 + 11  # SEGLEN of an unsegmented record
    ins = lldf.encode_record({"CHANGE_TYPE": "I"}, [b"xyz"])
    assert ins[288:].hex().upper() == "0007" "0003" "78797A"


def test_exchange_data_is_clone_owner_and_name_each_with_its_length():
    rec = lldf.encode_record({"CHANGE_TYPE": "E"}, lldf.clone_images("PAYROLL", "EMPLOYEE_CLONE"))
    owner, name = "PAYROLL".encode("cp037"), "EMPLOYEE_CLONE".encode("cp037")
    assert rec[288:] == bytes.fromhex("001B") + b"\x00\x07" + owner + b"\x00\x0e" + name


def test_mass_delete_without_data_and_opaque_content():
    assert len(lldf.encode_record({"CHANGE_TYPE": "DM"}, [])) == 288
    co = lldf.encode_record({"CHANGE_TYPE": "CO"}, [], content=b"\x01\x02\x03")
    assert co[288:].hex() == "0005010203"


def test_longer_header_moves_data():
    rec = lldf.encode_record({"CHANGE_TYPE": "I"}, [b"xyz"], header_length=300)
    assert rec[0:2] == b"\x01\x2c" and rec[300:302] == b"\x00\x07" and rec[302:] == b"\x00\x03xyz"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5000), st.integers(300, 1200))
def test_segments_reassemble(data_len, max_len):
    rec = lldf.encode_record({"CHANGE_TYPE": "UB"}, [bytes(range(256)) * (data_len // 256) + b"q" * (data_len % 256), b"z"])
    segs = lldf.segment(rec, max_len)
    assert all(len(s) <= max_len for s in segs)
    assert b"".join(s[288:] for s in segs) == rec[288:]
    for n, s in enumerate(segs, start=1):
        if len(segs) > 1:
            assert int.from_bytes(s[182:184], "big") == len(s)
            assert int.from_bytes(s[184:186], "big") == len(segs)
            assert int.from_bytes(s[186:188], "big") == n
        assert s[:182] == rec[:182]


@pytest.mark.parametrize("value, hexed", [
    (1.0, "4110000000000000"), (-1.0, "C110000000000000"), (0.5, "4080000000000000"),
    (100.0, "4264000000000000"), (0.0, "0000000000000000"),
])
def test_hfp_known_values(value, hexed):
    assert lldf.hfp(value).hex().upper() == hexed


def test_nullable_varchar_null_byte_precedes_length_which_excludes_it():
    col = {"name": "V", "coltype": "VARCHAR", "length": 10, "scale": 0, "nullable": "Y"}
    assert lldf.encode_column(col, "ABCDE") == b"\x00\x00\x05" + "ABCDE".encode("cp037")
    assert lldf.encode_column(col, None) == b"\xff\x00\x00"
    notnull = {**col, "nullable": "N"}
    assert lldf.encode_column(notnull, "ABCDE") == b"\x00\x05" + "ABCDE".encode("cp037")


def test_ieee_float_option():
    col = {"name": "F", "coltype": "DOUBLE", "length": 8, "scale": 0, "nullable": "N"}
    assert lldf.encode_column(col, 1.5, float_format="ieee") == struct.pack(">d", 1.5)


# ---- the generated decoding (macros/jcat_lldf_segments.sql) against seed 002's offsets -----------------------

SEG_MACRO = REPO / "macros" / "jcat_lldf_segments.sql"


@pytest.mark.parametrize("column, offset, length, read_as", [
    ("LENGTH", 0, 2, "ubin"), ("SYSTEMID", 2, 4, "char"), ("TABLENAME", 40, 18, "char"),
    ("`TIMESTAMP`", 60, 17, "ts17"), ("TIMESTAMP_FRACTION", 60, 17, "ts17_fraction"),
    ("LOGLRSN", 77, 10, "raw"), ("LOGLRSN_TIME", 77, 10, "lrsn"), ("LOGRBA", 87, 10, "raw"),
    ("MEMBERID", 97, 2, "ubin"), ("RID", 99, 5, "raw"), ("RID_PAGE", 99, 4, "ubin"), ("RID_ROW", 103, 1, "ubin"),
    ("CHANGE_TYPE", 104, 2, "char"), ("LOGBYTES", 109, 4, "ubin"), ("UORDISP", 161, 1, "char"),
    ("SEGNUM", 186, 2, "ubin"), ("UORCOMMITLRSN", 192, 10, "raw"), ("LUWINSTANCENO", 266, 6, "raw"),
    ("PAGENUMFMT", 287, 1, "char"),
])
def test_generated_decoding_reads_each_field_at_its_seed_offset(column, offset, length, read_as):
    """Seed 002's offsets and BIN/CHAR forms, written here from the seed (BIN(n) is unsigned)."""
    lines = [ln for ln in SEG_MACRO.read_text().splitlines() if re.search(rf"\bas {re.escape(column)},", ln)]
    assert len(lines) == 1, column
    if read_as == "raw":
        assert lines[0].split(" as ")[0].strip() == f"substr(record, {offset + 1}, {length})"
    else:
        call = re.search(r"jcat_layout_field\('(\w+)', 'record', (\d+), (\d+), 'd', '(\w+)'\)", lines[0])
        assert call and (call[1], int(call[2]), int(call[3])) == (read_as, offset + 1, length), lines[0]
        assert call[4] == column.strip("`").removesuffix("_TIME")  # the layout function's field of that name


def test_published_header_columns_are_the_decoded_ones():
    sql = SEG_MACRO.read_text()
    decoded = re.findall(r" as (`?\w+`?),", sql[sql.index("decoded as ("):sql.index("segment_data")])
    published = sql[sql.index("{% macro jcat_lldf_header_columns"):]
    listed = re.findall(r"^  (`?\w+`?),$", published, re.M)
    assert decoded[0] == "RECORD_LENGTH" and listed == decoded[1:]
    assert "RESERVED_188" not in sql.split("-#}", 1)[1]

"""LLDF layout and encoders (no Spark): seed 002 offsets, value placements, images, segmentation."""

from __future__ import annotations

import datetime as dt
import struct

import pytest
from hypothesis import given, settings, strategies as st

from udfs.layouts import lldf


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


def test_record_length_rule_exclusive_and_inclusive():
    rec = lldf.encode_record({"CHANGE_TYPE": "UB"}, [b"abc", b"de"])
    assert len(rec) == 288 + 2 + 3 + 2 + 2
    assert rec[288:290] == b"\x00\x03" and rec[293:295] == b"\x00\x02"
    inc = lldf.encode_record({"CHANGE_TYPE": "UB"}, [b"abc", b"de"], length_includes_itself=True)
    assert inc[288:290] == b"\x00\x05" and len(inc) == 288 + 5 + 4
    assert int.from_bytes(rec[182:184], "big") == len(rec)  # SEGLEN of an unsegmented record


def test_longer_header_moves_data():
    rec = lldf.encode_record({"CHANGE_TYPE": "I"}, [b"xyz"], header_length=300)
    assert rec[0:2] == b"\x01\x2c" and rec[300:302] == b"\x00\x03" and rec[302:] == b"xyz"


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

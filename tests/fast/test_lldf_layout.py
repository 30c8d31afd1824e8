"""LLDF layout and encoders (no Spark): seed 002 offsets, value placements, images, segmentation."""

from __future__ import annotations

import datetime as dt
import re
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import REPO
from support import source_tables as src
from support.hand_written import restatements

from udfs.core.layouts import lldf

SOURCE = src.lldf_header_table()  # seed 002's table, copied into tests/data/sources


def test_the_copied_table_closes_at_288_without_gaps():
    assert len(SOURCE) == 51 and SOURCE[0].name == "LENGTH" and SOURCE[-1].name == "PAGENUMFMT"
    assert all(a.offset + a.width == b.offset for a, b in zip(SOURCE, SOURCE[1:]))
    assert SOURCE[-1].offset + SOURCE[-1].width == 288


@pytest.mark.parametrize("i", range(51))
def test_every_header_field_is_seed_002s(i):
    """Name, 0-based offset, width and BIN/CHAR of each declared field, against the copied table line for line."""
    s, f = SOURCE[i], lldf.HEADER[i]
    assert (f.name, f.offset, f.length, "CHAR" if f.kind == "char" else "BIN") == (s.name, s.offset, s.width, s.form)
    assert f.kind == src.lldf_kind(s), f"{f.name}: kind {f.kind}, the table reads {src.lldf_kind(s)}"


def test_the_declaration_has_no_field_the_table_lacks():
    assert len(lldf.HEADER) == len(SOURCE)


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
    assert rec[288:].hex().upper() == "000B000361626300026465"  # 2 + (2 + 3) + (2 + 2) = 11
    assert int.from_bytes(rec[182:184], "big") == len(rec) == 288 + 11  # SEGLEN of an unsegmented record
    ins = lldf.encode_record({"CHANGE_TYPE": "I"}, [b"xyz"])
    assert ins[288:].hex().upper() == "0007000378797A"


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
def test_segments_fit_max_len_repeat_the_header_number_themselves_and_rejoin_the_data(data_len, max_len):
    rec = lldf.encode_record(
        {"CHANGE_TYPE": "UB"}, [bytes(range(256)) * (data_len // 256) + b"q" * (data_len % 256), b"z"]
    )
    segs = lldf.segment(rec, max_len)
    assert all(len(s) <= max_len for s in segs)
    assert b"".join(s[288:] for s in segs) == rec[288:]
    for n, s in enumerate(segs, start=1):
        if len(segs) > 1:
            assert int.from_bytes(s[182:184], "big") == len(s)
            assert int.from_bytes(s[184:186], "big") == len(segs)
            assert int.from_bytes(s[186:188], "big") == n
        assert s[:182] == rec[:182]


@pytest.mark.parametrize(
    "value, hexed",
    [
        (1.0, "4110000000000000"),
        (-1.0, "C110000000000000"),
        (0.5, "4080000000000000"),
        (100.0, "4264000000000000"),
        (0.0, "0000000000000000"),
    ],
)
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


def _decoded_columns():
    """Every header column the decoding reads, with the offset, width and form the copied table gives it."""
    for s in SOURCE:
        kind = src.lldf_kind(s)
        name = f"`{s.name}`" if s.name == "TIMESTAMP" else s.name
        if s.name.startswith("RESERVED"):
            continue
        if kind in ("ubin", "char", "ts17"):
            yield name, s.offset, s.width, kind
        else:
            yield name, s.offset, s.width, "raw"
        if kind == "ts17":
            yield s.name + "_FRACTION", s.offset, s.width, "ts17_fraction"
        if kind == "lrsn":
            yield s.name + "_TIME", s.offset, s.width, "lrsn"
        if s.name == "RID":  # seed 002: "Row ID (page | row number)", a 4-byte page and a 1-byte row
            yield "RID_PAGE", s.offset, 4, "ubin"
            yield "RID_ROW", s.offset + 4, 1, "ubin"


@pytest.mark.parametrize("column, offset, length, read_as", list(_decoded_columns()))
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
    decoded = re.findall(r" as (`?\w+`?),", sql[sql.index("decoded as (") : sql.index("segment_data")])
    published = sql[sql.index("{% macro jcat_lldf_header_columns") :]
    listed = re.findall(r"^  (`?\w+`?),$", published, re.M)
    assert decoded[0] == "RECORD_LENGTH" and listed == decoded[1:]
    assert "RESERVED_188" not in sql.split("-#}", 1)[1]


# ---- the models' .yml: descriptions from the declaration, none restated by hand ----------------------------

HANDWRITTEN = REPO / "udfs" / "render" / "handwritten"
LLDF_PARTS = sorted(HANDWRITTEN.glob("lldf_*.yml"))


def test_each_header_column_description_names_the_tables_offset_and_width():
    import yaml

    doc = yaml.safe_load((REPO / "models" / "lldf" / "lldf_segments.yml").read_text())
    described = {c["name"]: c["description"] for c in doc["models"][0]["columns"]}
    for s in SOURCE:
        if s.name.startswith("RESERVED"):
            continue
        where = f"offset {s.offset} (X'{s.offset:02X}'), {s.form}({s.width}), {s.width} byte"
        assert where in described[s.name], (s.name, described[s.name])


def test_no_hand_written_part_restates_a_position_or_repeats_a_description():
    assert len(LLDF_PARTS) == 6
    assert restatements(LLDF_PARTS, r"\boffset \d+|\bBIN\(\d+\)|\bCHAR\(\d+\)") == []

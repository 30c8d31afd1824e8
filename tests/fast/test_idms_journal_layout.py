"""idms_journal without Spark: the layout and the model hold every REC line of seed 004 (tests/data/sources)."""

from __future__ import annotations

import datetime as dt
import re

from support import REPO
from support import source_tables as src
from support.hand_written import restatements

from udfs.core.layouts import idms

MODEL = REPO / "macros" / "jcat_idms_journal.sql"  # the decoding of the view idms_journal and the tables


def seed_rec_lines() -> list[tuple[str, int, int, str]]:
    """(name, 1-based position, length, type) of every REC line of the copied seed text."""
    return [(f.name, f.offset + 1, f.width, f.form) for f in src.idms_rec_lines()]


def seed_sections() -> dict[str, set[str]]:
    return src.idms_sections(set(idms.ALL))


# ---- the table as data against the seed (no Spark) -------------------------------------------------------


def test_layout_mirrors_every_rec_line_of_the_seed():
    lines = seed_rec_lines()
    assert len(lines) > 100
    assert [(r.name, r.field.pos, r.field.length, r.seed_type) for r in idms.REC] == lines


def test_record_types_follow_the_seed_headings():
    sections = seed_sections()
    # refinements within a heading, from the seed's own comments: SAVEPOINT-SEQ "$RTSV only." shares 73-80
    # with the local task id, which therefore is not an RTSV field
    refined = {"SAVEPOINT-SEQ": {"RTSV"}, "TASK-ID": set(idms.TASK), "LT-P1": set(idms.TASK), "LT-P2": set(idms.TASK)}
    for r in idms.REC:
        assert set(r.types) == refined.get(r.name, sections[r.name]), r.name


def test_model_has_a_line_for_every_rec_line():
    sql = MODEL.read_text().splitlines()
    for rec in idms.REC:
        name, pos, length, seed_type = rec.name, rec.field.pos, rec.field.length, rec.seed_type
        tag = f"{name} {pos} {length}" + (f" {seed_type}" if seed_type else "")
        hits = [line for line in sql if re.search(r"--\s+" + re.escape(tag) + r"(\s|:|$)", line)]
        assert len(hits) == 1, f"{tag}: {len(hits)} lines"
        line = hits[0]
        if rec.folded or rec.field.kind == "group":
            assert " as " not in line.split("--")[0], f"{name} is a synonym/group: comment only"
            continue
        # the date-times: GMT stamps are UTC instants (seed 004: "GMT"), the others the system's wall clock
        kind = {"idms_ts_utc": "idms_ts"}.get(rec.field.kind, rec.field.kind)
        if kind == "idms_ts":
            kind = "idms_ts_utc" if name in ("GMT", "QUAL-LOCAL") else "idms_ts"
        call = re.search(
            r"jcat_idms_field\('(\w+)',\s*(\d+),\s*(\d+),\s*'(\w+)',\s*(?:'d',\s*'(\w+)'|none, none)\)", line
        )
        assert call, f"{name}: no jcat_idms_field call"
        assert (call[1], int(call[2]), int(call[3])) == (kind, pos, length), name
        assert call[5] == (None if kind == "hex" else rec.column), name  # its field in decode_idms's struct
        assert re.search(rf"\bas {rec.column},?\s+--", line), f"{name}: column {rec.column}"


def test_datetime_encoder_matches_the_broadcom_dump():
    # KB 247037: GMT X'01688787AFDC2DBF'; KB 28740 layout with day 0 = 0001-01-01
    assert idms.idms_datetime(dt.datetime(2022, 7, 29, 8, 44, 45, 798143)) == bytes.fromhex("01688787AFDC2DBF")
    assert idms.idms_datetime(None) == b"\x00" * 8


def test_decode_errors_name_every_field_that_can_fail_to_decode():
    # written from the docs' rule, not from the renderer: date-times, 8-byte unsigned values (above 2^63-1),
    # packed, text; binary and hex bytes always decode, and TYPE is named whenever it does not decode
    sql = MODEL.read_text()
    checks = sql[sql.index("{% macro jcat_idms_journal_checks") :]
    named = re.findall(r"^\s+\('(\w+)',", checks, re.M)
    assert named == [
        "TYPE",
        "GMT",
        "SEQ",
        "QUAL_CV",
        "QUAL_LOCAL",
        "PROGRAM_NAME",
        "DTESTAMP",
        "OLDTIM",
        "SAVEPOINT_SEQ",
        "LT_P1",
        "LT_PART1",
        "T_DATESTMP",
        "USER_ID",
        "EXTERNAL_ID",
        "AREA",
        "DNODE",
    ]
    assert "('QUAL_CV', jcat_idms_present(25, 8, 'ALL') ~ \" and substr(record, 25, 1) >= X'40'\")" in checks
    assert "('SAVEPOINT_SEQ', jcat_idms_present(73, 8, 'RTSV'))" in checks


# ---- the layout function's date-time kernel (decode_idms in table builds) ---------------------------------


def _stamp(days: int, secs: int, micros: int) -> bytes:
    """KB 28740's layout, written here: bits 0-26 days since 0001-01-01, 27-43 seconds, 44-63 microseconds."""
    return ((days << 37) | (secs << 20) | micros).to_bytes(8, "big")


def test_idms_datetime_kernel_reads_the_broadcom_dump_and_nulls_what_cannot_be_a_time():
    import pyarrow as pa
    import pytest

    from udfs.core.kernels.batch import DecodeError
    from udfs.core.kernels.clocks import idms_datetime

    gmt, local = bytes.fromhex("01688787AFDC2DBF"), bytes.fromhex("016887842BE12920")  # KB 247037
    bad = [_stamp(0, 86400, 0), _stamp(0, 0, 1_000_000), _stamp(3652059, 0, 0), b"\x01\x02"]
    got = idms_datetime(pa.array([gmt, local, b"\x00" * 8, *bad], pa.binary())).to_pylist()
    assert got[:3] == [dt.datetime(2022, 7, 29, 8, 44, 45, 798143), dt.datetime(2022, 7, 29, 4, 44, 46, 76064), None]
    assert got[3:] == [None] * 4
    utc = idms_datetime(pa.array([gmt], pa.binary()), utc=True).to_pylist()[0]
    assert utc == dt.datetime(2022, 7, 29, 8, 44, 45, 798143, tzinfo=dt.timezone.utc)
    last = idms_datetime(pa.array([_stamp(3652058, 86399, 999_999)], pa.binary())).to_pylist()[0]
    assert last == dt.datetime(9999, 12, 31, 23, 59, 59, 999999)
    assert idms_datetime(pa.array([b"\x00" * 8], pa.binary()), strict=True).to_pylist() == [None]  # not yet written
    with pytest.raises(DecodeError, match="idms_datetime"):
        idms_datetime(pa.array([bad[0]], pa.binary()), strict=True)


def test_decode_idms_in_a_strict_session_does_not_fail_on_fields_the_record_type_does_not_carry():
    """Every IDMS field applies to some record types only: a CV BGIN record holds its node name where QUAL-LOCAL
    (a local-mode date-time) would be, and a DIND holds DID bytes where DTESTAMP would be. Decoded anyway by the
    layout function, those must stay NULL, not fail a strict session; the model names what applies and fails."""
    import pyarrow as pa

    from udfs.core.catalog import BY_NAME

    bgin = bytearray(156)  # written here from seed 004: REC-LEN, X'0000', type, GMT, SEQ, QUAL
    bgin[0:2] = (156).to_bytes(2, "big")
    bgin[4:8] = "BGIN".encode("cp037")
    bgin[16:24] = (7).to_bytes(8, "big")
    bgin[24:32] = "SYSTEM74".encode("cp037")
    dind = bytearray(84)
    dind[0:2] = (84).to_bytes(2, "big")
    dind[4:8] = "DIND".encode("cp037")
    dind[44:60] = b"\xff" * 16  # DID and DBRANCH-ID: raw ids, where a TX record has DTESTAMP
    got = BY_NAME["decode_idms"].kernel(pa.array([bytes(bgin), bytes(dind)], pa.binary()), strict=True).to_pylist()
    assert [g["TYPE"] for g in got] == ["BGIN", "DIND"]
    assert got[0]["QUAL_LOCAL"] is None and got[1]["DTESTAMP"] is None and got[0]["SEQ"] == 7


# ---- the model's .yml: descriptions from the declaration, none restated by hand ----------------------------

HANDWRITTEN = REPO / "udfs" / "render" / "handwritten"


def test_each_rec_column_description_names_the_seeds_position_and_length():
    import yaml

    doc = yaml.safe_load((REPO / "models" / "idms" / "idms_journal.yml").read_text())
    described = {c["name"]: c["description"] for c in doc["models"][0]["columns"]}
    for name, pos, length, _ in seed_rec_lines():
        r = idms.BY_NAME[name]
        if r.folded or r.field.kind == "group":
            continue
        assert f"REC {name} at position {pos}, {length} byte" in described[r.column], described[r.column]


def test_no_hand_written_part_restates_a_position_or_repeats_a_description():
    parts = sorted(HANDWRITTEN.glob("idms_*.yml"))
    assert len(parts) == 4
    assert restatements(parts, r"\bat (position )?\d+, \d+ byte") == []

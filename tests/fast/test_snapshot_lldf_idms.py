"""Starting snapshots of LLDF (Db2 for z/OS) tables and IDMS records: a Db2 UNLOAD record of the table, written by
the tests' own encoder from UNLOAD's rules (support.lldf.unload: VARCHARs padded to their length), decoded by
`decode_<name>_snapshot` to the values written; the positions `--snapshot-at` takes for each log; what is refused
before Spark starts."""

from __future__ import annotations

import pyarrow as pa
import pytest
from support.declared import project_with_ddl
from support.lldf import unload
from support.lldf.images import ANN, DDL, EMPTY, NAMES, expected

from udfs.cli import main
from udfs.core.changes.snapshot import SnapshotProblem, check_table, commit_position, record_length
from udfs.core.ddl import parse_text
from udfs.core.tables.declaration import DeclaredTable
from udfs.core.tables.lldf_decode import snapshot_function
from udfs.core.tables.options import LldfOptions


def staff(float_format: str = "ieee") -> DeclaredTable:
    return DeclaredTable(
        "staff",
        "lldf",
        parse_text(DDL, "staff.sql"),
        "staff.sql",
        ("ID",),
        lldf=LldfOptions("PAYROLL", "STAFF", float_format=float_format),
    )


def decode(records: list, float_format: str = "ieee") -> list[dict]:
    fn = snapshot_function(staff(float_format), "decode_staff_snapshot")
    return fn.kernel(pa.array(records, pa.binary())).to_pylist()


def test_the_record_is_as_long_as_its_columns_slots_varchars_padded():
    # ID 4, NAME 2+20, NICK 1+2+10, DEPT 1+3, PAY 1+5, RATE 9, HIRED 1+10, SHIFT 1+8, LEVEL 2, BIG 1+8, SCORE 1+4,
    # RATING 1+8, TAG 1+2, BLOB 1+2+6, UPDATED 26
    assert record_length(staff()) == unload.record_length(unload.STAFF) == 141
    assert len(unload.record(ANN)) == 141


@pytest.mark.parametrize("pad", [0x00, 0x40])
def test_each_column_is_the_value_unloaded_varchars_shorter_than_their_length_and_nulls_included(pad):
    # NAME 'Ann' in VARCHAR(20), NICK 'Annie' in VARCHAR(10); EMPTY: every nullable column NULL, NAME ''
    assert ANN["NAME"] == "Ann" and all(EMPTY[n] is None for n in ("NICK", "HIRED", "SHIFT", "SCORE", "BLOB"))
    got = decode([unload.record(ANN, pad=pad), unload.record(EMPTY, pad=pad, null_fill=0xC1)])
    assert got == [expected(ANN), expected(EMPTY)]


def test_date_time_timestamp_and_floats_read_from_their_unloaded_bytes():
    (row,) = decode([unload.record(ANN)])
    assert (row["HIRED"].isoformat(), row["SHIFT"], row["UPDATED"].isoformat()) == (
        "2020-01-15",
        "08:30:00",
        "2026-03-01T12:34:56.123456",
    )
    assert (row["SCORE"], row["RATING"]) == (1.5, -0.25)


def test_hfp_floats_the_unloads_default_form():
    # System/390 hexadecimal: 1.5 = X'41180000' (16^1 x 0.09375), -0.25 = X'C040000000000000' (-(16^0 x 0.25))
    hfp = {**ANN, "SCORE": bytes.fromhex("41180000"), "RATING": bytes.fromhex("C040000000000000")}
    assert decode([unload.record(hfp)], "hfp") == [expected(ANN)]


NICK_AT = unload.varchar_at(unload.STAFF, "NICK")
NAME_AT = unload.varchar_at(unload.STAFF, "NAME")


def _length(record: bytes, at: int, length: int) -> bytes:
    return record[:at] + length.to_bytes(2, "big") + record[at + 2 :]


@pytest.mark.parametrize(
    "at, length, column", [(NICK_AT, 11, "NICK"), (NAME_AT, 21, "NAME"), (NICK_AT, 0xFFFF, "NICK")]
)
def test_a_varchar_length_past_its_declared_length_is_null_and_named_and_the_rest_reads(at, length, column):
    (row,) = decode([_length(unload.record(ANN), at, length)])
    assert row == {**expected(ANN), column: None, "decode_errors": [column]}


def test_a_varchar_of_its_full_length_and_a_null_one_with_any_length_in_its_slot():
    full = {**ANN, "NAME": "N" * 20, "NICK": "K" * 10}
    assert decode([unload.record(full)]) == [expected(full)]
    null_nick = _length(unload.record({**ANN, "NICK": None}), NICK_AT, 99)  # X'FF': the slot is not read
    assert decode([null_nick]) == [{**expected(ANN), "NICK": None}]


def test_a_null_indicator_neither_x00_nor_xff_is_null_and_named():
    record = unload.record(ANN)
    dept = NICK_AT + 12  # NICK's 2 + 10, then DEPT's null indicator
    assert decode([record[:dept] + b"\x01" + record[dept + 1 :]]) == [
        {**expected(ANN), "DEPT": None, "decode_errors": ["DEPT"]}
    ]


@pytest.mark.parametrize("record", [unload.record(ANN)[:-1], unload.record(ANN) + b"\x40", b"", None])
def test_a_record_not_of_the_unloads_length_gives_every_column_null_and_named(record):
    assert decode([record, unload.record(ANN)]) == [{**{n: None for n in NAMES}, "decode_errors": NAMES}, expected(ANN)]


# ---- positions ---------------------------------------------------------------------------------------------------


def test_an_lldf_position_is_a_commit_lrsn_taking_every_unit_committed_there_or_a_commit_position():
    # COMMIT_POSITION: UORCOMMITLRSN (20 hex digits), UORCOMMITPOINT (20), MEMBERID (4)
    lrsn = "00D9F1A2B3C4D5E6F700"
    assert commit_position("lldf", lrsn.lower()) == lrsn + "F" * 24
    assert commit_position("lldf", f"x'{lrsn}'") == lrsn + "F" * 24
    full = lrsn + "0" * 19 + "3" + "0002"
    assert commit_position("lldf", full.lower()) == full
    for bad in ("", "1" * 19, "1" * 21, "1" * 43, "G" * 20, "12345"):
        with pytest.raises(SnapshotProblem, match="UORCOMMITLRSN"):
            commit_position("lldf", bad)


def test_an_idms_position_is_the_journal_seq_in_decimal_or_the_commit_position_in_hex():
    # COMMIT_POSITION: SEQ as 16 hex digits
    assert commit_position("idms", "7001") == "0000000000001B59"
    assert commit_position("idms", str(2**64 - 1)) == "F" * 16
    assert commit_position("idms", "x'0000000000001b59'") == "0000000000001B59"
    assert commit_position("idms", "00000000000a1b59") == "00000000000A1B59"
    for bad in ("", "-1", str(2**64), "1B59", "x'1B59'", "12.5", "0" * 17 + "A"):
        with pytest.raises(SnapshotProblem, match="journal SEQ"):
            commit_position("idms", bad)
    with pytest.raises(SnapshotProblem, match="read as either"):  # SEQ 1234567890123456, or X'1234567890123456'?
        commit_position("idms", "1234567890123456")


# ---- what a table must be --------------------------------------------------------------------------------------

ACCT = "CREATE TABLE PAYROLL.ACCT (K INTEGER NOT NULL, V VARCHAR(12){pk}) IN PAYDB.ACCTTS;\n"


def _declared(tmp_path, monkeypatch, *tables: tuple[str, list[str]]):
    from support.idms import images as idms_images

    from udfs.core.tables.declaration_file import read_all

    root = project_with_ddl(
        tmp_path,
        monkeypatch,
        {"NOKEY.sql": ACCT.format(pk=""), "KEYED.sql": ACCT.format(pk=", PRIMARY KEY (K)"), "emp.cpy": idms_images.EMP},
    )
    for name, argv in tables:
        assert main(["tables", "add", name, *argv]) == 0
    return {t.name: t for t in read_all(root)}


def test_an_lldf_table_starts_from_an_unload_when_keyed_by_its_primary_key_or_key(tmp_path, monkeypatch):
    t = _declared(
        tmp_path,
        monkeypatch,
        ("nokey", ["--log", "lldf", "--ddl", str(tmp_path / "NOKEY.sql")]),
        ("keyed", ["--log", "lldf", "--ddl", str(tmp_path / "KEYED.sql")]),
        ("given", ["--log", "lldf", "--ddl", str(tmp_path / "NOKEY.sql"), "--key", "K"]),
    )
    with pytest.raises(SnapshotProblem, match=r"table nokey has no key \(its DDL names no PRIMARY KEY\).*--key COL"):
        check_table(t["nokey"])
    check_table(t["keyed"])
    check_table(t["given"])
    assert (
        record_length(t["keyed"])
        == unload.record_length([("K", "INTEGER", 4, 0, False), ("V", "VARCHAR", 12, 0, True)])
        == 19
    )


def test_an_idms_record_keyed_by_db_key_is_refused_and_one_with_a_key_starts(tmp_path, monkeypatch):
    cpy = str(tmp_path / "emp.cpy")
    t = _declared(
        tmp_path,
        monkeypatch,
        ("emp", ["--log", "idms", "--copybook", cpy, "--record-id", "815"]),
        ("empk", ["--log", "idms", "--copybook", cpy, "--record-id", "815", "--key", "EMP_ID"]),
    )
    with pytest.raises(SnapshotProblem, match=r"table emp is keyed by DB_KEY, .*--key FIELD"):
        check_table(t["emp"])
    check_table(t["empk"])
    assert record_length(t["empk"]) == 6 + 10 + 5  # PIC 9(6), PIC X(10), PIC S9(7)V99 COMP-3


@pytest.mark.parametrize(
    "table, position, lands_at",
    [
        ("keyed", "x'00D9F1A2B3C4D5E6F700'", "00D9F1A2B3C4D5E6F700" + "F" * 24),
        ("empk", "7001", "0000000000001B59"),
    ],
)
def test_a_snapshot_load_lands_as_its_layout_at_the_position(tmp_path, monkeypatch, table, position, lands_at):
    from udfs.cli.load import snapshot_target

    cpy = str(tmp_path / "emp.cpy")
    t = _declared(
        tmp_path,
        monkeypatch,
        ("keyed", ["--log", "lldf", "--ddl", str(tmp_path / "KEYED.sql")]),
        ("empk", ["--log", "idms", "--copybook", cpy, "--record-id", "815", "--key", "EMP_ID"]),
    )
    assert snapshot_target(table, position, None) == (f"snapshot_{table}", record_length(t[table]), table, lands_at)


@pytest.mark.parametrize(
    "table, position, says",
    [
        ("keyed", "7001", "give the UORCOMMITLRSN"),
        ("emp", "7001", "keyed by DB_KEY"),
        ("empk", "x'1B59'", "give the journal SEQ"),
    ],
)
def test_a_snapshot_load_that_cannot_start_the_table_is_one_line_before_spark(
    tmp_path, monkeypatch, capsys, table, position, says
):
    cpy = str(tmp_path / "emp.cpy")
    _declared(
        tmp_path,
        monkeypatch,
        ("keyed", ["--log", "lldf", "--ddl", str(tmp_path / "KEYED.sql")]),
        ("emp", ["--log", "idms", "--copybook", cpy, "--record-id", "815"]),
        ("empk", ["--log", "idms", "--copybook", cpy, "--record-id", "815", "--key", "EMP_ID"]),
    )
    (tmp_path / "copy.bin").write_bytes(b"")
    capsys.readouterr()
    assert main(["load", table, str(tmp_path / "copy.bin"), "--snapshot-at", position]) == 1
    err = capsys.readouterr().err.strip()
    assert says in err and err.startswith("jcat: ") and len(err.splitlines()) == 1

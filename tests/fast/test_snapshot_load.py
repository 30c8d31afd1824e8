"""`jcat load NAME FILE --snapshot-at POSITION`: the position as a COMMIT_POSITION, and what is refused before
Spark starts (expected values from the contract's position form and the tests' own buffer encoder)."""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa
import pytest
from support.declared import project_with_ddl
from support.ibmi import journal_files as jf

from udfs.cli import main
from udfs.core.changes.snapshot import SnapshotProblem, commit_position
from udfs.core.framing.layout_framing import check_layout


def test_an_ibmi_position_is_the_sequence_number_in_the_first_epoch_or_a_commit_position():
    # 4 hex digits of the sequence-reset epoch, then 20 of the sequence number (DSPJRN shows it in decimal)
    assert commit_position("ibmi", "12") == "0000" + "0" * 19 + "C"
    assert commit_position("ibmi", str(2**63 + 2)) == "0000" + "0000" + "8000000000000002"
    assert commit_position("ibmi", "0001" + "0" * 19 + "a") == "0001" + "0" * 19 + "A"
    for bad in ("", "-3", "12.5", str(2**64), "0001" + "0" * 18 + "A"):
        with pytest.raises(SnapshotProblem):
            commit_position("ibmi", bad)


def test_an_ibmsnap_position_is_the_commitseq_in_hex_padded_to_32_digits():
    assert commit_position("ibmsnap", "x'00000000C1D2E3F40001'") == "0" * 12 + "00000000C1D2E3F40001"
    with pytest.raises(SnapshotProblem):
        commit_position("ibmsnap", "1" * 33)


def test_the_snapshot_lands_as_its_own_layout():
    assert check_layout("snapshot_orders") == "snapshot_orders"


@pytest.mark.parametrize(
    ("table", "position", "says"),
    [
        ("orders", "not-a-number", "give the journal sequence number"),
        ("archive", "12", "keyed by the relative record number"),
        ("nosuch", "12", "no declared table nosuch"),
    ],
)
def test_a_snapshot_load_that_cannot_start_the_table_is_refused_before_spark(
    tmp_path, monkeypatch, capsys, table, position, says
):
    project_with_ddl(tmp_path, monkeypatch, {f"{t.name}.sql": t.ddl() for t in jf.TABLES})
    for t in jf.TABLES:
        assert main(["tables", "add", t.name, "--log", "ibmi", "--ddl", str(tmp_path / f"{t.name}.sql")]) == 0
    (tmp_path / "copy.bin").write_bytes(b"")
    capsys.readouterr()
    assert main(["load", table, str(tmp_path / "copy.bin"), "--snapshot-at", position]) == 1
    assert says in capsys.readouterr().err


def test_a_snapshot_record_is_the_files_buffer(tmp_path, monkeypatch):
    from udfs.core.changes.snapshot import record_length
    from udfs.core.tables.declaration_file import read_all

    root = project_with_ddl(tmp_path, monkeypatch, {"orders.sql": jf.ORDERS.ddl()})
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql")]) == 0
    (orders,) = read_all(root)
    row = {"ORDER_ID": 1, "CUSTOMER": "x", "AMOUNT": Decimal("1.00"), "QTY": Decimal(1), "NOTE": "n"}
    assert record_length(orders) == len(jf.image(row))


# An IBMSNAP CD table (seed 003 Figure 35's shape) whose source table is STAFFNO, NAME, DEPT, PAY, HIRED, GRADE:
# XDEPT and XPAY are before images (prefix 'X'). SOURCE is that source table as the user created it.
CD = (
    "CREATE TABLE PAYROLL.CDSTAFF ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20) NOT NULL, "
    "DEPT CHAR(3), XDEPT CHAR(3), PAY DECIMAL(9,2), XPAY DECIMAL(9,2), HIRED TIMESTAMP, GRADE SMALLINT);\n"
)
SOURCE = (
    "CREATE TABLE PAYROLL.STAFF ( STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20) NOT NULL, DEPT CHAR(3), "
    "PAY DECIMAL(9,2), HIRED TIMESTAMP, GRADE SMALLINT);\n"
)


def _staff(tmp_path, monkeypatch, *options: str):
    from udfs.core.tables.declaration_file import read_all

    root = project_with_ddl(tmp_path, monkeypatch, {"cd.sql": CD})
    assert main(["tables", "add", "staff", "--log", "ibmsnap", "--ddl", str(tmp_path / "cd.sql"), *options]) == 0
    (staff,) = read_all(root)
    return staff


def _source_rows():
    import datetime as dt

    from support.ibmsnap import unload

    from udfs.core.ddl import parse_text

    cols = parse_text(SOURCE, "staff.sql").columns
    rows = [
        unload.values(cols, 1),
        unload.values(cols, 2, nulls=True),
        {**unload.values(cols, 3), "HIRED": dt.datetime(2001, 2, 3, 4, 5, 6, 7)},
    ]
    return cols, rows


@pytest.mark.parametrize("indicator", ["leading", "trailing"])
def test_an_ibmsnap_snapshot_record_is_a_db2_unload_of_the_source_table(tmp_path, monkeypatch, indicator):
    from support.ibmsnap import unload

    from udfs.core.changes.snapshot import record_length
    from udfs.core.tables.ibmsnap_image import snapshot_function

    staff = _staff(tmp_path, monkeypatch, "--key", "STAFFNO", "--before-prefix", "X", "--null-indicator", indicator)
    cols, rows = _source_rows()
    records = [unload.record(cols, r, indicator) for r in rows]
    assert record_length(staff) == len(records[0]) == sum(unload.width(c) for c in cols)
    got = snapshot_function(staff, "decode_staff_snapshot").kernel(pa.array(records, pa.binary())).to_pylist()
    assert got == rows


def test_an_ibmsnap_table_without_a_key_cannot_start_from_a_snapshot(tmp_path, monkeypatch):
    from udfs.core.changes.snapshot import check_table

    with pytest.raises(SnapshotProblem, match="has no key"):
        check_table(_staff(tmp_path, monkeypatch))
    check_table(_staff(tmp_path / "keyed", monkeypatch, "--key", "STAFFNO"))


def test_an_ibmsnap_snapshot_load_lands_as_its_layout_at_the_commitseq(tmp_path, monkeypatch):
    from udfs.cli.load import snapshot_target
    from udfs.core.changes.snapshot import record_length

    staff = _staff(tmp_path, monkeypatch, "--key", "STAFFNO")
    got = snapshot_target("STAFF", "x'0000000000000000C1F0'", None)
    assert got == ("snapshot_staff", record_length(staff), "staff", "0" * 28 + "C1F0")

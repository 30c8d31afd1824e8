"""`jcat load NAME FILE --snapshot-at POSITION`: the position as a COMMIT_POSITION, and what is refused before
Spark starts (expected values from the contract's position form and the tests' own buffer encoder)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from support import ibmi_journal_files as jf
from support.declared import project_with_ddl

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


@pytest.mark.parametrize(("table", "position", "says"), [
    ("orders", "not-a-number", "give the journal sequence number"),
    ("archive", "12", "keyed by the relative record number"),
    ("nosuch", "12", "no declared table nosuch"),
])
def test_a_snapshot_load_that_cannot_start_the_table_is_refused_before_spark(tmp_path, monkeypatch, capsys, table,
                                                                              position, says):
    project_with_ddl(tmp_path, monkeypatch, {f"{t.name}.sql": t.ddl() for t in jf.TABLES})
    for t in jf.TABLES:
        assert main(["tables", "add", t.name, "--log", "ibmi", "--ddl", str(tmp_path / f"{t.name}.sql")]) == 0
    (tmp_path / "copy.bin").write_bytes(b"")
    capsys.readouterr()
    assert main(["load", table, str(tmp_path / "copy.bin"), "--snapshot-at", position]) == 1
    assert says in capsys.readouterr().err


def test_a_snapshot_record_is_the_files_buffer(tmp_path, monkeypatch):
    from udfs.core.changes.snapshot import record_length
    from udfs.render.declared_tables import read_all

    root = project_with_ddl(tmp_path, monkeypatch, {"orders.sql": jf.ORDERS.ddl()})
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql")]) == 0
    (orders,) = read_all(root)
    row = {"ORDER_ID": 1, "CUSTOMER": "x", "AMOUNT": Decimal("1.00"), "QTY": Decimal(1), "NOTE": "n"}
    assert record_length(orders) == len(jf.image(row))

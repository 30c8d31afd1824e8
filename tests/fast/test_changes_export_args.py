"""`jcat changes export`: where an export goes on from (its files' names), and the mistakes told in one line before
Spark starts. The export itself runs against a replayed workload in tests/spark/test_changes_ibmi_replay.py."""

from __future__ import annotations

import pytest
from support.declared import project_with_ddl
from support.ibmi import journal_files as jf

from udfs.cli import main
from udfs.cli.changes import targets
from udfs.core.changes import export_files as files

LLDF_DDL = "CREATE TABLE PAYROLL.STAFF (ID INTEGER NOT NULL, PAY DECIMAL(9,2), PRIMARY KEY (ID));\n"


def test_an_export_goes_on_from_the_last_change_of_the_latest_builds_file():
    names = [
        "20261127101500000001-00000000000000000000000C.jsonl",
        "20261127101600000002-000000000000000000000009.jsonl",  # a rebuild: positions start again, later build
        ".20261127101600000002-000000000000000000000009.jsonl.crc",
        "notes.txt",
        "_staging",
    ]
    assert files.resume_position(names) == "000000000000000000000009"
    assert files.resume_position(["notes.txt"]) is None
    one = files.ExportFile("20261127101500000001", "00AF")
    assert files.parse(one.name) == one


def test_an_event_line_puts_the_envelopes_fields_in_debeziums_order():
    sql = files.event_line_sql("e")
    places = [sql.index(k) for k in ('"before":', '"after":', "'source'", "'op'", "'ts_ms'", "'transaction'")]
    assert places == sorted(places)


@pytest.fixture
def two_logs(tmp_path, monkeypatch):
    project_with_ddl(tmp_path, monkeypatch, {"orders.sql": jf.ORDERS.ddl(), "staff.sql": LLDF_DDL})
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql")]) == 0
    assert main(["tables", "add", "staff", "--log", "lldf", "--ddl", str(tmp_path / "staff.sql")]) == 0
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["--table", "nosuch"],
            "--table nosuch: no declared table of that name with changes (declared: orders, staff)",
        ),
        (["--since", "12"], "--since: the tables come from several logs (ibmi, lldf) whose positions differ"),
        (["--table", "staff", "--since", "12"], "--since '12': give the UORCOMMITLRSN through which every committed"),
        (
            ["--table", "orders", "--since", "x"],
            ("--since 'x': give the journal sequence number of the last entry already exported"),
        ),
    ],
)
def test_a_mistake_is_one_line_before_spark(two_logs, capsys, argv, says):
    capsys.readouterr()
    assert main(["changes", "export", "--to", str(two_logs / "out"), *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1, err


def test_since_is_each_tables_commit_position(two_logs):
    assert targets(["orders"], "12") == (["orders"], {"orders": "0000" + "0" * 19 + "C"})
    assert targets(["staff"], "00000000000000000A0B") == (["staff"], {"staff": "00000000000000000A0B" + "F" * 24})
    assert targets(None, None) == (["orders", "staff"], None)

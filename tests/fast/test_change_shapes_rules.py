"""The declared time zone of a table's commit times (`jcat tables add --time-zone`) and the rules of the Debezium
and Delta shapes that are data: each mistake one line, old declaration files still read."""

from __future__ import annotations

import pytest
from support.declared import project_with_ddl

from udfs.cli import main
from udfs.core.changes import events as rules
from udfs.core.tables.declaration import DeclarationProblem, check_time_zone
from udfs.core.tables.declaration_file import read_all
from udfs.spark.changes.events import all_feed_sql

DDL = """CREATE TABLE APPLIB.ORDERS (
  ORDER_ID INTEGER NOT NULL,
  AMOUNT DECIMAL(9,2),
  PRIMARY KEY (ORDER_ID)
);
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    return project_with_ddl(tmp_path, monkeypatch, {"orders.sql": DDL})


def _add(tmp_path, capsys, *more):
    code = main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql"), *more])
    err = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    return code, err


@pytest.mark.parametrize("zone", ["Europe/Berlin", "America/New_York", "UTC", "Asia/Kolkata"])
def test_an_iana_zone_is_kept_in_the_declaration_and_read_back(project, tmp_path, capsys, zone):
    code, err = _add(tmp_path, capsys, "--time-zone", zone)
    assert code == 0, err
    assert f"time_zone: {zone}" in (project / "tables" / "orders.yml").read_text()
    (table,) = read_all(project)
    assert (table.time_zone, table.commit_zone) == (zone, zone)


@pytest.mark.parametrize("zone", ["Mars/Olympus", "berlin", "+02:00", "CEST", ""])
def test_a_zone_that_is_not_an_iana_name_is_refused_in_one_line(project, tmp_path, capsys, zone):
    code, err = _add(tmp_path, capsys, "--time-zone", zone)
    assert code == 2 and len(err) == 1 and err[0].startswith("jcat: --time-zone") and "IANA" in err[0], err
    assert not (project / "tables" / "orders.yml").exists()


def test_a_declaration_without_a_zone_reads_the_sessions(project, tmp_path, capsys):
    """A declaration file written before --time-zone existed has no time_zone line: it still reads."""
    assert _add(tmp_path, capsys)[0] == 0
    text = (project / "tables" / "orders.yml").read_text()
    assert "time_zone" not in text
    (table,) = read_all(project)
    assert (table.time_zone, table.commit_zone) == (None, None)
    (project / "tables" / "orders.yml").write_text(text + "time_zone: Nowhere/Land\n")
    with pytest.raises(DeclarationProblem, match="time_zone: --time-zone 'Nowhere/Land'"):
        read_all(project)


def test_an_idms_journal_is_gmt_whatever_is_declared():
    assert check_time_zone("UTC", "idms") == "UTC" and check_time_zone("GMT", "idms") == "GMT"
    with pytest.raises(DeclarationProblem, match="IDMS journal's times are GMT"):
        check_time_zone("Europe/Berlin", "idms")
    assert check_time_zone(None, "idms") is None


@pytest.mark.parametrize(
    "spark_type, db2_type, kind",
    [
        ("decimal(9,2)", "DECIMAL", "decimal"),
        ("decimal(5,0)", "NUMERIC", "decimal"),
        ("date", "DATE", "date"),
        ("string", "TIME", "time"),
        ("timestamp_ntz", "TIMESTAMP", "timestamp"),
        ("timestamp", None, "timestamp"),
        ("binary", "CHAR", "binary"),
        ("binary", "VARBINARY", "binary"),
        ("string", "VARCHAR", "plain"),
        ("int", "INTEGER", "plain"),
        ("bigint", "BIGINT", "plain"),
        ("double", "DOUBLE", "plain"),
        ("struct<A:int>", None, "plain"),
        ("array<string>", None, "plain"),
    ],
)
def test_each_kind_of_column_is_written_as_debeziums_json_converter_writes_it(spark_type, db2_type, kind):
    """Debezium (schemas disabled): DECIMAL a string, DATE days, TIME micros of the day, TIMESTAMP micros, bytes
    base64, the rest as they are."""
    assert rules.json_kind(spark_type, db2_type) == kind


def test_the_feed_rows_of_each_change_are_deltas():
    assert rules.FEED_ROWS == {
        "AFTER": {"c": "insert", "r": "insert", "u": "update_postimage"},
        "BEFORE": {"u": "update_preimage", "d": "delete"},
    }
    assert rules.FEED_METADATA == ("_change_type", "_commit_version", "_commit_timestamp")


def test_a_column_whose_type_differs_between_tables_is_a_string_in_change_feed():
    sql = all_feed_sql(
        [
            ("a", [("ID", "int"), ("AMOUNT", "decimal(9,2)"), ("GROUP", "struct<X:int>")]),
            ("b", [("id", "bigint"), ("AMOUNT", "decimal(9,2)"), ("NOTE", "string"), ("GROUP", "array<int>")]),
        ]
    )
    a, b = sql.split("UNION ALL")
    assert "CAST(`ID` AS STRING) AS `ID`" in a and "CAST(`id` AS STRING) AS `ID`" in b
    assert "`AMOUNT` AS `AMOUNT`" in a and "`AMOUNT` AS `AMOUNT`" in b
    assert "CAST(NULL AS string) AS `NOTE`" in a and "`NOTE` AS `NOTE`" in b
    assert "to_json(`GROUP`) AS `GROUP`" in a and "to_json(`GROUP`) AS `GROUP`" in b
    assert "'a' AS _table" in a and "FROM jcat.b_change_feed" in b

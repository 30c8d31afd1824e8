"""Which declared tables `jcat build` resolves changes for: an IBMSNAP CD table or an LLDF table declared without a
key gets one line saying why not, and the build does not fail for it (its images are still built). And what an
IBMSNAP update's before row holds for its key: the key's before-image column when the CD table has one (a key change
is seen)."""

from __future__ import annotations

import io

from support.declared import project_with_ddl

from udfs.cli import main

DDL = (
    "CREATE TABLE PAYROLL.CDSTAFF ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) "
    "FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, PAY INTEGER);\n"
)


class _Catalog:
    def tableExists(self, name: str) -> bool:  # noqa: N802  (Spark's name)
        return True


class _Spark:
    catalog = _Catalog()


def test_a_cd_table_without_a_key_is_said_and_skipped_and_one_with_a_key_is_built(tmp_path, monkeypatch):
    import udfs.spark.changes.build as changes

    project_with_ddl(tmp_path, monkeypatch, {"CDSTAFF.sql": DDL})
    ddl = str(tmp_path / "CDSTAFF.sql")
    assert main(["tables", "add", "nokey", "--log", "ibmsnap", "--ddl", ddl, "--before-prefix", ""]) == 0
    assert (
        main(["tables", "add", "keyed", "--log", "ibmsnap", "--ddl", ddl, "--before-prefix", "", "--key", "STAFFNO"])
        == 0
    )
    built = []
    monkeypatch.setattr(changes, "refresh_views", lambda spark, out=None: True)  # views need a real Spark
    monkeypatch.setattr(
        changes, "build_changes", lambda spark, table: built.append(table.name) or changes.ChangesResult(table.name)
    )
    out = io.StringIO()
    assert changes.build_all(_Spark(), out=out)
    assert built == ["keyed"]
    (line,) = [ln for ln in out.getvalue().splitlines() if "nokey" in ln]
    assert line.startswith("jcat: nokey: no changes:") and "--key" in line


def test_an_updates_before_row_takes_the_key_from_its_before_image_column_when_there_is_one(tmp_path, monkeypatch):
    from udfs.core.tables.declaration_file import read_all
    from udfs.render.tables_ibmsnap import images_macro

    ddl = DDL.replace("PAY INTEGER", "PAY INTEGER, XSTAFFNO CHAR(6), XPAY INTEGER")
    root = project_with_ddl(tmp_path, monkeypatch, {"CDSTAFF.sql": ddl})
    assert (
        main(
            [
                "tables",
                "add",
                "staff",
                "--log",
                "ibmsnap",
                "--ddl",
                str(tmp_path / "CDSTAFF.sql"),
                "--before-prefix",
                "X",
                "--key",
                "STAFFNO",
            ]
        )
        == 0
    )
    (table,) = read_all(root)
    sql = images_macro(table)
    update_before = "case when image_kind = 'before' and IBMSNAP_OPERATION = 'U' then"
    assert f"{update_before} `XSTAFFNO` else `STAFFNO` end as `STAFFNO`" in sql
    assert f"{update_before} `XPAY` else `PAY` end as `PAY`" in sql


ZOS_DDL = "CREATE TABLE PAYROLL.ACCT (K INTEGER NOT NULL, V VARCHAR(12){pk}) IN PAYDB.ACCTTS;\n"


def test_an_lldf_table_without_a_key_is_said_and_skipped_and_one_with_its_ddls_primary_key_is_built(
    tmp_path, monkeypatch
):
    import udfs.spark.changes.build as changes

    project_with_ddl(
        tmp_path, monkeypatch, {"NOKEY.sql": ZOS_DDL.format(pk=""), "KEYED.sql": ZOS_DDL.format(pk=", PRIMARY KEY (K)")}
    )
    assert main(["tables", "add", "nokey", "--log", "lldf", "--ddl", str(tmp_path / "NOKEY.sql")]) == 0
    assert main(["tables", "add", "keyed", "--log", "lldf", "--ddl", str(tmp_path / "KEYED.sql")]) == 0
    built = []
    monkeypatch.setattr(changes, "refresh_views", lambda spark, out=None: True)  # views need a real Spark
    monkeypatch.setattr(
        changes, "build_changes", lambda spark, table: built.append(table.name) or changes.ChangesResult(table.name)
    )
    out = io.StringIO()
    assert changes.build_all(_Spark(), out=out)
    assert built == ["keyed"]
    (line,) = [ln for ln in out.getvalue().splitlines() if "nokey" in ln]
    assert line.startswith("jcat: nokey: no changes:") and "--key" in line

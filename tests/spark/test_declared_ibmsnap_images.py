"""A user's IBM SQL Replication CD tables, declared from their DDL in their own project, read from landed unloads.

Two CD tables of the same shape (DDL below, in the shape of seed 003 Figure 35): `staff` takes its before-image prefix
and whether updates arrive as delete+insert from the landed REGISTER row; `staff_flag` is declared with --before-prefix
X (its REGISTER row says no prefix), the DSNTIAUL null indicator and VARCHAR(16) sequences. CD rows are written by
the tests' own unload encoder (support.ibmsnap.unload), landed with `jcat load NAME`'s resolution (the record length
from the declared DDL), and the view and its table twin must give one row per image with the values written.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from support.declared import declared_project
from support.ibmsnap import unload

from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.core.ddl import parse_text
from udfs.dbt.runner import run_dbt
from udfs.spark.landing import load

pytestmark = pytest.mark.spark

# Seed 003, Figure 35's CD table shape (the three IBMSNAP columns first) with a registration's user columns;
# XDEPT and XPAY are the before images of DEPT and PAY under BEFORE_IMG_PREFIX 'X'.
DDL = (
    "CREATE TABLE PAYROLL.{name} ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20) NOT NULL, "
    "DEPT CHAR(3), XDEPT CHAR(3), PAY DECIMAL(9,2), XPAY DECIMAL(9,2), STARTED TIMESTAMP, GRADE SMALLINT, "
    "BONUS INTEGER);\n"
)
SOURCE_COLUMNS = ("STAFFNO", "NAME", "DEPT", "PAY", "STARTED", "GRADE", "BONUS")
BEFORE = {"DEPT": "XDEPT", "PAY": "XPAY"}
T0 = dt.datetime(2026, 11, 26, 8, 30, 1, 123456)


def cd_columns(name: str, sequence_form: str = "char10"):
    cols = parse_text(DDL.format(name=name), f"{name}.sql").columns
    if sequence_form == "varchar16":  # docs/ibmsnap.md: sequence columns VARCHAR(16) FOR BIT DATA
        cols = tuple(
            replace(c, db2_type="VARCHAR", length=16) if c.name in unload.SEQUENCE_COLUMNS else c for c in cols
        )
    return cols


def row(op: str, seq: int, staffno, name, dept, xdept, pay, xpay, started, grade, bonus, seq_len=10) -> dict:
    return {
        "IBMSNAP_UOWID": bytes([0x80 + seq]) * seq_len,
        "IBMSNAP_INTENTSEQ": bytes([seq]) * seq_len,
        "IBMSNAP_OPERATION": op,
        "STAFFNO": staffno,
        "NAME": name,
        "DEPT": dept,
        "XDEPT": xdept,
        "PAY": pay,
        "XPAY": xpay,
        "STARTED": started,
        "GRADE": grade,
        "BONUS": bonus,
    }


def rows(seq_len: int = 10) -> list[dict]:
    return [
        row("I", 1, "000010", "Haas", "A00", None, Decimal("52750.00"), None, T0, 3, 1000, seq_len=seq_len),
        row(
            "U",
            2,
            "000010",
            "Haas",
            "B01",
            "A00",
            Decimal("-0.01"),
            Decimal("52750.00"),
            None,
            -2,
            None,
            seq_len=seq_len,
        ),
        row("D", 3, "000020", "Thompson  ", None, None, None, None, T0, None, -70000, seq_len=seq_len),
    ]


def register_row(cd_table: str, prefix, partition_keys_chg: str) -> bytes:
    cols = unload.columns("register")
    values = {
        **unload.values(cols, 1, nulls=True),
        "CD_OWNER": "PAYROLL",
        "CD_TABLE": cd_table,
        "BEFORE_IMG_PREFIX": prefix,
        "PARTITION_KEYS_CHG": partition_keys_chg,
    }
    return unload.record(cols, values)


def expected(written: list[dict], key=("STAFFNO",)) -> list[tuple]:
    """One row per image: I after, D before (the deleted values), U before (before-image columns; the key kept,
    the rest NULL) then after."""
    out = []
    for r in written:
        after = tuple(r[c] for c in SOURCE_COLUMNS)
        if r["IBMSNAP_OPERATION"] == "U":
            before = tuple(r[BEFORE[c]] if c in BEFORE else r[c] if c in key else None for c in SOURCE_COLUMNS)
            out += [("U", "before", *before), ("U", "after", *after)]
        else:
            out.append((r["IBMSNAP_OPERATION"], "before" if r["IBMSNAP_OPERATION"] == "D" else "after", *after))
    return out


PROJECT: dict[str, Path] = {}  # the project the module's fixture declares its tables in


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory, jcat_home):
    with declared_project(
        tmp_path_factory, "staff", DDL.format(name="CDSTAFF"), "--log", "ibmsnap", "--key", "STAFFNO"
    ) as root:
        PROJECT["root"] = root
        folder = root.parent
        (folder / "CDSTAFF2.sql").write_text(DDL.format(name="CDSTAFF2"))
        assert (
            main(
                [
                    "tables",
                    "add",
                    "staff_flag",
                    "--log",
                    "ibmsnap",
                    "--ddl",
                    str(folder / "CDSTAFF2.sql"),
                    "--key",
                    "STAFFNO",
                    "--before-prefix",
                    "X",
                    "--null-indicator",
                    "trailing",
                    "--variant",
                    "os390/varchar16",
                ]
            )
            == 0
        )
        register = folder / "REGISTER.unl"  # landed as `jcat load ibmsnap_register` lands it
        # VARCHAR(4) 'X ': Db2 keeps the blank, the prefix of column names has none
        register.write_bytes(register_row("CDSTAFF", "X ", "Y") + register_row("CDSTAFF2", None, "N"))
        assert load(spark, "ibmsnap_register", [str(register)]).ok
        staff = [unload.record(cd_columns("CDSTAFF"), r) for r in rows()]
        # a record whose BONUS indicator is neither X'00' nor a NULL marker
        bad = bytearray(staff[0])
        bad[len(bad) - 5] = 0x01
        files = {
            "staff": staff + [bytes(bad)],
            "staff_flag": [unload.record(cd_columns("CDSTAFF2", "varchar16"), r, "trailing") for r in rows(seq_len=16)],
        }
        for name, records in files.items():
            path = folder / f"{name}.unl"
            path.write_bytes(b"".join(records))
            layout, length, _ = load_target(name, None)
            assert load(spark, layout, [str(path)], record_length=length).ok
        # run, not build: jcat's own data tests would see every module's entries landed in this worker
        yield run_dbt(
            spark,
            [
                "run",
                "--select",
                "ibmsnap_register",
                "ibmsnap_register_decoded",
                "staff_images",
                "staff_images_decoded",
                "staff_flag_images",
                "staff_flag_images_decoded",
            ],
        )


def _read(spark, relation: str) -> list[tuple]:
    cols = ", ".join(f"`{c}`" for c in SOURCE_COLUMNS)
    got = spark.sql(
        f"select IBMSNAP_OPERATION, image_kind, {cols}, decode_errors from jcat.{relation} "
        "order by record_number, image_kind = 'after'"
    ).collect()
    return [tuple(r[:-1]) + (list(r[-1]),) for r in got]


@pytest.mark.parametrize("relation", ["staff_images", "staff_images_decoded"])
def test_prefix_from_the_register_row_gives_each_image_the_encoder_wrote(spark, built, relation):
    assert built
    got = _read(spark, relation)
    assert got[:-1] == [r + ([],) for r in expected(rows())]
    bonus_bad = expected(rows()[:1])[0][:-1] + (None,)
    assert got[-1] == bonus_bad + (["BONUS"],)


@pytest.mark.parametrize("relation", ["ibmsnap_register", "ibmsnap_register_decoded"])
def test_register_keeps_the_blank_its_varchar_length_counts(spark, built, relation):
    assert built
    # the twin keeps what other modules of this worker landed before (an incremental table): this module's rows only
    got = spark.sql(
        f"select CD_TABLE, BEFORE_IMG_PREFIX from jcat.{relation} where CD_TABLE like 'CDSTAFF%' order by CD_TABLE"
    ).collect()
    assert [tuple(r) for r in got] == [("CDSTAFF", "X "), ("CDSTAFF2", None)]


@pytest.mark.parametrize("relation", ["staff_flag_images", "staff_flag_images_decoded"])
def test_prefix_from_the_flag_wins_over_a_register_row_without_one(spark, built, relation):
    assert built
    assert _read(spark, relation) == [r + ([],) for r in expected(rows(seq_len=16))]


@pytest.mark.parametrize("table,pairs", [("staff", True), ("staff_flag", False)])
def test_updates_as_delete_insert_come_from_partition_keys_chg(spark, built, table, pairs):
    assert built
    got = {r[0] for r in spark.sql(f"select distinct updates_as_delete_insert from jcat.{table}_images").collect()}
    assert got == {pairs}


def test_sequences_and_types_as_the_cd_table_declares(spark, built):
    assert built
    got = spark.sql(
        "select IBMSNAP_INTENTSEQ, IBMSNAP_UOWID, IBMSNAP_COMMITSEQ from jcat.staff_flag_images_decoded "
        "where IBMSNAP_OPERATION = 'D'"
    ).collect()
    assert [tuple(r) for r in got] == [(bytes([3]) * 16, bytes([0x83]) * 16, None)]
    types = {f.name: f.dataType.simpleString() for f in spark.table("jcat.staff_images").schema}
    assert {c: types[c] for c in SOURCE_COLUMNS} == {
        "STAFFNO": "string",
        "NAME": "string",
        "DEPT": "string",
        "PAY": "decimal(9,2)",
        "STARTED": "timestamp_ntz",
        "GRADE": "smallint",
        "BONUS": "int",
    }


def test_the_view_text_estimate_is_never_under_the_compiled_view(built):
    """`tables add` makes a decoding view only when its SQL fits the metastore, judged by an estimate made without
    dbt: never under the SQL dbt compiled for the view."""
    from udfs.core.tables.declaration_file import read_all
    from udfs.render.table_models import view_text_estimate

    assert built
    target = Path(os.environ["DBT_TARGET_PATH"])
    for table in read_all(PROJECT["root"]):
        (compiled,) = target.glob(f"compiled/*/models/jcat_tables/{table.name}_images.sql")
        sql = compiled.read_text()
        assert "jcat.ebcdic_str" in sql, table.name  # the decoding view, not one over the twin
        assert view_text_estimate(table) >= len(sql) > 1000, table.name

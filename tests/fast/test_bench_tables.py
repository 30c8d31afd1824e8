"""`jcat bench --layout NAME` for a declared table: the name is resolved in the project jcat builds, its row images
are generated whole, and the naive row decoder reads them as the table's layout function does (the Spark ways are
held to each other by tests/spark/test_bench_declared_tables.py)."""

from __future__ import annotations

import argparse

import pyarrow as pa
import pytest
from support.declared import project_with_ddl

from udfs.bench.layouts import get
from udfs.bench.table_rows import row_function
from udfs.bench.tables import TableLayout, project_env
from udfs.cli import main
from udfs.core.tables.ibmi_image import value_function
from udfs.core.tables.image_decode import decode_image

DDL = """CREATE TABLE APPLIB.ORDERS (
  NOTE CHAR(10),
  ORDER_ID INTEGER NOT NULL,
  CUSTOMER VARCHAR(20) CCSID 1208 NOT NULL,
  AMOUNT DECIMAL(8,2),
  QTY NUMERIC(5,0),
  SCORE REAL,
  SHIP_DATE DATE,
  AT_TIME TIME,
  STAMP TIMESTAMP(0),
  PRIMARY KEY (ORDER_ID)
);
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {"orders.sql": DDL})
    assert (
        main(
            [
                "tables",
                "add",
                "orders",
                "--log",
                "ibmi",
                "--ddl",
                str(tmp_path / "orders.sql"),
                "--datfmt",
                "*DMY",
                "--timfmt",
                "*USA",
            ]
        )
        == 0
    )
    return root


def test_a_declared_table_is_a_bench_layout_numbered_through_its_first_integer(project):
    lay = get("orders")
    assert isinstance(lay, TableLayout)
    assert [c.name for c in lay.fields] == [
        "NOTE",
        "ORDER_ID",
        "CUSTOMER",
        "AMOUNT",
        "QTY",
        "SCORE",
        "SHIP_DATE",
        "AT_TIME",
        "STAMP",
    ]
    assert lay.unique == (11, 4, "bin")  # ORDER_ID after CHAR(10): 1-based position 11, 4 bytes
    assert set(lay.frames("f")) == {
        "catalog",
        "catalog_per_field",
        "sql_functions",
        "jvm_functions",
        "jvm_expressions",
        "row_udf",
    }
    assert project_env() == {"JCAT_PROJECT_DIR": str(project)}  # an --isolate child reads the same project


def test_an_unknown_name_lists_the_built_in_layouts_and_the_declared_tables(project):
    with pytest.raises(
        ValueError,
        match=r"unknown bench layout 'order'; choose from qasym7j5, .* or a declared "
        r"table \(orders\)",
    ):
        get("order")


def test_the_command_takes_a_declared_name(project, monkeypatch):
    seen = {}
    monkeypatch.setattr("udfs.bench.run_bench", lambda args: seen.setdefault("args", args) and 0)
    assert main(["bench", "--layout", "orders", "--records", "10"]) == 0
    assert isinstance(seen["args"], argparse.Namespace) and seen["args"].layouts == ["orders"]


def test_generated_images_decode_whole_and_the_row_decoder_reads_what_the_layout_function_reads(project):
    lay = get("orders")
    pool = lay.pool(300)
    assert {len(r) for r in pool} == {sum(c.width for c in lay.fields)}
    decoded = decode_image(pa.array(pool, pa.binary()), lay.fields).to_pylist()
    for record, row in zip(pool, decoded):
        for c in lay.fields:
            assert row[c.name] is not None, (c.name, record.hex())
            assert row_function(*value_function(c.spec))(record[c.pos - 1 : c.pos - 1 + c.width]) == row[c.name], c.name


def test_the_bench_prints_each_way_as_a_markdown_row():
    from udfs.bench import markdown_rows
    from udfs.bench.measure import Result

    rows = markdown_rows([Result("staff", "catalog", [2.0, 1.0, 3.0], 1_000_000, 10**8, 3 * 2**30)]).splitlines()
    assert rows[0] == "| layout | way | median s | records/s | runs s | peak RSS MiB |"
    assert rows[2] == "| staff | `catalog` | 2.00 | 500,000 | 2.00 1.00 3.00 | 3,072 |"


ZOS_DDL = """CREATE TABLE PAYROLL.STAFF (NICK VARCHAR(10), ID INTEGER NOT NULL, PAY DECIMAL(9,2), RATING DOUBLE,
  HIRED DATE, PRIMARY KEY (ID));
"""
CD_DDL = (
    "CREATE TABLE PAYROLL.CDSTAFF (IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) "
    "FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, NAME VARCHAR(8), GRADE SMALLINT, BONUS INTEGER);\n"
)


@pytest.fixture
def zos_project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {"staff.sql": ZOS_DDL, "cd.sql": CD_DDL})
    assert main(["tables", "add", "zstaff", "--log", "lldf", "--ddl", str(tmp_path / "staff.sql")]) == 0
    assert (
        main(
            [
                "tables",
                "add",
                "cdstaff",
                "--log",
                "ibmsnap",
                "--ddl",
                str(tmp_path / "cd.sql"),
                "--null-indicator",
                "trailing",
            ]
        )
        == 0
    )
    return root


def test_lldf_images_are_generated_whole_and_decode_with_no_null(zos_project):
    from udfs.core.tables.lldf_decode import decode_lldf_image

    lay = get("zstaff")
    assert lay.unique is None  # ID follows a VARCHAR: its place moves with NICK's length
    decoded = decode_lldf_image(pa.array(lay.pool(200), pa.binary()), lay.fields).to_pylist()
    assert all(v is not None for row in decoded for v in row.values())  # every column, decode_errors [] too
    assert {len(row["decode_errors"]) for row in decoded} == {0}
    # a null byte X'00' before the nullable NICK, then its 2-byte length (at most 10) and that many bytes
    assert {r[0] for r in lay.pool(50)} == {0} and max(int.from_bytes(r[1:3], "big") for r in lay.pool(50)) <= 10


def test_cd_records_take_the_record_length_and_the_first_integer_takes_the_row_number(zos_project):
    lay = get("cdstaff")
    # UOWID 1-10, INTENTSEQ 11-20, OPERATION 21, NAME 22-31 (2-byte length, 8 bytes) and its indicator 32,
    # GRADE 33-34 and 35: BONUS's data at 36
    assert lay.unique == (36, 4, "bin")
    pool = lay.pool(20)
    assert {len(r) for r in pool} == {10 + 10 + 1 + 11 + 3 + 5}
    assert {(r[31], r[34], r[39]) for r in pool} == {(0, 0, 0)}  # every trailing indicator: a value
    assert [c.name for c in lay.fields][-3:] == ["NAME", "GRADE", "BONUS"]

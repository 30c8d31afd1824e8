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
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql"),
                 "--datfmt", "*DMY", "--timfmt", "*USA"]) == 0
    return root


def test_a_declared_table_is_a_bench_layout_numbered_through_its_first_integer(project):
    lay = get("orders")
    assert isinstance(lay, TableLayout)
    assert [c.name for c in lay.fields] == ["NOTE", "ORDER_ID", "CUSTOMER", "AMOUNT", "QTY", "SCORE", "SHIP_DATE",
                                            "AT_TIME", "STAMP"]
    assert lay.unique == (11, 4, "bin")  # ORDER_ID after CHAR(10): 1-based position 11, 4 bytes
    assert set(lay.frames("f")) == {"catalog", "catalog_per_field", "sql_functions", "jvm_expressions", "row_udf"}
    assert project_env() == {"JCAT_PROJECT_DIR": str(project)}  # an --isolate child reads the same project


def test_an_unknown_name_lists_the_built_in_layouts_and_the_declared_tables(project):
    with pytest.raises(ValueError, match=r"unknown bench layout 'order'; choose from qasym7j5, .* or a declared "
                                         r"table \(orders\)"):
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
            assert row_function(*value_function(c.spec))(record[c.pos - 1:c.pos - 1 + c.width]) == row[c.name], c.name

"""`jcat bench --layout NAME` on a declared IBM i table: Spark's own expressions (the baseline) are correct decoders
of the buffer's values, written by the tests' encoders from IBM's text, and every way gives the same columns."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
from decimal import Decimal

import pytest
from support import ibmi_buffer as buf

from udfs.cli import main
from udfs.core.tables.values import ValueSpec
from udfs.render import home_project
from udfs.render.ibmi_value_sql import spark_value

pytestmark = pytest.mark.spark

# (spec, bytes from the tests' encoders, the raw value the column's catalog function gives)
BASELINE = [
    (ValueSpec("CHAR", 6, ccsid=273), "Köln".encode("cp273") + b"\x40\x40", "Köln"),
    (ValueSpec("VARCHAR", 8, ccsid=1208), buf.varying("é€ ".encode(), 8), "é€ "),  # untrimmed
    (ValueSpec("VARCHAR", 4, ccsid=37), bytes.fromhex("0009") + b"\x40" * 4, None),  # a length past the column
    (ValueSpec("VARBINARY", 4), buf.varying(b"\x00\xff", 4), b"\x00\xff"),
    (ValueSpec("SMALLINT"), (-2).to_bytes(2, "big", signed=True), -2),
    (ValueSpec("BIGINT"), (-(2 ** 63)).to_bytes(8, "big", signed=True), -(2 ** 63)),
    (ValueSpec("DECIMAL", 7, 2), buf.packed_scaled(Decimal("-12345.67"), 7, 2), Decimal(-1234567)),
    (ValueSpec("NUMERIC", 5, 1), buf.zoned_scaled(Decimal("-12.3"), 5, 1), Decimal(-123)),
    (ValueSpec("REAL"), buf.float_bytes(-2.5, 4), -2.5),
    (ValueSpec("REAL"), bytes.fromhex("00000001"), 2.0 ** -149),  # the smallest subnormal
    (ValueSpec("REAL"), bytes.fromhex("FF800000"), -math.inf),
    (ValueSpec("DOUBLE"), buf.float_bytes(1e300, 8), 1e300),
    (ValueSpec("DOUBLE"), buf.float_bytes(-5e-324, 8), -5e-324),
    (ValueSpec("DOUBLE"), bytes.fromhex("7FF8000000000001"), math.nan),
    (ValueSpec("DATE", datfmt="*DMY", datsep="/"), buf.date_bytes(dt.date(1999, 12, 31), "*DMY"), dt.date(1999, 12, 31)),
    (ValueSpec("DATE", datfmt="*YMD", datsep="-"), buf.date_bytes(dt.date(2039, 1, 2), "*YMD", "-"), dt.date(2039, 1, 2)),
    (ValueSpec("DATE", datfmt="*JUL", datsep="/"), buf.date_bytes(dt.date(1940, 3, 1), "*JUL"), dt.date(1940, 3, 1)),
    (ValueSpec("DATE", datfmt="*USA"), buf.date_bytes(dt.date(2024, 2, 29), "*USA"), dt.date(2024, 2, 29)),
    (ValueSpec("TIME", timfmt="*USA"), buf.time_bytes(dt.time(13, 5), "*USA"), "13:05:00"),
    (ValueSpec("TIME", timfmt="*HMS", timsep=","), buf.time_bytes(dt.time(7, 8, 9), "*HMS", ","), "07:08:09"),
    (ValueSpec("TIMESTAMP", fraction=0), buf.timestamp_bytes(dt.datetime(2024, 2, 29, 23, 59, 58)),
     dt.datetime(2024, 2, 29, 23, 59, 58)),
    (ValueSpec("TIMESTAMP", fraction=3), buf.timestamp_bytes(dt.datetime(2001, 1, 1, 0, 0, 1), "120"),
     dt.datetime(2001, 1, 1, 0, 0, 1, 120000)),
]


def _same(a, b) -> bool:
    if isinstance(b, float) and math.isnan(b):
        return isinstance(a, float) and math.isnan(a)
    return (bytes(a) if isinstance(a, (bytes, bytearray)) else a) == b


def test_spark_expressions_read_each_buffer_value_as_the_catalog_does(spark, java_charsets):
    cols = [spark_value(spec, f"X'{raw.hex()}'") + f" AS c{i}" for i, (spec, raw, _) in enumerate(BASELINE)]
    row = spark.sql("SELECT " + ", ".join(cols)).collect()[0]
    bad = [(spec, raw.hex(), got, want) for (spec, raw, want), got in zip(BASELINE, row) if not _same(got, want)]
    assert not bad


DDL = """CREATE TABLE APPLIB.ORDERS (
  ORDER_ID INTEGER NOT NULL,
  CUSTOMER VARCHAR(20) CCSID 273 NOT NULL,
  TITLE VARCHAR(12) CCSID 1208,
  TAG BINARY(3),
  AMOUNT DECIMAL(8,2),
  QTY NUMERIC(5,0),
  SCORE REAL,
  RATIO DOUBLE,
  SHIP_DATE DATE,
  AT_TIME TIME,
  STAMP TIMESTAMP(0),
  STAMP6 TIMESTAMP,
  PRIMARY KEY (ORDER_ID)
);
"""


def test_a_declared_table_is_benchmarked_by_every_way_and_they_agree(spark, tmp_path, monkeypatch, capsys):
    from udfs.bench import run_bench

    root = tmp_path / "project"
    home_project.create(root)
    monkeypatch.setenv("JCAT_PROJECT_DIR", str(root))
    (tmp_path / "orders.sql").write_text(DDL)
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql"),
                 "--datfmt", "*YMD", "--datsep", "-", "--timfmt", "*USA"]) == 0
    out = tmp_path / "bench.json"
    args = argparse.Namespace(master=None, records=300, repeat=1, json_path=str(out), layouts=["orders"], ways=None,
                              scaling=None)
    assert run_bench(args) == 0
    assert "ways agree on 300 records" in capsys.readouterr().out  # check_agreement: every way, every column
    figures = json.loads(out.read_text())
    assert {r["way"] for r in figures["results"]} == {"catalog", "catalog_per_field", "sql_functions",
                                                      "jvm_expressions", "row_udf", "arrow_floor"}
    assert {r["layout"] for r in figures["results"]} == {"orders"}

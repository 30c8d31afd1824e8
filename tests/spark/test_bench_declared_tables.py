"""`jcat bench --layout NAME` on declared IBM i, Log Master (LLDF) and CD (IBMSNAP) tables: Spark's own expressions
(the baseline) are correct decoders of the values, written by the tests' encoders from IBM's text, every way gives
the same columns, and a way that reads a column differently is refused before anything is timed."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
from decimal import Decimal

import pytest
from support import hfp
from support.ibmi import encoders as buf

from udfs.cli import main
from udfs.core.tables.values import ValueSpec
from udfs.render import home_project
from udfs.render.field_calls import SPARK
from udfs.render.ibmi_value_sql import spark_call, spark_value
from udfs.render.lldf_float_sql import lldf_float

pytestmark = pytest.mark.spark

# (spec, bytes from the tests' encoders, the raw value the column's catalog function gives)
BASELINE = [
    (ValueSpec("CHAR", 6, ccsid=273), "Köln".encode("cp273") + b"\x40\x40", "Köln"),
    (ValueSpec("VARCHAR", 8, ccsid=1208), buf.varying("é€ ".encode(), 8), "é€ "),  # untrimmed
    (ValueSpec("VARCHAR", 4, ccsid=37), bytes.fromhex("0009") + b"\x40" * 4, None),  # a length past the column
    (ValueSpec("VARBINARY", 4), buf.varying(b"\x00\xff", 4), b"\x00\xff"),
    (ValueSpec("SMALLINT"), (-2).to_bytes(2, "big", signed=True), -2),
    (ValueSpec("BIGINT"), (-(2**63)).to_bytes(8, "big", signed=True), -(2**63)),
    (ValueSpec("DECIMAL", 7, 2), buf.packed_scaled(Decimal("-12345.67"), 7, 2), Decimal(-1234567)),
    (ValueSpec("NUMERIC", 5, 1), buf.zoned_scaled(Decimal("-12.3"), 5, 1), Decimal(-123)),
    (ValueSpec("REAL"), buf.float_bytes(-2.5, 4), -2.5),
    (ValueSpec("REAL"), bytes.fromhex("00000001"), 2.0**-149),  # the smallest subnormal
    (ValueSpec("REAL"), bytes.fromhex("FF800000"), -math.inf),
    (ValueSpec("DOUBLE"), buf.float_bytes(1e300, 8), 1e300),
    (ValueSpec("DOUBLE"), buf.float_bytes(-5e-324, 8), -5e-324),
    (ValueSpec("DOUBLE"), bytes.fromhex("7FF8000000000001"), math.nan),
    (
        ValueSpec("DATE", datfmt="*DMY", datsep="/"),
        buf.date_bytes(dt.date(1999, 12, 31), "*DMY"),
        dt.date(1999, 12, 31),
    ),
    (
        ValueSpec("DATE", datfmt="*YMD", datsep="-"),
        buf.date_bytes(dt.date(2039, 1, 2), "*YMD", "-"),
        dt.date(2039, 1, 2),
    ),
    (ValueSpec("DATE", datfmt="*JUL", datsep="/"), buf.date_bytes(dt.date(1940, 3, 1), "*JUL"), dt.date(1940, 3, 1)),
    (ValueSpec("DATE", datfmt="*USA"), buf.date_bytes(dt.date(2024, 2, 29), "*USA"), dt.date(2024, 2, 29)),
    (ValueSpec("TIME", timfmt="*USA"), buf.time_bytes(dt.time(13, 5), "*USA"), "13:05:00"),
    (ValueSpec("TIME", timfmt="*HMS", timsep=","), buf.time_bytes(dt.time(7, 8, 9), "*HMS", ","), "07:08:09"),
    (
        ValueSpec("TIMESTAMP", fraction=0),
        buf.timestamp_bytes(dt.datetime(2024, 2, 29, 23, 59, 58)),
        dt.datetime(2024, 2, 29, 23, 59, 58),
    ),
    (
        ValueSpec("TIMESTAMP", fraction=3),
        buf.timestamp_bytes(dt.datetime(2001, 1, 1, 0, 0, 1), "120"),
        dt.datetime(2001, 1, 1, 0, 0, 1, 120000),
    ),
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
                "*YMD",
                "--datsep",
                "-",
                "--timfmt",
                "*USA",
            ]
        )
        == 0
    )
    out = tmp_path / "bench.json"
    args = argparse.Namespace(
        master=None, records=300, repeat=1, json_path=str(out), layouts=["orders"], ways=None, scaling=None
    )
    assert run_bench(args) == 0
    assert "ways agree on 300 records" in capsys.readouterr().out  # check_agreement: every way, every column
    figures = json.loads(out.read_text())
    assert {r["way"] for r in figures["results"]} == {
        "catalog",
        "catalog_per_field",
        "sql_functions",
        "jvm_functions",
        "jvm_expressions",
        "row_udf",
        "arrow_floor",
    }
    assert {r["layout"] for r in figures["results"]} == {"orders"}


# (catalog function, arguments, width, bytes from the tests' encoders, what the function gives): the calls the LLDF
# and CD tables' SQL makes that no IBM i column does (an LLDF VARCHAR's width is its own length; a CD timestamp has
# 26 characters; a 2-byte length is unsigned)
CALLS = [
    ("ibmi_varchar", (37,), None, buf.varying("AB ".encode("cp037"), 3), "AB "),  # untrimmed: Db2's value
    ("ebcdic_str", (273,), 4, "Äß".encode("cp273") + b"\x40\x40", "Äß"),
    ("unpack_bin", (False,), 2, bytes.fromhex("FFFE"), 65534),
    (
        "parse_ibmi_timestamp",
        (37,),
        26,
        buf.timestamp_bytes(dt.datetime(2026, 1, 2, 3, 4, 5), "123456"),
        dt.datetime(2026, 1, 2, 3, 4, 5, 123456),
    ),
]
FLOATS = [
    (hfp.encode(4.25, 8), 8, "hfp", 4.25),
    (hfp.encode(-17.5, 4), 4, "hfp", -17.5),
    (buf.float_bytes(-2.5e300, 8), 8, "ieee", -2.5e300),
    (buf.float_bytes(0.15625, 4), 4, "ieee", 0.15625),
]


def test_spark_expressions_read_the_lldf_and_cd_calls_as_the_catalog_does(spark, java_charsets):
    cols = [spark_call(fn, f"X'{raw.hex()}'", args, width) for fn, args, width, raw, _ in CALLS]
    cols += [lldf_float(f"X'{raw.hex()}'", width, form, SPARK) for raw, width, form, _ in FLOATS]
    row = spark.sql("SELECT " + ", ".join(f"{c} AS c{i}" for i, c in enumerate(cols))).collect()[0]
    want = [w for *_, w in CALLS] + [w for *_, w in FLOATS]
    assert [got for got, w in zip(row, want) if not _same(got, w)] == []


LLDF_DDL = """CREATE TABLE PAYROLL.STAFF
  (ID INTEGER NOT NULL, NAME VARCHAR(20) NOT NULL, NICK VARCHAR(10), PAY DECIMAL(9,2), HIRED DATE,
   SHIFT_START TIME, RATING DOUBLE, SCORE REAL, UPDATED TIMESTAMP NOT NULL, PRIMARY KEY (ID));
"""
CD_DDL = (
    "CREATE TABLE PAYROLL.CDSTAFF (IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) "
    "FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, "
    "NAME VARCHAR(20) NOT NULL, DEPT CHAR(3), XDEPT CHAR(3), PAY DECIMAL(9,2), XPAY DECIMAL(9,2), "
    "STARTED TIMESTAMP, GRADE SMALLINT, BONUS INTEGER, TAG VARCHAR(6) FOR BIT DATA);\n"
)


@pytest.fixture(scope="module")
def zos_tables(tmp_path_factory):
    """A project declaring an LLDF table and a CD table (trailing null indicators, CCSID 273)."""
    folder = tmp_path_factory.mktemp("bench_zos")
    (folder / "staff.sql").write_text(LLDF_DDL)
    (folder / "cdstaff.sql").write_text(CD_DDL)
    with pytest.MonkeyPatch.context() as mp:
        home_project.create(folder / "project")
        mp.setenv("JCAT_PROJECT_DIR", str(folder / "project"))
        assert main(["tables", "add", "zstaff", "--log", "lldf", "--ddl", str(folder / "staff.sql")]) == 0
        assert (
            main(
                [
                    "tables",
                    "add",
                    "cdstaff",
                    "--log",
                    "ibmsnap",
                    "--ddl",
                    str(folder / "cdstaff.sql"),
                    "--key",
                    "STAFFNO",
                    "--null-indicator",
                    "trailing",
                    "--ccsid",
                    "273",
                ]
            )
            == 0
        )
        yield folder


def test_declared_lldf_and_cd_tables_are_benchmarked_and_every_way_agrees(spark, zos_tables, capsys):
    from udfs.bench import run_bench

    out = zos_tables / "bench.json"
    # every way is checked; only the layout function is timed (the module's time)
    args = argparse.Namespace(
        master=None,
        records=200,
        repeat=1,
        json_path=str(out),
        layouts=["zstaff", "cdstaff"],
        ways="catalog",
        exact_ways=True,
        scaling=None,
    )
    assert run_bench(args) == 0
    printed = capsys.readouterr().out
    for note in ("declared table zstaff (PAYROLL.STAFF, Log Master row images", "declared CD table cdstaff"):
        assert note in printed
    assert printed.count("ways agree on 200 records") == 2  # every way (catalog, per field, SQL, JVM, row UDF)
    figures = json.loads(out.read_text())
    assert {(r["layout"], r["way"], r["records"]) for r in figures["results"]} == {
        ("zstaff", "catalog", 200),
        ("cdstaff", "catalog", 200),
    }


CHANGED = {"ebcdic_str": "concat({}, '#')", "unpack_packed": "({}) + 1"}


@pytest.mark.parametrize("layout, fn", [("zstaff", "unpack_packed"), ("cdstaff", "ebcdic_str")])
def test_a_way_that_reads_a_column_differently_is_refused(spark, java_charsets, zos_tables, monkeypatch, layout, fn):
    from udfs.bench import table_layout
    from udfs.bench.layouts import get
    from udfs.bench.measure import check_agreement, land, raw_table

    def differently(f, b, args=(), width=None):  # Spark's own expressions, one function's value changed
        value = SPARK(f, b, args, width)
        return CHANGED[f].format(value) if f == fn else value

    monkeypatch.setattr(table_layout, "SPARK", differently)
    lay = get(layout)
    if not spark.catalog.tableExists(raw_table(layout)):  # landed by the test above when it ran
        land(spark, lay, 50)
    with pytest.raises(AssertionError, match=f"{layout}: jvm_expressions disagrees with catalog: row 0, "):
        check_agreement(spark, lay)

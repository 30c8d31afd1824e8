"""A user's IBM i table, declared from GENERATE_SQL DDL in their own project, read from landed *TYPE5 entries.

The project is a home project (jcat as a dbt package) in a temporary folder; `jcat tables add` declares the table;
the R entries are encoded from IBM's descriptions (support.ibmi.images, support.ibmi.entries) and landed; dbt builds the
view `orders_images` and its table twin, and both must give the values the encoder wrote, NULL where JONVI says,
every column NULL and named where the image cannot be whole.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from support.declared import declared_project
from support.ibmi import images as img
from support.ibmi.entries import HEADING, type5_record

from udfs.dbt.runner import run_dbt
from udfs.spark.landing.loader import load

pytestmark = pytest.mark.spark

DDL = """-- Generate SQL
-- Version:                   V7R5M0 220415
-- Generated on:              26/11/26 10:12:45
-- Relational Database:       PRODSYS
-- Standards Option:          Db2 for i
SET PATH "QSYS","QSYS2","SYSPROC","SYSIBMADM" ;

CREATE TABLE JCATTEST.CUSTOMER_ORDERS FOR SYSTEM NAME ORDERS (
  ORDER_ID FOR COLUMN ORDID INTEGER NOT NULL ,
  CUSTOMER VARCHAR(20) CCSID 37 NOT NULL DEFAULT '' ,
  AMOUNT DECIMAL(9, 2) DEFAULT NULL ,
  SHIP_DATE DATE DEFAULT NULL ,
  CITY CHAR(12) CCSID 273 DEFAULT NULL ,
  QTY NUMERIC(5, 0) NOT NULL DEFAULT 0 ,
  "ORD#NOTE" CHAR(8) CCSID 37 DEFAULT NULL ,
  CONSTRAINT JCATTEST.Q_JCATTEST_ORDERS_ORDID_00001 PRIMARY KEY( ORDER_ID ) )
  RCDFMT ORDERSR    ;

LABEL ON TABLE JCATTEST.CUSTOMER_ORDERS IS 'Customer orders' ;
"""
COLUMNS = ("ORDER_ID", "CUSTOMER", "AMOUNT", "SHIP_DATE", "CITY", "QTY", "ORD#NOTE")
RECORD_LENGTH = 700  # the outfile's record length: DSPJRN pads each entry to it


def image(order_id, customer, amount, ship, city, qty, note) -> bytes:
    """The record buffer in DDL order (values for NULL columns are written anyway: JONVI says they are null)."""
    return (
        img.integer(order_id)
        + img.varchar(customer, 20)
        + img.packed(amount or Decimal(0), 9, 2)
        + img.date(ship or dt.date(2000, 1, 1), "*EUR")
        + img.char(city or "", 12, ccsid=273)
        + img.zoned(Decimal(qty), 5, 0)
        + img.char(note or "", 8)
    )


ROWS = [  # (entry type, values, nulls, heading overrides)
    ("PT", (1, "Müller GmbH", Decimal("1234.50"), dt.date(2026, 3, 1), "Düsseldorf", 3, "ä#@$"), [], {}),
    ("UB", (1, "Müller GmbH", Decimal("1234.50"), dt.date(2026, 3, 1), "Düsseldorf", 3, "ä#@$"), [], {}),
    ("UP", (1, "Müller GmbH", None, None, "Köln", 4, None), ["AMOUNT", "SHIP_DATE", "ORD#NOTE"], {}),
    ("DL", (2, "", Decimal("-0.01"), dt.date(1999, 12, 31), None, 0, ""), ["CITY"], {}),
    ("PT", (3, "minimized", Decimal(1), dt.date(2026, 1, 1), "X", 1, "m"), [], {"JOMINESD": "1"}),
    ("PT", (4, "other file", Decimal(1), dt.date(2026, 1, 1), "X", 1, "o"), [], {"JOOBJ": "INVOICES"}),
    ("UP", (5, "bad amount", Decimal("7.00"), dt.date(2026, 2, 2), "Y", 2, "b"), [], {"BAD_AMOUNT": True}),
]
AMOUNT_AT = 4 + 2 + 20  # after ORDER_ID (INTEGER) and CUSTOMER (VARCHAR(20)): a packed DECIMAL(9, 2), 5 bytes
NOT_PACKED = bytes.fromhex("1A3456789C")  # a digit A: no packed decimal


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory, jcat_home):
    with declared_project(tmp_path_factory, "orders", DDL, "--log", "ibmi", "--datfmt", "*EUR") as root:
        records = []
        for entry_type, values, nulls, heading in ROWS:
            esd, heading = image(*values), dict(heading)
            if heading.pop("BAD_AMOUNT", False):
                esd = esd[:AMOUNT_AT] + NOT_PACKED + esd[AMOUNT_AT + len(NOT_PACKED) :]
            records.append(
                type5_record(
                    {
                        **HEADING,
                        "JOCODE": "R",
                        "JOENTT": entry_type,
                        "JOLIB": "JCATTEST",
                        "JOOBJ": "ORDERS",
                        "JOMBR": "ORDERS",
                        "JONVI": img.null_indicators([c in nulls for c in COLUMNS]),
                        **heading,
                    },
                    esd,
                    record_length=RECORD_LENGTH,
                )
            )
        # a truncated entry: the ESD stops inside CITY
        records.append(
            type5_record(
                {
                    **HEADING,
                    "JOCODE": "R",
                    "JOENTT": "UP",
                    "JOLIB": "JCATTEST",
                    "JOOBJ": "ORDERS",
                    "JONVI": img.null_indicators([False] * 7),
                },
                image(*ROWS[0][1])[:45],
                record_length=RECORD_LENGTH,
            )
        )
        journal = root.parent / "ORDERS_TYPE5.bin"
        journal.write_bytes(b"".join(records))
        landed = load(spark, "qjordje5", [str(journal)], record_length=RECORD_LENGTH)  # as `jcat load` lands it
        # run, not build: jcat's own data tests would see every module's entries landed in this worker
        ok = run_dbt(
            spark,
            ["run", "--select", "journal_entries", "journal_entries_decoded", "orders_images", "orders_images_decoded"],
        )
        yield ok, root, landed.load_id


def expected() -> list[tuple]:
    out = []
    for entry_type, values, nulls, heading in ROWS:
        if heading.get("JOOBJ"):
            continue
        whole, bad = not heading.get("JOMINESD"), heading.get("BAD_AMOUNT")
        row = tuple(
            None if (not whole or c in nulls or (bad and c == "AMOUNT")) else v for c, v in zip(COLUMNS, values)
        )
        errors = (["AMOUNT"] if bad else []) if whole else list(COLUMNS)
        out.append((entry_type, "after" if entry_type in ("PT", "UP") else "before", *row, errors))
    out.append(("UP", "after", *([None] * 7), list(COLUMNS)))
    return out


def _typed(v):
    return Decimal(v) if isinstance(v, Decimal) else v


@pytest.mark.parametrize("relation", ["orders_images", "orders_images_decoded"])
def test_each_entry_gives_the_values_the_encoder_wrote(spark, built, relation):
    ok, _, load_id = built
    assert ok
    cols = ", ".join(f"`{c}`" for c in COLUMNS)
    got = spark.sql(
        f"select JOURNAL_ENTRY_TYPE, image_kind, {cols}, decode_errors from jcat.{relation} "
        f"where load_id = '{load_id}' order by record_offset"
    ).collect()
    rows = [tuple(r[:-1]) + (list(r[-1]),) for r in got]
    # the CITY column of the first rows was written in CCSID 273 (ü, ö): read with 273, not the table's default 37
    assert rows == expected()


def test_columns_are_typed_as_the_ddl_declares(spark, built):
    types = {f.name: f.dataType.simpleString() for f in spark.table("jcat.orders_images").schema}
    assert {c: types[c] for c in COLUMNS} == {
        "ORDER_ID": "int",
        "CUSTOMER": "string",
        "AMOUNT": "decimal(9,2)",
        "SHIP_DATE": "date",
        "CITY": "string",
        "QTY": "decimal(5,0)",
        "ORD#NOTE": "string",
    }


def test_the_view_is_a_persistent_view_a_new_session_reads(spark, built):
    kind = spark.sql("describe table extended jcat.orders_images").where("col_name = 'Type'").collect()[0][1]
    assert kind == "VIEW"


def test_strict_mode_names_the_file_offset_column_and_bytes(spark, built):
    """With var jcat_strict the view fails on the entry whose AMOUNT is not packed, naming where and what."""
    _, root, load_id = built
    try:
        assert run_dbt(spark, ["run", "--select", "orders_images", "--vars", "{jcat_strict: true}"])
        with pytest.raises(Exception) as err:
            spark.sql(f"select * from jcat.orders_images where load_id = '{load_id}' and ORDER_ID = 5").collect()
        message = str(err.value)
        assert f"jcat strict: cannot decode AMOUNT in file:{root.parent / 'ORDERS_TYPE5.bin'}" in message
        assert f" at offset {6 * RECORD_LENGTH}: " in message  # the seventh entry of the file
        assert NOT_PACKED.hex().upper() in message
    finally:
        assert run_dbt(spark, ["run", "--select", "orders_images"])

"""A user's Db2 for z/OS table, declared from its DDL in their own project, read from a landed Log Master logical log.

The project is a home project (jcat as a dbt package) in a temporary folder; `jcat tables add --log lldf` declares
the table; the row images are written from seed 002's text (support.lldf.project: null byte first, VARCHAR length
after it, packed DECIMAL, ISO characters for dates and times), wrapped in data change records (DATA as the seed
words it) and landed; dbt builds the LLDF models, the incremental table `zos_staff_images_decoded` and the view
`zos_staff_images` over it: one row per image, the values the encoder wrote, NULL where the null byte says, every column
NULL and named where the image does not match the DDL; a mass delete (no image) one row with image_kind NULL; each
row with the header fields the commit resolution reads.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from support.declared import declared_project
from support.lldf.project import char, chars, nullable, packed, seed_data, varchar

from udfs.core.layouts import lldf
from udfs.dbt.runner import run_dbt
from udfs.spark.landing.loader import load

pytestmark = pytest.mark.spark

DDL = """CREATE TABLE PAYROLL.STAFF
  (ID          INTEGER       NOT NULL,
   NAME        VARCHAR(20)   NOT NULL,
   NICK        VARCHAR(10),
   DEPT        CHAR(3),
   PAY         DECIMAL(9,2),
   HIRED       DATE,
   SHIFT_START TIME,
   LEVEL       SMALLINT      NOT NULL,
   RATING      DOUBLE,
   UPDATED     TIMESTAMP     NOT NULL,
   PRIMARY KEY (ID))
  IN PAYDB.STAFFTS;
"""
COLUMNS = ("ID", "NAME", "NICK", "DEPT", "PAY", "HIRED", "SHIFT_START", "LEVEL", "RATING", "UPDATED")
HFP_4_25 = bytes.fromhex("4144000000000000")  # 4.25 = X'44'/256 * 16^(X'41'-64): S/390 hexadecimal floating point


def image(id_, name, nick, dept, pay, hired, shift, level, rating, updated) -> bytes:
    """A row image in COLNO order as seed 002 describes it (values are the column's values, None for NULL)."""
    return (
        id_.to_bytes(4, "big", signed=True)
        + varchar(name)
        + nullable(varchar(nick), 2)  # NULL VARCHAR: X'FF' then a zero length (seed 002's example)
        + nullable(None if dept is None else char(dept, 3), 3)
        + nullable(None if pay is None else packed(pay, 9, 2), 5)
        + nullable(None if hired is None else chars(hired.isoformat()), 10)
        + nullable(None if shift is None else chars(shift.strftime("%H.%M.%S")), 8)
        + level.to_bytes(2, "big", signed=True)
        + nullable(None if rating is None else HFP_4_25, 8)
        + chars(updated.strftime("%Y-%m-%d-%H.%M.%S.%f"))
    )


T = dt.datetime(2026, 3, 1, 12, 34, 56, 123456)
ANN = (1, "Ann", "Annie", "A00", Decimal("1234.50"), dt.date(2020, 1, 15), dt.time(8, 30), 3, 4.25, T)
ANN2 = (1, "Ann  ", None, None, Decimal("-0.01"), dt.date(2020, 1, 15), None, 4, None, T)  # blanks in a VARCHAR kept
BOB = (2, "Bob", None, "B01", None, None, dt.time(23, 59, 59), -2, None, T)
CHANGES = [  # (change type, images, table name)
    ("I", [ANN], "STAFF"),
    ("UB", [ANN, ANN2], "STAFF"),
    ("D", [BOB], "STAFF"),
    ("I", [BOB], "OTHER"),  # another table's change: not this table's
    ("IL", ["short"], "STAFF"),  # an image one byte short: matches no column list
    ("DM", [], "STAFF"),  # a mass delete: no image, one row with image_kind NULL for the commit resolution
]


def _image(values) -> bytes:
    return image(*ANN)[:-1] if values == "short" else image(*values)


def record(n: int, change_type: str, images: list, table: str) -> bytes:
    header = {
        "SYSTEMID": "DB2P",
        "TABLEOWNER": "PAYROLL",
        "TABLENAME": table,
        "TBOWNERLEN": 7,
        "TBNAMELEN": len(table),
        "CHANGE_TYPE": change_type,
        "LOGRECDISP": "C",
        "UORDISP": "C",
        "MEMBERID": 1,
        "UORID": lldf.rba_field(0x5000),
        "LOGRBA": lldf.rba_field(0x5000 + n),
        "UORIDLRSN": lldf.lrsn_field(T),
        "LOGLRSN": lldf.lrsn_field(T + dt.timedelta(seconds=n)),
        "UORCOMMITLRSN": lldf.lrsn_field(T + dt.timedelta(minutes=1)),
        "TIMESTAMP": T,
    }
    data = seed_data([_image(v) for v in images])
    return lldf.encode_header({**header, "SEGLEN": lldf.HEADER_LENGTH + len(data)}) + data


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory, jcat_home):
    with declared_project(tmp_path_factory, "zos_staff", DDL, "--log", "lldf") as root:
        log = root.parent / "STAFF.LLDF"
        log.write_bytes(b"".join(record(i, *c) for i, c in enumerate(CHANGES)))
        landed = load(spark, "lldf", [str(log)])  # as `jcat load lldf` lands it: each record carries its length
        # run, not build: jcat's own data tests would see every module's entries landed in this worker
        ok = run_dbt(
            spark,
            [
                "run",
                "--select",
                "lldf_data_change",
                "lldf_change_stream",
                "zos_staff_images",
                "zos_staff_images_decoded",
            ],
        )
        yield ok, root, landed.load_id


def _typed(values) -> tuple:
    """What Spark gives: TIME as 'HH:MM:SS' text, CHAR without its padding blanks."""
    return tuple(v.strftime("%H:%M:%S") if isinstance(v, dt.time) else v for v in values)


def expected() -> list[tuple]:
    out = []
    for change_type, images, table in CHANGES:
        if table != "STAFF":
            continue
        if not images:
            out.append((change_type, None, *([None] * len(COLUMNS)), []))
        kinds = {"UB": ["before", "after"], "D": ["before"]}.get(change_type, ["after"])
        for kind, values in zip(kinds, images):
            if values == "short":
                out.append((change_type, kind, *([None] * len(COLUMNS)), list(COLUMNS)))
            else:
                out.append((change_type, kind, *_typed(values), []))
    return out


@pytest.mark.parametrize("relation", ["zos_staff_images_decoded", "zos_staff_images"])
def test_each_image_gives_the_values_the_encoder_wrote(spark, built, relation):
    ok, _, load_id = built
    assert ok
    cols = ", ".join(f"`{c}`" for c in COLUMNS)
    got = spark.sql(
        f"select CHANGE_TYPE, image_kind, {cols}, decode_errors from jcat.{relation} "
        f"where load_id = '{load_id}' order by record_number, image_kind = 'after'"
    ).collect()
    assert [tuple(r[:-1]) + (list(r[-1]),) for r in got] == expected()


def test_change_columns_and_types_as_declared(spark, built):
    df = spark.table("jcat.zos_staff_images")
    types = {f.name: f.dataType.simpleString() for f in df.schema}
    assert {c: types[c] for c in COLUMNS} == {
        "ID": "int",
        "NAME": "string",
        "NICK": "string",
        "DEPT": "string",
        "PAY": "decimal(9,2)",
        "HIRED": "date",
        "SHIFT_START": "string",
        "LEVEL": "smallint",
        "RATING": "double",
        "UPDATED": "timestamp_ntz",
    }
    _, root, load_id = built
    r = df.where(f"load_id = '{load_id}' and CHANGE_TYPE = 'D'").collect()[0]
    assert (r["LOGRBA"], r["UORID"], r["is_committed"]) == (lldf.rba_field(0x5002), lldf.rba_field(0x5000), True)
    # the header fields the commit resolution reads
    assert (r["MEMBERID"], r["UORDISP"], r["LOGRECDISP"], r["UORCOMMITLRSN"], r["LIMIT_KEYS"]) == (
        1,
        "C",
        "C",
        lldf.lrsn_field(T + dt.timedelta(minutes=1)),
        False,
    )
    assert (r["source_file"], r["record_number"]) == (f"file:{root.parent / 'STAFF.LLDF'}", 3)  # landing counts from 1


def test_the_view_selects_from_the_decoded_table(spark, built):
    kind = spark.sql("describe table extended jcat.zos_staff_images").where("col_name = 'Type'").collect()[0][1]
    assert kind == "VIEW"
    assert spark.catalog.getTable("jcat.zos_staff_images_decoded").tableType == "MANAGED"

"""Row images of a declared LLDF table of every type seed 002 describes, written from seed 002's text (no jcat
declaration, layout or encoder): a null byte before each nullable column (X'FF' NULL, a fixed column keeping its
width), a VARCHAR's 2-byte length after it, packed DECIMAL, ISO characters for dates and times, IEEE floats (or
HFP bytes given as they are).
"""

from __future__ import annotations

import datetime as dt
import struct
from decimal import Decimal

from .project import char, chars, nullable, packed, varchar

DDL = """CREATE TABLE PAYROLL.STAFF
  (ID       INTEGER       NOT NULL,
   NAME     VARCHAR(20)   NOT NULL,
   NICK     VARCHAR(10),
   DEPT     CHAR(3),
   PAY      DECIMAL(9,2),
   RATE     DECIMAL(16,9) NOT NULL,
   HIRED    DATE,
   SHIFT    TIME,
   LEVEL    SMALLINT      NOT NULL,
   BIG      BIGINT,
   SCORE    REAL,
   RATING   DOUBLE,
   TAG      CHAR(2) FOR BIT DATA,
   BLOB     VARCHAR(6) FOR BIT DATA,
   UPDATED  TIMESTAMP     NOT NULL)
  IN PAYDB.STAFFTS;
"""
NAMES = [
    "ID",
    "NAME",
    "NICK",
    "DEPT",
    "PAY",
    "RATE",
    "HIRED",
    "SHIFT",
    "LEVEL",
    "BIG",
    "SCORE",
    "RATING",
    "TAG",
    "BLOB",
    "UPDATED",
]


def encode(v: dict, float_format: str = "ieee") -> bytes:
    """A row image in COLNO order from seed 002's text; None is NULL (a fixed column keeps its width)."""

    def floating(x, fmt):
        return None if x is None else struct.pack(fmt, x) if float_format == "ieee" else x  # hfp: given as bytes

    return (
        v["ID"].to_bytes(4, "big", signed=True)
        + varchar(v["NAME"])
        + nullable(varchar(v["NICK"]), 2)
        + nullable(None if v["DEPT"] is None else char(v["DEPT"], 3), 3)
        + nullable(None if v["PAY"] is None else packed(v["PAY"], 9, 2), 5)
        + packed(v["RATE"], 16, 9)
        + nullable(None if v["HIRED"] is None else chars(v["HIRED"].isoformat()), 10)
        + nullable(None if v["SHIFT"] is None else chars(v["SHIFT"].strftime("%H.%M.%S")), 8)
        + v["LEVEL"].to_bytes(2, "big", signed=True)
        + nullable(None if v["BIG"] is None else v["BIG"].to_bytes(8, "big", signed=True), 8)
        + nullable(floating(v["SCORE"], ">f"), 4)
        + nullable(floating(v["RATING"], ">d"), 8)
        + nullable(v["TAG"], 2)
        + nullable(None if v["BLOB"] is None else len(v["BLOB"]).to_bytes(2, "big") + v["BLOB"], 2)
        + chars(v["UPDATED"].strftime("%Y-%m-%d-%H.%M.%S.%f"))
    )


ANN = {
    "ID": 1,
    "NAME": "Ann",
    "NICK": "Annie",
    "DEPT": "A00",
    "PAY": Decimal("1234.50"),
    "RATE": Decimal("123456.123456789"),
    "HIRED": dt.date(2020, 1, 15),
    "SHIFT": dt.time(8, 30),
    "LEVEL": 3,
    "BIG": -(2**62),
    "SCORE": 1.5,
    "RATING": -0.25,
    "TAG": b"\x01\xff",
    "BLOB": b"\x00\x01\x02",
    "UPDATED": dt.datetime(2026, 3, 1, 12, 34, 56, 123456),
}
EMPTY = {
    **{n: None for n in NAMES},
    "ID": 2,
    "NAME": "",
    "RATE": Decimal("-0.000000001"),
    "LEVEL": -2,
    "UPDATED": dt.datetime(1999, 12, 31, 23, 59, 59),
}


def expected(v: dict) -> dict:
    """What the columns read: TIME as 'HH:MM:SS' text, CHAR without its padding blanks."""
    out = {n: (v[n].strftime("%H:%M:%S") if isinstance(v[n], dt.time) else v[n]) for n in NAMES}
    return {**out, "decode_errors": []}

"""IBM i record images as a journal's R entries carry them, encoded from IBM's descriptions (not from jcat's layout).

JOESD of an R entry is the record in the physical file's buffer layout (seed 001, table 43, "Record images"): the
fields one after another in record-format order, each in its internal form:
- INTEGER/SMALLINT/BIGINT: big-endian two's complement, 4/2/8 bytes;
- DECIMAL(p,s): packed, two digits a byte, the last half-byte the sign (C +, D -), p//2+1 bytes;
- NUMERIC(p,s): zoned, one digit a byte, zone F, the last byte's zone the sign (F +, D -);
- CHAR(n): n characters in the column's CCSID, blank-padded; VARCHAR(n): a 2-byte length, then n bytes;
- DATE: characters in the file's DATFMT (*ISO yyyy-mm-dd, *EUR dd.mm.yyyy, *USA mm/dd/yyyy, *JIS yyyy-mm-dd).
JONVI: one byte per field in record-format order, EBCDIC '1' (X'F1') null, '0' (X'F0') not null.
Numbers, dates and VARCHAR are support.ibmi.encoders's encoders; this module lays a whole image and its indicators.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from . import encoders as buf

CODEC = {37: "cp037", 273: "cp273", 500: "cp500"}


def integer(value: int, width: int = 4) -> bytes:
    return value.to_bytes(width, "big", signed=True)


def packed(value: Decimal, precision: int, scale: int) -> bytes:
    return buf.packed_scaled(value, precision, scale)


def zoned(value: Decimal, precision: int, scale: int) -> bytes:
    return buf.zoned_scaled(value, precision, scale)


def char(text: str, width: int, ccsid: int = 37) -> bytes:
    b = text.encode(CODEC[ccsid])
    assert len(b) <= width
    return b + b"\x40" * (width - len(b))


def varchar(text: str, width: int, ccsid: int = 37) -> bytes:
    return buf.varying(text.encode(CODEC[ccsid]), width)


def date(value: dt.date, datfmt: str) -> bytes:
    return buf.date_bytes(value, datfmt)


def null_indicators(nulls: list[bool], width: int = 50) -> str:
    """JONVI as the *TYPE5 heading holds it, as text ('1' null, '0' not), padded with '0' to the outfile's width."""
    return "".join("1" if n else "0" for n in nulls).ljust(width, "0")

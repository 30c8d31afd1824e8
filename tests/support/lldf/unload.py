"""A Db2 for z/OS UNLOAD of a table, as the utility writes it by default, written from its rules (no jcat declaration,
layout or decoder; no tests here): one fixed-length record per row, the columns in DDL (COLNO) order; a nullable
column's 1-byte null indicator before its data (X'00' a value, X'FF' NULL), a NULL fixed column keeping its width;
VARCHAR(n) a 2-byte length then n bytes, padded to n (no NOPAD); SMALLINT, INTEGER, BIGINT big-endian two's
complement; DECIMAL packed; DATE, TIME, TIMESTAMP as 10, 8, 26 EBCDIC characters; REAL and DOUBLE 4 and 8 bytes
(IEEE big-endian here, or bytes given as they are: hexadecimal floating point).

`STAFF` is support.lldf.images.DDL's table as the tests' own column list (name, type, length or precision, scale,
nullable).
"""

from __future__ import annotations

import datetime as dt
import struct

from .project import char, chars, packed

STAFF = [
    ("ID", "INTEGER", 4, 0, False),
    ("NAME", "VARCHAR", 20, 0, False),
    ("NICK", "VARCHAR", 10, 0, True),
    ("DEPT", "CHAR", 3, 0, True),
    ("PAY", "DECIMAL", 9, 2, True),
    ("RATE", "DECIMAL", 16, 9, False),
    ("HIRED", "DATE", 10, 0, True),
    ("SHIFT", "TIME", 8, 0, True),
    ("LEVEL", "SMALLINT", 2, 0, False),
    ("BIG", "BIGINT", 8, 0, True),
    ("SCORE", "REAL", 4, 0, True),
    ("RATING", "DOUBLE", 8, 0, True),
    ("TAG", "CHAR", 2, 0, True),
    ("BLOB", "VARCHAR", 6, 0, True),
    ("UPDATED", "TIMESTAMP", 26, 0, False),
]
BIT_DATA = ("TAG", "BLOB")  # FOR BIT DATA: bytes as they are


def slot_width(kind: str, n: int, scale: int) -> int:
    """The bytes of a column's data after any null indicator."""
    if kind == "VARCHAR":
        return 2 + n
    if kind == "DECIMAL":
        return n // 2 + 1
    return n


def record_length(columns) -> int:
    return sum((1 if nullable else 0) + slot_width(kind, n, s) for _, kind, n, s, nullable in columns)


def _data(name: str, kind: str, n: int, scale: int, v, pad: int) -> bytes:
    if kind == "VARCHAR":
        raw = v if name in BIT_DATA else v.encode("cp037")
        return len(raw).to_bytes(2, "big") + raw + bytes([pad]) * (n - len(raw))
    if kind == "CHAR":
        return v if name in BIT_DATA else char(v, n)
    if kind in ("SMALLINT", "INTEGER", "BIGINT"):
        return v.to_bytes(n, "big", signed=True)
    if kind == "DECIMAL":
        return packed(v, n, scale)
    if kind in ("REAL", "DOUBLE"):
        return v if isinstance(v, bytes) else struct.pack(">f" if n == 4 else ">d", v)
    if kind == "DATE":
        return chars(v.isoformat())
    if kind == "TIME":
        return chars(v.strftime("%H.%M.%S"))
    assert kind == "TIMESTAMP" and isinstance(v, dt.datetime)
    return chars(v.strftime("%Y-%m-%d-%H.%M.%S.%f"))


def record(row: dict, columns=STAFF, pad: int = 0x00, null_fill: int = 0x00) -> bytes:
    """One row's record; None is NULL (X'FF', then the slot's width of `null_fill`); VARCHARs padded with `pad`."""
    out = b""
    for name, kind, n, scale, nullable in columns:
        v = row[name]
        if v is None:
            assert nullable, name
            out += b"\xff" + bytes([null_fill]) * slot_width(kind, n, scale)
            continue
        data = _data(name, kind, n, scale, v, pad)
        assert len(data) == slot_width(kind, n, scale), name
        out += (b"\x00" if nullable else b"") + data
    return out


def varchar_at(columns, name: str) -> int:
    """0-based offset of VARCHAR `name`'s 2-byte length in a record (after its null indicator)."""
    at = 0
    for c, kind, n, scale, nullable in columns:
        at += 1 if nullable else 0
        if c == name:
            return at
        at += slot_width(kind, n, scale)
    raise KeyError(name)

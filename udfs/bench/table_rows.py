"""The row_udf way of declared tables: each catalog function a column is read by, written row at a time in plain
Python as a user first writes it, registered as a Spark UDF and called where the per-column SQL calls the function
(`RowCalls`, a udfs/render/field_calls.py writer: positions, null bytes and typing stay the renderer's SQL)."""

from __future__ import annotations

import datetime as dt
import struct
from decimal import Decimal

from ..core.tables.image_decode import KERNELS

PY_CODECS = {37: "cp037", 273: "cp273", 500: "cp500", 1140: "cp1140", 1208: "utf-8", 1200: "utf-16-be"}
PY_DATES = {
    "*ISO": "%Y-%m-%d",
    "*JIS": "%Y-%m-%d",
    "*EUR": "%d.%m.%Y",
    "*USA": "%m/%d/%Y",
    "*MDY": "%m{s}%d{s}%y",
    "*DMY": "%d{s}%m{s}%y",
    "*YMD": "%y{s}%m{s}%d",
    "*JUL": "%y{s}%j",
}
PY_TIMES = {"*ISO": "%H.%M.%S", "*EUR": "%H.%M.%S", "*JIS": "%H:%M:%S", "*HMS": "%H{s}%M{s}%S", "*USA": "%I:%M %p"}


def _varying(b):
    n = int.from_bytes(b[:2], "big")
    return b[2 : 2 + n] if n <= len(b) - 2 else None


def _date(fmt: str, sep: str):
    pattern = PY_DATES[fmt].format(s=sep)

    def decode(b):
        d = dt.datetime.strptime(b.decode("cp037"), pattern).date()
        return d.replace(year=d.year - 100) if d.year >= 2040 and "%y" in pattern else d

    return decode


def _time(fmt: str, sep: str):
    pattern = PY_TIMES[fmt].format(s=sep)
    return lambda b: dt.datetime.strptime(b.decode("cp037"), pattern).strftime("%H:%M:%S")


def _timestamp(b):
    text = b.decode("cp037")
    return dt.datetime.strptime(text[:26], "%Y-%m-%d-%H.%M.%S" + (".%f" if len(text) > 19 else ""))


def _varchar(ccsid: int):
    def decode(b):
        v = _varying(b)
        return None if v is None else v.decode(PY_CODECS[ccsid])

    return decode


def _packed(b):
    h = b.hex()
    return Decimal(h[:-1]) * (-1 if h[-1] in "bd" else 1)


def _zoned(b):
    return Decimal("".join(str(x & 0x0F) for x in b)) * (-1 if b[-1] >> 4 in (0xB, 0xD) else 1)


ROW_FUNCTIONS = {
    None: lambda: lambda b: b,
    "ebcdic_str": lambda ccsid: lambda b: b.decode(PY_CODECS[ccsid]).rstrip(" \x00"),
    "ibmi_varchar": _varchar,
    "ibmi_varbinary": lambda: _varying,
    "unpack_bin": lambda signed=True: lambda b: int.from_bytes(b, "big", signed=signed),
    "unpack_packed": lambda: _packed,
    "unpack_zoned": lambda: _zoned,
    "unpack_float": lambda: lambda b: struct.unpack(">f" if len(b) == 4 else ">d", b)[0],
    "ibmi_date": _date,
    "ibmi_time": _time,
    "parse_ibmi_timestamp": lambda ccsid=37: _timestamp,  # its characters are invariant in every EBCDIC CCSID
}


def row_function(fn: str | None, args: tuple):
    """What `fn(b, *args)` gives, one row at a time (NULL bytes give NULL)."""
    if fn not in ROW_FUNCTIONS:
        raise ValueError(f"no row-at-a-time decoder for catalog function {fn}: add it to udfs/bench/table_rows.py")
    decode = ROW_FUNCTIONS[fn](*args)
    return lambda b: None if b is None else decode(b)


def row_type(fn: str | None) -> str:
    return "binary" if fn is None else KERNELS[fn].returns.lower()


class RowCalls:
    """A field_calls writer naming one row UDF per (function, arguments) it is asked for; `register` registers
    them."""

    def __init__(self, prefix: str):
        self.prefix, self.used = prefix, {}

    def __call__(self, fn: str | None, b: str, args: tuple = (), width: int | None = None) -> str:
        name = f"{self.prefix}_{fn or 'bytes'}" + "".join(f"_{str(a).encode().hex()}" for a in args)
        self.used[name] = (fn, tuple(args))
        return f"{name}({b})"

    def register(self, spark) -> None:
        from pyspark.sql.functions import udf

        for name, (fn, args) in self.used.items():
            spark.udf.register(name, udf(row_function(fn, args), row_type(fn)))

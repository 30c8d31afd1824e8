"""Encoders of IBM i record-buffer values, written from IBM's text (tests/data/sources/ibmi_date_time_formats.md,
the SQL reference's TIMESTAMP and USA time rules, IEEE 754, VARCHAR's 2-byte length), not from the kernels: the
round trips and the differential test build their inputs with them.
"""

from __future__ import annotations

import datetime as dt
import struct
from decimal import Context, Decimal

from udfs.core import encoders as enc

# DATFMT -> (form, length) as IBM's table gives it; '/' in a separated form is DATSEP
DATE_FORMATS = {
    "*ISO": "yyyy-mm-dd",
    "*JIS": "yyyy-mm-dd",
    "*USA": "mm/dd/yyyy",
    "*EUR": "dd.mm.yyyy",
    "*MDY": "mm/dd/yy",
    "*DMY": "dd/mm/yy",
    "*YMD": "yy/mm/dd",
    "*JUL": "yy/ddd",
}
TWO_DIGIT_YEARS = ("*MDY", "*DMY", "*YMD", "*JUL")  # 1940-2039
TIME_FORMATS = {"*ISO": "hh.mm.ss", "*EUR": "hh.mm.ss", "*JIS": "hh:mm:ss", "*HMS": "hh:mm:ss", "*USA": "hh:mm AM"}
SEPARATED_TIMES = ("*HMS",)
SEPARATORS = ("/", "-", ".", ",", " ")


def _ebcdic(text: str) -> bytes:
    return enc.ebcdic(text, ccsid=37)


def date_text(d: dt.date, fmt: str, sep: str = "/") -> str:
    fmt = fmt.upper()
    if fmt in TWO_DIGIT_YEARS and not 1940 <= d.year <= 2039:
        raise ValueError(f"{d} has no two-digit year in {fmt}")
    yy = f"{d.year % 100:02d}"
    forms = {
        "*ISO": f"{d.year:04d}-{d.month:02d}-{d.day:02d}",
        "*USA": f"{d.month:02d}/{d.day:02d}/{d.year:04d}",
        "*EUR": f"{d.day:02d}.{d.month:02d}.{d.year:04d}",
        "*MDY": f"{d.month:02d}{sep}{d.day:02d}{sep}{yy}",
        "*DMY": f"{d.day:02d}{sep}{d.month:02d}{sep}{yy}",
        "*YMD": f"{yy}{sep}{d.month:02d}{sep}{d.day:02d}",
        "*JUL": f"{yy}{sep}{d.timetuple().tm_yday:03d}",
    }
    forms["*JIS"] = forms["*ISO"]
    return forms[fmt]


def date_bytes(d: dt.date, fmt: str, sep: str = "/") -> bytes:
    return _ebcdic(date_text(d, fmt, sep))


def time_text(t: dt.time, fmt: str, sep: str = ":") -> str:
    """*USA has hours and minutes only: 00:mm is 12:mm AM but 00:00 is 00:00 AM (IBM's USA-to-ISO table, where
    12:00 AM is 24.00.00), 12:mm is 12:mm PM, 13-23 are 01-11 PM."""
    fmt = fmt.upper()
    if fmt == "*USA":
        if t.second:
            raise ValueError("the USA form has no seconds")
        if t.hour == 0 and t.minute == 0:
            h, half = 0, "AM"
        elif t.hour < 12:
            h, half = t.hour or 12, "AM"
        else:
            h, half = t.hour - 12 or 12, "PM"
        return f"{h:02d}:{t.minute:02d} {half}"
    s = {"*ISO": ".", "*EUR": ".", "*JIS": ":", "*HMS": sep}[fmt]
    return f"{t.hour:02d}{s}{t.minute:02d}{s}{t.second:02d}"


def time_bytes(t: dt.time, fmt: str, sep: str = ":") -> bytes:
    return _ebcdic(time_text(t, fmt, sep))


def timestamp_bytes(ts: dt.datetime, fraction: str = "", ccsid: int = 37) -> bytes:
    """TIMESTAMP(p), p = len(fraction): yyyy-mm-dd-hh.mm.ss, then '.' and the p digits when p > 0."""
    text = f"{ts.year:04d}-{ts.month:02d}-{ts.day:02d}-{ts.hour:02d}.{ts.minute:02d}.{ts.second:02d}"
    return enc.ebcdic(text + ("." + fraction if fraction else ""), ccsid=ccsid)


def float_bytes(x: float, width: int) -> bytes:
    """IEEE 754 big-endian: binary32 (REAL) or binary64 (DOUBLE)."""
    return struct.pack(">f" if width == 4 else ">d", x)


def varying(payload: bytes, maximum: int, fill: int = 0x00) -> bytes:
    """VARCHAR/VARBINARY in a buffer: 2-byte big-endian length, the bytes, then the rest of the declared maximum."""
    if len(payload) > maximum:
        raise ValueError("longer than the column")
    return len(payload).to_bytes(2, "big") + payload + bytes([fill]) * (maximum - len(payload))


EXACT = Context(prec=64)  # Decimal's default 28 digits would round a DECIMAL(31)


def zoned_scaled(value: Decimal, precision: int, scale: int) -> bytes:
    """NUMERIC(p, s): the digits of value * 10^s, zoned, p bytes."""
    return enc.zoned(int(value.scaleb(scale, EXACT)), precision)


def packed_scaled(value: Decimal, precision: int, scale: int) -> bytes:
    """DECIMAL(p, s): the digits of value * 10^s, packed, p // 2 + 1 bytes."""
    return enc.packed(int(value.scaleb(scale, EXACT)), precision if precision % 2 else precision + 1)

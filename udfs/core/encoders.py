"""Encoders: the inverse of every kernel, to make realistic test, demo and benchmark data.

Plain Python on purpose: they build records, not query results, and their simplicity is what
lets tests trust them as an independent statement of each format.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from .kernels.clocks import TOD_UNIX_EPOCH
from .kernels.ebcdic import DEFAULT_CCSID, codec_name, encode_table

UNIX_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def ebcdic(text: str, width: int | None = None, ccsid: int = DEFAULT_CCSID) -> bytes:
    """Text to EBCDIC, blank-padded (X'40') to `width`; too long text is an error, never truncated."""
    table = encode_table(ccsid)
    try:
        raw = bytes(table[ch] for ch in text)
    except KeyError as e:
        raise ValueError(f"{e.args[0]!r} has no code point in CCSID {ccsid} ({codec_name(ccsid)})") from None
    if width is None:
        return raw
    if len(raw) > width:
        raise ValueError(f"{text!r} is longer than {width} bytes")
    return raw + b"\x40" * (width - len(raw))


def _digits(value: int | Decimal, ndigits: int | None) -> tuple[str, bool]:
    v = int(value)
    neg = v < 0
    s = str(abs(v))
    if ndigits is not None:
        if len(s) > ndigits:
            raise ValueError(f"{value} does not fit {ndigits} digits")
        s = s.rjust(ndigits, "0")
    return s, neg


def zoned(
    value: int | Decimal, ndigits: int | None = None, positive_sign: int = 0xF, negative_sign: int = 0xD
) -> bytes:
    """Zoned decimal: X'F0'-X'F9' per digit, the last byte's zone carrying the sign."""
    s, neg = _digits(value, ndigits)
    out = bytearray(0xF0 | int(c) for c in s)
    out[-1] = ((negative_sign if neg else positive_sign) << 4) | int(s[-1])
    return bytes(out)


def packed(
    value: int | Decimal, ndigits: int | None = None, positive_sign: int = 0xC, negative_sign: int = 0xD
) -> bytes:
    """Packed decimal: two digits a byte, the sign in the last nibble; odd digit count (pads a 0)."""
    s, neg = _digits(value, ndigits)
    if len(s) % 2 == 0:
        s = "0" + s
    nibbles = [int(c) for c in s] + [negative_sign if neg else positive_sign]
    return bytes((nibbles[i] << 4) | nibbles[i + 1] for i in range(0, len(nibbles), 2))


def binary(value: int, width: int, signed: bool = True) -> bytes:
    return int(value).to_bytes(width, "big", signed=signed)


def _micros_since_epoch(ts: dt.datetime) -> int:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=dt.timezone.utc)
    delta = ts - UNIX_EPOCH
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds


def tod_value(ts: dt.datetime) -> int:
    """The 64-bit TOD clock value (may exceed 64 bits after 2042: the excess is the STCKE epoch)."""
    return (_micros_since_epoch(ts) << 12) + TOD_UNIX_EPOCH


def stck(ts: dt.datetime) -> bytes:
    v = tod_value(ts)
    if not 0 <= v < 2**64:
        raise ValueError(f"{ts} is outside the 8-byte TOD clock range (1900-2042)")
    return v.to_bytes(8, "big")


def stcke(ts: dt.datetime) -> bytes:
    v = tod_value(ts)
    return bytes([v >> 64]) + (v & (2**64 - 1)).to_bytes(8, "big") + b"\x00" * 7


def lrsn(ts: dt.datetime, extended: bool = True) -> bytes:
    """A Db2 LRSN for an instant: 10-byte extended (STCKE bytes 0-9) or 6-byte basic (TOD bits 0-47)."""
    v = tod_value(ts)
    if extended:
        return bytes([v >> 64]) + (v & (2**64 - 1)).to_bytes(8, "big") + b"\x00"
    if not 0 <= v < 2**64:
        raise ValueError(f"{ts} is outside the basic 6-byte LRSN range")
    return (v >> 16).to_bytes(6, "big")


def rba(value: int, extended: bool = True) -> bytes:
    return value.to_bytes(10 if extended else 6, "big")


def timestamp17(ts: dt.datetime, fraction_digits: str | None = None) -> bytes:
    """LLDF BIN(17): BCD YYYYMMDDHHMMSS then 20 fraction nibbles (microseconds unless `fraction_digits`)."""
    frac = fraction_digits if fraction_digits is not None else f"{ts.microsecond:06d}"
    if len(frac) > 20 or not frac.isdigit():
        raise ValueError("fraction_digits is up to 20 decimal digits")
    digits = f"{ts.year:04d}{ts.month:02d}{ts.day:02d}{ts.hour:02d}{ts.minute:02d}{ts.second:02d}" + frac.ljust(20, "0")
    return bytes.fromhex(digits)


def ibmi_timestamp(ts: dt.datetime, ccsid: int = DEFAULT_CCSID) -> bytes:
    text = (
        f"{ts.year:04d}-{ts.month:02d}-{ts.day:02d}-{ts.hour:02d}.{ts.minute:02d}.{ts.second:02d}.{ts.microsecond:06d}"
    )
    return ebcdic(text, 26, ccsid)

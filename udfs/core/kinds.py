"""One field type and one table of kinds: the only place that says how a kind of field is decoded and encoded.

A layout is a tuple of `Field`s, one per line of the IBM (or BMC, or Broadcom) table: position (1-based, as
the manual prints it; LLDF's 0-based offsets are converted where declared), width in bytes, kind, the model's
column, IBM's format and the description. `KINDS[field.kind]` then gives everything derived from the kind:

- `kernel`: the batch decoder the layout function (`decode_<layout>`) runs on the field's bytes, or RAW
  (the bytes themselves) or None (no kernel: the kind is decoded by SQL only, e.g. IDMS date-times);
- `sql_type`: the Spark SQL type the kernel returns (`{n}`: the width in bytes, `{d}`: 2n-1 digits);
- `encode(field, value)`: the sample/test-data encoder (what the demo and the benchmark write);
- `blank`: the byte an absent value is written as.

The SQL a kind is written in (its dbt field macro, the model's column from the layout function's struct, and the
same column in Spark's own expressions) is text, so it lives with the renderers: udfs/render/kind_sql.py.

Tests never derive an expected value from this table: they hold golden hex and encoders written from the
manual (tests/support/golden.py, the encoders in udfs/core/encoders.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import encoders as enc
from .kernels.binary import unpack_bin, unpack_u64
from .kernels.clocks import (
    idms_datetime,
    parse_ibmi_timestamp,
    parse_lrsn,
    parse_timestamp17,
    parse_timestamp17_fraction,
)
from .kernels.decimal import unpack_packed, unpack_zoned
from .kernels.ebcdic import ebcdic_str


@dataclass(frozen=True, init=False)
class Field:
    """One line of a layout table, built with keywords only: `Field(name=..., pos=..., length=..., kind=...)`.

    The position is given as the manual prints it: `pos` (1-based, IBM i, IDMS) or `offset` (0-based, LLDF),
    never both; it is kept 1-based."""

    name: str  # the manual's field name (IBM i short names, LLDF/IDMS names), also the layout function's struct field
    pos: int  # 1-based, as the manual prints it
    length: int  # bytes
    kind: str  # a key of KINDS
    doc: str = ""  # the manual's description
    column: str | None = None  # heading and M7 tables: the model's column; None: not read (reserved, copies)
    fmt: str = ""  # the manual's format as printed (Char(10), Zoned(5,0), Bin(5), BIN(17), ...)
    values: tuple[str, ...] = ()  # accepted values, only where the manual states them

    def __init__(
        self,
        *,
        name: str,
        length: int,
        kind: str,
        pos: int | None = None,
        offset: int | None = None,
        doc: str = "",
        column: str | None = None,
        fmt: str = "",
        values=(),
    ):
        if (pos is None) == (offset is None):
            raise TypeError(f"{name}: give pos (1-based) or offset (0-based), one of them")
        for attr, value in (
            ("name", name),
            ("pos", offset + 1 if pos is None else pos),
            ("length", length),
            ("kind", kind),
            ("doc", doc),
            ("column", column),
            ("fmt", fmt),
            ("values", tuple(values)),
        ):
            object.__setattr__(self, attr, value)

    @property
    def offset(self) -> int:
        return self.pos - 1

    @property
    def end(self) -> int:  # 1-based position after the field
        return self.pos + self.length

    @property
    def sql_type(self) -> str:
        return KINDS[self.kind].type_for(self.length)


RAW = "raw"  # kernel marker: the field's bytes as BINARY, not decoded


@dataclass(frozen=True)
class Kind:
    name: str
    kernel: Callable | str | None
    sql_type: str
    encode: Callable[[Field, Any], bytes]
    blank: bytes = b"\x00"
    doc: str = ""

    def type_for(self, length: int) -> str:
        return self.sql_type.format(n=length, d=2 * length - 1)


def _exact(f: Field, raw: bytes) -> bytes:
    raw = bytes(raw)
    if len(raw) != f.length:
        raise ValueError(f"{f.name} takes {f.length} bytes, got {len(raw)}")
    return raw


def _char(f, v):
    return enc.ebcdic("" if v is None else str(v), f.length)


def _digits(f, v):
    return enc.ebcdic(str(int(v)).rjust(f.length, "0"), f.length)


def _ibmi_ts(f, v):
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    assert isinstance(v, dt.datetime), f"{f.name}: a datetime"
    return enc.ibmi_timestamp(v)


def _ts17(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    if isinstance(v, tuple):  # (datetime, fraction digits below the second)
        return enc.timestamp17(v[0], v[1])
    return enc.timestamp17(v)


def _lrsn(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, dt.datetime):
        return enc.lrsn(v, extended=f.length == 10)
    return _exact(f, v)


def _rba(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, int):
        return enc.rba(v, extended=f.length == 10)
    return _exact(f, v)


def _idms_ts(f, v):
    if v is None:
        return b"\x00" * 8
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    days = (v.date() - dt.date(1, 1, 1)).days  # IDMS date-time: days since 0001-01-01, seconds, microseconds
    secs = v.hour * 3600 + v.minute * 60 + v.second
    return ((days << 37) | (secs << 20) | v.microsecond).to_bytes(8, "big")


def _idms_local(b, strict=False):
    return idms_datetime(b, False, strict=strict)


def _idms_utc(b, strict=False):
    return idms_datetime(b, True, strict=strict)


def _ubin_kernel(b, strict=False):
    return unpack_bin(b, False, strict=strict)


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("char", ebcdic_str, "STRING", _char, blank=b"\x40", doc="EBCDIC text, trailing blanks removed"),
        Kind(
            "digits",
            ebcdic_str,
            "STRING",
            _digits,
            blank=b"\x40",
            doc="Char(n) holding decimal digits: text in a layout function, DECIMAL(n,0) in the models",
        ),
        Kind(
            "zoned",
            unpack_zoned,
            "DECIMAL(38,0)",
            lambda f, v: enc.zoned(v or 0, f.length),
            doc="zoned decimal, one digit a byte",
        ),
        Kind(
            "packed",
            unpack_packed,
            "DECIMAL(38,0)",
            lambda f, v: enc.packed(v or 0, 2 * f.length - 1),
            doc="packed decimal, two digits a byte",
        ),
        Kind(
            "bin",
            unpack_bin,
            "BIGINT",
            lambda f, v: enc.binary(v or 0, f.length),
            doc="signed big-endian binary (two's complement)",
        ),
        Kind(
            "ubin",
            _ubin_kernel,
            "BIGINT",
            lambda f, v: enc.binary(v or 0, f.length, signed=False),
            doc="unsigned big-endian binary",
        ),
        Kind(
            "u64",
            unpack_u64,
            "DECIMAL(20,0)",
            lambda f, v: enc.binary(v or 0, f.length, signed=False),
            doc="unsigned Bin(64), exact above 2^63",
        ),
        Kind(
            "hex",
            RAW,
            "BINARY",
            lambda f, v: b"\x00" * f.length if v is None else _exact(f, v),
            doc="raw bytes (identifiers); models show them as hex text",
        ),
        Kind(
            "ibmi_ts",
            parse_ibmi_timestamp,
            "TIMESTAMP_NTZ",
            _ibmi_ts,
            blank=b"\x40",
            doc="IBM i 26-character timestamp",
        ),
        Kind("ts17", parse_timestamp17, "TIMESTAMP_NTZ", _ts17, doc="BMC BIN(17) BCD timestamp"),
        Kind(
            "ts17_fraction",
            parse_timestamp17_fraction,
            "STRING",
            _ts17,
            doc="all fraction digits of a BIN(17) timestamp: 12, more where they are not zero",
        ),
        Kind("lrsn", parse_lrsn, "TIMESTAMP", _lrsn, doc="Db2 LRSN, 6 or 10 bytes"),
        Kind("rba", None, "BINARY", _rba, doc="Db2 RBA, 6 or 10 bytes"),
        Kind("idms_ts", _idms_local, "TIMESTAMP_NTZ", _idms_ts, doc="IDMS 8-byte date-time, the system's wall clock"),
        Kind(
            "idms_ts_utc", _idms_utc, "TIMESTAMP", _idms_ts, doc="IDMS 8-byte date-time, a UTC instant (the GMT stamps)"
        ),
        Kind("reserved", None, "BINARY", lambda f, v: b"\x00" * f.length, doc="reserved bytes, not decoded"),
        Kind("tail", None, "BINARY", lambda f, v: bytes(v or b""), doc="Char(*): from the position to the end"),
        Kind("group", None, "", lambda f, v: b"", doc="a heading naming the fields that follow (no bytes)"),
    )
}


def encode_field(f: Field, value) -> bytes:
    """The field's bytes for `value` (None: the kind's blank)."""
    if f.kind not in KINDS:
        raise ValueError(f"unknown kind {f.kind}")
    if value is None and f.kind in ("char", "digits", "ibmi_ts"):
        return KINDS[f.kind].blank * f.length
    return KINDS[f.kind].encode(f, value)


def check_contiguous(fields, start: int, end: int) -> None:
    """Each field starts where the previous ended: the table closes exactly at `end`."""
    pos = start
    for f in fields:
        if f.pos != pos:
            raise AssertionError(f"{f.name} starts at {f.pos}, expected {pos}")
        pos = f.end
    if pos != end:
        raise AssertionError(f"layout ends at {pos}, expected {end}")


def record_kinds() -> dict[str, tuple[Callable | None, str]]:
    """kind -> (kernel or None for raw bytes, Spark SQL type) for every kind a layout function decodes."""
    return {k.name: (None if k.kernel == RAW else k.kernel, k.sql_type) for k in KINDS.values() if k.kernel is not None}

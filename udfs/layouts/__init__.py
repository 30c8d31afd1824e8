"""Record layouts as data: one Field per line of the IBM table, 1-based position and byte width.

Encoders use them to build records; models and benchmarks use them to cut fields. Kinds:
char (EBCDIC text), digits (EBCDIC text of digits), zoned, packed, bin (signed big-endian), hex (raw bytes),
ibmi_ts (26-byte SAA timestamp).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .. import encoders as enc


@dataclass(frozen=True)
class Field:
    name: str
    pos: int  # 1-based, as IBM prints it
    length: int  # bytes
    kind: str
    doc: str = ""

    @property
    def offset(self) -> int:
        return self.pos - 1

    @property
    def end(self) -> int:  # 1-based position after the field
        return self.pos + self.length


def check_contiguous(fields: tuple[Field, ...], start: int, end: int) -> None:
    """Each field starts where the previous ended: the table closes exactly at `end`."""
    pos = start
    for f in fields:
        if f.pos != pos:
            raise AssertionError(f"{f.name} starts at {f.pos}, expected {pos}")
        pos = f.end
    if pos != end:
        raise AssertionError(f"layout ends at {pos}, expected {end}")


def encode_field(f: Field, value) -> bytes:
    if value is None:
        return b"\x40" * f.length if f.kind in ("char", "digits", "ibmi_ts") else b"\x00" * f.length
    if f.kind == "char":
        return enc.ebcdic(str(value), f.length)
    if f.kind == "digits":
        return enc.ebcdic(str(int(value)).rjust(f.length, "0"), f.length)
    if f.kind == "zoned":
        return enc.zoned(value, f.length)
    if f.kind == "packed":
        return enc.packed(value, 2 * f.length - 1)
    if f.kind == "bin":
        return enc.binary(value, f.length)
    if f.kind == "ibmi_ts":
        assert isinstance(value, dt.datetime)
        return enc.ibmi_timestamp(value)
    if f.kind == "hex":
        raw = bytes(value)
        if len(raw) != f.length:
            raise ValueError(f"{f.name} takes {f.length} bytes, got {len(raw)}")
        return raw
    raise ValueError(f"unknown kind {f.kind}")


def encode_record(fields: tuple[Field, ...], values: dict, length: int, fill: bytes = b"\x40") -> bytes:
    """A record of `length` bytes: the named fields encoded in place, everything else `fill`."""
    unknown = set(values) - {f.name for f in fields}
    if unknown:
        raise KeyError(f"no such fields: {sorted(unknown)}")
    buf = bytearray(fill * length)
    for f in fields:
        if f.name in values or f.kind in ("zoned", "bin", "packed"):
            buf[f.offset:f.offset + f.length] = encode_field(f, values.get(f.name, 0 if f.kind != "char" else None))
    return bytes(buf)

"""Record layouts as data: one Field per line of the IBM table, 1-based position and byte width.

Encoders use them to build records; models and benchmarks use them to cut fields. The field type and its
kinds live in `udfs.core.kinds` (one table: decoder, SQL type, encoder, dbt macro).
"""

from __future__ import annotations

from ..kinds import Field, check_contiguous, encode_field  # noqa: F401  (the one field type)


def encode_record(fields: tuple[Field, ...], values: dict, length: int, fill: bytes = b"\x40") -> bytes:
    """A record of `length` bytes: the named fields encoded in place, everything else `fill`."""
    unknown = set(values) - {f.name for f in fields}
    if unknown:
        raise KeyError(f"no such fields: {sorted(unknown)}")
    buf = bytearray(fill * length)
    for f in fields:
        if f.name in values or f.kind in ("zoned", "bin", "packed"):
            buf[f.offset : f.offset + f.length] = encode_field(f, values.get(f.name, 0 if f.kind != "char" else None))
    return bytes(buf)

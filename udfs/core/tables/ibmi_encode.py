"""Row images of a declared IBM i table encoded from given values, as its record buffer holds them (the demo's
order headers).

Tests never take expected values from here (they encode from IBM's text: tests/support/ibmi/images.py).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from .. import encoders as enc
from .ibmi_image import BIT_DATA, ImageColumn

DATE_PATTERNS = {"*ISO": "%Y-%m-%d", "*EUR": "%d.%m.%Y", "*USA": "%m/%d/%Y", "*JIS": "%Y-%m-%d"}


def _text(c: ImageColumn, value) -> bytes:
    if c.spec.ccsid == BIT_DATA:
        return bytes(value)
    return enc.ebcdic(str(value), None, c.spec.ccsid)


def encode_value(c: ImageColumn, value) -> bytes:
    s = c.spec
    if s.type in ("CHAR", "BINARY"):
        raw = _text(c, value) if s.type == "CHAR" else bytes(value)
        return raw.ljust(s.length, b"\x40" if s.type == "CHAR" else b"\x00")
    if s.type in ("VARCHAR", "VARBINARY"):
        raw = _text(c, value) if s.type == "VARCHAR" else bytes(value)
        return len(raw).to_bytes(2, "big") + raw.ljust(s.length, b"\x00")
    if s.type in ("SMALLINT", "INTEGER", "BIGINT"):
        return enc.binary(int(value), c.width)
    if s.type in ("DECIMAL", "NUMERIC"):
        scaled = int(Decimal(value).scaleb(s.scale))
        return enc.packed(scaled, s.length) if s.type == "DECIMAL" else enc.zoned(scaled, s.length)
    if s.type == "DATE" and s.datfmt in DATE_PATTERNS:
        return enc.ebcdic(value.strftime(DATE_PATTERNS[s.datfmt]))
    if s.type == "TIMESTAMP":
        text = value.strftime("%Y-%m-%d-%H.%M.%S.%f")
        return enc.ebcdic(text[:19] + (text[19 : 20 + s.fraction] if s.fraction else ""))
    raise ValueError(f"{c.name}: no sample encoder for {s.type} {s.datfmt}")


def encode_image(columns: tuple[ImageColumn, ...], values: dict) -> tuple[bytes, str]:
    """(JOESD, JONVI as text): a value of None is a null (its bytes the type's zero)."""
    buf, nulls = bytearray(), []
    for c in columns:
        v = values.get(c.name)
        nulls.append("1" if v is None else "0")
        if v is None:
            v = {"DATE": dt.date(2000, 1, 1), "TIMESTAMP": dt.datetime(2000, 1, 1)}.get(c.spec.type, 0)
            if c.spec.type in ("CHAR", "VARCHAR"):
                v = ""
        raw = encode_value(c, v)
        assert len(raw) == c.width, (c.name, len(raw), c.width)
        buf += raw
    return bytes(buf), "".join(nulls)

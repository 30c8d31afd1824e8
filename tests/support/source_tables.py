"""The source tables as the tests read them (tests/data/sources, copied from the seeds), and encoders written from
them alone: a record built here puts each field where the vendor's table says, whatever a declaration says.

- Seed 002 (LLDF header): one field per block of lines: name, offset in decimal, offset in hex, `BIN(n)`/`CHAR(n)`.
  Two names were lost in the copy: offset 104 reads 'CHANGE TYPE' (CHANGE_TYPE), offset 188 has none (reserved).
- Seed 004 (JREPORT 000): `REC name position length [type]`, 1-based positions, type 1 binary, 2 packed.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from udfs.core import encoders as enc

from . import DATA

LLDF_TABLE = DATA / "sources" / "002_lldf_header.txt"
IDMS_REC = DATA / "sources" / "004_idms_jreport_rec.txt"


@dataclass(frozen=True)
class SourceField:
    name: str
    offset: int  # 0-based
    width: int  # bytes
    form: str  # BIN or CHAR (LLDF); "1", "2" or "" (IDMS)


# ---- seed 002: the LLDF header ------------------------------------------------------------------------------


def lldf_header_table() -> list[SourceField]:
    """Every header field of seed 002's table, in its order. A field is a decimal offset line, then that offset in
    hex, then its definition; its name is the line before the offset when it reads like a name."""
    lines = [ln.strip() for ln in LLDF_TABLE.read_text().split("----\n", 1)[1].splitlines() if ln.strip()]
    out = []
    for i in range(1, len(lines) - 2):
        dec, hexed, definition = lines[i], lines[i + 1], lines[i + 2]
        m = re.fullmatch(r"(BIN|CHAR)\((\d+)\)(\s+1)?", definition)
        if not (dec.isdigit() and re.fullmatch(r"[0-9A-F]+", hexed) and int(hexed, 16) == int(dec) and m):
            continue
        name = lines[i - 1]
        name = name.replace(" ", "_") if re.fullmatch(r"[A-Z][A-Z0-9 ]*", name) else f"RESERVED_{int(dec)}"
        out.append(SourceField(name, int(dec), int(m[2]), m[1]))
    return out


def lldf_kind(f: SourceField) -> str:
    """How the tests read a field (seed 002's footnotes: BIN(17) a BCD timestamp, BIN(10) an LRSN or RBA; BIN of 1
    to 4 bytes a number; longer BIN raw bytes)."""
    if f.form == "CHAR":
        return "char"
    if f.width == 17:
        return "ts17"
    if f.width == 10:
        return "lrsn" if "LRSN" in f.name else "rba"
    return "ubin" if f.width <= 4 and not f.name.startswith("RESERVED") else "hex"


LLDF_BY_NAME = {f.name: f for f in lldf_header_table()}
LLDF_HEADER_LENGTH = max(f.offset + f.width for f in LLDF_BY_NAME.values())


def _lldf_value(f: SourceField, value) -> bytes:
    if value is None:
        return (b"\x40" if f.form == "CHAR" else b"\x00") * f.width
    if isinstance(value, (bytes, bytearray)):
        assert len(value) == f.width, f"{f.name}: {len(value)} bytes for a {f.width}-byte field"
        return bytes(value)
    if f.form == "CHAR":
        return enc.ebcdic(value, f.width)
    if isinstance(value, dt.datetime):
        return enc.timestamp17(value)
    return int(value).to_bytes(f.width, "big")


def lldf_header(values: dict, length: int | None = None) -> bytes:
    """The header per seed 002's table: numbers big-endian, text EBCDIC blank-padded, BIN(17) BCD, 10-byte
    LRSN/RBA fields as given; LENGTH the header's length, TOTALSEGS and SEGNUM 1 unless given."""
    length = length or LLDF_HEADER_LENGTH
    values = {"LENGTH": length, "TOTALSEGS": 1, "SEGNUM": 1, **values}
    unknown = set(values) - set(LLDF_BY_NAME)
    assert not unknown, f"not in seed 002's table: {sorted(unknown)}"
    buf = bytearray(length)
    for f in LLDF_BY_NAME.values():
        buf[f.offset : f.offset + f.width] = _lldf_value(f, values.get(f.name))
    return bytes(buf)


def lldf_data(images: list[bytes], content: bytes | None = None) -> bytes:
    """DATA per seed 002: a halfword total length counting itself, then each image after its own 2-byte length."""
    body = content if content is not None else b"".join(len(i).to_bytes(2, "big") + i for i in images)
    return b"" if not body else (2 + len(body)).to_bytes(2, "big") + body


def lldf_record(values: dict, images: list[bytes], content: bytes | None = None) -> bytes:
    data = lldf_data(images, content)
    return lldf_header({"SEGLEN": LLDF_HEADER_LENGTH + len(data), **values}) + data


def lldf_segments(record: bytes, max_length: int) -> list[bytes]:
    """Seed 002's segments: each a copy of the header (SEGLEN, TOTALSEGS, SEGNUM set) and the next slice of DATA."""
    h = int.from_bytes(record[0:2], "big")
    room = max_length - h
    data = record[h:]
    parts = [data[i : i + room] for i in range(0, len(data), room)]
    out = []
    for number, part in enumerate(parts, start=1):
        head = bytearray(record[:h])
        for name, value in (("SEGLEN", h + len(part)), ("TOTALSEGS", len(parts)), ("SEGNUM", number)):
            f = LLDF_BY_NAME[name]
            head[f.offset : f.offset + f.width] = value.to_bytes(f.width, "big")
        out.append(bytes(head) + part)
    return out


# ---- seed 004: the IDMS journal REC lines --------------------------------------------------------------------

REC_LINE = re.compile(r"\bREC\s+([A-Z][A-Z0-9-]*)\s+(\d+)\s+(\d+)(?:\s+([12])(?=\s|$))?")


def idms_rec_lines() -> list[SourceField]:
    """Every `REC name position length [type]` line of seed 004, offsets made 0-based."""
    return [SourceField(m[1], int(m[2]) - 1, int(m[3]), m[4] or "") for m in REC_LINE.finditer(IDMS_REC.read_text())]


def idms_sections(all_types: set[str]) -> dict[str, set[str]]:
    """REC name -> record types from the `REC $ ... RECORDS` heading it stands under (common prefix: all)."""
    text = IDMS_REC.read_text()
    text = text[text.index("REC PARAMETERS") :]
    out, current = {}, set(all_types)
    for m in re.finditer(r"REC \$ ([^*]*?)\*|" + REC_LINE.pattern, text):
        if m[1] is not None:
            current = set(re.findall(r"\b[A-Z]{4}\b", m[1])) & set(all_types)
        else:
            out[m[2]] = current
    return out


IDMS_BY_NAME = {f.name: f for f in idms_rec_lines()}


def pattern_byte(offset: int) -> int:
    """The byte the tests' IDMS records carry at `offset` in a binary field: different at every offset, so a field
    read one byte off decodes to another number."""
    return (offset * 37 + 11) % 251 + 1


def idms_record(
    rec_type: str,
    length: int,
    binary: list[str],
    text: dict[str, str],
    values: dict[str, int] | None = None,
    tail: bytes = b"",
) -> tuple[bytes, dict]:
    """A journal record of `rec_type` built from seed 004's REC lines: REC-LEN the length, TYPE the type, each
    `binary` field the pattern bytes at its place (`values` overrides with numbers), each `text` field EBCDIC.
    Returns the bytes and the expected value of every field set, by column name (hyphens as underscores)."""
    buf = bytearray(length)
    expect: dict = {}
    values = {"REC-LEN": length + len(tail), **(values or {})}
    for name in ["REC-LEN", *binary]:
        f = IDMS_BY_NAME[name]
        assert f.form == "1", f"{name} is not binary in seed 004"
        if name in values:
            raw = values[name].to_bytes(f.width, "big")
        else:
            raw = bytes(pattern_byte(f.offset + i) for i in range(f.width))
        buf[f.offset : f.offset + f.width] = raw
        expect[name.replace("-", "_")] = int.from_bytes(raw, "big")
    for name, value in {"TYPE": rec_type, **text}.items():
        f = IDMS_BY_NAME[name]
        buf[f.offset : f.offset + f.width] = enc.ebcdic(value, f.width)
        expect[name.replace("-", "_")] = value
    return bytes(buf) + tail, expect

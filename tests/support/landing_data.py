"""Builders for landing test files: each states a framing independently of udfs.core.framing.frames."""

from __future__ import annotations

from udfs.core.encoders import ebcdic


def be16(n: int) -> bytes:
    return n.to_bytes(2, "big")


def rdw(payload: bytes) -> bytes:
    return be16(len(payload) + 4) + b"\x00\x00" + payload


def bdw(block_body: bytes, extended: bool = False) -> bytes:
    n = len(block_body) + 4
    if extended:
        return (n | 0x80000000).to_bytes(4, "big") + block_body
    return be16(n) + b"\x00\x00" + block_body


def vb(records: list[bytes], per_block: int = 3, extended: bool = False) -> bytes:
    out = b""
    for i in range(0, len(records), per_block):
        out += bdw(b"".join(rdw(r) for r in records[i : i + per_block]), extended)
    return out


def lldf_record(
    i: int = 0,
    change: str = "I ",
    images: tuple[bytes, ...] = (b"ROW",),
    header_len: int = 288,
    segments: tuple[int, int, int] | None = None,
) -> bytes:
    """An LLDF data change record: header (LENGTH, SYSTEMID, ..., CHANGE TYPE at 104) and DATA.

    Seed 002: DATA's "first 2 bytes are a halfword value that contains total length of the data segment
    (including 2-byte length)"; "the row image begins with a two-byte length value that defines the length of
    the succeeding row image". `segments` = (SEGLEN, TOTALSEGS, SEGNUM) at offsets 182, 184, 186.
    """
    header = bytearray(b"\x00" * header_len)
    header[0:2] = be16(header_len)
    header[2:6] = ebcdic("DB2A", 4)
    header[16:24] = ebcdic(f"DB{i % 100:06d}", 8)
    header[104:106] = ebcdic(change, 2)
    if segments:
        header[182:184], header[184:186], header[186:188] = (be16(v) for v in segments)
    body = b"".join(be16(len(img)) + img for img in images)
    return bytes(header) + be16(len(body) + 2) + body


def idms_record(i: int = 0, rtype: str = "BFOR", body: bytes = b"") -> bytes:
    """IDMS journal record: REC-LEN (whole record incl. itself), X'0000', type, GMT, SEQ, then body."""
    rest = ebcdic(rtype, 4) + b"\x01\x68\x87\x87\xaf\xdc\x2d\xbf" + (1000 + i).to_bytes(8, "big") + body
    return be16(len(rest) + 4) + b"\x00\x00" + rest

"""Single-byte EBCDIC text: code page tables and the `ebcdic_str` kernel.

Decoding is a table lookup per byte done for the whole batch at once: every byte is mapped to its
UTF-8 bytes through a 256-entry table, trailing X'40' blanks and X'00' are cut per row, and the Arrow
string array is assembled directly from the resulting buffers.
"""

from __future__ import annotations

import codecs
import importlib
from functools import cache, lru_cache

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .batch import BinaryBatch, binary_batch, int_argument, raise_if_strict
from .unicode import UNICODE_CCSIDS, unicode_text

DEFAULT_CCSID = 37
SUPPORTED_CCSIDS: tuple[int, ...] = (
    37,
    273,
    277,
    278,
    280,
    284,
    285,
    297,
    500,
    871,
    1047,
    1140,
    1141,
    1142,
    1143,
    1144,
    1145,
    1146,
    1147,
    1148,
    1149,
)
BLANK = 0x40
NOT_ASCII = 0xFF


# Text functions (ebcdic_str, ibmi_varchar) read these too: UTF-8 and UTF-16BE.
TEXT_CCSIDS: tuple[int, ...] = SUPPORTED_CCSIDS + tuple(sorted(UNICODE_CCSIDS))


def unsupported_message(text: bool) -> str:
    """What follows "CCSID n is not supported": the CCSIDs that are (text functions also take Unicode ones)."""
    listed = ", ".join(str(c) for c in SUPPORTED_CCSIDS)
    unicode = "; Unicode CCSIDs: " + ", ".join(str(c) for c in sorted(UNICODE_CCSIDS)) if text else ""
    return f"; supported single-byte EBCDIC CCSIDs: {listed}{unicode}"


class UnsupportedCcsid(ValueError):
    def __init__(self, ccsid: int, text: bool = False):
        self.ccsid = ccsid
        super().__init__(f"CCSID {ccsid} is not supported{unsupported_message(text)}")


def check_text_ccsid(ccsid: int) -> None:
    if ccsid not in TEXT_CCSIDS:
        raise UnsupportedCcsid(ccsid, text=True)


def codec_name(ccsid: int) -> str:
    if ccsid not in SUPPORTED_CCSIDS:
        raise UnsupportedCcsid(ccsid)
    return f"cp{ccsid:03d}"


def _codec(name: str) -> codecs.CodecInfo:
    """Python's own codec of the code page (cp037, cp500, cp1140...), else the ebcdic package's module of it
    (cp1047, cp1141...), read directly: the package registers its codecs by a glob for cp*.py files, which finds
    none when it is imported from a zip (jcat's archive on executors)."""
    try:
        return codecs.lookup(name)
    except LookupError:
        return importlib.import_module(f"ebcdic.{name}").getregentry()


@cache
def decode_table(ccsid: int) -> str:
    """The 256 characters of a code page, indexed by byte value."""
    table, _ = _codec(codec_name(ccsid)).decode(bytes(range(256)))
    assert len(table) == 256
    return table


@cache
def encode_table(ccsid: int) -> dict[str, int]:
    return {ch: i for i, ch in enumerate(decode_table(ccsid))}


@cache
def utf8_table(ccsid: int) -> tuple[np.ndarray, np.ndarray, bool]:
    """(lengths[256], bytes[256, 3], all_single_byte) of each code point's UTF-8 encoding."""
    lens = np.zeros(256, dtype=np.int64)
    out = np.zeros((256, 3), dtype=np.uint8)
    for i, ch in enumerate(decode_table(ccsid)):
        enc = ch.encode("utf-8")
        lens[i] = len(enc)
        out[i, : len(enc)] = np.frombuffer(enc, dtype=np.uint8)
    return lens, out, bool((lens == 1).all())


@cache
def ascii_table(ccsid: int) -> np.ndarray:
    """Byte -> its ASCII character, or NOT_ASCII. Bytes other than X'40' and X'00' that decode to a blank or
    NUL are marked NOT_ASCII too, so trimming the decoded text cuts exactly the trailing X'40'/X'00' bytes."""
    out = np.full(256, NOT_ASCII, dtype=np.uint8)
    for i, ch in enumerate(decode_table(ccsid)):
        if ord(ch) < 0x80 and (ch not in " \0" or i in (BLANK, 0)):
            out[i] = ord(ch)
    return out


@lru_cache(maxsize=64)
def _fixed_offsets(n: int, w: int) -> pa.Buffer:
    return pa.py_buffer(np.arange(n + 1, dtype=np.int32) * w)


def _validity_buffer(valid: np.ndarray) -> pa.Buffer | None:
    if valid.all():
        return None
    return pa.py_buffer(np.packbits(valid, bitorder="little"))


def ebcdic_str(b, ccsid=None, strict: bool = False) -> pa.Array:
    """EBCDIC bytes to text; trailing X'40' and X'00' removed; NULL in, NULL out."""
    batch = binary_batch(b)
    n = batch.n
    cc = int_argument(ccsid, n, DEFAULT_CCSID)
    if ccsid is None or not n or (cc == cc[0]).all():
        wanted = cc[:1] if n else np.array([], dtype=np.int64)
    else:
        wanted = np.unique(cc[batch.valid])
    for c in wanted.tolist():
        check_text_ccsid(int(c))  # raises UnsupportedCcsid, whatever the strict mode
    unicode = np.isin(cc, list(UNICODE_CCSIDS)) & batch.valid
    if unicode.any():
        return _with_unicode_rows(batch, cc, strict)

    if len(wanted) <= 1:
        fast = _fixed_width(batch, int(wanted[0]) if len(wanted) else DEFAULT_CCSID)
        if fast is not None:
            return fast
    return _general(batch, cc, wanted)


def _fixed_width(batch, ccsid: int) -> pa.Array | None:
    """Every row the same width and back to back (a column cut from fixed records): 2-D operations."""
    n = batch.n
    w = batch.uniform_width if n else None
    if w is None:
        return None
    mat = batch.matrix(None, w)
    fast = _fixed_width_ascii(mat, batch.valid, ccsid)
    if fast is not None:
        return fast
    lens, table, _ = utf8_table(ccsid)
    nonpad = (mat != BLANK) & (mat != 0)
    if w == 0:
        row_len = np.zeros(n, dtype=np.int64)
    else:
        row_len = np.where(nonpad.any(axis=1), w - np.argmax(nonpad[:, ::-1], axis=1), 0)
    row_len[~batch.valid] = 0
    kept = mat[np.arange(w)[None, :] < row_len[:, None]]
    byte_lens = lens[kept]
    if (byte_lens == 1).all():
        out = table[:, 0][kept]
    else:  # characters beyond ASCII: each byte becomes its 1 to 3 UTF-8 bytes
        out = table[kept][np.arange(3)[None, :] < byte_lens[:, None]]
        rows = np.repeat(np.arange(n), row_len)
        row_len = np.bincount(rows, weights=byte_lens, minlength=n).astype(np.int64)
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(row_len, out=offsets[1:])
    return pa.Array.from_buffers(
        pa.string(), n, [_validity_buffer(batch.valid), pa.py_buffer(offsets), pa.py_buffer(out)]
    )


def _fixed_width_ascii(mat: np.ndarray, valid: np.ndarray, ccsid: int) -> pa.Array | None:
    """The common case, every character ASCII: translate in one lookup, then let Arrow's C++ trim the padding.
    About 4x faster than the general 2-D path, which remains for text beyond ASCII."""
    n, w = mat.shape
    if not n or not w:
        return None
    text = ascii_table(ccsid).take(np.ascontiguousarray(mat))
    if text.max() == NOT_ASCII:
        if not (text[valid] == NOT_ASCII).any():  # only NULL rows hold such bytes: blank them out
            text[~valid] = 0x20
        else:
            return None
    # Rows of exactly w bytes back to back are a valid string array as they stand (ASCII is UTF-8).
    padded = pa.Array.from_buffers(pa.string(), n, [_validity_buffer(valid), _fixed_offsets(n, w), pa.py_buffer(text)])
    return pc.ascii_rtrim(padded, characters=" \0")


def _general(batch, cc: np.ndarray, wanted: np.ndarray) -> pa.Array:
    n = batch.n
    start, end = int(batch.offsets[0]), int(batch.offsets[-1])
    seg = batch.data[start:end]
    rel = batch.offsets - start
    lengths = np.diff(rel)
    row_of_byte = np.repeat(np.arange(n), lengths)

    # Last byte per row that is not padding; rows of padding only keep nothing.
    pos = np.arange(len(seg), dtype=np.int64)
    marked = np.where((seg != BLANK) & (seg != 0), pos, -1)
    last = np.full(n, -1, dtype=np.int64)
    nonempty = lengths > 0
    if nonempty.any():
        last[nonempty] = np.maximum.reduceat(marked, rel[:-1][nonempty])
    keep = (pos <= last[row_of_byte]) & batch.valid[row_of_byte]
    kept = seg[keep]
    kept_rows = row_of_byte[keep]

    if len(wanted) <= 1:
        lens, table, single = utf8_table(int(wanted[0]) if len(wanted) else DEFAULT_CCSID)
        byte_lens = None if single else lens[kept]
        chars = table[kept]
    else:
        # Several code pages in one batch: pick the table per byte.
        tables = [utf8_table(int(c)) for c in wanted]
        which = np.searchsorted(wanted, cc)[kept_rows]
        all_lens = np.stack([t[0] for t in tables])
        all_bytes = np.stack([t[1] for t in tables])
        single = all(t[2] for t in tables)
        byte_lens = None if single else all_lens[which, kept]
        chars = all_bytes[which, kept]

    if byte_lens is None:
        out = np.ascontiguousarray(chars[:, 0])
        row_len = np.bincount(kept_rows, minlength=n)
    else:
        out = chars[np.arange(3)[None, :] < byte_lens[:, None]]
        row_len = np.bincount(kept_rows, weights=byte_lens, minlength=n).astype(np.int64)

    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(row_len, out=offsets[1:])
    return pa.Array.from_buffers(
        pa.string(),
        n,
        [_validity_buffer(batch.valid), pa.py_buffer(offsets), pa.py_buffer(out.tobytes())],
    )


# ---- bytes cut from rows, untrimmed text, Unicode CCSIDs ----------------------------------------------------


def gather(batch: BinaryBatch, start: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Bytes [start, start + length) of every row, back to back (length 0 for a row to skip)."""
    total = int(length.sum())
    rows = np.repeat(np.arange(batch.n), length)
    within = np.arange(total) - np.repeat(np.cumsum(length) - length, length)
    if batch.fixed is not None:
        return batch.fixed[rows, start[rows] + within]
    return batch.data[batch.offsets[rows] + start[rows] + within]


def ebcdic_text(flat: np.ndarray, lengths: np.ndarray, valid: np.ndarray, cc: np.ndarray) -> pa.Array:
    """Rows of single-byte EBCDIC (back to back in `flat`, a NULL row holding no bytes) to strings, untrimmed."""
    n = len(lengths)
    rows = np.repeat(np.arange(n), lengths)
    wanted = np.unique(cc[valid]) if valid.any() else np.array([DEFAULT_CCSID])
    tables = [utf8_table(int(c)) for c in wanted]
    which = np.searchsorted(wanted, cc)[rows] if len(wanted) > 1 else np.zeros(len(rows), dtype=np.int64)
    byte_lens = np.stack([t[0] for t in tables])[which, flat]
    chars = np.stack([t[1] for t in tables])[which, flat]
    out = chars[np.arange(3)[None, :] < byte_lens[:, None]]
    row_len = np.bincount(rows, weights=byte_lens, minlength=n).astype(np.int64)
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(row_len, out=offsets[1:])
    return pa.Array.from_buffers(
        pa.string(), n, [_validity_buffer(valid), pa.py_buffer(offsets), pa.py_buffer(out.tobytes())]
    )


def decode_text(flat: np.ndarray, lengths: np.ndarray, valid: np.ndarray, cc: np.ndarray) -> pa.Array:
    """Rows in each row's CCSID (single-byte EBCDIC, UTF-8 or UTF-16BE) to strings, untrimmed; a row that is not
    well-formed UTF-8/16 is NULL. Each CCSID must have passed check_text_ccsid."""
    lengths = np.where(valid, lengths, 0)
    encodings = {UNICODE_CCSIDS[c] for c in np.unique(cc[valid]).tolist() if c in UNICODE_CCSIDS}
    single = valid & ~np.isin(cc, list(UNICODE_CCSIDS))
    out = ebcdic_text(
        flat[np.repeat(single, lengths)], np.where(single, lengths, 0), single, np.where(single, cc, DEFAULT_CCSID)
    )
    for encoding in sorted(encodings):
        mine = valid & np.isin(cc, [c for c, e in UNICODE_CCSIDS.items() if e == encoding])
        decoded = unicode_text(flat[np.repeat(mine, lengths)], np.where(mine, lengths, 0), mine, encoding)
        out = pc.if_else(pa.array(mine), decoded, out)
    return out


def _with_unicode_rows(batch: BinaryBatch, cc: np.ndarray, strict: bool) -> pa.Array:
    """ebcdic_str over a batch that holds UTF-8/16 rows: every row decoded, then trailing blanks and NULs cut as
    characters (their padding is U+0020)."""
    lengths = np.where(batch.valid, batch.lengths, 0)
    decoded = decode_text(gather(batch, np.zeros(batch.n, dtype=np.int64), lengths), lengths, batch.valid, cc)
    raise_if_strict(
        strict,
        "ebcdic_str",
        batch,
        batch.valid & ~decoded.is_valid().to_numpy(zero_copy_only=False),
        lambda r: f"not well-formed in CCSID {cc[r]}",
    )
    return pc.utf8_rtrim(decoded, characters=" \0")

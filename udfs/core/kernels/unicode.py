"""UTF-8 (CCSID 1208) and UTF-16BE (CCSID 1200, 13488) text on whole batches.

Rows are validated with numpy first (the Unicode standard's well-formed sequences), so that the codec calls that
follow run once over the valid rows of the whole batch and never see a row that could spill into the next.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

# CCSID -> its Unicode encoding
UNICODE_CCSIDS: dict[int, str] = {1208: "utf-8", 1200: "utf-16-be", 13488: "utf-16-be"}


def _row_of_byte(lengths: np.ndarray) -> np.ndarray:
    return np.repeat(np.arange(len(lengths)), lengths)


def _run_after(breaks: np.ndarray, row_end: np.ndarray) -> np.ndarray:
    """For each position i: how many positions follow i before the next break or the end of i's row."""
    n = len(breaks)
    at = np.where(breaks, np.arange(n), n)
    next_break = np.minimum.accumulate(at[::-1])[::-1]  # first break at or after i
    after = np.append(next_break[1:], n)  # first break after i
    return np.minimum(after, row_end) - np.arange(n) - 1


def utf8_valid(flat: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Per row: its bytes (rows back to back in `flat`) are well-formed UTF-8 (Unicode table 3-7)."""
    n_rows = len(lengths)
    if not len(flat):
        return np.ones(n_rows, dtype=bool)
    rows = _row_of_byte(lengths)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    row_end = (starts + lengths)[rows]
    cont = (flat & 0xC0) == 0x80
    need = np.select(
        [
            flat < 0x80,
            (flat >= 0xC2) & (flat <= 0xDF),
            (flat >= 0xE0) & (flat <= 0xEF),
            (flat >= 0xF0) & (flat <= 0xF4),
        ],
        [0, 1, 2, 3],
        -1,
    )
    bad = ~cont & ((need < 0) | (_run_after(~cont, row_end) != need))
    bad |= cont & (np.arange(len(flat)) == starts[rows])  # a row that starts inside a sequence
    second = np.append(flat[1:], 0)  # the byte after each lead (its continuation, when the run is right)
    bad |= (flat == 0xE0) & (second < 0xA0)  # overlong 3-byte form
    bad |= (flat == 0xED) & (second > 0x9F)  # a surrogate
    bad |= (flat == 0xF0) & (second < 0x90)  # overlong 4-byte form
    bad |= (flat == 0xF4) & (second > 0x8F)  # above U+10FFFF
    return np.bincount(rows[bad], minlength=n_rows) == 0


def utf16_to_utf8(flat: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(valid per row, UTF-8 bytes of the valid rows back to back, their UTF-8 lengths; 0 for invalid rows)."""
    n_rows = len(lengths)
    valid = lengths % 2 == 0
    keep = np.repeat(valid, lengths)
    units_per_row = np.where(valid, lengths // 2, 0)
    units = flat[keep].reshape(-1, 2)
    u = (units[:, 0].astype(np.int64) << 8) | units[:, 1]
    rows = _row_of_byte(units_per_row)
    starts = np.concatenate(([0], np.cumsum(units_per_row)[:-1]))
    last = np.arange(len(u)) == (starts + units_per_row - 1)[rows] if len(u) else np.zeros(0, bool)
    high = (u >= 0xD800) & (u <= 0xDBFF)
    low = (u >= 0xDC00) & (u <= 0xDFFF)
    next_low = np.append(low[1:], False) & ~last
    prev_high = np.insert(high[:-1], 0, False) & ~(np.arange(len(u)) == starts[rows]) if len(u) else high
    bad = (high & ~next_low) | (low & ~prev_high)
    valid &= np.bincount(rows[bad], minlength=n_rows) == 0
    # The valid rows hold no lone surrogate, so one decode of them all cannot pair units across two rows.
    good_unit = valid[rows]
    text = units[good_unit].tobytes().decode("utf-16-be")
    cps = u[good_unit & ~low]
    cp = np.where(high[good_unit & ~low], 0x10000, cps)  # a pair's code point is above U+FFFF: 4 UTF-8 bytes
    utf8_len = np.select([cp < 0x80, cp < 0x800, cp < 0x10000], [1, 2, 3], 4)
    out_len = np.bincount(rows[good_unit & ~low], weights=utf8_len, minlength=n_rows).astype(np.int64)
    return valid, np.frombuffer(text.encode("utf-8"), dtype=np.uint8), out_len


def string_array(valid: np.ndarray, data: np.ndarray, lengths: np.ndarray) -> pa.Array:
    """A string array of rows back to back in `data` (UTF-8), NULL where not `valid` (those rows hold 0 bytes)."""
    n = len(valid)
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(np.where(valid, lengths, 0), out=offsets[1:])
    validity = None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.Array.from_buffers(pa.string(), n, [validity, pa.py_buffer(offsets), pa.py_buffer(data.tobytes())])


def unicode_text(flat: np.ndarray, lengths: np.ndarray, valid: np.ndarray, encoding: str) -> pa.Array:
    """Rows (back to back in `flat`; a row not `valid` holds no bytes) of UTF-8 or UTF-16BE to strings; a row
    that is not well-formed is NULL."""
    if encoding == "utf-8":
        ok = valid & utf8_valid(flat, lengths)
        return string_array(ok, flat[np.repeat(ok, lengths)], lengths)
    ok, data, out_len = utf16_to_utf8(flat, lengths)
    return string_array(ok & valid, data, out_len)

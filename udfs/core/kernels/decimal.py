"""Zoned and packed decimal kernels, DECIMAL(31,0) out.

Sign rules (reference/formats.md): the sign nibble C, A, E, F is positive, D, B negative; a digit
nibble above 9 is invalid. Zoned digits other than the last carry zone F.
Values beyond 18 digits are assembled in Arrow's decimal arithmetic, never in a per-row loop.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from .batch import binary_batch, raise_if_strict

MAX_DIGITS = 31
DECIMAL_TYPE = pa.decimal128(31, 0)
POSITIVE_SIGNS = (0xA, 0xC, 0xE, 0xF)
NEGATIVE_SIGNS = (0xB, 0xD)
# Sign nibble class: 0 invalid, 1 positive, 2 negative.
SIGN_CLASS = np.zeros(16, dtype=np.uint8)
SIGN_CLASS[list(POSITIVE_SIGNS)] = 1
SIGN_CLASS[list(NEGATIVE_SIGNS)] = 2
_POW10 = np.array([10**i for i in range(18)][::-1], dtype=np.int64)  # 10^17 .. 10^0
_SPLIT = 18  # digits held in one int64


class _Digits:
    """Per-row digits of a batch as (high digits, low 18 digits, negative, ok)."""

    def __init__(self, n: int):
        self.hi = np.zeros(n, dtype=np.int64)
        self.lo = np.zeros(n, dtype=np.int64)
        self.neg = np.zeros(n, dtype=bool)
        self.ok = np.zeros(n, dtype=bool)

    def put(self, rows: np.ndarray, digits: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> None:
        d = np.where(ok[:, None], digits, 0)
        width = d.shape[1]
        low = d[:, max(0, width - _SPLIT):]
        self.lo[rows] = low.astype(np.int64) @ _POW10[_SPLIT - low.shape[1]:]
        if width > _SPLIT:
            high = d[:, : width - _SPLIT]
            self.hi[rows] = high.astype(np.int64) @ _POW10[_SPLIT - high.shape[1]:]
        self.neg[rows] = neg
        self.ok[rows] = ok

    def to_arrow(self) -> pa.Array:
        return decimal128_array(self.hi, self.lo, self.neg, self.ok)


_M32 = np.uint64(0xFFFFFFFF)
_C = 10**_SPLIT
_C1, _C0 = np.uint64(_C >> 32), np.uint64(_C & 0xFFFFFFFF)


def decimal128_array(hi: np.ndarray, lo: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> pa.Array:
    """DECIMAL(31,0) of hi * 10^18 + lo (both >= 0, hi < 10^13), negated where `neg`, NULL where not `ok`.

    Arrow stores decimal128 as 16-byte little-endian two's complement; the product is built from
    32-bit limbs so that no intermediate overflows 64 bits.
    """
    h = hi.astype(np.uint64)
    h1, h0 = h >> np.uint64(32), h & _M32
    p00, mid, p11 = h0 * _C0, h0 * _C1 + h1 * _C0, h1 * _C1
    low = p00 + (mid << np.uint64(32))
    high = p11 + (mid >> np.uint64(32)) + (low < p00)
    low2 = low + lo.astype(np.uint64)
    high = high + (low2 < low)
    low = low2
    neg_low = ~low + np.uint64(1)
    neg_high = ~high + (low == 0)
    low = np.where(neg, neg_low, low)
    high = np.where(neg, neg_high, high)
    ok_live = ok
    words = np.empty((len(low), 2), dtype="<u8")
    words[:, 0] = np.where(ok_live, low, 0)
    words[:, 1] = np.where(ok_live, high, 0)
    validity = None if ok.all() else pa.py_buffer(np.packbits(ok, bitorder="little"))
    return pa.Array.from_buffers(DECIMAL_TYPE, len(low), [validity, pa.py_buffer(words.tobytes())])


def _small_decimal(digits: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> pa.Array:
    """DECIMAL(31,0) of at most 18 digits a row: one int64 per row, widened by Arrow's C++ cast."""
    v = digits.astype(np.int64) @ _POW10[_SPLIT - digits.shape[1]:]
    np.negative(v, out=v, where=neg)
    return pa.array(v, mask=None if ok.all() else ~ok).cast(DECIMAL_TYPE)


def _uniform(batch, max_width: int) -> np.ndarray | None:
    """The (n, w) matrix when every row has the same width w <= max_width (a column of fixed records)."""
    w = batch.uniform_width if batch.n else None
    return batch.matrix(None, w) if w is not None and 1 <= w <= max_width else None


def _reason_wrong_width(width: int, limit: int, what: str) -> str:
    return f"{width} bytes is not a valid {what} width (1 to {limit})"


def unpack_zoned(b, strict: bool = False) -> pa.Array:
    """Zoned decimal (one digit a byte, sign in the zone of the last byte) to DECIMAL(31,0)."""
    batch = binary_batch(b)
    mat = _uniform(batch, _SPLIT)
    if mat is not None:  # the common case, a fixed-width column of up to 18 digits
        zone, digit = mat >> 4, mat & 0x0F
        sign = SIGN_CLASS[zone[:, -1]]
        ok = (digit.max(axis=1) <= 9) & (zone[:, :-1].min(axis=1, initial=0xF) == 0xF) & (sign > 0) & batch.valid
        raise_if_strict(strict, "unpack_zoned", batch, batch.valid & ~ok,
                        lambda r: "a digit above 9, a zone other than F, or a sign nibble that is not A-F")
        return _small_decimal(digit, sign == 2, ok)
    acc = _Digits(batch.n)
    reasons: dict[int, str] = {}
    for width, rows, mat in batch.width_groups():
        if not 1 <= width <= MAX_DIGITS:
            reasons[width] = _reason_wrong_width(width, MAX_DIGITS, "zoned decimal")
            continue
        zone, digit = mat >> 4, mat & 0x0F
        sign = SIGN_CLASS[zone[:, -1]]
        ok = (digit <= 9).all(axis=1) & (zone[:, :-1] == 0xF).all(axis=1) & (sign > 0)
        acc.put(rows, digit, sign == 2, ok)
    bad = batch.valid & ~acc.ok
    raise_if_strict(strict, "unpack_zoned", batch, bad, lambda r: reasons.get(
        int(batch.lengths[r]), "a digit above 9, a zone other than F, or a sign nibble that is not A-F"))
    return acc.to_arrow()


def unpack_packed(b, strict: bool = False) -> pa.Array:
    """Packed decimal (two digits a byte, sign in the last nibble) to DECIMAL(31,0)."""
    batch = binary_batch(b)
    mat = _uniform(batch, (_SPLIT + 1) // 2)
    if mat is not None:  # the common case, a fixed-width column of up to 17 digits
        high, low = mat >> 4, mat & 0x0F
        digits = np.empty((mat.shape[0], 2 * mat.shape[1] - 1), dtype=np.uint8)
        digits[:, 0::2] = high
        digits[:, 1::2] = low[:, :-1]
        cls = SIGN_CLASS[low[:, -1]]
        ok = (digits.max(axis=1) <= 9) & (cls > 0) & batch.valid
        raise_if_strict(strict, "unpack_packed", batch, batch.valid & ~ok,
                        lambda r: "a digit nibble above 9 or a sign nibble below A")
        return _small_decimal(digits, cls == 2, ok)
    acc = _Digits(batch.n)
    reasons: dict[int, str] = {}
    max_width = (MAX_DIGITS + 1) // 2
    for width, rows, mat in batch.width_groups():
        if not 1 <= width <= max_width:
            reasons[width] = _reason_wrong_width(width, max_width, "packed decimal")
            continue
        nibbles = np.empty((len(rows), 2 * width), dtype=np.uint8)
        nibbles[:, 0::2] = mat >> 4
        nibbles[:, 1::2] = mat & 0x0F
        digits, sign = nibbles[:, :-1], nibbles[:, -1]
        cls = SIGN_CLASS[sign]
        ok = (digits <= 9).all(axis=1) & (cls > 0)
        acc.put(rows, digits, cls == 2, ok)
    bad = batch.valid & ~acc.ok
    raise_if_strict(strict, "unpack_packed", batch, bad, lambda r: reasons.get(
        int(batch.lengths[r]), "a digit nibble above 9 or a sign nibble below A"))
    return acc.to_arrow()

"""Zoned and packed decimal kernels, DECIMAL(38,0) out.

Sign rules (reference/formats.md): the sign nibble C, A, E, F is positive, D, B negative; a digit
nibble above 9 is invalid. Zoned digits other than the sign's carry zone F. A zoned field's sign is
overpunched in the last byte's zone (COBOL's default), in the first byte's (SIGN LEADING), or is a byte of
its own, EBCDIC '+' X'4E' or '-' X'60', after or before the digits (SIGN ... SEPARATE).
Values beyond 18 digits are assembled in 128-bit integer limbs, never in a per-row loop.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from .batch import binary_batch, raise_if_strict
from .ibmi import string_argument

MAX_DIGITS = 38
DECIMAL_TYPE = pa.decimal128(38, 0)
POSITIVE_SIGNS = (0xA, 0xC, 0xE, 0xF)
NEGATIVE_SIGNS = (0xB, 0xD)
# Sign nibble class: 0 invalid, 1 positive, 2 negative.
SIGN_CLASS = np.zeros(16, dtype=np.uint8)
SIGN_CLASS[list(POSITIVE_SIGNS)] = 1
SIGN_CLASS[list(NEGATIVE_SIGNS)] = 2
SIGN_FORMS = ("trailing", "leading", "trailing separate", "leading separate")
DEFAULT_SIGN = "trailing"
PLUS, MINUS = 0x4E, 0x60  # EBCDIC '+' and '-', the same bytes in every supported CCSID
_POW10 = np.array([10**i for i in range(18)][::-1], dtype=np.int64)  # 10^17 .. 10^0
_SPLIT = 18  # digits held in one int64
MAX_PACKED_BYTES = 20
_LIMBS = 3  # 3 x 18 digits hold the 39 nibbles of a 20-byte packed field


class _Digits:
    """Per-row digits of a batch as three 18-digit limbs (most significant first), negative, ok."""

    def __init__(self, n: int):
        self.limbs = np.zeros((_LIMBS, n), dtype=np.int64)
        self.neg = np.zeros(n, dtype=bool)
        self.ok = np.zeros(n, dtype=bool)

    def put(self, rows: np.ndarray, digits: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> None:
        width = digits.shape[1]
        if width > MAX_DIGITS:  # a 39th digit other than 0 passes DECIMAL(38)
            ok = ok & (digits[:, : width - MAX_DIGITS] == 0).all(axis=1)
        d = np.where(ok[:, None], digits, 0)
        for limb in range(_LIMBS):
            hi, lo = max(0, width - _SPLIT * (limb + 1)), max(0, width - _SPLIT * limb)
            if hi < lo:
                part = d[:, hi:lo].astype(np.int64)
                self.limbs[_LIMBS - 1 - limb, rows] = part @ _POW10[_SPLIT - part.shape[1] :]
        self.neg[rows] = neg
        self.ok[rows] = ok

    def to_arrow(self) -> pa.Array:
        high, low = np.zeros_like(self.limbs[0], dtype=np.uint64), self.limbs[0].astype(np.uint64)
        for limb in self.limbs[1:]:
            high, low = mul_add_128(high, low, 10**_SPLIT, limb.astype(np.uint64))
        return decimal128_array(high, low, self.neg, self.ok)


_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def mul_add_128(high: np.ndarray, low: np.ndarray, c: int, add: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) * c + add as 128-bit unsigned integers in two uint64 words (c < 2^64; no overflow of 128
    bits): the 64 x 64-bit product of the low word from 32-bit limbs, so no intermediate passes 64 bits."""
    c1, c0 = np.uint64(c >> 32), np.uint64(c & 0xFFFFFFFF)
    a1, a0 = low >> _S32, low & _M32
    p00, p01, p10, p11 = a0 * c0, a0 * c1, a1 * c0, a1 * c1
    mid = (p00 >> _S32) + (p01 & _M32) + (p10 & _M32)
    new_low = (p00 & _M32) | (mid << _S32)
    new_high = high * np.uint64(c) + p11 + (p01 >> _S32) + (p10 >> _S32) + (mid >> _S32)
    summed = new_low + add
    return new_high + (summed < new_low), summed


def decimal128_array(high: np.ndarray, low: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> pa.Array:
    """DECIMAL(38,0) of the unsigned 128-bit magnitudes (high, low), negated where `neg`, NULL where not `ok`.
    Arrow stores decimal128 as 16-byte little-endian two's complement."""
    neg_low = ~low + np.uint64(1)
    neg_high = ~high + (low == 0)
    words = np.empty((len(low), 2), dtype="<u8")
    words[:, 0] = np.where(ok, np.where(neg, neg_low, low), 0)
    words[:, 1] = np.where(ok, np.where(neg, neg_high, high), 0)
    validity = None if ok.all() else pa.py_buffer(np.packbits(ok, bitorder="little"))
    return pa.Array.from_buffers(DECIMAL_TYPE, len(low), [validity, pa.py_buffer(words.tobytes())])


def _small_decimal(digits: np.ndarray, neg: np.ndarray, ok: np.ndarray) -> pa.Array:
    """DECIMAL(38,0) of at most 18 digits a row: one int64 per row, widened by Arrow's C++ cast."""
    v = digits.astype(np.int64) @ _POW10[_SPLIT - digits.shape[1] :]
    np.negative(v, out=v, where=neg)
    return pa.array(v, mask=None if ok.all() else ~ok).cast(DECIMAL_TYPE)


def _uniform(batch, max_width: int) -> np.ndarray | None:
    """The (n, w) matrix when every row has the same width w <= max_width (a column of fixed records)."""
    w = batch.uniform_width if batch.n else None
    return batch.matrix(None, w) if w is not None and 1 <= w <= max_width else None


def _reason_wrong_width(width: int, limit: int, what: str) -> str:
    return f"{width} bytes is not a valid {what} width (1 to {limit})"


def sign_form(sign: str | None) -> str:
    """The zoned sign form named (NULL: the default); any other name is an error in every mode."""
    if sign is None:
        return DEFAULT_SIGN
    if sign not in SIGN_FORMS:
        raise ValueError(f"unpack_zoned: sign {sign!r} is not one of " + ", ".join(map(repr, SIGN_FORMS)))
    return sign


_ZONED_BAD = "a digit above 9, a zone other than F, or a sign that is not A-F (or '+'/'-' where separate)"


def zoned_parts(mat: np.ndarray, form: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(digits, negative, ok) of a (rows, width) matrix of zoned bytes in the sign form `form`."""
    if form.endswith("separate"):
        at = 0 if form.startswith("leading") else -1
        sign = mat[:, at]
        body = mat[:, 1:] if at == 0 else mat[:, :-1]
        zone, digit = body >> 4, body & 0x0F
        ok = (sign == PLUS) | (sign == MINUS)
        ok &= (zone.min(axis=1, initial=0xF) == 0xF) & (digit.max(axis=1, initial=0) <= 9) & (body.shape[1] > 0)
        return digit, sign == MINUS, ok
    at = 0 if form == "leading" else mat.shape[1] - 1
    zone, digit = mat >> 4, mat & 0x0F
    cls = SIGN_CLASS[zone[:, at]]
    others = np.delete(zone, at, axis=1)
    ok = (digit.max(axis=1) <= 9) & (others.min(axis=1, initial=0xF) == 0xF) & (cls > 0)
    return digit, cls == 2, ok


def unpack_zoned(b, sign=None, strict: bool = False) -> pa.Array:
    """Zoned decimal (one digit a byte, sign overpunched in the last or first byte's zone, or a separate '+'/'-'
    byte after or before the digits) to DECIMAL(38,0)."""
    batch = binary_batch(b)
    idx, forms = string_argument(sign, batch.n, None)
    forms = [sign_form(f) for f in forms]
    mat = _uniform(batch, _SPLIT)
    if mat is not None and all(forms[i] == DEFAULT_SIGN for i in np.unique(idx).tolist()):
        digit, neg, ok = zoned_parts(mat, DEFAULT_SIGN)  # the common case: a fixed column of up to 18 digits
        ok &= batch.valid
        raise_if_strict(strict, "unpack_zoned", batch, batch.valid & ~ok, lambda r: _ZONED_BAD)
        return _small_decimal(digit, neg, ok)
    acc = _Digits(batch.n)
    reasons: dict[int, str] = {}
    for f in np.unique(idx[batch.valid]).tolist():
        form = forms[f]
        extra = 1 if form.endswith("separate") else 0
        for width, rows, mat in batch.width_groups(idx == f):
            if not 1 + extra <= width <= MAX_DIGITS + extra:
                reasons[width] = _reason_wrong_width(width, MAX_DIGITS + extra, f"zoned decimal ({form})")
                continue
            acc.put(rows, *zoned_parts(mat, form))
    bad = batch.valid & ~acc.ok
    raise_if_strict(strict, "unpack_zoned", batch, bad, lambda r: reasons.get(int(batch.lengths[r]), _ZONED_BAD))
    return acc.to_arrow()


def unpack_packed(b, strict: bool = False) -> pa.Array:
    """Packed decimal (two digits a byte, sign in the last nibble) to DECIMAL(38,0); 1 to 20 bytes, a value past
    38 digits (a 20-byte field's 39th) is NULL."""
    batch = binary_batch(b)
    mat = _uniform(batch, (_SPLIT + 1) // 2)
    if mat is not None:  # the common case, a fixed-width column of up to 17 digits
        high, low = mat >> 4, mat & 0x0F
        digits = np.empty((mat.shape[0], 2 * mat.shape[1] - 1), dtype=np.uint8)
        digits[:, 0::2] = high
        digits[:, 1::2] = low[:, :-1]
        cls = SIGN_CLASS[low[:, -1]]
        ok = (digits.max(axis=1) <= 9) & (cls > 0) & batch.valid
        raise_if_strict(
            strict,
            "unpack_packed",
            batch,
            batch.valid & ~ok,
            lambda r: "a digit nibble above 9 or a sign nibble below A",
        )
        return _small_decimal(digits, cls == 2, ok)
    acc = _Digits(batch.n)
    reasons: dict[int, str] = {}
    max_width = MAX_PACKED_BYTES
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
    raise_if_strict(
        strict,
        "unpack_packed",
        batch,
        bad,
        lambda r: reasons.get(
            int(batch.lengths[r]), "a digit nibble above 9, a sign nibble below A, or a value past 38 digits"
        ),
    )
    return acc.to_arrow()

"""Big-endian binary integers (IBM i `Bin`, IDMS type 1, Db2 SMALLINT/INT) to BIGINT."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from .batch import binary_batch, int_argument, raise_if_strict

INT64_MAX = np.uint64(2**63 - 1)


def widen_big_endian(mat: np.ndarray, signed: np.ndarray | bool) -> np.ndarray:
    """(k, w<=8) big-endian bytes to (k, 8) bytes, sign-extended where `signed` and the top bit is set."""
    k, w = mat.shape
    out = np.zeros((k, 8), dtype=np.uint8)
    if w:
        negative = (mat[:, 0] >= 0x80) & signed
        out[:, : 8 - w] = np.where(negative, 0xFF, 0)[:, None]
        out[:, 8 - w :] = mat
    return out


def unsigned_be(mat: np.ndarray) -> np.ndarray:
    """(k, w<=8) big-endian bytes as uint64."""
    return widen_big_endian(mat, False).view(">u8").reshape(-1).astype(np.uint64)


_NATIVE = {1: "i1", 2: ">i2", 4: ">i4", 8: ">i8"}


def _fixed_native(batch, sign_flag: np.ndarray) -> tuple[pa.Array, np.ndarray] | None:
    """A column of one width 1, 2, 4 or 8 and one signedness: numpy reads it as a big-endian integer type."""
    w = batch.uniform_width if batch.n else None
    if w not in _NATIVE or not (sign_flag.all() or not sign_flag.any()):
        return None
    signed = bool(sign_flag[0])
    raw = np.ascontiguousarray(batch.matrix(None, w)).view(_NATIVE[w] if signed else _NATIVE[w].replace("i", "u"))
    values = raw.reshape(-1).astype(np.int64)
    ok = batch.valid
    if w == 8 and not signed:
        ok = ok & (raw.reshape(-1) <= INT64_MAX)  # above 2^63-1 does not fit BIGINT
    return pa.array(values, type=pa.int64(), mask=None if ok.all() else ~ok), ok


def unpack_bin(b, signed=None, strict: bool = False) -> pa.Array:
    """1 to 8 big-endian bytes to BIGINT; two's complement unless `signed` is false."""
    batch = binary_batch(b)
    n = batch.n
    sign_flag = int_argument(signed, n, 1) != 0
    fast = _fixed_native(batch, sign_flag)
    if fast is not None and not (
        strict and (batch.valid & ~fast[1]).any()
    ):  # strict errors: the general path names them
        return fast[0]
    values = np.zeros(n, dtype=np.int64)
    ok = np.zeros(n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if not 1 <= width <= 8:
            continue
        s = sign_flag[rows]
        wide = widen_big_endian(mat, s)
        as_signed = wide.view(">i8").reshape(-1).astype(np.int64)
        as_unsigned = wide.view(">u8").reshape(-1)
        fits = s | (as_unsigned <= INT64_MAX)  # unsigned 8-byte values above 2^63-1 do not fit BIGINT
        values[rows] = np.where(fits, as_signed, 0)
        ok[rows] = fits
    bad = batch.valid & ~ok

    def reason(r: int) -> str:
        w = int(batch.lengths[r])
        if not 1 <= w <= 8:
            return f"{w} bytes is not a valid binary width (1 to 8)"
        return "unsigned value above 9223372036854775807 does not fit BIGINT"

    raise_if_strict(strict, "unpack_bin", batch, bad, reason)
    return pa.array(values, type=pa.int64(), mask=~ok)


def unpack_u64(b, strict: bool = False) -> pa.Array:
    """Unsigned Bin(64) as DECIMAL(20,0): exact above 2^63 (BIGINT is not). Any width but 8 gives NULL."""
    batch = binary_batch(b)
    ok = batch.valid & (batch.lengths == 8)
    mat = np.zeros((batch.n, 8), np.uint8)
    rows = np.nonzero(ok)[0]
    if len(rows):
        mat[rows] = batch.matrix(rows, 8)
    return pa.array(unsigned_be(mat), pa.uint64(), mask=~ok).cast(pa.decimal128(20, 0))


_BIG = 10**38  # DECIMAL(38,0) holds magnitudes below it
_BIG_HIGH, _BIG_LOW = np.uint64(_BIG >> 64), np.uint64(_BIG & (2**64 - 1))


def _widen_16(mat: np.ndarray, signed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(k, w<=16) big-endian bytes as two's complement 128-bit words (high, low), sign-extended where `signed`."""
    k, w = mat.shape
    out = np.zeros((k, 16), dtype=np.uint8)
    negative = (mat[:, 0] >= 0x80) & signed
    out[:, : 16 - w] = np.where(negative, 0xFF, 0)[:, None]
    out[:, 16 - w :] = mat
    words = out.view(">u8").astype(np.uint64)
    return words[:, 0], words[:, 1]


def unpack_bin_decimal(b, signed=None, strict: bool = False) -> pa.Array:
    """1 to 16 big-endian bytes (COBOL COMP/COMP-4/BINARY/COMP-5 of 10 to 38 digits) to DECIMAL(38,0); two's
    complement unless `signed` is false. A magnitude of 39 digits or more is NULL."""
    batch = binary_batch(b)
    sign_flag = int_argument(signed, batch.n, 1) != 0
    high = np.zeros(batch.n, dtype=np.uint64)
    low = np.zeros(batch.n, dtype=np.uint64)
    ok = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if not 1 <= width <= 16:
            continue
        h, lo = _widen_16(mat, sign_flag[rows])
        neg = sign_flag[rows] & (h >= np.uint64(2**63))
        mag_h = np.where(neg, ~h + (lo == 0), h)  # |value|: two's complement negation where negative
        mag_l = np.where(neg, ~lo + np.uint64(1), lo)
        ok[rows] = (mag_h < _BIG_HIGH) | ((mag_h == _BIG_HIGH) & (mag_l < _BIG_LOW))
        high[rows], low[rows] = h, lo
    words = np.empty((batch.n, 2), dtype="<u8")
    words[:, 0], words[:, 1] = np.where(ok, low, 0), np.where(ok, high, 0)

    def reason(r: int) -> str:
        w = int(batch.lengths[r])
        return f"{w} bytes is not a valid binary width (1 to 16)" if not 1 <= w <= 16 else "more than 38 digits"

    raise_if_strict(strict, "unpack_bin_decimal", batch, batch.valid & ~ok, reason)
    validity = None if ok.all() else pa.py_buffer(np.packbits(ok, bitorder="little"))
    return pa.Array.from_buffers(pa.decimal128(38, 0), batch.n, [validity, pa.py_buffer(words.tobytes())])

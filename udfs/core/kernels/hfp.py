"""IBM System/390 hexadecimal floating point (COBOL COMP-1 and COMP-2, Db2 for z/OS REAL and DOUBLE) to DOUBLE.

Bit 0 the sign, bits 1-7 the characteristic (a power of 16, excess 64), then the fraction 0.f (24 bits in 4
bytes, 56 in 8). The fraction is rounded to a double once (as Spark's cast of a BIGINT), then scaled by a power
of two, which is exact: every HFP value is inside a double's range.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from .batch import binary_batch, raise_if_strict

FRACTION_BITS = {4: 24, 8: 56}


def hfp_values(mat: np.ndarray) -> np.ndarray:
    """(rows, 4) or (rows, 8) big-endian HFP bytes to float64 values."""
    width = mat.shape[1]
    padded = np.zeros((len(mat), 8), np.uint8)
    padded[:, 8 - width :] = mat
    bits = padded.view(">u8").reshape(-1).astype(np.uint64)
    fraction_bits = FRACTION_BITS[width]
    fraction = (bits & np.uint64((1 << fraction_bits) - 1)).astype(np.float64)
    exponent = ((bits >> np.uint64(fraction_bits)) & np.uint64(127)).astype(np.int64) - 64
    sign = np.where(bits >> np.uint64(fraction_bits + 7) & np.uint64(1), -1.0, 1.0)
    return sign * np.ldexp(fraction, 4 * exponent - fraction_bits)


def unpack_hfp(b, strict: bool = False) -> pa.Array:
    """4 (COMP-1, short) or 8 (COMP-2, long) bytes of hexadecimal floating point to DOUBLE; other widths NULL."""
    batch = binary_batch(b)
    values = np.zeros(batch.n, dtype=np.float64)
    ok = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if width in FRACTION_BITS:
            values[rows] = hfp_values(mat)
            ok[rows] = True
    raise_if_strict(
        strict,
        "unpack_hfp",
        batch,
        batch.valid & ~ok,
        lambda r: f"{int(batch.lengths[r])} bytes is not a hexadecimal float width (4 or 8)",
    )
    return pa.array(values, pa.float64(), mask=~ok)

"""Cutting framed records out of a buffer: their bytes back to back with Arrow offsets, in batches of bounded size."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

# ---- cutting records out ----------------------------------------------------------------------------------


def gather(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The records' bytes back to back and their int32 Arrow offsets.

    Records come in file order with gaps between them (an RDW, a BDW, a rejected stretch): their span is cut into
    values, alternately gap and record, and Arrow's take copies the records out, one memcpy each (0.02 s for a
    128 MiB range, where a boolean mask over the bytes took 0.05 s and an int64 index per byte 1.07 s). Records
    out of order or overlapping take the general fancy index."""
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    total = int(offsets[-1])
    if total == 0:
        return np.empty(0, dtype=np.uint8), offsets.astype(np.int32)
    starts = np.asarray(starts, dtype=np.int64)
    ends = starts + lengths
    gaps = starts[1:] - ends[:-1]
    lo, hi = int(starts[0]), int(ends[-1])
    if (len(gaps) and int(gaps.min()) < 0) or hi - lo >= 1 << 31:
        index = np.arange(total, dtype=np.int64) - np.repeat(offsets[:-1] - starts, lengths)
        return data[index], offsets.astype(np.int32)
    if not (gaps > 0).any():
        return data[lo:hi].copy(), offsets.astype(np.int32)
    n = len(starts)
    bounds = np.empty(2 * n + 1, dtype=np.int32)
    bounds[0] = 0
    bounds[1::2] = starts - lo
    bounds[2::2] = ends - lo
    cut = pa.BinaryArray.from_buffers(pa.binary(), 2 * n, [None, pa.py_buffer(bounds), pa.py_buffer(data[lo:hi])])
    cut.validate(full=True)  # bounds past the buffer would make take read out of bounds, not raise
    records = cut.take(pa.array(np.arange(1, 2 * n, 2, dtype=np.int64)))
    return np.frombuffer(records.buffers()[2], dtype=np.uint8, count=total), offsets.astype(np.int32)


def batches(lengths: np.ndarray, max_bytes: int = 16 << 20) -> list[tuple[int, int]]:
    """[lo, hi) record ranges of at most max_bytes each (at least one record), to bound memory."""
    if len(lengths) == 0:
        return []
    ends = np.cumsum(lengths)
    out, lo, base = [], 0, 0
    while lo < len(lengths):
        hi = int(np.searchsorted(ends, base + max_bytes, side="right"))
        hi = max(hi, lo + 1)
        out.append((lo, hi))
        base = int(ends[hi - 1])
        lo = hi
    return out

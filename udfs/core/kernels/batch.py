"""Whole-batch access to Arrow binary arrays.

Every kernel reads its input through these helpers so that no kernel loops over rows in Python:
a batch is split into groups of equal byte width (a substr of fixed-layout records is one group),
and each group is one 2-D uint8 matrix.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pyarrow as pa


class DecodeError(ValueError):
    """Raised only in strict mode: names the function and shows the offending bytes in hex."""

    def __init__(self, function: str, raw: bytes, reason: str, row: int | None = None):
        self.function = function
        self.raw = raw
        self.reason = reason
        self.row = row
        shown = raw[:64].hex().upper() + ("..." if len(raw) > 64 else "")
        at = f" (row {row} of the batch)" if row is not None else ""
        super().__init__(f"{function}: cannot decode X'{shown}'{at}: {reason}")


@dataclass(frozen=True)
class BinaryBatch:
    """The raw buffers of a binary array: absolute offsets into `data`, and a validity mask."""

    offsets: np.ndarray  # int64, len n+1, absolute positions in data
    data: np.ndarray | None  # uint8; None when only `fixed` holds the bytes
    valid: np.ndarray  # bool, len n
    fixed: np.ndarray | None = None  # (n, width) view when every row has one width (may be strided)

    @property
    def n(self) -> int:
        return len(self.valid)

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    @property
    def uniform_width(self) -> int | None:
        """The width every row has, or None."""
        if self.fixed is not None:
            return self.fixed.shape[1]
        lengths = self.lengths
        if len(lengths) and (lengths == lengths[0]).all():
            return int(lengths[0])
        return None

    def raw(self, row: int) -> bytes:
        if self.fixed is not None:
            return self.fixed[row].tobytes()
        return self.data[self.offsets[row] : self.offsets[row + 1]].tobytes()

    def width_groups(self, mask: np.ndarray | None = None) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        """Yield (width, row indices, matrix[k, width]) for the valid rows (and `mask`), one group per width."""
        sel = self.valid if mask is None else (self.valid & mask)
        if not sel.any():
            return
        w = self.uniform_width
        if w is not None:  # one group: no per-width search
            if sel.all():
                yield w, np.arange(self.n), self.matrix(None, w)
            else:
                rows = np.nonzero(sel)[0]
                yield w, rows, self.matrix(rows, w)
            return
        lengths = self.lengths
        widths = np.unique(lengths[sel])
        for w in widths.tolist():
            rows = np.nonzero(sel & (lengths == w))[0]
            yield w, rows, self.matrix(rows, w)

    def matrix(self, rows: np.ndarray | None, width: int) -> np.ndarray:
        """The bytes of `rows` (None: every row) as a (rows, width) matrix; rows must have that width."""
        if self.fixed is not None:
            return self.fixed if rows is None else self.fixed[rows]
        if rows is None:
            rows = np.arange(self.n)
        if width == 0:
            return np.zeros((len(rows), 0), dtype=np.uint8)
        starts = self.offsets[rows]
        # Fast path: the rows lie back to back (a column cut from fixed-length records).
        if (
            len(rows)
            and starts[-1] - starts[0] == width * (len(rows) - 1)
            and (len(rows) == 1 or np.all(np.diff(starts) == width))
        ):
            s = int(starts[0])
            return self.data[s : s + width * len(rows)].reshape(len(rows), width)
        return self.data[starts[:, None] + np.arange(width)]


def as_binary_array(arr) -> pa.Array:
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if (
        pa.types.is_large_binary(arr.type)
        or pa.types.is_binary_view(arr.type)
        or pa.types.is_fixed_size_binary(arr.type)
    ):
        arr = arr.cast(pa.binary())
    elif pa.types.is_null(arr.type):
        arr = pa.array([None] * len(arr), pa.binary())
    elif not pa.types.is_binary(arr.type):
        raise TypeError(f"expected BINARY input, got {arr.type}")
    return arr


def binary_batch(arr) -> BinaryBatch:
    if isinstance(arr, BinaryBatch):  # already cut from a record matrix (kernels.record)
        return arr
    arr = as_binary_array(arr)
    n = len(arr)
    bufs = arr.buffers()
    offsets = np.frombuffer(bufs[1], dtype=np.int32, count=n + 1, offset=arr.offset * 4).astype(np.int64)
    data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None else np.zeros(0, np.uint8)
    if arr.null_count:
        valid = arr.is_valid().to_numpy(zero_copy_only=False)
    else:
        valid = np.ones(n, dtype=bool)
    return BinaryBatch(offsets, data, valid)


def fixed_width_batch(mat: np.ndarray, valid: np.ndarray) -> BinaryBatch:
    """A BinaryBatch over a (rows, width) matrix, e.g. one field's columns of fixed-length records."""
    rows, width = mat.shape
    return BinaryBatch(np.arange(rows + 1, dtype=np.int64) * width, None, valid, fixed=mat)


def int_argument(arr, n: int, default: int | None) -> np.ndarray:
    """An integer argument column (often a literal repeated) as int64; NULL becomes `default`."""
    if arr is None:
        return np.full(n, -1 if default is None else default, dtype=np.int64)
    if isinstance(arr, (bool, int, np.integer)):  # a constant from Python (layout functions)
        return np.full(n, int(arr), dtype=np.int64)
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if pa.types.is_boolean(arr.type):
        arr = arr.cast(pa.int64())
    fill = -1 if default is None else default
    return arr.cast(pa.int64()).fill_null(fill).to_numpy(zero_copy_only=False)


def first_bad_row(bad: np.ndarray) -> int | None:
    idx = np.flatnonzero(bad)
    return int(idx[0]) if len(idx) else None


def raise_if_strict(strict: bool, function: str, batch: BinaryBatch, bad: np.ndarray, reason_of) -> None:
    """In strict mode, the first undecodable row raises a DecodeError; otherwise it stays NULL."""
    if not strict:
        return
    row = first_bad_row(bad)
    if row is not None:
        raise DecodeError(function, batch.raw(row), reason_of(row), row)

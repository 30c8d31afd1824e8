"""Whole-record decoding: every field of a layout in one batch call, as one Arrow struct.

Spark charges per Python UDF call and per result column far more than the decoding costs, so a layout
decoded in one call is the fast path (see `jcat bench`). Each field goes through the same kernel as its
per-field SQL function, so both give the same values; a field the record is too short to hold is NULL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..kinds import record_kinds
from .batch import BinaryBatch, DecodeError, as_binary_array, binary_batch, fixed_width_batch

# kind -> (kernel, Spark SQL type), from the one table of kinds; "digits" are Char(n) fields holding digits:
# kept as text here.
RECORD_DECODERS: dict[str, tuple[Callable, str]] = record_kinds()


def struct_type_sql(fields: Sequence) -> str:
    return "STRUCT<" + ", ".join(f"{f.name}: {RECORD_DECODERS[f.kind][1]}" for f in fields) + ">"


def record_matrix(b, batch: BinaryBatch, extent: int) -> np.ndarray:
    """The first `extent` bytes of every record as one (n, extent) matrix, cut once for all fields.

    Fixed-length records are a view of the batch as it stands; records of several lengths (LLDF, IDMS) are
    cut by Arrow's C++ binary_slice when every one holds `extent` bytes, else gathered (a row shorter than
    `extent` holds bytes of the next rows or zeros there: its fields past its end are NULL)."""
    n = batch.n
    w = batch.uniform_width if n else None
    if w is not None and w >= extent:
        return batch.matrix(None, w)[:, :extent]
    if batch.data is None or not len(batch.data) or not extent:
        return np.zeros((n, extent), np.uint8)
    if isinstance(b, (pa.Array, pa.ChunkedArray)) and batch.valid.all():
        cut = pc.binary_slice(as_binary_array(b), 0, extent)
        offsets = np.frombuffer(cut.buffers()[1], np.int32, count=n + 1, offset=cut.offset * 4)
        if int(offsets[-1]) - int(offsets[0]) == n * extent:  # no record shorter than extent
            return np.frombuffer(cut.buffers()[2], np.uint8, count=n * extent, offset=int(offsets[0])).reshape(
                n, extent
            )
    idx = batch.offsets[:-1, None] + np.arange(extent)
    np.minimum(idx, len(batch.data) - 1, out=idx)
    return batch.data[idx]


def decode_record(b, fields: Sequence, strict: bool = False, function: str = "decode_record") -> pa.StructArray:
    """Every field of `fields` (objects with name, pos, offset, length, kind) decoded from each record."""
    batch = binary_batch(b)
    extent = max((f.offset + f.length for f in fields), default=0)
    records = record_matrix(b, batch, extent)
    lengths = batch.lengths
    short = not (lengths >= extent).all()  # some record lacks some field: fields check their own end
    arrays = []
    for f in fields:
        kernel, _ = RECORD_DECODERS[f.kind]
        fits = batch.valid & (lengths >= f.offset + f.length) if short else batch.valid
        cut = fixed_width_batch(records[:, f.offset : f.offset + f.length], fits)
        try:
            arrays.append(binary_array(cut) if kernel is None else kernel(cut, strict=strict))
        except DecodeError as e:  # strict mode: say which field of which layout
            raise DecodeError(
                f"{function} field {f.name} (position {f.pos}, {f.length} bytes) {e.function}", e.raw, e.reason, e.row
            ) from None
    mask = None if batch.valid.all() else pa.array(~batch.valid)
    return pa.StructArray.from_arrays(arrays, [f.name for f in fields], mask=mask)


def decode_record_lenient(b, fields: Sequence, function: str, strict: bool = False) -> pa.StructArray:
    """decode_record that never raises: for layouts whose fields apply to some record types only."""
    return decode_record(b, fields, strict=False, function=function)


def binary_array(cut: BinaryBatch) -> pa.Array:
    """Raw bytes of a field (kind hex) as BINARY, no decoding."""
    validity = None if cut.valid.all() else pa.py_buffer(np.packbits(cut.valid, bitorder="little"))
    data = np.ascontiguousarray(cut.fixed).reshape(-1)
    return pa.Array.from_buffers(
        pa.binary(), cut.n, [validity, pa.py_buffer(cut.offsets.astype(np.int32)), pa.py_buffer(data)]
    )

"""Whole-record decoding: every field of a layout in one batch call, as one Arrow struct.

Spark charges per Python UDF call and per result column far more than the decoding costs, so a layout
decoded in one call is the fast path (see `jcat bench`). Each field goes through the same kernel as its
per-field SQL function, so both give the same values; a field the record is too short to hold is NULL.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np
import pyarrow as pa

from .batch import BinaryBatch, DecodeError, binary_batch, fixed_width_batch
from .binary import unpack_bin
from .clocks import parse_ibmi_timestamp, parse_lrsn, parse_timestamp17
from .decimal import unpack_packed, unpack_zoned
from .ebcdic import ebcdic_str

# kind -> (kernel, Spark SQL type); "digits" are Char(n) fields holding digits: kept as text here.
KINDS: dict[str, tuple[Callable, str]] = {
    "char": (ebcdic_str, "STRING"),
    "digits": (ebcdic_str, "STRING"),
    "zoned": (unpack_zoned, "DECIMAL(31,0)"),
    "packed": (unpack_packed, "DECIMAL(31,0)"),
    "bin": (unpack_bin, "BIGINT"),
    "ubin": (lambda b, strict=False: unpack_bin(b, False, strict=strict), "BIGINT"),
    "ts17": (parse_timestamp17, "TIMESTAMP_NTZ"),
    "lrsn": (parse_lrsn, "TIMESTAMP"),
    "ibmi_ts": (parse_ibmi_timestamp, "TIMESTAMP_NTZ"),
    "hex": (None, "BINARY"),
}


def struct_type_sql(fields: Sequence) -> str:
    return "STRUCT<" + ", ".join(f"{f.name}: {KINDS[f.kind][1]}" for f in fields) + ">"


def _field_batches(batch: BinaryBatch, offset: int, length: int) -> BinaryBatch:
    """The bytes of one field in every record; rows too short for it are NULL."""
    n = batch.n
    lengths = batch.lengths
    fits = batch.valid & (lengths >= offset + length)
    w = batch.uniform_width if n else None
    if w is not None and w >= offset + length:
        return fixed_width_batch(batch.matrix(None, w)[:, offset:offset + length], fits)
    if batch.data is None or not fits.any():  # no record is long enough: the field is NULL throughout
        return fixed_width_batch(np.zeros((n, length), np.uint8), np.zeros(n, dtype=bool))
    starts = np.where(fits, batch.offsets[:-1] + offset, 0)
    mat = batch.data[starts[:, None] + np.arange(length)] if length else np.zeros((n, 0), np.uint8)
    mat[~fits] = 0
    return fixed_width_batch(mat, fits)


def decode_record(b, fields: Sequence, strict: bool = False, function: str = "decode_record") -> pa.StructArray:
    """Every field of `fields` (objects with name, pos, offset, length, kind) decoded from each record."""
    batch = binary_batch(b)
    arrays = []
    for f in fields:
        kernel, _ = KINDS[f.kind]
        cut = _field_batches(batch, f.offset, f.length)
        try:
            arrays.append(_binary_array(cut) if kernel is None else kernel(cut, strict=strict))
        except DecodeError as e:  # strict mode: say which field of which layout
            raise DecodeError(f"{function} field {f.name} (position {f.pos}, {f.length} bytes) {e.function}",
                              e.raw, e.reason, e.row) from None
    mask = None if batch.valid.all() else pa.array(~batch.valid)
    return pa.StructArray.from_arrays(arrays, [f.name for f in fields], mask=mask)


def _binary_array(cut: BinaryBatch) -> pa.Array:
    """Raw bytes of a field (kind hex) as BINARY, no decoding."""
    validity = None if cut.valid.all() else pa.py_buffer(np.packbits(cut.valid, bitorder="little"))
    data = np.ascontiguousarray(cut.fixed).reshape(-1)
    return pa.Array.from_buffers(pa.binary(), cut.n, [
        validity, pa.py_buffer(cut.offsets.astype(np.int32)), pa.py_buffer(data)])

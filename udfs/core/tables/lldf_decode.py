"""A declared LLDF table's layout function: every column of a Log Master row image in one batch call, as one struct.

An LLDF image has no fixed positions (seed 002: a null byte before each nullable column, a 2-byte length before
each VARCHAR's data), so the running positions are computed column after column on the whole batch (one numpy
step per column, none per row). The rules are the SQL's (udfs/render/tables_lldf.py): a NULL fixed-length column
keeps its width, a VARCHAR takes 2 + its length whatever its null byte says, and an image whose columns do not end
exactly at its end is not this table's image: every column NULL and named. A column is NULL where its null byte is
not X'00'; it is named in `decode_errors` when NULL for any other reason than a null byte X'FF'. Each value goes
through the catalog kernel its SQL function runs (value_function), then is typed as the DDL says, as the SQL does.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..catalog import Arg, Function
from ..kernels.batch import BinaryBatch, DecodeError, binary_batch, fixed_width_batch
from ..kernels.hfp import hfp_values
from ..kernels.record import binary_array
from ..kernels.unload import digits_as_decimal
from .declaration import DeclaredTable
from .ibmi_image import value_function
from .image_decode import KERNELS
from .lldf_image import (
    FLOAT_MAX,
    FLOAT_MIN,
    NULL_BYTE,
    NULL_VALUE,
    LldfColumn,
    image_columns,
)

ERRORS = "decode_errors"  # the struct's field naming the columns that did not decode
ARROW_TYPES = {
    "INT": pa.int32(),
    "SMALLINT": pa.int16(),
    "BIGINT": pa.int64(),
    "FLOAT": pa.float32(),
    "DOUBLE": pa.float64(),
    "DATE": pa.date32(),
    "STRING": pa.string(),
    "BINARY": pa.binary(),
    "TIMESTAMP_NTZ": pa.timestamp("us"),
}


def arrow_type(c: LldfColumn) -> pa.DataType:
    if c.spec.type == "DECIMAL":
        return pa.decimal128(c.spec.length, c.spec.scale)
    return ARROW_TYPES[c.spark_type]


def struct_type_sql(columns: Sequence[LldfColumn]) -> str:
    """Each column as the DDL types it (the model reads them as they are), then the names that did not decode."""
    fields = [f"`{c.name.replace('`', '``')}`: {c.spark_type}" for c in columns]
    return "STRUCT<" + ", ".join(fields + [f"`{ERRORS}`: ARRAY<STRING>"]) + ">"


class _Image:
    """The images of one batch: bytes at a position of each row, with what lies past a row's end."""

    def __init__(self, batch: BinaryBatch):
        self.batch = batch
        self.lengths = np.where(batch.valid, batch.lengths, 0)
        self.flat = batch.data if batch.data is not None and len(batch.data) else np.zeros(1, np.uint8)

    def byte(self, at: np.ndarray, known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The byte at 0-based `at` of each row, and where the row holds it."""
        there = known & (at < self.lengths)
        idx = np.clip(self.batch.offsets[:-1] + np.where(there, at, 0), 0, len(self.flat) - 1)
        return np.where(there, self.flat[idx], 0), there

    def matrix(self, at: np.ndarray, width: int, rows: np.ndarray) -> np.ndarray:
        """`width` bytes from `at` of each row (zeros where `rows` is false)."""
        idx = self.batch.offsets[:-1, None] + np.where(rows, at, 0)[:, None] + np.arange(width)
        return np.where(rows[:, None], self.flat[np.clip(idx, 0, len(self.flat) - 1)], 0).astype(np.uint8)

    def slices(self, at: np.ndarray, width: np.ndarray, rows: np.ndarray) -> pa.Array:
        """Bytes [at, at + width) of each row as BINARY, NULL where `rows` is false."""
        w = np.where(rows, width, 0).astype(np.int64)
        offsets = np.zeros(len(w) + 1, np.int64)
        np.cumsum(w, out=offsets[1:])
        within = np.arange(offsets[-1]) - np.repeat(offsets[:-1], w)
        idx = np.repeat(self.batch.offsets[:-1] + np.where(rows, at, 0), w) + within
        validity = pa.py_buffer(np.packbits(rows, bitorder="little"))
        return pa.Array.from_buffers(
            pa.binary(),
            len(w),
            [validity, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(self.flat[idx].tobytes())],
        )


def positions(image: _Image, columns: Sequence[LldfColumn], padded: bool = False):
    """For each column: (its null byte's offset, its data's offset, its data's width, where its length fits), and
    where the image is whole (every width known and the last column ending at the image's end). `padded` (a Db2
    UNLOAD without NOPAD): a VARCHAR(n)'s slot is always 2 + n bytes, its data the first `length` of them (a length
    past n does not fit: that column does not decode)."""
    n = image.batch.n
    at = np.zeros(n, np.int64)
    known = image.batch.valid.copy()
    placed = []
    for c in columns:
        data = at + (1 if c.nullable else 0)
        fits = np.ones(n, bool)
        if c.width is None:  # VARCHAR: 2-byte unsigned length, then that many bytes
            hi, has_hi = image.byte(data, known)
            lo, has_lo = image.byte(data + 1, known)
            length = hi.astype(np.int64) << 8 | lo
            if padded:
                fits = length <= c.spec.length
                width, slot = 2 + np.where(fits, length, 0), np.full(n, 2 + c.spec.length, np.int64)
            else:
                known = has_hi & has_lo
                width = slot = 2 + length
        else:
            width = slot = np.full(n, c.width, np.int64)
        placed.append((at, data, width, fits))
        at = data + slot
    whole = known & (at == image.lengths)
    return placed, whole


def _raw(
    image: _Image,
    c: LldfColumn,
    data: np.ndarray,
    width: np.ndarray,
    present: np.ndarray,
    float_format: str,
    strict: bool,
) -> pa.Array:
    if c.spec.type in ("REAL", "DOUBLE"):
        values = lldf_float(image.matrix(data, c.width, present), present, float_format)
        return float_held(values) if c.spec.type == "REAL" and float_format == "hfp" else values
    if c.width is None:
        cut = image.slices(data, width, present)
    else:
        cut = fixed_width_batch(image.matrix(data, c.width, present), present)
    fn, args = value_function(c.spec)
    return binary_array(cut) if fn is None else KERNELS[fn].kernel(cut, *args, strict=strict)


def typed(raw: pa.Array, c: LldfColumn) -> pa.Array:
    """The function's raw value as the DDL types the column: a DECIMAL's digits scaled exactly (NULL past its
    precision: an even precision's pad half-byte holding a digit), integers narrowed, REAL to FLOAT."""
    if c.spec.type == "DECIMAL":
        return digits_as_decimal(raw, c.spec.length, c.spec.scale)
    target = arrow_type(c)
    return raw if raw.type == target else raw.cast(target)


def float_held(values: pa.Array) -> pa.Array:
    """A hexadecimal REAL's values, NULL where FLOAT cannot hold them (zero is held)."""
    magnitude = pc.abs(values)
    held = pc.or_(
        pc.equal(values, 0.0), pc.and_(pc.greater_equal(magnitude, FLOAT_MIN), pc.less_equal(magnitude, FLOAT_MAX))
    )
    return pc.if_else(held, values, pa.scalar(None, values.type))


def lldf_float(mat: np.ndarray, present: np.ndarray, float_format: str) -> pa.Array:
    """REAL (4 bytes) or DOUBLE (8) as System/390 hexadecimal ('hfp': sign, base-16 exponent excess 64, 24- or
    56-bit fraction) or IEEE big-endian ('ieee'), to DOUBLE, as macro jcat_lldf_float computes it."""
    width = mat.shape[1]
    if float_format == "ieee":
        values = (mat.view(">f4") if width == 4 else mat.view(">f8")).reshape(-1).astype(np.float64)
        values = np.where(np.isnan(values), np.nan, values)  # one NaN, as the SQL's double('nan')
    else:
        values = hfp_values(mat)
    return pa.array(values, pa.float64(), mask=~present)


def decode_lldf_image(
    b,
    columns: Sequence[LldfColumn],
    float_format: str = "hfp",
    strict: bool = False,
    function: str = "decode_lldf_image",
    padded: bool = False,
) -> pa.StructArray:
    """Every column of each row image, typed, and the names of those that did not decode (a NULL image: all).
    `padded`: the record of a Db2 UNLOAD of the table (VARCHARs padded to their length; see positions)."""
    image = _Image(binary_batch(b))
    placed, whole = positions(image, columns, padded)
    arrays, failed = [], []
    for c, (at, data, width, fits) in zip(columns, placed):
        null_byte, _ = image.byte(at, whole) if c.nullable else (np.full(len(at), NULL_BYTE), None)
        present = whole & (null_byte == NULL_BYTE) & fits
        try:
            value = typed(_raw(image, c, data, width, present, float_format, strict), c)
        except DecodeError as e:  # strict mode: say which column of which table
            raise DecodeError(
                f"{function} column {c.name} (column {c.colno} of the image) {e.function}", e.raw, e.reason, e.row
            ) from None
        arrays.append(value)
        said_null = whole & (null_byte == NULL_VALUE) if c.nullable else np.zeros(len(at), bool)
        failed.append(value.is_null().to_numpy(zero_copy_only=False) & ~said_null)
    arrays.append(_names(columns, failed, image.batch.n))
    return pa.StructArray.from_arrays(arrays, [c.name for c in columns] + [ERRORS])


def _names(columns: Sequence[LldfColumn], failed: list[np.ndarray], n: int) -> pa.Array:
    """Per row, the names of the columns that failed, in column order."""
    if not columns:
        return pa.array([[]] * n, pa.list_(pa.string()))
    grid = np.stack(failed, axis=1)  # (rows, columns)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(grid.sum(axis=1), out=offsets[1:])
    names = pa.array([c.name for c in columns], pa.string()).take(pa.array(np.nonzero(grid)[1]))
    return pa.ListArray.from_arrays(pa.array(offsets), names)


def layout_function(table: DeclaredTable, name: str) -> Function:
    """`<name>(img)`: every column of one of the declared table's row images, one struct."""
    cols = image_columns(table)
    return Function(
        name,
        partial(decode_lldf_image, columns=cols, float_format=table.lldf.float_format, function=name),
        (Arg("img", "BINARY", "one row image of the table, as DATA of its LLDF change holds it"),),
        struct_type_sql(cols),
        f"Every column of {table.name}'s row image ({table.lldf.qualified}), as one struct, and the "
        "columns that did not decode.",
    )


def snapshot_record_length(table: DeclaredTable) -> int:
    """A Db2 UNLOAD record of the table: each column's null indicator (nullable ones) and its slot, a VARCHAR(n)
    2 + n bytes (padded)."""
    return sum(
        (1 if c.nullable else 0) + (2 + c.spec.length if c.width is None else c.width) for c in image_columns(table)
    )


def snapshot_function(table: DeclaredTable, name: str) -> Function:
    """`<name>(record)`: one record of a Db2 UNLOAD of the table (its starting snapshot), one struct: the row image's
    rules with VARCHARs padded, in the table's float format."""
    cols = image_columns(table)
    return Function(
        name,
        partial(decode_lldf_image, columns=cols, float_format=table.lldf.float_format, function=name, padded=True),
        (Arg("record", "BINARY", "one record of a Db2 UNLOAD of the table"),),
        struct_type_sql(cols),
        f"Every column of a Db2 UNLOAD record of {table.name} ({table.lldf.qualified}), its starting "
        "snapshot, and the columns that did not decode.",
    )

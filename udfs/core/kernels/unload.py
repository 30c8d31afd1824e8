"""Db2 unload records (IBM SQL Replication tables): every column of a record in one batch call, as one struct.

A column here is what macros/ibmsnap/jcat_ibmsnap_column.sql decodes field by field: CHAR (EBCDIC text, trailing
blanks removed), FOR BIT DATA (raw bytes), VARCHAR (2-byte length, then up to n bytes, text untrimmed; a length
outside 0..n gives NULL), SMALLINT/INT/BIGINT (big-endian two's complement), DECIMAL(p,s) (packed, p//2+1 bytes; a
value of more than p digits gives NULL) and TIMESTAMP (26 EBCDIC characters). A nullable column has a one-byte null
indicator before its data (Db2 UNLOAD) or after it (DSNTIAUL format): the value is decoded only where that byte
is X'00'. Each column goes through the per-field kernel its SQL function runs, so both give the same values; a
column the record is too short to hold is NULL.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .batch import DecodeError, binary_batch, fixed_width_batch
from .binary import unpack_bin
from .clocks import parse_ibmi_timestamp
from .decimal import unpack_packed
from .ebcdic import ebcdic_str
from .ibmi import ibmi_varchar
from .record import binary_array, record_matrix

NULL_INDICATORS = ("leading", "trailing")
_INT_TYPES = {"smallint": (2, pa.int16()), "int": (4, pa.int32()), "bigint": (8, pa.int64())}


@dataclass(frozen=True)
class UnloadColumn:
    """One column's place in the record: `pos` 1-based where its slot starts (null indicator included)."""

    name: str
    pos: int
    kind: str  # char, bit, varchar, varbit, smallint, int, bigint, decimal, timestamp
    length: int  # n of CHAR(n)/VARCHAR(n), digits of DECIMAL; 0 where the type fixes the width
    scale: int = 0
    nullable: bool = False

    @property
    def data_width(self) -> int:
        if self.kind in ("char", "bit"):
            return self.length
        if self.kind in ("varchar", "varbit"):
            return 2 + self.length
        if self.kind == "decimal":
            return self.length // 2 + 1
        if self.kind in _INT_TYPES:
            return _INT_TYPES[self.kind][0]
        if self.kind == "timestamp":
            return 26
        raise ValueError(f"{self.name}: no unload decoder for kind {self.kind}")

    def offsets(self, null_indicator: str) -> tuple[int | None, int]:
        """0-based offsets of the null indicator (None: not nullable) and of the data."""
        if not self.nullable:
            return None, self.pos - 1
        if null_indicator == "trailing":
            return self.pos - 1 + self.data_width, self.pos - 1
        return self.pos - 1, self.pos

    @property
    def sql_type(self) -> str:
        """The Spark SQL type of the decoded column (the layout function's struct field, the model's column)."""
        if self.kind == "decimal":
            return f"DECIMAL({self.length},{self.scale})"
        return {
            "char": "STRING",
            "varchar": "STRING",
            "bit": "BINARY",
            "varbit": "BINARY",
            "smallint": "SMALLINT",
            "int": "INT",
            "bigint": "BIGINT",
            "timestamp": "TIMESTAMP_NTZ",
        }[self.kind]

    @property
    def arrow_type(self) -> pa.DataType:
        if self.kind in ("char", "varchar"):
            return pa.string()
        if self.kind in ("bit", "varbit"):
            return pa.binary()
        if self.kind in _INT_TYPES:
            return _INT_TYPES[self.kind][1]
        if self.kind == "decimal":
            return pa.decimal128(self.length, self.scale)
        return pa.timestamp("us")  # TIMESTAMP_NTZ


def _var_length(records: np.ndarray, at: int, n: int, present: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A VARCHAR's 2-byte length at `at` (0 where not ok) and where it is ok: present and 0..n."""
    length = records[:, at].astype(np.int64) << 8 | records[:, at + 1]
    ok = present & (length <= n)  # a signed length: X'8000' and above are negative, so above n too
    return np.where(ok, length, 0), ok


def _var_bytes(records: np.ndarray, at: int, n: int, present: np.ndarray) -> pa.Array:
    """VARCHAR FOR BIT DATA: the 2-byte length at `at`, then that many of the n bytes after it (NULL unless 0..n)."""
    length, ok = _var_length(records, at, n, present)
    data = records[:, at + 2 : at + 2 + n]
    keep = np.arange(n)[None, :] < length[:, None]
    offsets = np.zeros(len(length) + 1, dtype=np.int32)
    np.cumsum(length, out=offsets[1:])
    validity = None if ok.all() else pa.py_buffer(np.packbits(ok, bitorder="little"))
    return pa.Array.from_buffers(
        pa.binary(), len(length), [validity, pa.py_buffer(offsets), pa.py_buffer(np.ascontiguousarray(data[keep]))]
    )


def digits_as_decimal(unscaled: pa.Array, precision: int, scale: int) -> pa.Array:
    """DECIMAL(38,0) digits to DECIMAL(precision, scale) with the same unscaled value, exactly; more than
    `precision` digits (a digit in a packed field's pad half-byte) gives NULL."""
    target = pa.decimal128(precision, scale)
    if not len(unscaled):
        return pa.array([], target)
    wide = unscaled.cast(pa.decimal128(38, 0))
    fits = pc.less(pc.abs(wide), pa.scalar(10**precision, pa.decimal128(38, 0)))
    kept = pc.if_else(fits, wide, pa.scalar(None, wide.type))
    data = kept.buffers()[1]  # 16-byte little-endian unscaled integers, whatever the type's scale says
    return pa.Array.from_buffers(target, len(kept), [kept.buffers()[0], data], offset=kept.offset)


def decode_unload(
    b,
    columns: Sequence[UnloadColumn],
    null_indicator: str = "leading",
    ccsid: int = 37,
    strict: bool = False,
    function: str = "decode_unload",
) -> pa.StructArray:
    """Every column of each unload record; `columns` in record order (objects as UnloadColumn)."""
    if null_indicator not in NULL_INDICATORS:
        raise ValueError(
            f"{function}: null_indicator is {null_indicator!r}: expected leading (Db2 UNLOAD) or "
            "trailing (DSNTIAUL format)"
        )
    batch = binary_batch(b)
    extents = [c.pos - 1 + c.data_width + (1 if c.nullable else 0) for c in columns]
    extent = max(extents, default=0)
    records = record_matrix(b, batch, extent)
    lengths = batch.lengths
    arrays = []
    for c, end in zip(columns, extents):
        ni, at = c.offsets(null_indicator)
        present = batch.valid & (lengths >= end)
        if ni is not None:
            present &= records[:, ni] == 0
        try:
            arrays.append(_column(records, c, at, present, ccsid, strict))
        except DecodeError as e:  # strict mode: say which column of which table
            raise DecodeError(
                f"{function} column {c.name} (position {at + 1}, {c.data_width} bytes) {e.function}",
                e.raw,
                e.reason,
                e.row,
            ) from None
    mask = None if batch.valid.all() else pa.array(~batch.valid)
    return pa.StructArray.from_arrays(arrays, [c.name for c in columns], mask=mask)


def _column(records: np.ndarray, c: UnloadColumn, at: int, present: np.ndarray, ccsid: int, strict: bool) -> pa.Array:
    if c.kind == "varbit":
        return _var_bytes(records, at, c.length, present)
    if c.kind == "varchar":
        # the whole slot (length and n bytes) through ibmi_varchar: the length's bytes, untrimmed, as Db2 holds
        # the value; a length outside 0..n is NULL before the kernel sees it (no strict error: decode_errors says)
        _, ok = _var_length(records, at, c.length, present)
        return ibmi_varchar(fixed_width_batch(records[:, at : at + 2 + c.length], ok), ccsid, strict=strict)
    cut = fixed_width_batch(records[:, at : at + c.data_width], present)
    if c.kind == "bit":
        return binary_array(cut)
    if c.kind == "char":
        return ebcdic_str(cut, ccsid, strict=strict)
    if c.kind in _INT_TYPES:
        return unpack_bin(cut, strict=strict).cast(c.arrow_type)
    if c.kind == "decimal":
        return digits_as_decimal(unpack_packed(cut, strict=strict), c.length, c.scale)
    if c.kind == "timestamp":
        return parse_ibmi_timestamp(cut, ccsid, strict=strict)
    raise ValueError(f"{c.name}: no unload decoder for kind {c.kind}")

"""A copybook record's layout function: every field of a batch of records decoded in whole-batch kernel calls, as
one struct per record, the same columns, nesting, types and decode_errors as the record's SQL
(udfs/render/copybook_sql.py) gives through the persistent functions.

Each elementary field goes through the catalog kernel `field_call` names, over all its elements of all records at
once: an OCCURS multiplies the rows a kernel sees, never loops per row. Groups are structs, OCCURS lists (cut to
the DEPENDING ON counter; a count the OCCURS does not allow gives a NULL list, named), FILLERs have no column. A
field past the end of a short record is NULL. Numbers are typed by `sql_type`: the kernels' unscaled integers
get the picture's scale exactly (the 128-bit digits read at that scale), and a value past the type is NULL.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..catalog import BY_NAME, Arg, Function
from ..kernels.batch import DecodeError, binary_batch, fixed_width_batch
from ..kernels.record import record_matrix
from .layout import Node
from .model import Copybook, CopyField, field_call, sql_type
from .text import TRIMS, trim_text
from .tree import columns, counter, record_root

INT_RANGE = {"INT": (pa.int32(), 2**31), "BIGINT": (pa.int64(), 2**63)}


def arrow_type(spark_type: str) -> pa.DataType:
    if spark_type == "STRING":
        return pa.string()
    if spark_type in ("FLOAT", "DOUBLE"):
        return pa.float32() if spark_type == "FLOAT" else pa.float64()
    if spark_type in INT_RANGE:
        return INT_RANGE[spark_type][0]
    p, s = spark_type[len("DECIMAL(") : -1].split(",")
    return pa.decimal128(int(p), int(s))


def column_names(copybook: Copybook, record: str | None = None) -> list[str]:
    """The record's top-level columns, before decode_errors."""
    return [name for name, _ in columns(record_root(copybook, record)[0])]


def struct_type_sql(copybook: Copybook, record: str | None = None) -> str:
    """The layout function's result as Spark DDL: the record's columns, then decode_errors."""
    root, fields = record_root(copybook, record)

    def node_type(node: Node) -> str:
        if node.children:
            one = "STRUCT<" + ", ".join(f"`{n}`: {node_type(c)}" for n, c in columns(node)) + ">"
        else:
            one = sql_type(fields[id(node)])
        return f"ARRAY<{one}>" if node.entry.occurs else one

    cols = [f"`{n}`: {node_type(c)}" for n, c in columns(root)]
    return "STRUCT<" + ", ".join([*cols, "`decode_errors`: ARRAY<STRING>"]) + ">"


def decode_record(
    b,
    copybook: Copybook,
    record: str | None = None,
    *,
    ccsid: int = 37,
    float_format: str = "hfp",
    trim: str = "right",
    strict: bool = False,
    function: str = "decode_record",
) -> pa.StructArray:
    """One struct per record of `b` (BINARY): the record's columns and decode_errors (NULL for a NULL record)."""
    if trim not in TRIMS:
        raise ValueError(f"trim {trim!r}: one of {', '.join(TRIMS)}")
    root, fields = record_root(copybook, record)
    batch = binary_batch(b)
    extent = max((f.offset + _span(f) for f in fields.values()), default=0)
    ctx = _Context(
        record_matrix(b, batch, extent), batch.valid, batch.lengths, fields, ccsid, float_format, trim, strict, function
    )
    rows = np.arange(batch.n)
    names, arrays, errors = [], [], _Errors(batch.n)
    for name, child in columns(root):
        names.append(name)
        arrays.append(_entry(child, ctx, rows, np.full(batch.n, child.offset, dtype=np.int64), name, errors))
    arrays.append(errors.to_arrow(batch.valid))
    mask = None if batch.valid.all() else pa.array(~batch.valid)
    return pa.StructArray.from_arrays(arrays, [*names, "decode_errors"], mask=mask)


class _Context:
    def __init__(self, matrix, valid, lengths, fields, ccsid, float_format, trim, strict, function):
        self.matrix, self.valid, self.lengths, self.fields = matrix, valid, lengths, fields
        self.ccsid, self.float_format, self.trim, self.strict, self.function = (
            ccsid,
            float_format,
            trim,
            strict,
            function,
        )


class _Errors:
    """Which records name which field in decode_errors: a boolean column per field path, in the order the fields
    are decoded (copybook order, as the SQL names them), turned into the list column at the end in one pass."""

    def __init__(self, n: int):
        self.n, self.paths, self.masks = n, [], []

    def name(self, path: str, records: np.ndarray) -> None:
        """Name `path` in the decode_errors of `records` (indices, repeats allowed: an array's field once)."""
        if not len(records):
            return
        if path not in self.paths:
            self.paths.append(path)
            self.masks.append(np.zeros(self.n, dtype=bool))
        self.masks[self.paths.index(path)][records] = True

    def to_arrow(self, valid: np.ndarray) -> pa.Array:
        named = np.column_stack(self.masks) if self.masks else np.zeros((self.n, 0), dtype=bool)
        counts = np.where(valid, named.sum(axis=1), 0)
        offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
        which = np.nonzero(named & valid[:, None])[1]  # row-major: each record's paths in path order
        values = pa.array(self.paths, pa.string()).take(pa.array(which, pa.int64()))
        return pa.ListArray.from_arrays(pa.array(offsets), values, mask=None if valid.all() else pa.array(~valid))


def _span(f: CopyField) -> int:
    """Bytes from the field's first element to the end of its last."""
    return f.length + sum((d.most - 1) * d.stride for d in f.dims)


def _entry(node: Node, ctx: _Context, rows: np.ndarray, starts: np.ndarray, path: str, errors) -> pa.Array:
    """The entry whose (first) element starts at byte `starts` of records `rows`: a list of its elements when it
    OCCURS."""
    if not node.entry.occurs:
        return _one(node, ctx, rows, starts, path, errors)
    most = node.entry.occurs[1]
    counts = np.full(len(rows), most, dtype=np.int64)
    absent = np.zeros(len(rows), dtype=bool)
    if node.entry.depending_on:
        counts, absent = _counts(node, ctx, rows)
        errors.name(path, rows[absent & ctx.valid[rows]])
    element_rows = np.repeat(rows, most)
    element_starts = (starts[:, None] + np.arange(most)[None, :] * node.size).reshape(-1)
    kept = (np.arange(most)[None, :] < counts[:, None]) & ~absent[:, None]
    index = np.flatnonzero(kept.reshape(-1))
    values = _one(node, ctx, element_rows[index], element_starts[index], path, errors)
    offsets = np.concatenate([[0], np.cumsum(kept.sum(axis=1))]).astype(np.int32)
    mask = pa.array(absent) if absent.any() else None
    return pa.ListArray.from_arrays(pa.array(offsets), values, mask=mask)


def _counts(node: Node, ctx: _Context, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The DEPENDING ON counter of each record, and where it is not a count the OCCURS allows."""
    field = counter(node, ctx.fields)
    value = _leaf(field, ctx, rows, np.full(len(rows), field.offset, dtype=np.int64), None, None)
    low, high = node.entry.occurs
    count = np.trunc(pc.fill_null(value.cast(pa.float64(), safe=False), -1.0).to_numpy(zero_copy_only=False))
    absent = (count < low) | (count > high)  # as try_cast(... AS INT) BETWEEN low AND high
    return np.where(absent, 0, count).astype(np.int64), absent


def _one(node: Node, ctx: _Context, rows, starts, path: str, errors) -> pa.Array:
    if not node.children:
        return _leaf(ctx.fields[id(node)], ctx, rows, starts, path, errors)
    names, arrays = [], []
    for name, child in columns(node):  # a group has one at least: one of fillers only is no column
        names.append(name)
        arrays.append(_entry(child, ctx, rows, starts + child.offset - node.offset, f"{path}.{name}", errors))
    return pa.StructArray.from_arrays(arrays, names)


def _leaf(f: CopyField, ctx: _Context, rows, starts, path: str | None, errors) -> pa.Array:
    """Field `f` read at byte `starts` of records `rows`, typed; a NULL from bytes that were there is named."""
    if not len(rows):  # no element anywhere in the batch (every count 0)
        return pa.array([], arrow_type(sql_type(f)))
    width = f.length
    fits = ctx.valid[rows] & (ctx.lengths[rows] >= starts + width)
    cols = np.clip(starts[:, None] + np.arange(width)[None, :], 0, max(ctx.matrix.shape[1] - 1, 0))
    cut = fixed_width_batch(ctx.matrix[rows[:, None], cols] if width else np.zeros((len(rows), 0), np.uint8), fits)
    fn, args = field_call(f, ctx.float_format)
    try:
        if f.kind == "char":
            raw = trim_text(cut, ctx.ccsid, ctx.trim, strict=ctx.strict)
        else:
            raw = BY_NAME[fn].kernel(cut, *map(_literal, args), strict=ctx.strict)
    except DecodeError as e:  # strict mode: which field of which record
        raise DecodeError(
            f"{ctx.function} field {path or f.name} (offset {f.offset}, {width} bytes) {e.function}",
            e.raw,
            e.reason,
            e.row,
        ) from None
    value = _typed(raw, f)
    if errors is not None:  # no value from bytes that were there, or bytes the record is too short to hold
        null = ~value.is_valid().to_numpy(zero_copy_only=False)
        errors.name(path, rows[(fits & null) | (~fits & ctx.valid[rows])])
    return value


def _literal(arg: str):
    """A field_call argument (SQL literal text) as the kernel takes it."""
    if arg in ("true", "false"):
        return arg == "true"
    if arg.startswith("'"):
        return arg[1:-1]
    return int(arg)


def _typed(raw: pa.Array, f: CopyField) -> pa.Array:
    """The kernel's value as `sql_type(f)`: the scale applied exactly; NULL past the type (as try_cast)."""
    kind = sql_type(f)
    if kind == "STRING":
        return raw
    if kind in ("FLOAT", "DOUBLE"):
        return raw.cast(arrow_type(kind), safe=False)
    digits = raw if pa.types.is_decimal(raw.type) else raw.cast(pa.decimal128(38, 0))
    if kind in INT_RANGE:
        t, limit = INT_RANGE[kind]
        return _within(digits, -limit, limit).cast(t)
    target = arrow_type(kind)
    # the value fits when its unscaled digits do: 10^p of them, or 10^(p+s) before P's multiply them by 10^-s
    limit = 10 ** (target.precision + min(f.scale, 0))
    digits = _within(digits, -limit + 1, limit)
    scaled = pa.Array.from_buffers(
        pa.decimal128(38, f.scale), len(digits), digits.buffers(), null_count=digits.null_count
    )  # the same 128-bit digits, read at the scale
    return scaled.cast(target, safe=False)


def _within(digits: pa.Array, low: int, high: int) -> pa.Array:
    """NULL where the value is outside [low, high)."""
    t = pa.decimal128(38, 0)
    inside = pc.and_(pc.greater_equal(digits, pa.scalar(Decimal(low), t)), pc.less(digits, pa.scalar(Decimal(high), t)))
    return pc.if_else(inside, digits, pa.scalar(None, t))


def layout_function(
    name: str,
    copybook: Copybook,
    record: str | None = None,
    *,
    ccsid: int = 37,
    float_format: str = "hfp",
    trim: str = "right",
) -> Function:
    """The record's layout function as a catalog Function `name` (BINARY -> its struct), to register in Spark."""
    kernel = partial(
        decode_record,
        copybook=copybook,
        record=record,
        ccsid=ccsid,
        float_format=float_format,
        trim=trim,
        function=name,
    )
    rec = copybook.record(record)
    return Function(
        name,
        kernel,
        (Arg("b", "BINARY", "a whole record"),),
        struct_type_sql(copybook, record),
        f"Every field of copybook record {rec.name} ({copybook.source}), as one struct.",
    )

"""A copybook's record as Spark SQL over a BINARY column: one expression a field, calling the persistent per-field
functions (so a view of it reads in any session, with no Python), typed as the picture says, exactly.

Groups are structs and OCCURS arrays, as Cobrix shapes them; REDEFINES give each alternative its column; FILLER
gives none. Numbers: the functions give the unscaled integer (DECIMAL(38,0)); the picture's scale is applied by
reading the digits back with an exponent, which is exact at every scale (a division by 10^s is exact only to 6
places in Spark), or for P's right of the digits by a multiplication, then cast (try_cast: NULL past the type, in
ANSI mode or not).
"""

from __future__ import annotations

from ..core.copybook import CopyField, field_call, sql_type
from ..core.copybook.decode import struct_type_sql
from ..core.copybook.layout import Node
from ..core.copybook.text import TRIM_CHARACTERS, TRIMS
from ..core.copybook.tree import columns, counter, record_root
from .sql_functions import sql_string
from .table_names import quote


def record_select(
    copybook,
    record: str | None = None,
    column: str = "record",
    schema: str = "jcat",
    ccsid: int = 37,
    float_format: str = "hfp",
    trim: str = "right",
) -> list[str]:
    """`expr AS name` for each top-level entry of the record (groups as structs)."""
    if trim not in TRIMS:
        raise ValueError(f"trim {trim!r}: one of {', '.join(TRIMS)}")
    node, fields = record_root(copybook, record)
    ctx = _Context(column, schema, ccsid, float_format, fields, trim)
    return [f"{expr} AS {quote(name)}" for name, expr in _members(node, ctx, 0)]


RECORD = "__jcat_record"  # the record's bytes, kept by the inner query for the decode_errors test


def record_query(
    copybook,
    source: str,
    record: str | None = None,
    column: str = "record",
    schema: str = "jcat",
    ccsid: int = 37,
    float_format: str = "hfp",
    trim: str = "right",
) -> str:
    """The whole query: the record's columns, then `decode_errors`, the fields (as `GROUP.FIELD`) whose bytes did not
    decode, in copybook order (NULL where the record is NULL). Add columns of `source` to the inner query to keep
    them (lineage)."""
    select = record_select(copybook, record, column, schema, ccsid, float_format, trim)
    node, _ = record_root(copybook, record)
    checks = ", ".join(_checks(node, ""))
    inner = ",\n    ".join([*select, f"{column} AS {RECORD}"])
    return (
        f"SELECT * EXCEPT ({RECORD}),\n  CASE WHEN {RECORD} IS NOT NULL THEN "
        f"filter(array({checks}), x -> x IS NOT NULL) END AS decode_errors\n"
        f"FROM (\n  SELECT\n    {inner}\n  FROM {source}\n)"
    )


def _checks(node: Node, prefix: str, element: str | None = None):
    """A name-or-NULL test per field: NULL value where bytes were there (inside an array: any element's)."""
    for name, child in columns(node):
        ref = f"{element}.{quote(name)}" if element else quote(name)
        path = f"{prefix}{name}"
        if child.entry.depending_on:  # no array: its count was not one the OCCURS allows
            yield f"IF({ref} IS NULL, '{path}', NULL)"
        if child.entry.occurs:
            var = f"e{child.entry.line}_{len(path)}"
            inner = list(_checks(child, f"{path}.", var)) if child.children else [f"IF({var} IS NULL, '{path}', NULL)"]
            for test in inner:  # each field of the element, named once when any element fails
                yield f"IF(exists({ref}, {var} -> ({test}) IS NOT NULL), {_name_of(test)}, NULL)"
        elif child.children:
            yield from _checks(child, f"{path}.", ref)
        else:
            yield f"IF({ref} IS NULL, '{path}', NULL)"


def _name_of(test: str) -> str:
    """The quoted name a test gives (its last string literal)."""
    return "'" + test.rsplit("'", 2)[-2] + "'"


class _Context:
    def __init__(self, column, schema, ccsid, float_format, fields, trim="right"):
        self.column, self.schema, self.ccsid, self.float_format = column, schema, ccsid, float_format
        self.fields = fields  # id(leaf node) -> its CopyField
        self.trim = trim


def _members(node: Node, ctx: _Context, base: int):
    """(name, expression) of each child that has a column: FILLERs have none (as Cobrix drops them)."""
    for name, child in columns(node):
        yield name, _entry(child, ctx, base)


def _entry(node: Node, ctx: _Context, base: int) -> str:
    """One entry, `base` bytes after where the layout places it (an element of an enclosing OCCURS): an array of
    its elements when it OCCURS, each written out (Spark calls no SQL function inside a lambda), cut to its
    DEPENDING ON counter."""
    if not node.entry.occurs:
        return _one(node, ctx, base)
    elements = ", ".join(_one(node, ctx, base + i * node.size) for i in range(node.entry.occurs[1]))
    array = f"array({elements})"
    if node.entry.depending_on:  # a count the OCCURS does not allow (or none) gives no array: NULL and named
        count = _counter(node, ctx)
        low, high = node.entry.occurs
        return f"CASE WHEN {count} BETWEEN {low} AND {high} THEN slice({array}, 1, {count}) END"
    return array


def _one(node: Node, ctx: _Context, base: int) -> str:
    if node.children:
        parts = ", ".join(f"'{name}', {expr}" for name, expr in _members(node, ctx, base))
        return f"named_struct({parts})"
    end = node.offset + base + node.size  # a field the record is too short to hold is NULL, never read in part
    value = field_sql(ctx.fields[id(node)], f"substr({ctx.column}, {node.offset + base + 1}, {node.size})", ctx)
    return f"IF(length({ctx.column}) >= {end}, {value}, NULL)"


def _counter(node: Node, ctx: _Context) -> str:
    """The OCCURS DEPENDING ON counter's value: the field of that name in the record (the parser checked it is one)."""
    field = counter(node, ctx.fields)
    value = field_sql(field, f"substr({ctx.column}, {field.offset + 1}, {field.length})", ctx)
    return f"try_cast({value} AS INT)"


def _text_sql(b: str, width: int, ctx: _Context) -> str:
    """A PIC X field under the trimming policy (udfs/core/copybook/text.py): ebcdic_str cuts the end; the text
    untrimmed is ibmi_varchar of the bytes behind their own length."""
    if ctx.trim in ("right", "both"):
        text = f"{ctx.schema}.ebcdic_str({b}, {ctx.ccsid})"
    else:
        text = f"{ctx.schema}.ibmi_varchar(concat(X'{width:04X}', {b}), {ctx.ccsid})"
    if ctx.trim in ("both", "left"):
        text = f"trim(LEADING {sql_string(TRIM_CHARACTERS)} FROM {text})"
    return text


def field_sql(f: CopyField, b: str, ctx: _Context) -> str:
    """One element's value, typed by `sql_type`."""
    fn, args = field_call(f, ctx.float_format)
    if fn == "ebcdic_str":
        return _text_sql(b, f.length, ctx)
    call = f"{ctx.schema}.{fn}({', '.join((b, *args))})"
    kind = sql_type(f)
    if kind in ("STRING", "DOUBLE"):
        return call
    if kind == "FLOAT":
        return f"CAST({call} AS FLOAT)"
    if f.scale > 0:  # kind is DECIMAL(p,s)
        return f"try_cast(concat(cast({call} AS STRING), 'E-{f.scale}') AS {kind})"
    if f.scale < 0:  # P's right of the digits; Spark reads no decimal of a negative scale: multiply
        call = f"try_multiply({call}, {10**-f.scale})"
    return f"try_cast({call} AS {kind})"


def record_function(
    copybook,
    name: str,
    record: str | None = None,
    schema: str = "jcat",
    ccsid: int = 37,
    float_format: str = "hfp",
    trim: str = "right",
) -> str:
    """`CREATE OR REPLACE FUNCTION schema.name(b BINARY)`: the record's struct (its columns, then decode_errors; NULL
    for a NULL record) through the persistent functions, the same struct as the layout function gives. Spark
    inlines the body's query into the caller's projection."""
    select = record_select(copybook, record, "b", schema, ccsid, float_format, trim)
    node, _ = record_root(copybook, record)
    fields = ", ".join(f"'{n}', {quote(n)}" for n, _ in columns(node))
    errors = f"filter(array({', '.join(_checks(node, ''))}), x -> x IS NOT NULL)"
    inner = ",\n    ".join(select)
    return (
        f"CREATE OR REPLACE FUNCTION {schema}.{name}(b BINARY)\n"
        f"RETURNS {struct_type_sql(copybook, record)}\n"
        f"RETURN SELECT IF(b IS NULL, NULL, named_struct({fields}, 'decode_errors', {errors}))\n"
        f"FROM (\n  SELECT\n    {inner}\n)"
    )

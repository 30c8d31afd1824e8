"""IBM SQL Replication: one table's Db2 unload records decoded into one struct (the kernel behind
`decode_ibmsnap_<table>`), from the unload layouts udfs/core/layouts/ibmsnap_ddl_generated.py holds as data
(generated from the DDL in sql/ibmsnap by `jcat generate`; read here as plain data).

A table has a layout per variant (platform/sequence form); the struct has every column any variant has, so one
SQL type serves every variant and a column the variant lacks is NULL.
"""

from __future__ import annotations

from functools import cache

import pyarrow as pa

from ..layouts import ibmsnap_ddl_generated
from .unload import decode_unload


def constant_argument(arr, name: str, function: str, default):
    """A layout argument that picks the record layout: the same for every row (a literal); NULL gives `default`."""
    if arr is None:
        return default
    values = set(arr.unique().to_pylist()) - {None} if hasattr(arr, "unique") else {arr}
    if len(values) > 1:
        raise ValueError(
            f"{function}: {name} must be one value for the whole query (a literal), got "
            f"{', '.join(sorted(map(str, values)))}"
        )
    return next(iter(values)) if values else default


@cache
def struct_columns(table: str):
    """The struct's columns: every column any variant has, in first-seen order, each with one type."""
    seen = {}
    for columns in ibmsnap_ddl_generated.LAYOUTS[table].values():
        for c in columns:
            first = seen.setdefault(c.name, c)
            if first.arrow_type != c.arrow_type:
                raise ValueError(
                    f"ibmsnap_{table}.{c.name}: {first.arrow_type} in one variant, {c.arrow_type} in another"
                )
    return tuple(seen.values())


@cache
def variant_columns(table: str) -> dict:
    """variant -> the table's columns in that variant."""
    return {one: cols for group, cols in ibmsnap_ddl_generated.LAYOUTS[table].items() for one in group}


def decode_table(record, variant=None, null_indicator=None, ccsid=None, strict: bool = False, table: str = ""):
    """Every column of `table`'s unload records as one struct array (the arguments as the SQL function's)."""
    name = f"decode_ibmsnap_{table}"
    v = str(constant_argument(variant, "variant", name, ibmsnap_ddl_generated.DEFAULT_VARIANT)).lower()
    layouts = variant_columns(table)
    if v not in layouts:
        raise ValueError(
            f"{name}: variant {v!r}: expected one of {', '.join(ibmsnap_ddl_generated.VARIANTS)} "
            "(platform/sequence form, as dbt vars ibmsnap_platform and ibmsnap_sequence_form)"
        )
    ni = str(constant_argument(null_indicator, "null_indicator", name, "leading")).lower()
    cc = int(constant_argument(ccsid, "ccsid", name, 37))
    got = decode_unload(record, layouts[v], ni, cc, strict=strict, function=name)
    by_name = {f.name: got.field(i) for i, f in enumerate(got.type)}
    cols = struct_columns(table)
    arrays = [by_name.get(c.name, pa.nulls(len(got), c.arrow_type)) for c in cols]
    return pa.StructArray.from_arrays(arrays, [c.name for c in cols], mask=got.is_null())

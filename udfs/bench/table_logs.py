"""Declared Log Master (LLDF) and CD (IBMSNAP) tables as bench layouts.

LLDF: the records are row images as DATA of an LLDF change holds them (seed 002: a null byte before each nullable
column, a 2-byte length before each VARCHAR's data, floats in the declaration's form); every way gives the images
macro's typed columns (udfs/render/tables_lldf.py).
IBMSNAP: the records are CD table unload records in the declaration's variant and null indicator; every way gives
the images macro's decoded columns, every column of the record (udfs/render/tables_ibmsnap.py).
Values are present (no NULL): the agreement check holds every column to a value.
"""

from __future__ import annotations

import random
import struct

from ..core.layouts.ibmsnap import unload_column
from ..core.layouts.lldf import hfp
from ..core.tables import ibmsnap_image, lldf_image
from ..core.tables.declaration import DeclaredTable
from ..core.tables.values import ValueSpec
from ..render.field_calls import Calls
from ..render.table_names import quote
from ..render.tables_ibmsnap import by_function
from ..render.tables_lldf import per_field_sql
from .table_layout import TableLayout, text, value_bytes

PRESENT = b"\x00"  # the null byte or indicator of a value


def _struct_columns(names: list[str]):
    return lambda d: [f"{d}.{quote(n)} AS {quote(n)}" for n in names]


# --- LLDF ----------------------------------------------------------------------------------------------------------


def _lldf_bytes(c: lldf_image.LldfColumn, float_format: str, rng: random.Random) -> bytes:
    s = c.spec
    if s.type == "VARCHAR":  # only the bytes the length says
        raw = text(s, rng)
        data = len(raw).to_bytes(2, "big") + raw
    elif s.type in ("REAL", "DOUBLE"):
        v = rng.randrange(-(10**6), 10**6) / 64
        data = hfp(v, s.width) if float_format == "hfp" else struct.pack(">f" if s.width == 4 else ">d", v)
    else:
        data = value_bytes(s, rng)
    return (PRESENT if c.nullable else b"") + data


def _lldf_unique(cols) -> tuple[int, int, str] | None:
    """The first INTEGER or BIGINT at a fixed position (no VARCHAR before it) takes the row number."""
    at = 1
    for c in cols:
        at += 1 if c.nullable else 0
        if c.spec.type in ("INTEGER", "BIGINT"):
            return at, c.width, "bin"
        if c.width is None:
            return None
        at += c.width
    return None


def lldf_layout(name: str, table: DeclaredTable) -> TableLayout:
    cols = lldf_image.image_columns(table)
    o = table.lldf

    def per_field(call: Calls) -> list[list[str]]:
        positions, values = per_field_sql(table, call)
        return [["record AS img"], ["*"] + positions, values]

    return TableLayout(
        name,
        table,
        cols,
        _lldf_unique(cols),
        f"declared table {name} ({o.qualified}, Log Master row images, floats {o.float_format}), {len(cols)} columns",
        lambda rng: b"".join(_lldf_bytes(c, o.float_format, rng) for c in cols),
        _struct_columns([c.name for c in cols]),
        per_field,
    )


# --- IBMSNAP -------------------------------------------------------------------------------------------------------


def _unload_spec(kind: str, length: int, scale: int, ccsid: int) -> ValueSpec:
    """The IBM i buffer form of an unload field of that kind: the same bytes (VARCHAR padded to its length)."""
    return {
        "char": ValueSpec("CHAR", length, ccsid=ccsid),
        "bit": ValueSpec("BINARY", length),
        "varchar": ValueSpec("VARCHAR", length, ccsid=ccsid),
        "varbit": ValueSpec("VARBINARY", length),
        "smallint": ValueSpec("SMALLINT"),
        "int": ValueSpec("INTEGER"),
        "bigint": ValueSpec("BIGINT"),
        "decimal": ValueSpec("DECIMAL", length, scale),
        "timestamp": ValueSpec("TIMESTAMP", fraction=6),
    }[kind]


def _unload_bytes(u, table: DeclaredTable, rng: random.Random) -> bytes:
    o = table.ibmsnap
    data = value_bytes(_unload_spec(u.kind, u.length, u.scale, o.ccsid), rng)
    if not u.nullable:
        return data
    return PRESENT + data if o.null_indicator == "leading" else data + PRESENT


def ibmsnap_layout(name: str, table: DeclaredTable) -> TableLayout:
    o = table.ibmsnap
    slots = ibmsnap_image.record_layout(table).slots
    fields = [unload_column(s.column, s.pos) for s in slots]
    unique = next(
        ((u.offsets(o.null_indicator)[1] + 1, u.data_width, "bin") for u in fields if u.kind in ("int", "bigint")), None
    )

    def per_field(call: Calls) -> list[list[str]]:
        return [[f"{by_function(s, table, call)} AS {quote(s.name)}" for s in slots]]

    return TableLayout(
        name,
        table,
        slots,
        unique,
        f"declared CD table {name} ({table.ddl.schema}.{table.ddl.name}, unload records, variant "
        f"{o.variant}, null indicator {o.null_indicator}), {len(slots)} columns, "
        f"{ibmsnap_image.record_layout(table).record_length}-byte records",
        lambda rng: b"".join(_unload_bytes(u, table, rng) for u in fields),
        _struct_columns([s.name for s in slots]),
        per_field,
    )

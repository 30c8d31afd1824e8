"""Which framing each layout lands with, and the names of its tables. No Spark."""

from __future__ import annotations

import re

from ..layouts.registry import BY_NAME, IBMSNAP_PREFIX, LAYOUTS
from .frames import SELF_KINDS, Framing

# Record lengths fixed by the layout itself (the registry: udfs/core/layouts/registry.py).
FIXED_RECORD_LENGTHS: dict[str, int] = {
    lay.name: lay.record_length for lay in LAYOUTS if lay.record_length and not lay.length_varies
}
# Db2 unload record lengths of the IBMSNAP control tables (table name in lower case -> bytes), the default variant's
# (os390, CHAR(10) sequences; other variants give --record-length). tests/fast/test_ibmsnap_ddl.py fails when they
# drift from ControlTables.default_record_lengths() of udfs.core.layouts.ibmsnap.
IBMSNAP_RECORD_LENGTHS: dict[str, int] = {
    lay.name[len(IBMSNAP_PREFIX) :]: lay.record_length for lay in LAYOUTS if lay.name.startswith(IBMSNAP_PREFIX)
}  # a declared CD table's length comes from its declaration (`jcat load NAME`)

SELF_DELIMITING = tuple(lay.name for lay in LAYOUTS if lay.self_delimiting)
if set(SELF_DELIMITING) != set(SELF_KINDS):  # frames.py reads each one's length: it knows exactly these
    raise ImportError(f"self-delimiting layouts {SELF_DELIMITING} but frames.py frames {SELF_KINDS}")
# Per-table layouts, one per declared table (or IBMSNAP control table): PREFIX<table>.
TABLE_PREFIXES = (IBMSNAP_PREFIX, "snapshot_", "file_")
# The layouts named on their own, then the per-table ones: "qasym7j5, ..., snapshot_<table> or file_<table>".
_OWN_NAMES = tuple(lay.name for lay in LAYOUTS if not lay.name.startswith(TABLE_PREFIXES))
_NAME = re.compile("^(" + "|".join(_OWN_NAMES + tuple(p + "[a-z0-9_]+" for p in TABLE_PREFIXES)) + ")$")
_EXPECTED = [*_OWN_NAMES, *(p + "<table>" for p in TABLE_PREFIXES)]


class LayoutProblem(ValueError):
    """A layout or framing option the user can fix."""


def check_layout(layout: str) -> str:
    name = layout.lower()
    if not _NAME.match(name):
        raise LayoutProblem(f"unknown layout {layout!r}: expected {', '.join(_EXPECTED[:-1])} or {_EXPECTED[-1]}")
    return name


def default_record_length(layout: str) -> int | None:
    known = BY_NAME.get(layout)
    return known.record_length if known and not known.self_delimiting else None


def resolve_framing(layout: str, framing: str | None = None, record_length: int | None = None) -> Framing:
    """The framing for a layout and the user's options.

    Defaults: a self-delimiting layout (lldf, idms) carries its own length (`self`); the others are fixed-length.
    `rdw`/`vb` wrap either kind: for a self-delimiting one the record's own length is then checked against the RDW.
    """
    layout = check_layout(layout)
    inner = layout if layout in SELF_DELIMITING else None
    kind = framing or ("self" if inner else "fixed")
    if kind == "self" and not inner:
        raise LayoutProblem(f"layout {layout} does not carry its record length: use --framing fixed, rdw or vb")
    if kind == "fixed":
        if inner:
            raise LayoutProblem(f"layout {layout} is variable-length: use --framing self, rdw or vb")
        length = record_length or default_record_length(layout)
        if not length:
            raise LayoutProblem(f"layout {layout}: the record length is a property of the file; give --record-length N")
        if length <= 0:
            raise LayoutProblem("--record-length must be above 0")
        fixed_length = default_record_length(layout)
        if layout in FIXED_RECORD_LENGTHS and length != fixed_length:
            raise LayoutProblem(f"layout {layout} records are {fixed_length} bytes, not {length}")
        return Framing("fixed", record_length=length)
    if record_length:
        raise LayoutProblem("--record-length applies to fixed framing only")
    try:
        return Framing(kind, inner=inner)
    except ValueError as e:
        raise LayoutProblem(str(e)) from None


def raw_table(layout: str) -> str:
    return f"raw_{check_layout(layout)}"

"""Which framing each layout lands with, and the names of its tables. No Spark."""

from __future__ import annotations

import re

from ..layouts import qasym7j5
from .frames import Framing

# Record lengths fixed by the layout itself. IBMSNAP table lengths arrive later: add them to
# IBMSNAP_RECORD_LENGTHS (table name in lower case -> bytes) and `--record-length` becomes optional.
FIXED_RECORD_LENGTHS: dict[str, int] = {"qasym7j5": qasym7j5.RECORD_LENGTH}
# Db2 unload record lengths derived from sql/ibmsnap (ControlTables.default_record_lengths() of
# udfs.core.layouts.ibmsnap: default variant os390, CHAR(10) sequences; other variants give --record-length).
# tests/fast/test_ibmsnap_ddl.py fails when these drift.
IBMSNAP_RECORD_LENGTHS: dict[str, int] = {
    "register": 504,
    "pruncntl": 195,
    "uow": 95,
    "critsec": 18,
    "trace": 290,
    "ccpparms": 20,
    "warm_start": 50,
    "ccpenq": 9,
}  # a declared CD table's length comes from its declaration (`jcat load NAME`)

SELF_DELIMITING = ("lldf", "idms")
_NAME = re.compile(r"^(qasym7j5|qjordje5|lldf|idms|ibmsnap_[a-z0-9_]+|snapshot_[a-z0-9_]+|file_[a-z0-9_]+)$")


class LayoutProblem(ValueError):
    """A layout or framing option the user can fix."""


def check_layout(layout: str) -> str:
    name = layout.lower()
    if not _NAME.match(name):
        raise LayoutProblem(
            f"unknown layout {layout!r}: expected qasym7j5, qjordje5, lldf, idms, ibmsnap_<table>, "
            "snapshot_<table> or file_<table>"
        )
    return name


def default_record_length(layout: str) -> int | None:
    if layout.startswith("ibmsnap_"):
        return IBMSNAP_RECORD_LENGTHS.get(layout[len("ibmsnap_") :])
    return FIXED_RECORD_LENGTHS.get(layout)


def resolve_framing(layout: str, framing: str | None = None, record_length: int | None = None) -> Framing:
    """The framing for a layout and the user's options.

    Defaults: lldf and idms carry their own length (`self`); the others are fixed-length.
    `rdw`/`vb` wrap either kind: for lldf/idms the record's own length is then checked against the RDW.
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

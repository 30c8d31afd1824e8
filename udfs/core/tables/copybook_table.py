"""A declared table described by a COBOL copybook (a record file, or the images of a CA IDMS record): the rules that
refuse one, each in one line, and its record's shape (no Spark, no rendering).

A record file (`--log file`) lands as layout `file_<name>`: fixed-length records of the copybook's length, or RDW /
VB records (their length is the RDW's). A record whose OCCURS DEPENDING ON makes it vary in length cannot be framed
fixed. The key names top-level fields of the record (not in an array).
"""

from __future__ import annotations

from pathlib import Path

from ..copybook import Copybook, CopybookProblem
from ..copybook.decode import column_names
from ..copybook.tree import read_copybook_file
from .declaration import SYSTEM_COLUMNS, DeclarationProblem, DeclaredTable


def read_copybook(path: Path) -> Copybook:
    try:
        return read_copybook_file(path)
    except CopybookProblem as e:
        raise DeclarationProblem(str(e)) from None


def options(table: DeclaredTable):
    """The copybook options of a record file or an IDMS record (record, ccsid, float_format, trim)."""
    return table.file or table.idms


def record_name(table: DeclaredTable) -> str | None:
    return options(table).record


def columns(table: DeclaredTable) -> list[str]:
    """The record's top-level columns (groups as one struct column, OCCURS as one array column)."""
    return column_names(table.copybook, record_name(table))


def image_columns(table: DeclaredTable) -> tuple[str, ...]:
    """The columns of a row (the registry's image reader of copybook logs: udfs/core/tables/logs.py)."""
    return tuple(columns(table))


def record_length(table: DeclaredTable) -> int:
    return table.copybook.record(record_name(table)).length


def varies(table: DeclaredTable) -> bool:
    """The record's length follows an OCCURS DEPENDING ON counter."""
    return any(d.depending_on for f in table.copybook.record(record_name(table)).fields for d in f.dims)


def fixed_length(table: DeclaredTable) -> int:
    """Bytes every record holds: the whole record, or those before its first OCCURS DEPENDING ON."""
    fields = table.copybook.record(record_name(table)).fields
    varying = [f.offset for f in fields if any(d.depending_on for d in f.dims)]
    return min(varying) if varying else record_length(table)


def check(table: DeclaredTable) -> DeclaredTable:
    """Refuse what the copybook's record cannot be, as declared; the table as given."""
    book = table.copybook
    try:
        rec = book.record(record_name(table))
    except (CopybookProblem, ValueError, KeyError) as e:
        raise DeclarationProblem(str(e).strip("'\"")) from None
    names = columns(table)
    taken = {c.lower() for c in SYSTEM_COLUMNS}
    clash = [n for n in names if n.lower() in taken]
    if clash:
        raise DeclarationProblem(
            f"{book.source}: field {clash[0]} has the name of a column jcat adds: rename it in a copy of the copybook"
        )
    if table.file and table.file.framing == "fixed" and varies(table):
        raise DeclarationProblem(
            f"{book.source}: record {rec.name} varies in length (OCCURS DEPENDING ON): give "
            "--framing rdw or vb, the framing its file has"
        )
    unknown = [k for k in table.key if k not in names and k not in table.spec.default_key]
    if unknown:
        raise DeclarationProblem(
            f"--key names {', '.join(unknown)}, not a top-level field of {rec.name}: use {', '.join(names)}"
        )
    return table

"""A copybook file read, and a record's tree as both engines walk it (the layout function, decode.py, and the SQL,
copybook_sql.py): its root, the field of each elementary entry, the children that have a column, and a DEPENDING ON
counter."""

from __future__ import annotations

from pathlib import Path

from .layout import Node
from .model import Copybook, CopyField, cobrix_name, parse_copybook


def copybook_text(path: Path) -> str:
    """A copybook file's text: UTF-8, else Latin-1 (copied off the mainframe as single-byte text)."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_copybook_file(path: Path) -> Copybook:
    """A copybook file parsed, named by its file name."""
    return parse_copybook(copybook_text(path), source=path.name)


def record_root(copybook: Copybook, record: str | None = None) -> tuple[Node, dict[int, CopyField]]:
    """The record's 01-level node, and the CopyField of each of its elementary nodes (by id)."""
    rec = copybook.record(record)
    root = next(n for n in copybook.nodes if cobrix_name(n.entry.name) == rec.name)
    return root, dict(zip(map(id, leaves(root)), rec.fields))


def leaves(node: Node):
    """The elementary entries in copybook order: the order the parser flattens them in."""
    for child in node.children:
        yield from (leaves(child) if child.children else (child,))


def has_columns(node: Node) -> bool:
    return any(not c.entry.filler and (not c.children or has_columns(c)) for c in node.children)


def columns(node: Node):
    """(name, child) of each child with a column: FILLERs and groups of fillers only have none (Cobrix's
    drop_group_fillers)."""
    for child in node.children:
        if not child.entry.filler and not (child.children and not has_columns(child)):
            yield cobrix_name(child.entry.name), child


def counter(node: Node, fields: dict[int, CopyField]) -> CopyField:
    """The field an OCCURS DEPENDING ON names (the parser checked it is a numeric field of the record)."""
    name = node.entry.depending_on.upper().replace("-", "_")
    return next(f for f in fields.values() if f.name.upper() == name)

"""`jcat load NAME FILE --snapshot-at POSITION`: an unload of a declared table, landed as its starting state."""

from __future__ import annotations

from ..core.changes.snapshot import (
    SnapshotProblem,
    check_table,
    commit_position,
    layout,
)
from ..core.changes.snapshot import record_length as width
from ..core.project import ProjectNotFound, project_dir
from ..core.tables.declaration_file import read_all


def snapshot_target(name: str, position: str, record_length: int | None):
    """(layout, record length, table name, COMMIT_POSITION) of a snapshot load; SnapshotProblem says what is wrong
    before Spark starts."""
    try:
        table = next((t for t in read_all(project_dir()) if t.name == name.lower()), None)
    except ProjectNotFound:
        table = None
    if table is None:
        raise SnapshotProblem(f"--snapshot-at: no declared table {name} (jcat tables list shows them)")
    check_table(table)
    at = commit_position(table.log, position)
    return layout(table.name), record_length or width(table), table.name, at

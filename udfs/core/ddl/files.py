"""DDL files -> TableDdl: a user's table from its own file, IBM's control-table figures from a folder of
`<table>.<variant>.sql`. The caller names the file or folder (and the folder messages name files relative to):
this package knows no folder of any project."""

from __future__ import annotations

from pathlib import Path

from .model import DdlProblem, TableDdl
from .table import parse_text, refuse_dbcs


def _where(path: Path, root: Path | None) -> str:
    """The file as a problem names it: relative to `root` when it lies under it, else as given."""
    if root is not None and path.is_relative_to(root):
        return str(path.relative_to(root))
    return str(path)


def parse_declared(path: Path, root: Path | None = None) -> TableDdl:
    """A user's own table from its DDL file (any name): Db2 for i or Db2 for z/OS, as their tools write it."""
    t = parse_text(path.read_text(), _where(path, root), "declared")
    refuse_dbcs(t)
    return t


def parse_file(path: Path, root: Path | None = None) -> TableDdl:
    """`<table>.<variant>.sql`: variant os390, vmvse, other or all (a user's CD table is declared: parse_declared)."""
    parts = path.name.split(".")
    if len(parts) != 3 or parts[2] != "sql":
        raise DdlProblem(f"{path.name}: expected <table>.<variant>.sql")
    variant = "template" if parts[0] == "cd_template" else parts[1]
    t = parse_text(path.read_text(), _where(path, root), variant)
    refuse_dbcs(t)
    return t


def load_all(sql_dir: Path, root: Path | None = None) -> list[TableDdl]:
    """Every `<table>.<variant>.sql` of `sql_dir`, in name order."""
    return [parse_file(p, root) for p in sorted(sql_dir.glob("*.sql"))]

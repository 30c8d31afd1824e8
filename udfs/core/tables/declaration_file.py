"""Declaration files of a user's tables: `tables/<name>.yml` beside a copy of the table's DDL (or copybook), in the
dbt project.

`jcat tables add` writes them; `jcat generate`, the builds and the catalog read them. Reading a declaration parses
its DDL (or copybook) again, so that copy is the one source of the table's columns. Each log's part of the file
(`ibmi:`, `lldf:`, ...) is read and written by its options type (options.py), named by the registry (logs.py).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from .. import ddl
from ..project import source_root
from . import copybook_table
from .declaration import DeclarationProblem, DeclaredTable, check_log, check_name, check_time_zone
from .logs import LOGS

FOLDER = "tables"
HEADER = (
    "# A table of yours, declared for jcat: `jcat tables add` wrote this file and the DDL beside it.\n"
    "# Edit the options here (formats, CCSIDs, key); `jcat generate` then rewrites the table's models.\n"
)


def tables_dir(project: Path) -> Path:
    return project / FOLDER


def declaration_path(project: Path, name: str) -> Path:
    return tables_dir(project) / f"{name}.yml"


def parse_ddl(path: Path) -> ddl.TableDdl:
    """A declared table's DDL file; a problem names the file relative to the checkout when it lies in it."""
    return ddl.parse_declared(path, source_root())


def to_yaml(table: DeclaredTable) -> str:
    source = "copybook" if table.copybook is not None else "ddl"
    doc: dict = {"name": table.name, "log": table.log, source: table.ddl_file, "key": list(table.key)}
    if table.time_zone:
        doc["time_zone"] = table.time_zone
    doc[table.log] = table.options.to_yaml()
    return HEADER + yaml.safe_dump(doc, sort_keys=False, default_flow_style=None)


def read_declaration(path: Path) -> DeclaredTable:
    """The declaration (a file written before an option existed reads with that option's default)."""
    table = _read_declaration(path)
    zone = _raw_zone(path)
    return dataclasses.replace(table, time_zone=zone) if zone else table


def _raw_zone(path: Path) -> str | None:
    raw = yaml.safe_load(path.read_text())
    zone, log = raw.get("time_zone"), str(raw["log"])
    try:
        return check_time_zone(None if zone is None else str(zone), log)
    except DeclarationProblem as e:
        raise DeclarationProblem(f"{path}: time_zone: {e}") from None


def _read_declaration(path: Path) -> DeclaredTable:
    try:
        raw = yaml.safe_load(path.read_text())
    except yaml.YAMLError as e:
        raise DeclarationProblem(f"{path}: not YAML ({str(e).splitlines()[0]})") from None
    if not isinstance(raw, dict) or not {"name", "log"} <= set(raw):
        raise DeclarationProblem(f"{path}: a declaration needs name, log and ddl (or copybook)")
    name = check_name(str(raw["name"]))
    if path.stem != name:
        raise DeclarationProblem(f"{path}: declares {name}; the file must be {name}.yml")
    log = LOGS[check_log(str(raw["log"]))]
    if log.described_by == "copybook":
        return _copybook_declaration(path, raw, name, log)
    if "ddl" not in raw:
        raise DeclarationProblem(f"{path}: a declaration needs name, log and ddl")
    table = parse_ddl(path.parent / str(raw["ddl"]))
    options = {log.name: log.options.from_yaml(path, raw.get(log.name))}
    return DeclaredTable(name, log.name, table, str(raw["ddl"]), tuple(raw.get("key") or ()), **options)


def _copybook_declaration(path: Path, raw: dict, name: str, log) -> DeclaredTable:
    if "copybook" not in raw:
        raise DeclarationProblem(f"{path}: a {log.name} table needs `copybook: FILE` (the copybook beside it)")
    book = copybook_table.read_copybook(path.parent / str(raw["copybook"]))
    options = {log.name: log.options.from_yaml(path, raw.get(log.name))}
    table = DeclaredTable(
        name, log.name, None, str(raw["copybook"]), tuple(raw.get("key") or ()), copybook=book, **options
    )
    return copybook_table.check(table)


def read_all(project: Path) -> list[DeclaredTable]:
    folder = tables_dir(project)
    return [read_declaration(p) for p in sorted(folder.glob("*.yml"))] if folder.is_dir() else []

"""Declaration files of a user's tables: `tables/<name>.yml` beside a copy of the table's DDL, in the dbt project.

`jcat tables add` writes them, `jcat generate` reads them to write each table's models. Reading a declaration
parses its DDL again, so the DDL copy is the one source of the table's columns.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from ..core import ddl
from ..core.project import source_root
from ..core.tables import copybook_table
from ..core.tables.declaration import (
    ColumnFormat,
    DeclarationProblem,
    DeclaredTable,
    FileOptions,
    IbmiOptions,
    IbmsnapOptions,
    IdmsOptions,
    LldfOptions,
    check_file_options,
    check_float_format,
    check_idms_options,
    check_log,
    check_name,
    check_time_zone,
    parse_journaled,
    parse_lldf_table,
)
from ..core.tables.ibmsnap_image import check_options

FOLDER = "tables"
HEADER = (
    "# A table of yours, declared for jcat: `jcat tables add` wrote this file and the DDL beside it.\n"
    "# Edit the options here (formats, CCSIDs, key); `jcat generate` then rewrites the table's models.\n"
)
FORMAT_KEYS = ("ccsid", "datfmt", "datsep", "timfmt", "timsep")


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
    if table.file:
        doc["file"] = {k: getattr(table.file, k) for k in FILE_KEYS}
    if table.idms:
        doc["idms"] = {k: getattr(table.idms, k) for k in IDMS_KEYS}
    if table.ibmi:
        o = table.ibmi
        doc["ibmi"] = {
            "journaled": o.journaled,
            "ccsid": o.ccsid,
            "datfmt": o.datfmt,
            "datsep": o.datsep,
            "timfmt": o.timfmt,
            "timsep": o.timsep,
            "columns": {
                name: {k: v for k, v in vars(f).items() if v is not None} for name, f in sorted(o.columns.items())
            },
        }
    if table.lldf:
        doc["lldf"] = _lldf_yaml(table.lldf)
    if table.ibmsnap:
        doc["ibmsnap"] = _ibmsnap_yaml(table.ibmsnap)
    return HEADER + yaml.safe_dump(doc, sort_keys=False, default_flow_style=None)


FILE_KEYS = ("record", "framing", "ccsid", "float_format", "trim")


def _file_options(path: Path, raw) -> FileOptions:
    raw = raw or {}
    unknown = set(raw) - set(FILE_KEYS) if isinstance(raw, dict) else {"(not a mapping)"}
    if unknown:
        raise DeclarationProblem(f"{path}: file: unknown option {min(unknown)}; use {', '.join(FILE_KEYS)}")
    d = FileOptions()
    return check_file_options(
        FileOptions(
            raw.get("record"),
            str(raw.get("framing") or d.framing),
            int(raw.get("ccsid") or d.ccsid),
            str(raw.get("float_format") or d.float_format),
            str(raw.get("trim") or d.trim),
        )
    )


IDMS_KEYS = ("record_id", "record", "ccsid", "float_format", "trim")


def _idms_options(path: Path, raw) -> IdmsOptions:
    if not isinstance(raw, dict) or "record_id" not in raw:
        raise DeclarationProblem(f"{path}: an idms table needs `idms: record_id: N` (the record's USER-REC-ID)")
    unknown = set(raw) - set(IDMS_KEYS)
    if unknown:
        raise DeclarationProblem(f"{path}: idms: unknown option {min(unknown)}; use {', '.join(IDMS_KEYS)}")
    d = IdmsOptions(0)
    return check_idms_options(
        IdmsOptions(
            int(raw["record_id"]),
            raw.get("record"),
            int(raw.get("ccsid") or d.ccsid),
            str(raw.get("float_format") or d.float_format),
            str(raw.get("trim") or d.trim),
        )
    )


def _copybook_declaration(path: Path, raw: dict, name: str, log: str) -> DeclaredTable:
    if "copybook" not in raw:
        raise DeclarationProblem(f"{path}: a {log} table needs `copybook: FILE` (the copybook beside it)")
    book = copybook_table.read_copybook(path.parent / str(raw["copybook"]))
    file = _file_options(path, raw.get("file")) if log == "file" else None
    idms = _idms_options(path, raw.get("idms")) if log == "idms" else None
    table = DeclaredTable(
        name, log, None, str(raw["copybook"]), tuple(raw.get("key") or ()), file=file, idms=idms, copybook=book
    )
    return copybook_table.check(table)


IBMSNAP_KEYS = ("before_prefix", "updates_as_delete_insert", "variant", "null_indicator", "ccsid")


def _ibmsnap_yaml(o: IbmsnapOptions) -> dict:
    """before_prefix / updates_as_delete_insert null: the landed REGISTER row says, at build time."""
    return {k: getattr(o, k) for k in IBMSNAP_KEYS}


def _ibmsnap_options(path: Path, raw) -> IbmsnapOptions:
    raw = raw or {}
    unknown = set(raw) - set(IBMSNAP_KEYS) if isinstance(raw, dict) else {"(not a mapping)"}
    if unknown:
        raise DeclarationProblem(f"{path}: ibmsnap: unknown option {sorted(unknown)[0]}; use {', '.join(IBMSNAP_KEYS)}")
    pairs = raw.get("updates_as_delete_insert")
    if pairs is not None and not isinstance(pairs, bool):
        raise DeclarationProblem(f"{path}: ibmsnap: updates_as_delete_insert is true, false or null (REGISTER says)")
    prefix = raw.get("before_prefix")
    default = IbmsnapOptions()
    return check_options(
        IbmsnapOptions(
            None if prefix is None else str(prefix),
            pairs,
            str(raw.get("variant") or default.variant),
            str(raw.get("null_indicator") or default.null_indicator),
            int(raw.get("ccsid") or default.ccsid),
        )
    )


def _ibmi_options(path: Path, raw: dict) -> IbmiOptions:
    if not isinstance(raw, dict) or "journaled" not in raw:
        raise DeclarationProblem(f"{path}: an ibmi table needs `ibmi: journaled: LIBRARY/FILE[/MEMBER]`")
    lib, file, member = parse_journaled(str(raw["journaled"]))
    columns = {}
    for name, fmt in (raw.get("columns") or {}).items():
        unknown = set(fmt or {}) - set(FORMAT_KEYS)
        if unknown:
            raise DeclarationProblem(
                f"{path}: column {name}: unknown option {sorted(unknown)[0]}; use {', '.join(FORMAT_KEYS)}"
            )
        columns[str(name)] = ColumnFormat(**(fmt or {}))
    return IbmiOptions(
        lib,
        file,
        member,
        int(raw.get("ccsid") or 37),
        raw.get("datfmt") or "*ISO",
        raw.get("datsep"),
        raw.get("timfmt") or "*ISO",
        raw.get("timsep"),
        columns,
    )


def _lldf_yaml(o: LldfOptions) -> dict:
    return {"table": o.qualified, "ccsid": o.ccsid, "float_format": o.float_format}


def _lldf_options(path: Path, raw: dict) -> LldfOptions:
    if not isinstance(raw, dict) or "table" not in raw:
        raise DeclarationProblem(f"{path}: an lldf table needs `lldf: table: OWNER.NAME`")
    owner, name = parse_lldf_table(str(raw["table"]))
    return LldfOptions(owner, name, int(raw.get("ccsid") or 37), check_float_format(raw.get("float_format") or "hfp"))


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
    log = check_log(str(raw["log"]))
    if log in ("file", "idms"):
        return _copybook_declaration(path, raw, name, log)
    if "ddl" not in raw:
        raise DeclarationProblem(f"{path}: a declaration needs name, log and ddl")
    table = parse_ddl(path.parent / str(raw["ddl"]))
    ibmi = _ibmi_options(path, raw.get("ibmi")) if log == "ibmi" else None
    lldf = _lldf_options(path, raw.get("lldf")) if log == "lldf" else None
    ibmsnap = _ibmsnap_options(path, raw.get("ibmsnap")) if log == "ibmsnap" else None
    return DeclaredTable(name, log, table, str(raw["ddl"]), tuple(raw.get("key") or ()), ibmi, lldf, ibmsnap)


def read_all(project: Path) -> list[DeclaredTable]:
    folder = tables_dir(project)
    return [read_declaration(p) for p in sorted(folder.glob("*.yml"))] if folder.is_dir() else []

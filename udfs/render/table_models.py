"""The models of a user's declared tables, written by `jcat generate` into the user's dbt project.

Per table NAME: `<NAME>_images` (one row per row-level entry of the table, as the log wrote it: a view) and its
decoded table twin `<NAME>_images_decoded` (incremental), both rendering one macro,
`macros/jcat_tables/<NAME>_images.sql`, so the decoding is written once. A view calls the persistent SQL functions
(jcat.<fn>, readable by any Spark client); the twin, built by jcat, the session's Arrow kernels (macro jcat_fn).
What each log's images hold is its own module's (RENDERERS).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..core.project import project_dir, source_root
from ..core.tables.declaration import DeclaredTable
from ..core.tables.declaration_file import declaration_path, read_all, to_yaml
from ..core.tables.logs import LOGS
from . import ibmsnap_cd_rows, tables_file, tables_ibmi, tables_ibmsnap, tables_idms, tables_lldf
from .markers import with_marker
from .table_names import MACROS, MODELS

# log -> module with images_macro(table), model_doc(table, model, what), and ENTRIES {materialization: jcat model
# the macro reads} or macro_args(table, materialization) (the macro's arguments) and sources(table) (dbt sources);
# pre_hook(table): SQL its models run before they build. One per log of the registry (udfs/core/tables/logs.py).
RENDERERS = {
    m.__name__.rsplit(".", 1)[1].removeprefix("tables_"): m
    for m in (tables_ibmi, tables_lldf, tables_ibmsnap, tables_file, tables_idms)
}
if set(RENDERERS) != set(LOGS):
    raise ImportError(f"table renderers {sorted(RENDERERS)} differ from the registry's logs {sorted(LOGS)}")


VIEW_TEXT_LIMIT = 32_700  # characters of view text the embedded Derby metastore keeps (a LONG VARCHAR)
VIEW_TEXT_BUDGET = int(VIEW_TEXT_LIMIT * 0.9)
# Characters allowed for a macro call in the view's SQL other than jcat_fn, at least what it expands to: a relation
# name, `true` or the NOT IN of an incremental run, the strict guard (about 300).
MACRO_ALLOWANCE = 400


def view_text_estimate(table: DeclaredTable) -> int:
    """At least the characters of the view's compiled SQL: the per-field branch of the table's macro, each jcat_fn
    call as the persistent function's name and every other macro call at MACRO_ALLOWANCE."""
    text = re.sub(r"\{#.*?#\}", "", RENDERERS[table.log].images_macro(table), flags=re.S)
    text = re.sub(r"\{%-? if jcat\.jcat_by_layout\(\) %\}.*?\{%-? else %\}", "", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}", "", text, flags=re.S)
    text = re.sub(r"\{\{ jcat\.jcat_fn\('(\w+)'\) \}\}", r"jcat.\1", text)
    macros = len(re.findall(r"\{\{.*?\}\}", text, flags=re.S))
    return len(re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)) + macros * MACRO_ALLOWANCE


def _decodes_in_twin_only(table: DeclaredTable) -> bool:
    """A log whose changes are a table (no view to read) decodes once, in the twin."""
    entries = getattr(RENDERERS[table.log], "ENTRIES", None)
    return entries is not None and "view" not in entries


def view_over_twin(table: DeclaredTable) -> bool:
    """The view selects from the twin: the log's changes are a table, or a view decoding the landed records would
    need more SQL than the metastore keeps (a wide table)."""
    return _decodes_in_twin_only(table) or view_text_estimate(table) > VIEW_TEXT_BUDGET


def made(table: DeclaredTable) -> str:
    """What `tables add` made, in words for its one line."""
    view, twin = f"jcat.{table.view}", f"jcat.{table.twin}"
    if _decodes_in_twin_only(table):
        return f"table {twin} (decoded from jcat.{RENDERERS[table.log].ENTRIES['incremental']}) and view {view} over it"
    if view_over_twin(table):
        return (
            f"table {twin} and view {view} over it (a view decoding the landed records would need about "
            f"{view_text_estimate(table):,} characters of SQL; the metastore keeps {VIEW_TEXT_LIMIT:,}), so "
            f"{view} shows what the last build decoded"
        )
    return f"view {view} (always what has landed) and table {twin}"


def _model(table: DeclaredTable, materialized: str) -> str:
    if materialized == "view" and view_over_twin(table):
        return f"{{{{ config(materialized='view') }}}}\nselect * from {{{{ ref('{table.twin}') }}}}\n"
    log = RENDERERS[table.log]
    entries = (
        log.macro_args(table, materialized)
        if hasattr(log, "macro_args")
        else f"ref('jcat', '{log.ENTRIES[materialized]}')"
    )
    # A twin built by an earlier jcat gains the columns this one adds (their old rows NULL) instead of failing.
    extra = (
        ", incremental_strategy='append', file_format='parquet', on_schema_change='append_new_columns'"
        if materialized == "incremental"
        else ""
    )
    if hasattr(log, "pre_hook"):
        extra += f', pre_hook="{log.pre_hook(table)}"'
    return (
        f"{{{{ config(materialized='{materialized}'{extra}) }}}}\n{{{{ jcat_table_{table.name}_images({entries}) }}}}\n"
    )


def _yml(table: DeclaredTable, model: str, what: str) -> str:
    log = RENDERERS[table.log]
    doc = {"version": 2, "models": [log.model_doc(table, model, what)]}
    if hasattr(log, "sources") and model == table.view:
        doc["sources"] = log.sources(table)
    return yaml.safe_dump(doc, sort_keys=False, width=120)


def files_for(table: DeclaredTable, root: Path) -> dict[Path, str]:
    source = f"tables/{table.name}.yml"
    view, twin = table.view, table.twin
    out = {
        root / MACROS / f"{table.name}_images.sql": RENDERERS[table.log].images_macro(table),
        root / MODELS / f"{view}.sql": _model(table, "view"),
        root / MODELS / f"{twin}.sql": _model(table, "incremental"),
        root / MODELS / f"{view}.yml": _yml(
            table,
            view,
            "A view over the decoded table: what the last build decoded."
            if view_over_twin(table)
            else "A view: always what has landed.",
        ),
        root / MODELS / f"{twin}.yml": _yml(table, twin, "The decoded table twin, decoded once per load."),
    }
    return {p: with_marker(p, source, text) for p, text in out.items()}


def project_files(root: Path, tables: list[DeclaredTable]) -> dict[Path, str]:
    """What the declared tables together make: the CD rows the IBMSNAP aggregates read (none without a CD table)."""
    source = "tables/*.yml"
    return {p: with_marker(p, source, text) for p, text in ibmsnap_cd_rows.project_files(root, tables).items()}


def generated_files() -> dict[Path, str]:
    """Every declared table's files, in the project jcat builds (none in jcat's own checkout)."""
    root = project_dir()
    if root.resolve() == source_root().resolve():
        return {}
    out: dict[Path, str] = {}
    tables = [t for t in read_all(root) if t.log in RENDERERS]
    for table in tables:
        out.update(files_for(table, root))
    out.update(project_files(root, tables))
    return out


def write_project_files(root: Path) -> list[Path]:
    """The files of all declared tables together, as the declarations now are; one no longer made is removed."""
    files = project_files(root, read_all(root))
    written = []
    for p, text in files.items():
        if not p.exists() or p.read_text() != text:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
            written.append(p)
    stale = root / ibmsnap_cd_rows.PROJECT_MACRO
    if stale not in files and stale.exists():
        stale.unlink()
    return written


def write_declaration(root: Path, table: DeclaredTable, ddl_text: str) -> list[Path]:
    """tables/<name>.yml, the DDL copy beside it, and the table's generated files; returns the paths written."""
    path = declaration_path(root, table.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.parent / table.ddl_file).write_text(ddl_text)
    path.write_text(to_yaml(table))
    written = [path, path.parent / table.ddl_file]
    for p, text in files_for(table, root).items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        written.append(p)
    return written + write_project_files(root)


def refresh_generated() -> list[Path]:
    """Rewrite the declared tables' files that differ from what this jcat renders (a jcat upgrade, a declaration
    edited by hand): a build never runs stale decoding. Returns the files written."""
    written = []
    for path, text in generated_files().items():
        if not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            written.append(path)
    root = project_dir()
    if root.resolve() != source_root().resolve():
        write_project_files(root)  # removes what the last declaration of its kind left
    return written

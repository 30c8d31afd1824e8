"""The models of a user's declared tables, written by `jcat generate` into the user's dbt project.

Per table NAME: `<NAME>_images` (one row per row-level entry of the table, as the log wrote it: a view) and its
decoded table twin `<NAME>_images_decoded` (incremental), both rendering one macro,
`macros/jcat_tables/<NAME>_images.sql`, so the decoding is written once. A view calls the persistent SQL functions
(jcat.<fn>, readable by any Spark client); the twin, built by jcat, the session's Arrow kernels (macro jcat_fn).
What each log's images hold is its own module's (RENDERERS).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..core.project import project_dir, source_root
from ..core.tables.declaration import DeclaredTable
from . import tables_ibmi, tables_ibmsnap
from .declared_tables import read_all
from .markers import with_marker
from .table_names import MACROS, MODELS

# log -> module with images_macro(table), model_doc(table, model, what), and ENTRIES {materialization: jcat model
# the macro reads} or macro_args(table, materialization) (the macro's arguments) and sources(table) (dbt sources).
RENDERERS = {"ibmi": tables_ibmi, "ibmsnap": tables_ibmsnap}


def _model(table: DeclaredTable, materialized: str) -> str:
    log = RENDERERS[table.log]
    entries = log.macro_args(table, materialized) if hasattr(log, "macro_args") \
        else f"ref('jcat', '{log.ENTRIES[materialized]}')"
    extra = ", incremental_strategy='append', file_format='parquet'" if materialized == "incremental" else ""
    return (f"{{{{ config(materialized='{materialized}'{extra}) }}}}\n"
            f"{{{{ jcat_table_{table.name}_images({entries}) }}}}\n")


def _yml(table: DeclaredTable, model: str, what: str) -> str:
    log = RENDERERS[table.log]
    doc = {"version": 2, "models": [log.model_doc(table, model, what)]}
    if hasattr(log, "sources") and model == f"{table.name}_images":
        doc["sources"] = log.sources(table)
    return yaml.safe_dump(doc, sort_keys=False, width=120)


def files_for(table: DeclaredTable, root: Path) -> dict[Path, str]:
    source = f"tables/{table.name}.yml"
    view, twin = f"{table.name}_images", f"{table.name}_images_decoded"
    out = {
        root / MACROS / f"{view}.sql": RENDERERS[table.log].images_macro(table),
        root / MODELS / f"{view}.sql": _model(table, "view"),
        root / MODELS / f"{twin}.sql": _model(table, "incremental"),
        root / MODELS / f"{view}.yml": _yml(table, view, "A view: always what has landed."),
        root / MODELS / f"{twin}.yml": _yml(table, twin, "The decoded table twin, decoded once per load."),
    }
    return {p: with_marker(p, source, text) for p, text in out.items()}


def generated_files() -> dict[Path, str]:
    """Every declared table's files, in the project jcat builds (none in jcat's own checkout)."""
    root = project_dir()
    if root.resolve() == source_root().resolve():
        return {}
    out: dict[Path, str] = {}
    for table in read_all(root):
        if table.log in RENDERERS:
            out.update(files_for(table, root))
    return out

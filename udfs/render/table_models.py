"""The models of a user's declared tables, written by `jcat generate` into the user's dbt project.

Per table NAME: `<NAME>_images` (one row per row-level entry of the table, as the log wrote it: a view) and its
decoded table twin `<NAME>_images_decoded` (incremental), both rendering one macro,
`macros/jcat_tables/<NAME>_images.sql`, so the decoding is written once. A view calls the persistent SQL functions
(jcat.<fn>, readable by any Spark client); the twin, built by jcat, the session's Arrow kernels (macro jcat_fn).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..core.project import project_dir, source_root
from ..core.tables.ibmi_image import (AFTER_IMAGE_TYPES, IMAGE_ENTRY_TYPES, ImageColumn, image_columns, record_width,
                                      value_function)
from ..core.tables.declaration import DeclaredTable
from .declared_tables import read_all
from .markers import with_marker
from .sql_functions import sql_string

MODELS = Path("models") / "jcat_tables"


def layout_function_name(name: str) -> str:
    """The table's layout function, registered by `register(spark)` (udfs.spark.declared_tables)."""
    return f"decode_{name}_image"

MACROS = Path("macros") / "jcat_tables"
# The journal entry's columns each image row keeps: where the entry is, what it did, in which transaction.
IBMI_ENTRY_COLUMNS = (
    "SEQUENCE_NUMBER", "JOURNAL_CODE", "JOURNAL_ENTRY_TYPE", "ENTRY_TIMESTAMP", "COUNT_OR_RRN", "COMMIT_CYCLE",
    "JOB_NAME", "JOB_USER", "JOB_NUMBER", "PROGRAM_NAME", "USER_NAME", "SYSTEM_NAME", "JOURNALED_OBJECT_LIBRARY",
    "JOURNALED_OBJECT_NAME", "JOURNALED_OBJECT_MEMBER", "INCOMPLETE_DATA", "MINIMIZED_ENTRY_DATA",
)
LINEAGE = ("source_file", "record_offset", "record_number", "load_id")


def quote(name: str) -> str:
    """A Spark identifier: IBM i names may hold # @ $."""
    return "`" + name.replace("`", "``") + "`"


def _literal(v) -> str:
    return str(v) if isinstance(v, int) else sql_string(str(v))


def _by_function(c: ImageColumn) -> str:
    """The column's raw value from its bytes in the ESD, through its catalog function (a view, field by field)."""
    b = f"substr(esd, {c.pos}, {c.width})"
    fn, args = value_function(c.spec)
    return b if fn is None else f"{{{{ jcat.jcat_fn('{fn}') }}}}({', '.join([b] + [_literal(a) for a in args])})"


def _by_layout(c: ImageColumn) -> str:
    """The same raw value from the layout function's struct (a table build in jcat, one call per record)."""
    return f"img.{quote(c.name)}"


def ibmi_value(c: ImageColumn, raw: str) -> str:
    """The column as the DDL types it, from its function's raw value (decimals scaled, integers narrowed)."""
    t, s = c.spec.type, c.spec.scale
    if t in ("DECIMAL", "NUMERIC"):
        scaled = f"{raw} / {10 ** s}" if s else raw
        return f"cast({scaled} as decimal({c.spec.length}, {s}))"
    if t in ("SMALLINT", "INTEGER", "REAL"):
        return f"cast({raw} as {c.spark_type.lower()})"
    return raw


def _null_flag(c: ImageColumn) -> str:
    return f"substr(nvi, {c.index}, 1) = '1'"


def ibmi_images_macro(table: DeclaredTable) -> str:
    cols = image_columns(table)
    o = table.ibmi
    member = f" and JOURNALED_OBJECT_MEMBER = {sql_string(o.member)}" if o.member else ""
    types = ", ".join(sql_string(t) for t in IMAGE_ENTRY_TYPES)
    after = ", ".join(sql_string(t) for t in AFTER_IMAGE_TYPES)
    def values(raw) -> str:
        return ",\n".join(f"    case when not image_whole or {_null_flag(c)} then null else {ibmi_value(c, raw(c))} "
                           f"end as {quote(c.name)}" for c in cols)
    checks = ",\n".join(f"      if({quote(c.name)} is null and (not image_whole or not coalesce({_null_flag(c)}, "
                        f"false)), {sql_string(c.name)}, null)" for c in cols)
    names = ", ".join(quote(c.name) for c in cols)
    return f"""{{#- {table.name}: the row images of {o.journaled} in IBM i journal entries (journal code R), its columns
    typed from {table.ddl_file}. The record image is JOESD in the file's buffer layout ({record_width(cols)} bytes);
    JONVI holds a null indicator per column (EBCDIC '1' = null). A minimized entry, incomplete data or a short
    ESD cannot give a whole row: every column is then NULL and named in decode_errors. -#}}
{{% macro jcat_table_{table.name}_images(entries) -%}}
with entries as (
  select {', '.join(LINEAGE)},
    {', '.join(IBMI_ENTRY_COLUMNS)},
    case when JOURNAL_ENTRY_TYPE in ({after}) then 'after' else 'before' end as image_kind,
    ENTRY_SPECIFIC_DATA as esd, coalesce(NULL_VALUE_INDICATORS, '') as nvi,
    coalesce(decode_errors, cast(array() as array<string>)) as entry_errors,
    coalesce(INCOMPLETE_DATA, '0') = '0' and coalesce(MINIMIZED_ENTRY_DATA, '0') = '0'
      and ENTRY_SPECIFIC_DATA_LENGTH >= {record_width(cols)} as image_whole
  from {{{{ entries }}}}
  where JOURNAL_CODE = 'R' and JOURNAL_ENTRY_TYPE in ({types})
    and JOURNALED_OBJECT_LIBRARY = {sql_string(o.library)} and JOURNALED_OBJECT_NAME = {sql_string(o.file)}{member}
    and {{{{ jcat.jcat_new_records() }}}}
),

decoded as (
{{%- if jcat.jcat_by_layout() %}}
  select *,
{values(_by_layout)}
  from (select *, {layout_function_name(table.name)}(esd) as img from entries)
{{%- else %}}
  select *,
{values(_by_function)}
  from entries
{{%- endif %}}
),

checked as (
  select *,
    concat(entry_errors, filter(array(
{checks}
    ), x -> x is not null)) as all_errors
  from decoded
)

select
  {', '.join(IBMI_ENTRY_COLUMNS)}, image_kind,
  {names},
  {', '.join(LINEAGE)},
  {{{{ jcat.jcat_strict_guard('all_errors', record_col='esd') }}}} as decode_errors
from checked
{{%- endmacro %}}
"""


def _model(table: DeclaredTable, materialized: str) -> str:
    entries = "ref('jcat', 'journal_entries')" if materialized == "view" else "ref('jcat', 'journal_entries_decoded')"
    extra = ", incremental_strategy='append', file_format='parquet'" if materialized == "incremental" else ""
    return (f"{{{{ config(materialized='{materialized}'{extra}) }}}}\n"
            f"{{{{ jcat_table_{table.name}_images({entries}) }}}}\n")


def _column_doc(c: ImageColumn) -> str:
    s = c.spec
    typed = s.type + (f"({s.length},{s.scale})" if s.type in ("DECIMAL", "NUMERIC") else
                      f"({s.length})" if s.length and s.type not in ("SMALLINT", "INTEGER", "BIGINT", "REAL", "DOUBLE",
                                                                       "DATE", "TIME") else "")
    how = f"CCSID {s.ccsid}" if s.ccsid else ""
    if s.type == "DATE":
        how = f"DATFMT {s.datfmt}"
    elif s.type == "TIME":
        how = f"TIMFMT {s.timfmt}"
    text = f"{c.label + ': ' if c.label else ''}{typed}, JOESD position {c.pos}, {c.width} bytes"
    return text + (f", {how}" if how else "") + f"; null when JONVI byte {c.index} is '1'"


def _yml(table: DeclaredTable, model: str, what: str) -> str:
    cols = image_columns(table)
    doc = {"version": 2, "models": [{
        "name": model,
        "description": f"{what} The row images of {table.ibmi.journaled} ({table.name}, declared in "
                       f"tables/{table.name}.yml), one row per R entry {', '.join(IMAGE_ENTRY_TYPES)}.",
        "columns": [{"name": n, "description": f"the journal entry's {n}"} for n in IBMI_ENTRY_COLUMNS]
        + [{"name": "image_kind", "description": "after (PT, PX, UP, UR) or before (UB, BR, DL, DR)"}]
        + [{"name": c.name, "quote": True, "description": _column_doc(c)} for c in cols]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE]
        + [{"name": "decode_errors", "description": "the columns whose bytes did not decode (every column when the "
                                                    "image is not whole)"}],
    }]}
    return yaml.safe_dump(doc, sort_keys=False, width=120)


def files_for(table: DeclaredTable, root: Path) -> dict[Path, str]:
    source = f"tables/{table.name}.yml"
    view, twin = f"{table.name}_images", f"{table.name}_images_decoded"
    out = {
        root / MACROS / f"{view}.sql": ibmi_images_macro(table),
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
        if table.log == "ibmi":
            out.update(files_for(table, root))
    return out

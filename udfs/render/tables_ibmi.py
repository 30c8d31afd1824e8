"""A declared IBM i table's models: its row images from R entries of the *TYPE5 journal entries.

The macro `jcat_table_<name>_images(entries)` reads `journal_entries` (a view) or `journal_entries_decoded` (the
table twin): each DDL column from its place in JOESD, NULL where JONVI says, and every column NULL and named in
decode_errors when the image cannot be whole (minimized, incomplete, or an ESD shorter than the record).
"""

from __future__ import annotations

from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from ..core.tables.ibmi_image import (
    AFTER_IMAGE_TYPES,
    IMAGE_ENTRY_TYPES,
    ImageColumn,
    image_columns,
    record_width,
    value_function,
)
from .decimal_sql import typed_decimal
from .sql_functions import sql_string
from .table_names import checked_select, layout_function_name, quote

ENTRIES = {"view": "journal_entries", "incremental": "journal_entries_decoded"}  # what each materialization reads
# The journal entry's columns each image row keeps: where the entry is, what it did, in which transaction.
IBMI_ENTRY_COLUMNS = (
    "SEQUENCE_NUMBER",
    "JOURNAL_CODE",
    "JOURNAL_ENTRY_TYPE",
    "ENTRY_TIMESTAMP",
    "COUNT_OR_RRN",
    "COMMIT_CYCLE",
    "JOB_NAME",
    "JOB_USER",
    "JOB_NUMBER",
    "PROGRAM_NAME",
    "USER_NAME",
    "SYSTEM_NAME",
    "RECEIVER_LIBRARY",
    "RECEIVER_NAME",
    "JOURNALED_OBJECT_LIBRARY",
    "JOURNALED_OBJECT_NAME",
    "JOURNALED_OBJECT_MEMBER",
    "INCOMPLETE_DATA",
    "MINIMIZED_ENTRY_DATA",
    "THREAD",
)


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
    """The column as the DDL types it, from its function's raw value (decimals scaled, integers narrowed). A packed
    DECIMAL of even precision has a pad half-byte: a digit there is past the column's precision, NULL (try_cast: the
    same in ANSI mode and out of it, whatever session reads the view)."""
    t, s = c.spec.type, c.spec.scale
    if t in ("DECIMAL", "NUMERIC"):
        return typed_decimal(raw, c.spec.length, s)
    if t in ("SMALLINT", "INTEGER", "REAL"):
        return f"cast({raw} as {c.spark_type.lower()})"
    return raw


def _null_flag(c: ImageColumn) -> str:
    return f"substr(nvi, {c.index}, 1) = '1'"


def images_macro(table: DeclaredTable) -> str:
    cols = image_columns(table)
    o = table.ibmi
    member = f" and JOURNALED_OBJECT_MEMBER = {sql_string(o.member)}" if o.member else ""
    types = ", ".join(sql_string(t) for t in IMAGE_ENTRY_TYPES)
    after = ", ".join(sql_string(t) for t in AFTER_IMAGE_TYPES)

    def values(raw) -> str:
        return ",\n".join(
            f"    case when not image_whole or {_null_flag(c)} then null else {ibmi_value(c, raw(c))} "
            f"end as {quote(c.name)}"
            for c in cols
        )

    checks = ",\n".join(
        f"      if({quote(c.name)} is null and (not image_whole or not coalesce({_null_flag(c)}, "
        f"false)), {sql_string(c.name)}, null)"
        for c in cols
    )
    names = ", ".join(quote(c.name) for c in cols)
    return f"""{{#- {table.name}: the row images of {o.journaled} in IBM i journal entries (journal code R), its columns
    typed from {table.ddl_file}. The record image is JOESD in the file's buffer layout ({record_width(cols)} bytes);
    JONVI holds a null indicator per column (EBCDIC '1' = null). A minimized entry, incomplete data or a short
    ESD cannot give a whole row: every column is then NULL and named in decode_errors. -#}}
{{% macro jcat_table_{table.name}_images(entries) -%}}
with entries as (
  select {", ".join(LINEAGE_COLUMNS)},
    {", ".join(IBMI_ENTRY_COLUMNS)},
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

{checked_select("entry_errors", checks, IBMI_ENTRY_COLUMNS, names, "esd")}"""


def _column_doc(c: ImageColumn) -> str:
    s = c.spec
    typed = s.type + (
        f"({s.length},{s.scale})"
        if s.type in ("DECIMAL", "NUMERIC")
        else f"({s.length})"
        if s.length and s.type not in ("SMALLINT", "INTEGER", "BIGINT", "REAL", "DOUBLE", "DATE", "TIME")
        else ""
    )
    how = f"CCSID {s.ccsid}" if s.ccsid else ""
    if s.type == "DATE":
        how = f"DATFMT {s.datfmt}"
    elif s.type == "TIME":
        how = f"TIMFMT {s.timfmt}"
    text = f"{c.label + ': ' if c.label else ''}{typed}, JOESD position {c.pos}, {c.width} bytes"
    return text + (f", {how}" if how else "") + f"; null when JONVI byte {c.index} is '1'"


def model_doc(table: DeclaredTable, model: str, what: str) -> dict:
    cols = image_columns(table)
    return {
        "name": model,
        "description": f"{what} The row images of {table.ibmi.journaled} ({table.name}, declared in "
        f"tables/{table.name}.yml), one row per R entry {', '.join(IMAGE_ENTRY_TYPES)}.",
        "columns": [{"name": n, "description": f"the journal entry's {n}"} for n in IBMI_ENTRY_COLUMNS]
        + [{"name": "image_kind", "description": "after (PT, PX, UP, UR) or before (UB, BR, DL, DR)"}]
        + [{"name": c.name, "quote": True, "description": _column_doc(c)} for c in cols]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE_COLUMNS]
        + [
            {
                "name": "decode_errors",
                "description": "the columns whose bytes did not decode (every column when the image is not whole)",
            }
        ],
    }

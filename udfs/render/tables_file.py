"""A record file declared with its copybook (`jcat tables add NAME --log file --copybook FILE`): its models.

`jcat load NAME FILE` lands the file's records in `jcat.raw_file_<name>`. The view `jcat.<name>` gives them typed,
always what has landed, through `jcat.decode_<name>(b BINARY)`: the persistent SQL function the models create
before they build (their pre-hook), so the view reads in any Spark session with no Python, and any binary column of
any table decodes with it. The twin `<name>_decoded` is built in jcat's own run by the Arrow layout function
`decode_<name>` (the same struct: udfs/core/copybook/decode.py), elsewhere by the persistent function.
"""

from __future__ import annotations

from ..core.copybook.model import Record
from ..core.tables import copybook_table
from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from .copybook_sql import record_function
from .table_names import quote

SOURCE = "jcat_record_files"


def raw_table(table: DeclaredTable) -> str:
    return f"raw_file_{table.name}"


def function_name(table: DeclaredTable) -> str:
    return f"decode_{table.name}"


def function_sql(table: DeclaredTable, name: str) -> str:
    """CREATE OR REPLACE FUNCTION jcat.<name>: the table's copybook record decoded whole (record, CCSID, floats,
    trimming as declared)."""
    o = copybook_table.options(table)
    return record_function(table.copybook, name, o.record, ccsid=o.ccsid, float_format=o.float_format, trim=o.trim)


def function_macro(table: DeclaredTable, name: str) -> str:
    """The macro the table's models run before they build (pre_hook) to create jcat.<name>."""
    return f"""{{#- jcat.{name}(b BINARY): a record of {table.ddl_file} decoded whole, for the models and any binary
    column. -#}}
{{% macro jcat_table_{table.name}_function() -%}}
{function_sql(table, name)}
{{%- endmacro %}}
"""


def macro_args(table: DeclaredTable, materialized: str) -> str:
    return f"source('{SOURCE}', '{raw_table(table)}')"


def pre_hook(table: DeclaredTable) -> str:
    return f"{{{{ jcat_table_{table.name}_function() }}}}"


def sources(table: DeclaredTable) -> list[dict]:
    return [
        {
            "name": SOURCE,
            "schema": "jcat",
            "tables": [
                {
                    "name": raw_table(table),
                    "description": f"The records of {table.name}'s files ({_record(table).name} of {table.ddl_file}), "
                    "landed "
                    f"by `jcat load {table.name} FILE`.",
                }
            ],
        }
    ]


def _record(table: DeclaredTable) -> Record:
    return table.copybook.record(copybook_table.record_name(table))


def images_macro(table: DeclaredTable) -> str:
    fn = function_name(table)
    cols = ",\n    ".join(f"d.{quote(c)} as {quote(c)}" for c in copybook_table.columns(table))
    return f"""{{#- {table.name}: the records of a file described by copybook {table.ddl_file}, record
    {_record(table).name} ({table.file.framing} framing, CCSID {table.file.ccsid}); each record decoded whole by {fn}.
    -#}}
{{% macro jcat_table_{table.name}_images(entries) -%}}
select {", ".join(LINEAGE_COLUMNS)},
    {cols},
    d.decode_errors as decode_errors
from (
  select {", ".join(LINEAGE_COLUMNS)},
    {{% if jcat.jcat_by_layout() %}}{fn}{{% else %}}jcat.{fn}{{% endif %}}(record) as d
  from {{{{ entries }}}}
  where {{{{ jcat.jcat_new_records() }}}}
)
{{%- endmacro %}}

""" + function_macro(table, fn)


def model_doc(table: DeclaredTable, model: str, what: str) -> dict:
    rec = _record(table)
    fields = {f.path[1] if len(f.path) > 1 else f.name: f for f in rec.fields}
    return {
        "name": model,
        "description": f"{what} The records of {table.name}'s files, typed by copybook {table.ddl_file} (record "
        f"{rec.name}, declared in tables/{table.name}.yml).",
        "columns": [
            {"name": c, "quote": True, "description": _field_doc(fields.get(c), c)}
            for c in copybook_table.columns(table)
        ]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE_COLUMNS]
        + [
            {
                "name": "decode_errors",
                "description": "the fields (GROUP.FIELD, an array's field once) whose bytes "
                "did not decode, or that the record is too short to hold",
            }
        ],
    }


def _field_doc(f, name: str) -> str:
    if f is None or f.name != name:
        return f"group {name} (a struct of its fields)"
    return (
        f"PIC {f.picture or f.usage.upper()}{' ' + f.usage.upper() if f.picture and f.usage != 'display' else ''}, "
        f"offset {f.offset}, {f.length} bytes" + (" an element" if f.dims else "")
    )

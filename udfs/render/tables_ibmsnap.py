"""A declared IBM SQL Replication CD table's models: its row images from the CD table's Db2 unload records.

The macro `jcat_table_<name>_images(raw, register)` reads `raw_ibmsnap_<name>` (landed by `jcat load <name>`): one CD
row is one change, each decoded column by column through the persistent functions (the view) or once through the
table's layout function (the table twin, built by jcat). Rows:
  I: one 'after' row.   D: one 'before' row (Capture writes the deleted row's values in the after-image columns).
  U: an 'after' row, and a 'before' row from the before-image columns when the effective before-image prefix is
     the one the declaration's columns follow; in that row a column with a before-image column has its before
     value, a key column (--key) without one keeps its value and any other column is NULL.
  A delete+insert pair stays two rows (before, after): images are never folded; `updates_as_delete_insert` says
  whether this table's D and I rows may be the halves of an update.
The before-image prefix and updates_as_delete_insert are the declaration's when it gives them, else the landed
REGISTER row's (matched on CD_OWNER, CD_TABLE: BEFORE_IMG_PREFIX; PARTITION_KEYS_CHG = 'Y'), else no before
images and var ibmsnap_pair_updates.
"""

from __future__ import annotations

from ..core.layouts.ibmsnap import Slot, unload_column
from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from ..core.tables.ibmsnap_image import (
    cd_slots,
    image_columns,
    record_layout,
    registered_as,
    schema_prefix,
)
from .decimal_sql import typed_decimal
from .field_calls import JINJA, Calls
from .sql_functions import sql_string
from .table_names import layout_function_name, quote

SOURCE = "jcat_tables"  # the dbt source of declared tables' raw tables, in the user's project
REGISTER = {"view": "ibmsnap_register", "incremental": "ibmsnap_register_decoded"}
CD_COLUMNS = ("IBMSNAP_OPERATION", "IBMSNAP_COMMITSEQ", "IBMSNAP_INTENTSEQ", "IBMSNAP_UOWID")


def raw_table(table: DeclaredTable) -> str:
    return f"raw_ibmsnap_{table.name}"


def uses_register(table: DeclaredTable) -> bool:
    o = table.ibmsnap
    return o.before_prefix is None or o.updates_as_delete_insert is None


def macro_args(table: DeclaredTable, materialized: str) -> str:
    """What the model passes the macro: its raw table, and the REGISTER relation of the same materialization."""
    raw = f"source('{SOURCE}', '{raw_table(table)}')"
    return raw + (f", ref('jcat', '{REGISTER[materialized]}')" if uses_register(table) else "")


def sources(table: DeclaredTable) -> list[dict]:
    return [
        {
            "name": SOURCE,
            "schema": "jcat",
            "tables": [
                {
                    "name": raw_table(table),
                    "description": f"Db2 unload records of CD table {table.ddl.schema}.{table.ddl.name}, landed by "
                    f"`jcat load {table.name} FILE`.",
                }
            ],
        }
    ]


def _positions(s: Slot, null_indicator: str) -> tuple[int | None, int]:
    """1-based positions of the slot's null indicator (None: NOT NULL) and of its data."""
    ni, data = unload_column(s.column, s.pos).offsets(null_indicator)
    return (None if ni is None else ni + 1), data + 1


def by_function(s: Slot, table: DeclaredTable, call: Calls = JINJA) -> str:
    """The column from its bytes through the catalog's functions, as macro jcat_ibmsnap_column writes it; `call`
    writes each function call (udfs/render/field_calls.py)."""
    o = table.ibmsnap
    u = unload_column(s.column, s.pos)
    ni, p = _positions(s, o.null_indicator)
    n = u.length
    length = call("unpack_bin", f"substr(record, {p}, 2)", (), 2)
    varbytes = f"case when {length} between 0 and {n} then substr(record, {p + 2}, cast({length} as int)) end"
    value = {
        "char": lambda: call("ebcdic_str", f"substr(record, {p}, {n})", (o.ccsid,), n),
        "bit": lambda: f"substr(record, {p}, {n})",
        "varbit": lambda: varbytes,
        "varchar": lambda: call("ibmi_varchar", f"substr(record, {p}, {n + 2})", (o.ccsid,), n + 2),  # untrimmed
        "smallint": lambda: f"cast({call('unpack_bin', f'substr(record, {p}, 2)', (), 2)} as smallint)",
        "int": lambda: f"cast({call('unpack_bin', f'substr(record, {p}, 4)', (), 4)} as int)",
        "bigint": lambda: call("unpack_bin", f"substr(record, {p}, 8)", (), 8),
        "decimal": lambda: typed_decimal(
            call("unpack_packed", f"substr(record, {p}, {n // 2 + 1})", (), n // 2 + 1), n, u.scale
        ),
        "timestamp": lambda: call("parse_ibmi_timestamp", f"substr(record, {p}, 26)", (o.ccsid,), 26),
    }[u.kind]()
    return value if ni is None else f"case when substr(record, {ni}, 1) = X'00' then {value} end"


def present(s: Slot, table: DeclaredTable) -> str:
    """When the column must have decoded: always if NOT NULL; else unless its indicator is a NULL marker."""
    ni, _ = _positions(s, table.ibmsnap.null_indicator)
    return "true" if ni is None else f"coalesce(substr(record, {ni}, 1) not in (X'FF', X'6F'), true)"


def _settings(table: DeclaredTable, register: bool) -> str:
    o = table.ibmsnap
    owner, name = registered_as(table)
    prefix = sql_string(o.before_prefix) if o.before_prefix is not None else "registration.prefix"
    pair_var = (
        "{{ 'true' if (var('ibmsnap_pair_updates', false) | string | lower) in ['true', '1', 'yes'] else 'false' }}"
    )
    pairs = (
        ("true" if o.updates_as_delete_insert else "false")
        if o.updates_as_delete_insert is not None
        else f"coalesce(registration.pairs, {pair_var})"
    )
    if not register:
        return f"settings as (\n  select {prefix} as before_prefix, {pairs} as updates_as_delete_insert\n)"
    owner_match = f"CD_OWNER = {sql_string(owner)} and " if owner else ""
    return f"""registration as (
  -- the REGISTER row of this CD table (landed more than once: the same row)
  select max(nullif(trim(BEFORE_IMG_PREFIX), '')) as prefix, max(PARTITION_KEYS_CHG) = 'Y' as pairs
  from {{{{ register }}}}
  where {owner_match}CD_TABLE = {sql_string(name)}
),

settings as (
  select {prefix} as before_prefix, {pairs} as updates_as_delete_insert
  from registration
)"""


def images_macro(table: DeclaredTable) -> str:
    slots, layout, prefix = cd_slots(table), record_layout(table), schema_prefix(table)

    def decode(value) -> str:
        return ",\n".join(f"    {value(s)} as {quote(s.name)}" for s in slots.values())

    checks = ",\n".join(
        f"      if({quote(s.name)} is null and {present(s, table)}, {sql_string(s.name)}, null)" for s in slots.values()
    )
    return IMAGES_TEMPLATE.format(
        name=table.name,
        qualified=f"{table.ddl.schema}.{table.ddl.name}",
        ddl_file=table.ddl_file,
        record_length=layout.record_length,
        variant=table.ibmsnap.variant,
        null_indicator=table.ibmsnap.null_indicator,
        prefix=prefix,
        prefix_string=sql_string(prefix),
        lineage_columns=", ".join(LINEAGE_COLUMNS),
        settings=_settings(table, uses_register(table)),
        by_layout=decode(lambda s: "d." + quote(s.name)),
        layout_function=layout_function_name(table.name),
        by_function=decode(lambda s: by_function(s, table)),
        checks=checks,
        commitseq="IBMSNAP_COMMITSEQ" if "IBMSNAP_COMMITSEQ" in slots else "cast(null as binary)",
        uowid="IBMSNAP_UOWID" if "IBMSNAP_UOWID" in slots else "cast(null as binary)",
        values=",\n".join(_image_value(c, table) for c in image_columns(table)),
    )


def _image_value(c, table: DeclaredTable) -> str:
    """A column of the image: an update's before image reads the before-image column (without one, a key column is
    taken as unchanged)."""
    if c.name in table.key and not c.before:
        return f"  {quote(c.name)}"
    before = quote(c.before.name) if c.before else "null"
    is_before_update = "image_kind = 'before' and IBMSNAP_OPERATION = 'U'"
    return f"  case when {is_before_update} then {before} else {quote(c.name)} end as {quote(c.name)}"


# The macro of a declared CD table's row images; {name} fields filled by images_macro ({{ }}: Jinja's braces).
IMAGES_TEMPLATE = """{{#- {name}: the row images of {qualified}, an IBM SQL Replication CD table
    ({ddl_file}), from its Db2 unload records ({record_length} bytes, variant {variant},
    null indicator {null_indicator}). Before-image columns follow prefix '{prefix}'. -#}}
{{% macro jcat_table_{name}_images(raw, register=none) -%}}
with raw as (
  select {lineage_columns}, record
  from {{{{ raw }}}}
  where {{{{ jcat.jcat_new_records() }}}}
),

{settings},

decoded as (
{{%- if jcat.jcat_by_layout() %}}
  select raw.*,
{by_layout}
  from (select *, {layout_function}(record) as d from raw) raw
{{%- else %}}
  select raw.*,
{by_function}
  from raw
{{%- endif %}}
),

checked as (
  select decoded.*, settings.*,
    concat(filter(array(
{checks}
    ), x -> x is not null),
      if(octet_length(record) = {record_length}, array(), array('RECORD_LENGTH')),
      if(settings.before_prefix is not null and settings.before_prefix not in ({prefix_string}, ''),
         array('BEFORE_IMG_PREFIX'), array())) as all_errors
  from decoded cross join settings
),

images as (
  -- one row per image: an update whose before-image columns are in use gives its before image too
  select *, explode(case IBMSNAP_OPERATION
      when 'D' then array('before')
      when 'U' then if(coalesce(before_prefix = {prefix_string}, false) and {prefix_string} <> '',
                       array('before', 'after'), array('after'))
      else array('after') end) as image_kind
  from checked
)

select
  IBMSNAP_OPERATION, {commitseq} as IBMSNAP_COMMITSEQ, IBMSNAP_INTENTSEQ,
  {uowid} as IBMSNAP_UOWID, image_kind, updates_as_delete_insert,
{values},
  {lineage_columns},
  {{{{ jcat.jcat_strict_guard('all_errors') }}}} as decode_errors
from images
{{%- endmacro %}}
"""


def _column_doc(c) -> str:
    col = c.after.column
    text = (
        f"{col.label + ': ' if col.label else ''}{col.declared}, CD record position {c.after.pos}, "
        f"{c.after.width} bytes"
    )
    if c.before:
        text += f"; in an update's before row from {c.before.name} (position {c.before.pos})"
    return text


def model_doc(table: DeclaredTable, model: str, what: str) -> dict:
    cols = image_columns(table)
    return {
        "name": model,
        "description": f"{what} The row images of CD table {table.ddl.schema}.{table.ddl.name} ({table.name}, "
        f"declared in tables/{table.name}.yml): I gives an after row, D a before row, U an after "
        "row and, with before-image columns in use, a before row.",
        "columns": [
            {"name": "IBMSNAP_OPERATION", "description": "I insert, U update, D delete, as captured"},
            {
                "name": "IBMSNAP_COMMITSEQ",
                "description": "the commit sequence when the CD table holds it, else NULL "
                "(join ibmsnap_uow on IBMSNAP_UOWID)",
            },
            {"name": "IBMSNAP_INTENTSEQ", "description": "the change's log sequence"},
            {"name": "IBMSNAP_UOWID", "description": "the unit of work (V5 CD tables), else NULL"},
            {"name": "image_kind", "description": "before (D, and an update's before image) or after (I, U)"},
            {
                "name": "updates_as_delete_insert",
                "description": "whether updates of this table arrive as a D and an I: the declaration's, else REGISTER."
                "PARTITION_KEYS_CHG = 'Y', else var ibmsnap_pair_updates",
            },
        ]
        + [{"name": c.name, "quote": True, "description": _column_doc(c)} for c in cols]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE_COLUMNS]
        + [
            {
                "name": "decode_errors",
                "description": "the CD columns whose bytes did not decode, RECORD_LENGTH, "
                "BEFORE_IMG_PREFIX (REGISTER names a prefix the columns do not "
                "follow)",
            }
        ],
    }


def record_length(table: DeclaredTable) -> int:
    return record_layout(table).record_length

"""A declared Db2 for z/OS table's models: its row images from a BMC Log Master logical log (LLDF).

The macro `jcat_table_<name>_images(changes)` reads `lldf_change_stream` (a table: the changes reassembled from
their segments, in commit order), one row per image: an update (UB) gives its before and its after image, an
insert (I, IL) its after image, a delete (D) its before image; a record with no image (DM, DT, DR, E, CO, ...) one
row with image_kind NULL and its columns NULL. Each row carries the header fields the commit resolution
(udfs/core/changes/lldf.py) reads. Columns sit at running positions (seed 002: a null
byte before each nullable column, a 2-byte length before each VARCHAR's data). An image whose columns do not end
exactly at its end does not match the DDL: every column NULL and named in decode_errors.
In jcat's own build the table twin calls the table's layout function once per image (udfs/core/tables/
lldf_decode.py: the positions on whole batches); elsewhere (a user's own dbt, dbt over Thrift) the positions are
computed in SQL one column after another with lateral column aliases (`__s<i>` where column i starts, `__d<i>` its
data, `__w<i>` its bytes) and each column read by its persistent function: the same rules, the same kernels.
"""

from __future__ import annotations

from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from ..core.tables.ibmi_image import value_function
from ..core.tables.lldf_image import (
    AFTER_IMAGE_TYPES,
    BEFORE_IMAGE_TYPES,
    FLOAT_MAX,
    FLOAT_MIN,
    LldfColumn,
    image_columns,
)
from ..core.tables.lldf_image import (
    CHANGE_COLUMNS as HEADER_COLUMNS,
)
from .decimal_sql import typed_decimal
from .field_calls import JINJA, Calls
from .lldf_float_sql import lldf_float
from .sql_functions import sql_string
from .table_names import layout_function_name, quote

ENTRIES = {"incremental": "lldf_change_stream"}  # only the twin decodes; the view selects from it
CHANGE_COLUMNS = tuple(quote(c) if c == "TIMESTAMP" else c for c in HEADER_COLUMNS if c != "LIMIT_KEYS")
# A mass delete (DM, DT, DR) with data segments: limit key values of a LOAD REPLACE of a partition (seed 002).
LIMIT_KEYS = "coalesce(CHANGE_TYPE in ('DM', 'DT', 'DR') and data_length > 2, false) as LIMIT_KEYS"


def _positions(cols: tuple[LldfColumn, ...], call: Calls = JINJA) -> list[str]:
    """Where each column's data starts and how many bytes it takes, one column after the other."""
    lines = ["1 as __s0"]
    for i, c in enumerate(cols):
        lines.append(f"__s{i} + {1 if c.nullable else 0} as __d{i}")
        if c.width is None:  # VARCHAR: its 2-byte length (which does not count the null byte) then the data
            length = f"substr(img, __d{i}, 2)"
            lines.append(f"2 + if(length({length}) = 2, {call('unpack_bin', length, (False,), 2)}, null) as __w{i}")
        else:
            lines.append(f"{c.width} as __w{i}")
        lines.append(f"__d{i} + __w{i} as __s{i + 1}")
    lines.append(f"coalesce(__s{len(cols)} = length(img) + 1, false) as image_whole")
    return lines


def _raw(c: LldfColumn, i: int, float_format: str, call: Calls = JINJA) -> str:
    b = f"substr(img, __d{i}, __w{i})"
    if c.spec.type in ("REAL", "DOUBLE"):
        if call is JINJA:
            return f"{{{{ jcat.jcat_lldf_float({sql_string(b)}, {c.width}, {sql_string(float_format)}) }}}}"
        return lldf_float(b, c.width, float_format, call)
    fn, args = value_function(c.spec)
    return call(fn, b, args, c.width)


def lldf_value(c: LldfColumn, raw: str, float_format: str = "hfp") -> str:
    """The column as the DDL types it, from its function's raw value (decimals scaled, integers narrowed; a
    hexadecimal REAL that FLOAT cannot hold is NULL, the layout function's rule)."""
    t, s = c.spec.type, c.spec.scale
    if t == "DECIMAL":  # try_cast: NULL past the precision, in ANSI mode too (the layout function's rule)
        return typed_decimal(raw, c.spec.length, s)
    if t == "REAL" and float_format == "hfp":
        return (
            f"case when {raw} = 0 or abs({raw}) between {FLOAT_MIN!r} and {FLOAT_MAX!r} then cast({raw} as float) end"
        )
    if t in ("SMALLINT", "INTEGER", "REAL"):
        return f"cast({raw} as {c.spark_type.lower()})"
    return raw


def _null_byte(c: LldfColumn, i: int) -> str:
    return f"substr(img, __s{i}, 1)"


def _value(c: LldfColumn, i: int, float_format: str, call: Calls = JINJA) -> str:
    absent = "not image_whole" + (f" or {_null_byte(c, i)} != X'00'" if c.nullable else "")
    value = lldf_value(c, _raw(c, i, float_format, call), float_format)
    return f"    case when {absent} then null else {value} end as {quote(c.name)}"


def per_field_sql(table: DeclaredTable, call: Calls) -> tuple[list[str], list[str]]:
    """The per-column path over images `img`: the positions (lateral aliases) and then each typed column, its
    catalog functions called as `call` writes them (udfs/render/field_calls.py)."""
    cols = image_columns(table)
    return _positions(cols, call), [_value(c, i, table.lldf.float_format, call).strip() for i, c in enumerate(cols)]


def _check(c: LldfColumn, i: int) -> str:
    """Named when NULL but not NULL by its null byte (X'FF'): the image is not whole, or its bytes did not decode."""
    said_null = f" and (not image_whole or not coalesce({_null_byte(c, i)} = X'FF', false))" if c.nullable else ""
    return f"      if({quote(c.name)} is null{said_null}, {sql_string(c.name)}, null)"


def images_macro(table: DeclaredTable) -> str:
    cols, o = image_columns(table), table.lldf
    return IMAGES_TEMPLATE.format(
        name=table.name,
        qualified=o.qualified,
        ddl_file=table.ddl_file,
        float_format=o.float_format,
        change_columns=", ".join(CHANGE_COLUMNS),
        limit_keys=LIMIT_KEYS,
        lineage_columns=", ".join(LINEAGE_COLUMNS),
        owner=sql_string(o.owner),
        table=sql_string(o.table),
        images=_images_sql(),
        by_layout=",\n".join(f"    img_struct.{quote(c.name)} as {quote(c.name)}" for c in cols),
        layout_function=layout_function_name(table.name),
        checks=",\n".join(_check(c, i) for i, c in enumerate(cols)),
        values=",\n".join("  " + _value(c, i, o.float_format) for i, c in enumerate(cols)),
        positions=",\n        ".join(_positions(cols)),
        names=", ".join(quote(c.name) for c in cols),
    )


def _images_sql() -> str:
    """One row per row image: the before and the after image of each change, then a record with no row image (DM,
    DT, DR, E, CO, ...) as one row with its columns NULL, for the commit resolution."""
    kinds = [("before", "before_image", BEFORE_IMAGE_TYPES), ("after", "after_image", AFTER_IMAGE_TYPES)]
    images = "\n  union all\n".join(
        f"  select *, '{kind}' as image_kind, {column} as img from changes "
        f"where CHANGE_TYPE in ({', '.join(map(sql_string, types))})"
        for kind, column, types in kinds
    )
    with_image = ", ".join(map(sql_string, sorted({*BEFORE_IMAGE_TYPES, *AFTER_IMAGE_TYPES})))
    return images + (
        "\n  union all\n  select *, cast(null as string) as image_kind, cast(null as binary) as img "
        f"from changes\n  where CHANGE_TYPE is null or CHANGE_TYPE not in ({with_image})"
    )


# The macro of a declared LLDF table's row images; {name} fields filled by images_macro ({{ }}: Jinja's braces).
IMAGES_TEMPLATE = """{{#- {name}: the row images of {qualified} in a BMC Log Master logical log (seed 002), its
    columns typed from {ddl_file} in COLNO order: a null byte before each nullable column, a 2-byte length before
    each VARCHAR's data, floats as {float_format}. One row per image; an image that does not match the columns
    has every column NULL and named in decode_errors. -#}}
{{% macro jcat_table_{name}_images(changes) -%}}
with changes as (
  select {change_columns},
    {limit_keys},
    {lineage_columns}, before_image, after_image,
    coalesce(decode_errors, cast(array() as array<string>)) as change_errors
  from {{{{ changes }}}}
  where TABLEOWNER = {owner} and TABLENAME = {table}
    and {{{{ jcat.jcat_new_records() }}}}
),

images as (
{images}
),

decoded as (
{{%- if jcat.jcat_by_layout() %}}
  -- the table's layout function: positions, values and the columns that did not decode, once per image
  select *,
{by_layout},
    img_struct.decode_errors as column_errors
  from (select *, {layout_function}(img) as img_struct from images)
{{%- else %}}
  select *, filter(array(
{checks}
    ), x -> x is not null) as column_errors
  from (
    select *,
{values}
    from (
      select *,
        {positions}
      from images
    )
  )
{{%- endif %}}
),

checked as (
  select *, concat(change_errors, if(image_kind is null, cast(array() as array<string>), column_errors))
    as all_errors
  from decoded
)

select
  {change_columns}, LIMIT_KEYS, image_kind,
  {names},
  {lineage_columns},
  {{{{ jcat.jcat_strict_guard('all_errors', record_col='img') }}}} as decode_errors
from checked
{{%- endmacro %}}
"""


def _type_doc(c: LldfColumn) -> str:
    s = c.spec
    if s.type == "DECIMAL":
        return f"DECIMAL({s.length},{s.scale}), packed"
    if s.type in ("CHAR", "VARCHAR"):
        return f"{s.type}({s.length}), " + ("bytes" if s.ccsid == 65535 else f"CCSID {s.ccsid}")
    if s.type == "TIMESTAMP":
        return f"TIMESTAMP({s.fraction}), characters"
    return s.type


def _column_doc(c: LldfColumn) -> str:
    width = "2-byte length then the data" if c.width is None else f"{c.width} bytes"
    null = "; after its null byte (X'FF': NULL)" if c.nullable else ""
    return f"{c.label + ': ' if c.label else ''}{_type_doc(c)}, column {c.colno} of the image, {width}{null}"


CHANGE_DOCS = {
    "CHANGE_TYPE": "the change: UB update, I insert, IL loaded row, D delete",
    "UORID": "the unit of recovery (10-byte RBA)",
    "LOGRBA": "the change's log RBA (10 bytes)",
    "LOGLRSN": "the change's LRSN (10 bytes)",
    "TIMESTAMP": "when the change was logged",
    "stream_seq": "commit order across units of recovery (lldf_change_stream)",
    "uor_seq": "order within the unit of recovery",
    "is_committed": "UORDISP and LOGRECDISP both 'C'",
    "MEMBERID": "the data sharing member (0 when not data sharing)",
    "UORIDLRSN": "the LRSN of the unit of recovery record (10 bytes)",
    "UORCOMMITLRSN": "the LRSN of the commit record (10 bytes)",
    "UORCOMMITPOINT": "the RBA of the commit record (10 bytes)",
    "UORCOMMITTIMESTAMP": "the time of the commit record",
    "UORDISP": "what became of the unit of recovery: C committed, A aborted, NULL still in flight",
    "LOGRECDISP": "what became of the record: C committed, A aborted, S rolled back to a savepoint, O reversed",
    "INCOMPLETETRANS": "Y: the unit of recovery has a record Log Master could not complete",
    "RID": "the record ID (5 bytes)",
    "SQLRIRBA": "the SQL sort key (10 bytes)",
    "LIMIT_KEYS": "a mass delete (DM, DT, DR) with data segments: limit key values of a LOAD REPLACE of a partition",
}


def model_doc(table: DeclaredTable, model: str, what: str) -> dict:
    cols = image_columns(table)
    return {
        "name": model,
        "description": f"{what} The row images of {table.lldf.qualified} ({table.name}, declared in "
        f"tables/{table.name}.yml) from lldf_change_stream, one row per image: an update's before "
        "and after image, an insert's after image, a delete's before image, a record with no image "
        "(a mass delete, ...) one row with image_kind NULL.",
        "columns": [{"name": n, "description": d} for n, d in CHANGE_DOCS.items()]
        + [
            {
                "name": "image_kind",
                "description": "before (UB, D) or after (UB, I, IL); NULL for a record with no "
                "row image (DM, DT, DR and the others): its columns are NULL",
            }
        ]
        + [{"name": c.name, "quote": True, "description": _column_doc(c)} for c in cols]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE_COLUMNS]
        + [
            {
                "name": "decode_errors",
                "description": "the change's own errors, then the columns whose bytes did "
                "not decode (every column when the image does not match)",
            }
        ],
    }

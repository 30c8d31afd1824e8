"""A CA IDMS record declared with its copybook (`jcat tables add NAME --log idms --copybook FILE --record-id N`): the
before and after images of its BFOR/AFTR journal records, typed.

One row per image present: BFOR gives a 'before' row, AFTR an 'after' row; an image of IMAGE-LEN 0 is absent (a
STORE has no before image, an ERASE no after image) and gives no row. The image is the record's prefix (PREFIX-LEN
bytes: its set pointers) then its data, which the copybook describes. That split is inferred, not stated: seed 004
gives IMAGE-LEN and PREFIX-LEN and places the image at USER-RECORD (65) without saying which part is the data.
An image that cannot be the whole record is never decoded in part: a fragment (SPAN-OFFSET not 0), or data of
another length than the copybook's record (a compressed image: seed 004 has no flag for compression; or another
record), or an image the journal record is too short to hold, has every field NULL and named in decode_errors,
and `image_problem` says which.
"""

from __future__ import annotations

from ..core.tables import copybook_table
from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from .table_names import layout_function_name, quote
from .tables_file import function_macro

ENTRIES = {"view": "idms_journal", "incremental": "idms_journal_decoded"}
IDMS_ENTRY_COLUMNS = (
    "SEQ",
    "GMT",
    "QUAL_CV",
    "TRANSACT_ID",
    "TYPE",
    "VERB_NUM",
    "DB_KEY",
    "DB_KEY_PAGE",
    "DB_KEY_LINE",
    "USER_REC_ID",
    "IMAGE_LEN",
    "PREFIX_LEN",
    "SPAN_OFFSET",
)


def pre_hook(table: DeclaredTable) -> str:
    return f"{{{{ jcat_table_{table.name}_function() }}}}"


def _problem(table: DeclaredTable) -> str:
    data = "length(RECORD_IMAGE) - PREFIX_LEN"
    fixed = copybook_table.fixed_length(table)
    whole = copybook_table.record_length(table)
    length_ok = f"{data} = {whole}" if fixed == whole else f"{data} between {fixed} and {whole}"
    return (
        f"case when coalesce(SPAN_OFFSET, 0) <> 0 then 'fragment: SPAN-OFFSET ' || SPAN_OFFSET\n"
        f"      when RECORD_IMAGE is null then 'image: IMAGE-LEN past the journal record'\n"
        f"      when PREFIX_LEN is null or PREFIX_LEN > length(RECORD_IMAGE) then 'prefix: PREFIX-LEN past the image'\n"
        f"      when not ({length_ok}) then 'length: ' || ({data}) || ' data bytes, the copybook''s record "
        f"{'is ' + str(whole) if fixed == whole else f'{fixed} to {whole}'} (compressed, or another record)'\n"
        f"    end"
    )


def images_macro(table: DeclaredTable) -> str:
    fn = layout_function_name(table.name)
    names = copybook_table.columns(table)
    cols = ",\n  ".join(f"d.{quote(c)} as {quote(c)}" for c in names)
    every = ", ".join(f"'{c}'" for c in names)
    return f"""{{#- {table.name}: the before and after images of IDMS record USER-REC-ID {table.idms.record_id} in
    BFOR/AFTR journal records, the data after PREFIX-LEN typed by copybook {table.ddl_file}; each image decoded whole by
    {fn}, or not at all (image_problem). -#}}
{{% macro jcat_table_{table.name}_images(entries) -%}}
with images as (
  select {", ".join(LINEAGE_COLUMNS)}, {", ".join(IDMS_ENTRY_COLUMNS)},
    case when TYPE = 'BFOR' then 'before' else 'after' end as image_kind,
    RECORD_IMAGE,
    {_problem(table)} as image_problem
  from {{{{ entries }}}}
  where TYPE in ('BFOR', 'AFTR') and USER_REC_ID = {table.idms.record_id} and IMAGE_LEN > 0
    and {{{{ jcat.jcat_new_records() }}}}
)
select {", ".join(LINEAGE_COLUMNS)}, {", ".join(IDMS_ENTRY_COLUMNS)}, image_kind,
  {cols},
  image_problem,
  coalesce(d.decode_errors, array({every})) as decode_errors
from (
  select *, case when image_problem is null then
    {{% if jcat.jcat_by_layout() %}}{fn}{{% else %}}jcat.{fn}{{% endif %}}(substr(RECORD_IMAGE, PREFIX_LEN + 1))
  end as d
  from images
)
{{%- endmacro %}}

""" + function_macro(table, fn)


def model_doc(table: DeclaredTable, model: str, what: str) -> dict:
    rec = table.copybook.record(copybook_table.record_name(table))
    return {
        "name": model,
        "description": f"{what} The before and after images of IDMS record USER-REC-ID {table.idms.record_id} "
        f"({table.name}, declared in tables/{table.name}.yml), the data after each image's PREFIX-LEN "
        f"typed by copybook {table.ddl_file} (record {rec.name}); one row per image present.",
        "columns": [{"name": n, "description": f"the journal record's {n} (idms_journal)"} for n in IDMS_ENTRY_COLUMNS]
        + [{"name": "image_kind", "description": "before (BFOR) or after (AFTR)"}]
        + [{"name": c, "quote": True, "description": f"copybook field {c}"} for c in copybook_table.columns(table)]
        + [{"name": n, "description": "lineage: where the landed record came from"} for n in LINEAGE_COLUMNS]
        + [
            {
                "name": "image_problem",
                "description": "why the image was not decoded (fragment, image, prefix, length), else NULL",
            },
            {
                "name": "decode_errors",
                "description": "the fields whose bytes did not decode; every field when the image was not decoded",
            },
        ],
    }

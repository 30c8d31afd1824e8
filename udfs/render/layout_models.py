"""Models, macros and docs derived from the layout declarations (udfs/core/layouts), for `jcat generate`.

- macros/jcat_layout_field.sql: from the SQL of each kind (udfs/render/kind_sql.py). The switch point between the two
  ways a model decodes a field: a table or incremental model reads the field from the layout function's struct
  (each record decoded once, `decode_<layout>(record)`); a view calls one function per field.
- `handwritten(name)`: the hand-written part of a model in udfs/render/handwritten/, for the renderers that append one.
The IBM i models, their heading macro and docs: udfs/render/ibmi_models.py.
"""

from __future__ import annotations

from pathlib import Path

from ..core.project import source_root
from . import kind_sql
from .markers import with_marker

HANDWRITTEN = Path(__file__).resolve().parent / "handwritten"


def _jinja(template: str) -> str:
    """A kind's SQL template (udfs/render/kind_sql.py) as jinja over the macro's `v`, `b`, `len`."""
    return kind_sql.jinja(template)


def render_layout_field_macro() -> str:
    kinds = list(kind_sql.KIND_SQL.items())
    out = [
        "{#- One field of a declared layout, decoded the way the model is materialized; the kinds are",
        "    udfs/core/kinds.py's table, their SQL udfs/render/kind_sql.py's.",
        "    jcat_by_layout(): true for tables and incremental models in jcat's own run, which decode each record "
        "once through the",
        "    layout function (`decode_<layout>(record) as <struct>` in a CTE before) and read its fields; false",
        "    for a view, which decodes field by field: a view's branch ('function') calls the persistent",
        "    functions jcat.<function>(substr(record, pos, len)).",
        "    var jcat_field_engine overrides the choice: 'layout', 'function' (the catalog's per-field functions) or",
        "    'spark' (Spark's own expressions, the benchmark's baseline: jcat bench --models). -#}",
        "{% macro jcat_by_layout() -%}",
        "  {#- only where the Arrow UDFs are (jcat's own run, as in jcat_fn): a layout function has no persistent",
        "      SQL form, so a user's own dbt or dbt over Thrift decodes a table field by field too -#}",
        "  {{ return(env_var('DBT_JCAT_ARROW_UDFS', '0') == '1' and config.get('materialized') != 'view') }}",
        "{%- endmacro %}",
        "",
        "{#- kind: a key of KINDS; col: the record column; pos, len: 1-based position and bytes; struct, name: the",
        "    layout function's struct column and the field's name in it (none: field by field). -#}",
        "{% macro jcat_layout_field(kind, col, pos, len, struct=none, name=none) -%}",
        "  {%- set engine = var('jcat_field_engine', none) or ('layout' if jcat_by_layout() else 'function') -%}",
        "  {%- if engine == 'layout' and struct is not none -%}",
        "    {%- set v = struct ~ '.' ~ name -%}",
    ]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {_jinja(k.column)}")
    out += [
        "    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no struct form for kind ' ~ kind) }}",
        "    {%- endif -%}",
        "  {%- elif engine == 'spark' -%}",
        "    {%- set b = 'substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ ')' -%}",
    ]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {_jinja(k.spark)}")
    out += [
        "    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no Spark form for kind ' ~ kind) }}",
        "    {%- endif -%}",
        "  {%- else -%}",
    ]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {{{{ {k.macro}({k.macro_args}) }}}}")
    out += [
        "    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no field macro for kind ' ~ kind) }}",
        "    {%- endif -%}",
        "  {%- endif -%}",
        "{%- endmacro %}",
        "",
        LAYOUT_RECORDS,
    ]
    return with_marker(".sql", "udfs/render/kind_sql.py", "\n".join(out))


LAYOUT_RECORDS = """{#- The first two CTEs of a model that decodes a raw table: `raw`, its records no build
    has decoded yet (jcat_new_records), and `records`, the same rows plus `d` = decode_<layout>(record) when the
    model reads the layout function's struct (jcat_by_layout, or var jcat_field_engine = 'layout'): each record
    decoded once. -#}
{% macro jcat_layout_records(relation, layout) -%}
raw as (
  select * from {{ relation }}
  where {{ jcat_new_records() }}
),

records as (
  select *{% if var('jcat_field_engine', 'layout' if jcat_by_layout() else none) == 'layout' -%}
    , decode_{{ layout }}(record) as d{% endif %}
  from raw
)
{%- endmacro %}
"""


def handwritten(name: str) -> str:
    text = (HANDWRITTEN / name).read_text()
    return text.split("-#}\n", 1)[1] if text.startswith("{#-") else text  # its own comment stays in the source


def generated_files() -> dict[Path, str]:
    root = source_root()
    return {
        root / "macros" / "jcat_layout_field.sql": render_layout_field_macro(),
    }

"""Models, macros and docs derived from the layout declarations (udfs/core/layouts), for `jcat generate`.

- macros/jcat_layout_field.sql: from the SQL of each kind (udfs/render/kind_sql.py). The switch point between the two
  ways a model decodes a field: a table or incremental model reads the field from the layout function's struct
  (each record decoded once, `decode_<layout>(record)`); a view (issue 15) calls one function per field.
- macros/jcat_ibmi_heading.sql: the *TYPE5 heading, from udfs/core/layouts/qjordje5.py.
- models/ibmi/audit_journal_m7.sql: the fields CTE from udfs/core/layouts/qasym7j5.py, then the hand-written
  logic in udfs/render/logic/audit_journal_m7.sql; docs/ibmi_m7.md: the field table (a generated section).
"""

from __future__ import annotations

from pathlib import Path

from . import kind_sql
from .markers import marker, replace_section, with_marker
from ..core.layouts import qasym7j5, qjordje5
from ..core.project import source_root

LOGIC = Path(__file__).resolve().parent / "logic"


def _jinja(template: str) -> str:
    """A kind's SQL template (udfs/render/kind_sql.py) as jinja over the macro's `v`, `b`, `len`."""
    return kind_sql.jinja(template)


def render_layout_field_macro() -> str:
    kinds = list(kind_sql.KIND_SQL.items())
    out = ["{#- One field of a declared layout, decoded the way the model is materialized; the kinds are",
           "    udfs/core/kinds.py's table, their SQL udfs/render/kind_sql.py's.",
           "    jcat_by_layout(): true for tables and incremental models in jcat's own run, which decode each record once through the",
           "    layout function (`decode_<layout>(record) as <struct>` in a CTE before) and read its fields; false",
           "    for a view, which decodes field by field. THE SWITCH POINT of issue 15: a view's branch ('function')",
           "    will call the persistent functions jcat.<function>(substr(record, pos, len)).",
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
           "    {%- set v = struct ~ '.' ~ name -%}"]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {_jinja(k.column)}")
    out += ["    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no struct form for kind ' ~ kind) }}",
            "    {%- endif -%}",
            "  {%- elif engine == 'spark' -%}",
            "    {%- set b = 'substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ ')' -%}"]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {_jinja(k.spark)}")
    out += ["    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no Spark form for kind ' ~ kind) }}",
            "    {%- endif -%}",
            "  {%- else -%}"]
    for i, (name, k) in enumerate(kinds):
        out.append(f"    {{%- {'if' if i == 0 else 'elif'} kind == '{name}' -%}}")
        out.append(f"    {{{{ {k.macro}({k.macro_args}) }}}}")
    out += ["    {%- else -%}{{ exceptions.raise_compiler_error('jcat_layout_field: no field macro for kind ' ~ kind) }}",
            "    {%- endif -%}", "  {%- endif -%}", "{%- endmacro %}", "", LAYOUT_RECORDS]
    return with_marker(".sql", "udfs/render/kind_sql.py", "\n".join(out))


LAYOUT_RECORDS = """{#- The first two CTEs of a model that decodes a raw table: `raw`, its records no build has decoded yet
    (jcat_new_records), and `records`, the same rows plus `d` = decode_<layout>(record) when the model reads the
    layout function's struct (jcat_by_layout, or var jcat_field_engine = 'layout'): each record decoded once. -#}
{% macro jcat_layout_records(relation, layout) -%}
raw as (
  select * from {{ relation }}
  where {{ jcat_new_records() }}
),

records as (
  select *{% if var('jcat_field_engine', 'layout' if jcat_by_layout() else none) == 'layout' %}, decode_{{ layout }}(record) as d{% endif %}
  from raw
)
{%- endmacro %}
"""


HEADING_MACROS = """
{#- The decoded heading columns, one line per field, each followed by a comma (the model's own columns come next).
    struct: the column holding decode_<layout>(record) when the model's layout function covers the heading. -#}
{% macro jcat_ibmi_heading(col='record', esd_pos=610, struct=none) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {%- set s = struct if (name != 'NULL_VALUE_INDICATORS' or esd_pos == 610) else none %}
    {% if kind in ('char', 'digits', 'hex', 'ibmi_ts') -%}
    {{ jcat_layout_field(kind, col, pos, len, s, ibm) }}
    {%- elif kind == 'zoned' -%}
    cast({{ jcat_layout_field('zoned', col, pos, len, s, ibm) }} as int)
    {%- elif kind == 'jobnum' -%}
    {#- IBM i prints job numbers as six digits: 000123/QUSER/QZDASOINIT -#}
    {%- set z = jcat_layout_field('zoned', col, pos, len, s, ibm) -%}
    case when {{ z }} >= 0 then lpad(cast({{ z }} as string), {{ len }}, '0') end
    {%- endif %} as {{ name }}, -- {{ pos }} {{ fmt }} {{ ibm }}
{%- endfor %}
{%- endmacro %}

{#- (column, condition) pairs for jcat_decode_errors: a heading field is in error when it decoded to NULL although
    the record holds it (zoned: always; text, digits, timestamp: unless its bytes are all blanks). -#}
{% macro jcat_ibmi_heading_checks(col='record', esd_pos=610) -%}
{%- set checks = [] -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) -%}
  {%- if kind in ('zoned', 'jobnum') -%}
    {%- do checks.append((name, 'length(' ~ col ~ ') >= ' ~ (pos + len - 1))) -%}
  {%- elif kind != 'hex' -%}
    {%- do checks.append((name, jcat_ibmi_present(col, pos, len))) -%}
  {%- endif -%}
{%- endfor -%}
{{ return(checks) }}
{%- endmacro %}

{#- The heading columns as the models publish them (from the decoded CTE), each followed by a comma. -#}
{% macro jcat_ibmi_heading_columns(esd_pos=610) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {{ name }},
  {%- if name == 'JOB_NUMBER' %}
    JOB_NUMBER || '/' || JOB_USER || '/' || JOB_NAME as QUALIFIED_JOB_NAME,
  {%- endif %}
{%- endfor %}
{%- endmacro %}
"""


def render_heading_macro() -> str:
    rows = []
    cols = [f for f in qjordje5.HEADING if f.column]
    w = max(len(f.column) for f in cols) + 3
    for f in cols:
        kind = qjordje5.MODEL_KIND.get(f.name, f.kind)
        if f.name == "JONVI":  # fills the space up to the ESD
            col = repr(f.column) + ","
            rows.append(f"  ({col:<{w}} {f.pos:>3}, esd_pos - {f.pos}, {kind!r}, "
                        f"'Char(' ~ (esd_pos - {f.pos}) ~ ')', {f.name!r}),")
        else:
            col, k, fmt = repr(f.column) + ",", repr(kind) + ",", repr(f.fmt) + ","
            rows.append(f"  ({col:<{w}} {f.pos:>3}, {f.length:>3}, {k:<9} {fmt:<13} {f.name!r}),")
    skipped = [f for f in qjordje5.HEADING if not f.column]
    head = ["{#- The IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), for every model that reads a",
            "    *TYPE5 outfile (audit_journal_m7, journal_entries), rendered from udfs/core/layouts/qjordje5.py.",
            "",
            "    jcat_ibmi_heading_fields(esd_pos): one tuple per field of IBM's table:",
            "      (column, position, width, kind, IBM format, IBM field)",
            "    Positions 1-135 are IBM-confirmed; 136-609 are derived (docs/ibmi_journal_entries.md says how).",
            "    The null-value indicators fill the space up to the entry-specific data, so their width follows esd_pos",
            "    (DSPJRN NULLINDLEN); the default 610 gives IBM's 50 bytes. -#}",
            "{% macro jcat_ibmi_heading_fields(esd_pos=610) -%}",
            "{{ return(["]
    tail = ["]) }}"]
    tail += [f"{{#- {f.pos} {f.fmt} {f.name} is {f.doc} and not decoded. -#}}" for f in skipped]
    tail += ["{%- endmacro %}"]
    return with_marker(".sql", "udfs/core/layouts/qjordje5.py", "\n".join(head + rows + tail) + "\n" + HEADING_MACROS)


M7_HEAD = """{#- IBM i audit journal M7 entries (Db2 Mirror replication services), outfile QASYM7J5: seed 000.
    The *TYPE5 heading (1-609) then the M7 fields. A field whose meaning depends on the entry type lands in the
    column of its meaning, the other column NULL; a field that does not apply to the entry type is NULL.
    Identifiers and counts come from the 8-byte fields (856, 864): the 4-byte copies (614, 852) read 0 or -1
    when the value does not fit. Field table and sources: docs/ibmi_m7.md.
    Fields: udfs/core/layouts/qasym7j5.py; the rest: udfs/render/logic/audit_journal_m7.sql. -#}
with {{ jcat_layout_records(source('jcat', 'raw_qasym7j5'), 'qasym7j5') }},

fields as (
  select
    source_file, record_offset, record_number, load_id, record,
    {{- jcat_ibmi_heading('record', struct='d') }}"""


def render_m7_model() -> str:
    lines = []
    read = [f for f in qasym7j5.M7 if f.column]
    for f in qasym7j5.M7:
        if not f.column:
            lines.append(f"    -- {f.pos} {f.fmt} {f.name}: not read ({f.doc})")
            continue
        comma = "," if f is not read[-1] else ""
        expr = f"{{{{ jcat_layout_field('{f.kind}', 'record', {f.pos}, {f.length}, 'd', '{f.name}') }}}}"
        lines.append(f"    {expr:<76} as {f.column + comma:<12} -- {f.pos} {f.fmt} {f.doc}")
    body = M7_HEAD + "\n" + "\n".join(lines) + "\n  from records\n),\n\n" + logic("audit_journal_m7.sql")
    return with_marker(".sql", "udfs/core/layouts/qasym7j5.py", body)


def logic(name: str) -> str:
    text = (LOGIC / name).read_text()
    return text.split("-#}\n", 1)[1] if text.startswith("{#-") else text  # its own comment stays in the source


def render_m7_docs(page: str) -> str:
    rows = ["| pos | width | IBM format | field | kind | column(s) | when it applies | description |",
            "|---:|---:|---|---|---|---|---|---|"]
    for f in qasym7j5.M7:
        cols, applies = qasym7j5.PUBLISHED.get(f.name, ("not read", ""))
        rows.append(f"| {f.pos} | {f.length} | {f.fmt} | {f.name} | {f.kind} | {cols} | {applies} | {f.doc} |")
    return replace_section("docs/ibmi_m7.md", "udfs/core/layouts/qasym7j5.py", page, "\n".join(rows))


def generated_files() -> dict[Path, str]:
    root = source_root()
    docs = root / "docs" / "ibmi_m7.md"
    return {
        root / "macros" / "jcat_layout_field.sql": render_layout_field_macro(),
        root / "macros" / "jcat_ibmi_heading.sql": render_heading_macro(),
        root / "models" / "ibmi" / "audit_journal_m7.sql": render_m7_model(),
        docs: render_m7_docs(docs.read_text()),
    }

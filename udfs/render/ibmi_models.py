"""The IBM i models' files derived from the layout declarations, for `jcat generate`.

- macros/jcat_ibmi_heading.sql: the *TYPE5 heading, from udfs/core/layouts/qjordje5.py.
- models/ibmi/audit_journal_m7.sql: the whole model from udfs/core/layouts/qasym7j5.py: the fields, then the entry-type
  routing (qasym7j5.ROUTES, ENTRY_TYPES, ACTIONS), the unknown-code checks and the published columns.
- models/ibmi/audit_journal_m7.yml, journal_entries.yml, journal_entries_decoded.yml: the whole properties file. The
  description of every declared column comes from its Field (position, IBM format, width, description); the
  hand-written rest (model description, config, data tests, columns computed by hand-written SQL) is
  udfs/render/handwritten/<model>.yml, outside dbt's model-paths so dbt reads it once, here.
- docs/ibmi_m7.md and docs/ibmi_journal_entries.md: the field tables (generated sections).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..core.layouts import qasym7j5, qjordje5
from ..core.layouts.qasym7j5 import Route
from ..core.project import source_root
from .markers import replace_section, with_marker

HANDWRITTEN = Path(__file__).resolve().parent / "handwritten"
M7_SOURCE = "udfs/core/layouts/qasym7j5.py"
HEADING_SOURCE = "udfs/core/layouts/qjordje5.py"
M7_FIELD = {f.name: f for f in qasym7j5.M7}


# ---- the *TYPE5 heading macro -------------------------------------------------------------------------------

HEADING_MACROS = """
{#- The ESD's position: var jcat_ibmi_esd_pos, else where DSPJRN's defaults put it (NULLINDLEN moves it; an
    outfile's layout is a property of the file). -#}
{% macro jcat_ibmi_esd_pos() -%}
{{ return(var('jcat_ibmi_esd_pos', @ESD_POS@) | int) }}
{%- endmacro %}

{#- One field's tuple of jcat_ibmi_heading_fields, by column name. -#}
{% macro jcat_ibmi_heading_field(name, esd_pos=@ESD_POS@) -%}
{%- for f in jcat_ibmi_heading_fields(esd_pos) if f[0] == name -%}
{{ return(f) }}
{%- endfor -%}
{{ exceptions.raise_compiler_error('no *TYPE5 heading field ' ~ name) }}
{%- endmacro %}
{#- The decoded heading columns, one line per field, each followed by a comma (the model's own columns come next).
    struct: the column holding decode_<layout>(record) when the model's layout function covers the heading. -#}
{% macro jcat_ibmi_heading(col='record', esd_pos=@ESD_POS@, struct=none) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {%- set s = struct if (name != 'NULL_VALUE_INDICATORS' or esd_pos == @ESD_POS@) else none %}
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
{% macro jcat_ibmi_heading_checks(col='record', esd_pos=@ESD_POS@) -%}
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
{% macro jcat_ibmi_heading_columns(esd_pos=@ESD_POS@) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {{ name }},
  {%- if name == 'JOB_NUMBER' %}
    JOB_NUMBER || '/' || JOB_USER || '/' || JOB_NAME as QUALIFIED_JOB_NAME,
  {%- endif %}
{%- endfor %}
{%- endmacro %}
"""

# The null-value indicators fill the space up to the entry-specific data, so their width follows the ESD position.
FILLS_TO_ESD = "JONVI"


def render_heading_macro() -> str:
    rows = []
    cols = [f for f in qjordje5.HEADING if f.column]
    w = max(len(f.column) for f in cols) + 3
    for f in cols:
        kind = qjordje5.MODEL_KIND.get(f.name, f.kind)
        if f.name == FILLS_TO_ESD:
            col = repr(f.column) + ","
            rows.append(
                f"  ({col:<{w}} {f.pos:>3}, esd_pos - {f.pos}, {kind!r}, "
                f"'Char(' ~ (esd_pos - {f.pos}) ~ ')', {f.name!r}),"
            )
        else:
            col, k, fmt = repr(f.column) + ",", repr(kind) + ",", repr(f.fmt) + ","
            rows.append(f"  ({col:<{w}} {f.pos:>3}, {f.length:>3}, {k:<9} {fmt:<13} {f.name!r}),")
    skipped = [f for f in qjordje5.HEADING if not f.column]
    head = [
        "{#- The IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), for every model that reads a",
        "    *TYPE5 outfile (audit_journal_m7, journal_entries), rendered from udfs/core/layouts/qjordje5.py.",
        "",
        "    jcat_ibmi_heading_fields(esd_pos): one tuple per field of IBM's table:",
        "      (column, position, width, kind, IBM format, IBM field)",
        "    docs/ibmi_journal_entries.md says which positions IBM confirms and how the rest were derived.",
        "    The null-value indicators fill the space up to the entry-specific data, so their width follows esd_pos",
        f"    (DSPJRN NULLINDLEN); the default {qjordje5.ESD_POS} gives IBM's width. -#}}",
        f"{{% macro jcat_ibmi_heading_fields(esd_pos={qjordje5.ESD_POS}) -%}}",
        "{{ return([",
    ]
    tail = ["]) }}"]
    tail += [f"{{#- {f.pos} {f.fmt} {f.name} is {f.doc} and not decoded. -#}}" for f in skipped]
    tail += ["{%- endmacro %}"]
    macros = HEADING_MACROS.replace("@ESD_POS@", str(qjordje5.ESD_POS))
    return with_marker(".sql", HEADING_SOURCE, "\n".join(head + rows + tail) + "\n" + macros)


# ---- audit_journal_m7.sql -----------------------------------------------------------------------------------

M7_HEAD = """{#- IBM i audit journal M7 entries (Db2 Mirror replication services), outfile QASYM7J5: seed 000.
    The *TYPE5 heading then the M7 fields. A field whose meaning depends on the entry type lands in the
    column of its meaning, the other column NULL; a field that does not apply to the entry type is NULL.
    Identifiers and counts come from the 8-byte fields: the 4-byte copies read 0 or -1 when the value does not
    fit. Field table and sources: docs/ibmi_m7.md. Everything here is rendered from udfs/core/layouts/qasym7j5.py
    (M7, ROUTES, ENTRY_TYPES, ACTIONS). -#}
with {{ jcat_layout_records(source('jcat', 'raw_qasym7j5'), 'qasym7j5') }},

fields as (
  select
    source_file, record_offset, record_number, load_id, record,
    {{- jcat_ibmi_heading('record', struct='d') }}"""


def _lit(text: str) -> str:
    assert "'" not in text and "\\" not in text, text
    return f"'{text}'"


def _in(col: str, values) -> str:
    values = list(values)
    return f"{col} = {_lit(values[0])}" if len(values) == 1 else f"{col} in ({', '.join(map(_lit, values))})"


def _applies(route: Route) -> str:
    """The SQL condition under which a route's column holds its field."""
    cond = _in(M7_FIELD["ENTRY_TYPE"].column, route.types)
    if route.actions:
        cond += " and " + _in(M7_FIELD["ACTION"].column, route.actions)
    return cond


def _case(col: str, codes: dict[str, str], indent: str) -> list[str]:
    return [f"{indent}when {_lit(code)} then {_lit(text)}" for code, text in codes.items()]


def _m7_fields() -> list[str]:
    lines = []
    read = [f for f in qasym7j5.M7 if f.column]
    for f in qasym7j5.M7:
        if not f.column:
            lines.append(f"    -- {f.pos} {f.fmt} {f.name}: not read ({f.doc})")
            continue
        comma = "," if f is not read[-1] else ""
        expr = f"{{{{ jcat_layout_field('{f.kind}', 'record', {f.pos}, {f.length}, 'd', '{f.name}') }}}}"
        lines.append(f"    {expr:<76} as {f.column + comma:<12} -- {f.pos} {f.fmt} {f.doc}")
    return lines


def _m7_decoded() -> list[str]:
    etype, action = M7_FIELD["ENTRY_TYPE"].column, M7_FIELD["ACTION"].column
    out = [
        "decoded as (",
        "  select *,",
        f"    case {etype}",
        *_case(etype, qasym7j5.ENTRY_TYPES, "      "),
        "    end as ENTRY_TYPE_DETAIL,",
        f"    case when {_in(etype, qasym7j5.ACTION_TYPE)} then {action} end as ACTION,",
        f"    case when {_in(etype, qasym7j5.ACTION_TYPE)} then case {action}",
        *_case(action, qasym7j5.ACTIONS, "      "),
        "    end end as ACTION_DETAIL,",
    ]
    for r in qasym7j5.ROUTES:
        comma = "," if r is not qasym7j5.ROUTES[-1] else ""
        out.append(f"    case when {_applies(r)} then {M7_FIELD[r.field].column} end as {r.column}{comma}")
    return out + ["  from fields", "),"]


def _m7_checks() -> list[str]:
    checks = [
        "if(ENTRY_TYPE is not null and ENTRY_TYPE_DETAIL is null, 'ENTRY_TYPE', null)",
        "if(ACTION is not null and ACTION_DETAIL is null, 'ACTION', null)",
    ]
    for r in qasym7j5.ROUTES:
        if r.values:
            checks.append(f"if({r.column} not in ({', '.join(map(_lit, r.values))}), '{r.column}', null)")
        if r.pattern:  # a Spark string literal: the regex's backslashes doubled
            pattern = "'" + r.pattern.replace("\\", "\\\\") + "'"
            checks.append(f"if({r.column} not rlike {pattern}, '{r.column}', null)")
    body = ",\n".join("        " + c for c in checks)
    return [
        "checked as (",
        "  select *,",
        "    concat(",
        "      {{ jcat_decode_errors(jcat_ibmi_heading_checks('record')) }},",
        "      -- an unknown code keeps its raw value and is named: the record says something seed 000 does not define",
        "      filter(array(",
        body,
        "      ), x -> x is not null)",
        "    ) as decode_errors",
        "  from decoded",
        ")",
    ]


def m7_own_columns() -> list[str]:
    """The model's columns after the heading, in order."""
    return ["ENTRY_TYPE", "ENTRY_TYPE_DETAIL", "ACTION", "ACTION_DETAIL", *(r.column for r in qasym7j5.ROUTES)]


def render_m7_model() -> str:
    select = [
        "select",
        "  source_file, record_offset, record_number, load_id,",
        "  {{- jcat_ibmi_heading_columns() }}",
        *(f"  {c}," for c in m7_own_columns()),
        "  {{ jcat_strict_guard() }} as decode_errors",
        "from checked",
    ]
    body = [M7_HEAD, *_m7_fields(), "  from records", "),", "", *_m7_decoded(), "", *_m7_checks(), "", *select]
    return with_marker(".sql", M7_SOURCE, "\n".join(body) + "\n")


# ---- column descriptions ------------------------------------------------------------------------------------

LINEAGE = {
    "source_file": "File the record was landed from.",
    "record_offset": "Byte offset of the record in that file.",
    "record_number": "Ordinal of the record in that file, from 1 (jcat load numbers records 1, 2, ...).",
    "load_id": "Identifier of the `jcat load` that landed the record.",
}
QUALIFIED_JOB_NAME = "The job as IBM i writes it: JOB_NUMBER/JOB_USER/JOB_NAME, e.g. 012345/QUSER/QZDASOINIT."


def _where(f, label: str) -> str:
    plural = "s" if f.length > 1 else ""
    return f"{label} {f.name} at position {f.pos}, {f.fmt} ({f.length} byte{plural})"


def heading_description(f) -> str:
    note = qjordje5.NOTES.get(f.name)
    text = f.doc[0].upper() + f.doc[1:] + (f": {note}" if note else "")
    where = _where(f, "*TYPE5 heading field")
    if f.name == FILLS_TO_ESD:
        where += " with the entry-specific data at its default position"
    return f"{text}. {where}."


def _types(route_or_types) -> str:
    types = route_or_types.types if isinstance(route_or_types, Route) else route_or_types
    text = ", ".join(types)
    if isinstance(route_or_types, Route) and route_or_types.actions:
        text += " with action " + " or ".join(route_or_types.actions)
    return text


def route_description(r: Route) -> str:
    f = M7_FIELD[r.field]
    text = f"{r.doc}. Entry types {_types(r)}; NULL for the others. From {_where(f, 'M7 field')}."
    if r.values:
        text += f" Seed 000 lists {', '.join(r.values)}; another value is kept and named in decode_errors."
    if r.pattern:
        text += " Another shape is kept and named in decode_errors."
    return text


def m7_descriptions() -> dict[str, str]:
    codes = "; ".join(f"{c} {t}" for c, t in qasym7j5.ENTRY_TYPES.items())
    actions = "; ".join(f"{c} {t}" for c, t in qasym7j5.ACTIONS.items())
    out = {
        "ENTRY_TYPE": f"What the M7 entry records: {codes}. An unknown code is kept as written and named in "
        f"decode_errors. {_where(M7_FIELD['ENTRY_TYPE'], 'M7 field')}.",
        "ENTRY_TYPE_DETAIL": "ENTRY_TYPE spelled out as seed 000 describes it; NULL for an unknown code.",
        "ACTION": f"For entry type {_types(qasym7j5.ACTION_TYPE)} only (NULL for the others): {actions}. "
        f"{_where(M7_FIELD['ACTION'], 'M7 field')}.",
        "ACTION_DETAIL": "ACTION spelled out as seed 000 describes it; NULL when ACTION is NULL or unknown.",
    }
    out.update({r.column: route_description(r) for r in qasym7j5.ROUTES})
    return out


def heading_descriptions() -> dict[str, str]:
    out = dict(LINEAGE)
    for f in qjordje5.HEADING:
        if f.column:
            out[f.column] = heading_description(f)
            if f.name == "JONBR":
                out["QUALIFIED_JOB_NAME"] = QUALIFIED_JOB_NAME
    return out


# ---- the models' .yml ---------------------------------------------------------------------------------------


def m7_accepted_values() -> dict[str, str]:
    """Warn-level row rules: each coded column holds one of the codes seed 000 lists (another is kept and named)."""
    codes = {
        "ENTRY_TYPE": tuple(qasym7j5.ENTRY_TYPES),
        "ACTION": tuple(qasym7j5.ACTIONS),
        **{r.column: r.values for r in qasym7j5.ROUTES if r.values},
    }
    return {f"{col}_accepted_values": f"{col} is null or {_in(col, values)}" for col, values in codes.items()}


def _with_warn_rules(hand: dict, rules: dict[str, str]) -> dict:
    """The hand-written model with `rules` added to its warn-level jcat_row_rules test (one query per test)."""
    for test in hand.get("data_tests", []):
        row_rules = test.get("jcat_row_rules") if isinstance(test, dict) else None
        if row_rules and row_rules.get("config", {}).get("severity") == "warn":
            row_rules["arguments"]["rules"].update(rules)
            return hand
    raise ValueError(f"handwritten/{hand['name']}.yml has no warn-level jcat_row_rules test to add {sorted(rules)} to")


def render_yml(
    model: str,
    declared: dict[str, str],
    source: str,
    columns_of: str | None = None,
    warn_rules: dict[str, str] | None = None,
) -> str:
    """models/ibmi/<model>.yml: udfs/render/handwritten/<model>.yml with the declared columns' descriptions first, then
    the hand-written columns (those of handwritten/<columns_of>.yml when the model has another model's columns), and
    `warn_rules` rendered from the declaration.

    A hand-written column named like a declared one adds its tests; it may not describe it (the declaration does)."""
    hand = yaml.safe_load((HANDWRITTEN / f"{model}.yml").read_text())
    assert hand["name"] == model, (model, hand["name"])
    if warn_rules:
        hand = _with_warn_rules(hand, warn_rules)
    extra = {c["name"]: c for c in hand.pop("columns", [])}
    if columns_of:
        extra = {c["name"]: c for c in yaml.safe_load((HANDWRITTEN / f"{columns_of}.yml").read_text())["columns"]}
    columns = []
    for name, text in declared.items():
        more = extra.pop(name, {})
        if "description" in more:
            raise ValueError(f"handwritten/{model}.yml describes the declared column {name}: change {source} instead")
        columns.append({"name": name, "description": text, **{k: v for k, v in more.items() if k != "name"}})
    columns += list(extra.values())
    doc = {"version": 2, "models": [{**hand, "columns": columns}] if columns else [hand]}
    text = yaml.safe_dump(doc, sort_keys=False, width=115, allow_unicode=True, default_flow_style=False)
    return with_marker(".yml", f"{source} and udfs/render/handwritten/{model}.yml", text)


def column_type(f) -> str:
    """The SQL type of the model's column (the heading macro casts zoned numbers to INT; hex shows as text)."""
    kind = qjordje5.MODEL_KIND.get(f.name, f.kind) if f in qjordje5.HEADING else f.kind
    return {"digits": f"DECIMAL({f.length},0)", "zoned": "INT", "jobnum": "STRING", "hex": "STRING"}.get(
        kind, f.sql_type
    )


# ---- docs -----------------------------------------------------------------------------------------------------


def render_m7_docs(page: str) -> str:
    rows = [
        "| pos | width | IBM format | field | kind | column(s) | SQL type | when it applies | description |",
        "|---:|---:|---|---|---|---|---|---|---|",
    ]
    for f in qasym7j5.M7:
        routes = [r for r in qasym7j5.ROUTES if r.field == f.name]
        if f.name == "ENTRY_TYPE":
            cols, applies = "ENTRY_TYPE, ENTRY_TYPE_DETAIL", "always"
        elif f.name == "ACTION":
            cols, applies = "ACTION, ACTION_DETAIL", _types(qasym7j5.ACTION_TYPE)
        elif routes:
            cols, applies = " / ".join(r.column for r in routes), " / ".join(_types(r) for r in routes)
        else:
            cols, applies = "not read", ""
        sql_type = column_type(f) if f.column else ""
        rows.append(
            f"| {f.pos} | {f.length} | {f.fmt} | {f.name} | {f.kind} | {cols} | {sql_type} | {applies} | {f.doc} |"
        )
    return replace_section("docs/ibmi_m7.md", M7_SOURCE, page, "\n".join(rows))


def render_heading_docs(page: str) -> str:
    rows = [
        "| pos | width | IBM format | IBM field | kind | column | SQL type | status | description |",
        "|---:|---:|---|---|---|---|---|---|---|",
    ]
    confirmed = True
    for f in qjordje5.HEADING:
        status = "IBM-confirmed" if confirmed else "derived"
        confirmed = confirmed and f.name != qjordje5.CONFIRMED_THROUGH
        width = f"ESD pos - {f.pos} ({f.length})" if f.name == FILLS_TO_ESD else str(f.length)
        column = f.column or "(not decoded)"
        sql_type = column_type(f) if f.column else ""
        if f.name == "JONBR":
            column += " (6 digits, zero-padded); QUALIFIED_JOB_NAME = JOB_NUMBER/JOB_USER/JOB_NAME"
        kind = qjordje5.MODEL_KIND.get(f.name, f.kind)
        rows.append(f"| {f.pos} | {width} | {f.fmt} | {f.name} | {kind} | {column} | {sql_type} | {status} | {f.doc} |")
    return replace_section("docs/ibmi_journal_entries.md", HEADING_SOURCE, page, "\n".join(rows))


def generated_files() -> dict[Path, str]:
    root = source_root()
    models, docs = root / "models" / "ibmi", root / "docs"
    heading = heading_descriptions()
    return {
        root / "macros" / "jcat_ibmi_heading.sql": render_heading_macro(),
        models / "audit_journal_m7.sql": render_m7_model(),
        models / "audit_journal_m7.yml": render_yml(
            "audit_journal_m7",
            {**heading, **m7_descriptions()},
            f"{M7_SOURCE}, {HEADING_SOURCE}",
            warn_rules=m7_accepted_values(),
        ),
        models / "journal_entries.yml": render_yml("journal_entries", heading, HEADING_SOURCE),
        models / "journal_entries_decoded.yml": render_yml(
            "journal_entries_decoded", heading, HEADING_SOURCE, columns_of="journal_entries"
        ),
        docs / "ibmi_m7.md": render_m7_docs((docs / "ibmi_m7.md").read_text()),
        docs / "ibmi_journal_entries.md": render_heading_docs((docs / "ibmi_journal_entries.md").read_text()),
    }

{#- One field of an IDMS journal record: decoded when the record's type carries it (seed 004's headings)
    and the record is long enough to hold it, NULL otherwise. kind: a key of the kinds table (udfs/core/kinds.py):
    ubin, u64, char, hex (as hex text), packed, idms_ts (wall clock), idms_ts_utc (UTC instant). struct, name:
    the layout function's struct column (decode_idms(record), a table build) and the field's name in it. -#}
{% macro jcat_idms_field(kind, pos, len, types, struct=none, name=none, col='record') -%}
  {{ return(adapter.dispatch('jcat_idms_field', 'jcat')(kind, pos, len, types, struct, name, col)) }}
{%- endmacro %}

{% macro default__jcat_idms_field(kind, pos, len, types, struct, name, col) -%}
  case when {{ jcat_idms_applies(pos, len, types, col) }} then {{ jcat_layout_field(kind, col, pos, len, struct, name) }} end
{%- endmacro %}

{#- The field applies to this record: its type carries it and the record holds all of its bytes.
    The common prefix (ALL) applies to any record, so a type outside seed 004's list still shows its prefix. -#}
{% macro jcat_idms_applies(pos, len, types, col='record') -%}
  {%- if types == 'ALL' -%}
  (length({{ col }}) >= {{ pos + len - 1 }})
  {%- else -%}
  ({{ jcat_idms_carried(types, col) }} and length({{ col }}) >= {{ pos + len - 1 }})
  {%- endif -%}
{%- endmacro %}

{#- The field applies and holds a value: not all X'00' and not all blanks (for decode_errors checks). -#}
{% macro jcat_idms_present(pos, len, types, col='record') -%}
  {{ return(jcat_must_decode(col, pos, len, ['00', '40'], when=none if types == 'ALL' else jcat_idms_carried(types, col))) }}
{%- endmacro %}

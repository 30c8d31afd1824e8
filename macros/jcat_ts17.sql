{#- ts17 field at a 1-based position, len bytes, through the catalog function parse_timestamp17 (kinds table: udfs/core/kinds.py). -#}
{% macro jcat_ts17(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_ts17', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_ts17(col, pos, len) -%}
  {{ jcat.jcat_fn('parse_timestamp17') }}(substr({{ col }}, {{ pos }}, {{ len }}))
{%- endmacro %}

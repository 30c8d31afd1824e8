{#- ts17_fraction field at a 1-based position, len bytes, through the catalog function parse_timestamp17_fraction (kinds table: udfs/core/kinds.py). -#}
{% macro jcat_ts17_fraction(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_ts17_fraction', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_ts17_fraction(col, pos, len) -%}
  {{ jcat.jcat_fn('parse_timestamp17_fraction') }}(substr({{ col }}, {{ pos }}, {{ len }}))
{%- endmacro %}

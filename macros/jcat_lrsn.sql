{#- lrsn field at a 1-based position, len bytes, through the catalog function parse_lrsn (kinds table: udfs/core/kinds.py). -#}
{% macro jcat_lrsn(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_lrsn', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_lrsn(col, pos, len) -%}
  {{ jcat.jcat_fn('parse_lrsn') }}(substr({{ col }}, {{ pos }}, {{ len }}))
{%- endmacro %}

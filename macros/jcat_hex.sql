{#- Raw bytes at a 1-based position as upper-case hex text (identifiers kept as the system shows them). -#}
{% macro jcat_hex(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_hex', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_hex(col, pos, len) -%}
  hex(substr({{ col }}, {{ pos }}, {{ len }}))
{%- endmacro %}

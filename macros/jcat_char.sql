{#- EBCDIC character field at a 1-based position: text with trailing blanks removed, NULL when blank. -#}
{% macro jcat_char(col, pos, len, ccsid=none) -%}
  {{ return(adapter.dispatch('jcat_char', 'jcat')(col, pos, len, ccsid)) }}
{%- endmacro %}

{% macro default__jcat_char(col, pos, len, ccsid) -%}
  nullif({{ jcat.jcat_fn('ebcdic_str') }}(substr({{ col }}, {{ pos }}, {{ len }}){% if ccsid is not none %}, {{ ccsid }}{% endif %}), '')
{%- endmacro %}

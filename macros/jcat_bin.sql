{#- Big-endian binary integer at a 1-based position, len bytes (1-8): BIGINT. -#}
{% macro jcat_bin(col, pos, len, signed=true) -%}
  {{ return(adapter.dispatch('jcat_bin', 'jcat')(col, pos, len, signed)) }}
{%- endmacro %}

{% macro default__jcat_bin(col, pos, len, signed) -%}
  {{ jcat.jcat_fn('unpack_bin') }}(substr({{ col }}, {{ pos }}, {{ len }}){% if not signed %}, false{% endif %})
{%- endmacro %}

{#- Zoned decimal field at a 1-based position, len bytes = len digits; scale applied exactly. -#}
{% macro jcat_zoned(col, pos, len, scale=0) -%}
  {{ return(adapter.dispatch('jcat_zoned', 'jcat')(col, pos, len, scale)) }}
{%- endmacro %}

{% macro default__jcat_zoned(col, pos, len, scale) -%}
  {{ jcat.jcat_scale(jcat.jcat_fn('unpack_zoned') ~ '(substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ '))', len, scale) }}
{%- endmacro %}

{#- Packed decimal field at a 1-based position, len bytes = 2*len-1 digits; scale applied exactly. -#}
{% macro jcat_packed(col, pos, len, scale=0) -%}
  {{ return(adapter.dispatch('jcat_packed', 'jcat')(col, pos, len, scale)) }}
{%- endmacro %}

{% macro default__jcat_packed(col, pos, len, scale) -%}
  {{ jcat.jcat_scale(jcat.jcat_fn('unpack_packed') ~ '(substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ '))', 2 * len - 1, scale) }}
{%- endmacro %}

{#- A 10-byte unsigned big-endian value (extended RBA, LRSN) at a 1-based position as DECIMAL(25,0).
    BIGINT holds 8 bytes at most, and conv() stops at 64 bits, so the value is built exactly from a 2-byte
    high part and the 8 low bytes: hi * 2^64 + lo. NULL when fewer than 10 bytes are there. -#}
{% macro jcat_lldf_u80(col, pos) -%}
  {{ return(adapter.dispatch('jcat_lldf_u80', 'jcat')(col, pos)) }}
{%- endmacro %}

{% macro default__jcat_lldf_u80(col, pos) -%}
  {#- Spark's own conv (no catalog function): exact for the 8 low bytes, which it reads as unsigned -#}
  if(length(substr({{ col }}, {{ pos }}, 10)) = 10, cast(
      cast(conv(hex(substr({{ col }}, {{ pos }}, 2)), 16, 10) as decimal(5, 0)) * 18446744073709551616BD
    + cast(conv(hex(substr({{ col }}, {{ pos + 2 }}, 8)), 16, 10) as decimal(20, 0))
  as decimal(25, 0)), null)
{%- endmacro %}

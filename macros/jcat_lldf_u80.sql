{#- A 10-byte unsigned big-endian value (extended RBA, LRSN) at a 1-based position as DECIMAL(25,0).
    BIGINT holds 8 bytes at most, and conv() stops at 64 bits, so the value is built exactly from a 2-byte
    high part and two 4-byte parts: hi * 2^64 + mid * 2^32 + lo. NULL when fewer than 10 bytes are there. -#}
{% macro jcat_lldf_u80(col, pos) -%}
  {{ return(adapter.dispatch('jcat_lldf_u80', 'jcat')(col, pos)) }}
{%- endmacro %}

{% macro default__jcat_lldf_u80(col, pos) -%}
  if(length(substr({{ col }}, {{ pos }}, 10)) = 10, cast(
      cast({{ jcat.jcat_fn('unpack_bin') }}(substr({{ col }}, {{ pos }}, 2), false) as decimal(5, 0)) * 18446744073709551616BD
    + cast({{ jcat.jcat_fn('unpack_bin') }}(substr({{ col }}, {{ pos + 2 }}, 4), false) as decimal(10, 0)) * 4294967296BD
    + cast({{ jcat.jcat_fn('unpack_bin') }}(substr({{ col }}, {{ pos + 6 }}, 4), false) as decimal(10, 0))
  as decimal(25, 0)), null)
{%- endmacro %}

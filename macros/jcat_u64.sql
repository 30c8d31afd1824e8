{#- Unsigned big-endian 8-byte binary at a 1-based position as DECIMAL(20,0): exact up to 2^64-1, where BIGINT
    (unpack_bin) stops at 2^63-1. conv() reads 16 hex digits as an unsigned 64-bit value. -#}
{% macro jcat_u64(col, pos, len=8) -%}
  {{ return(adapter.dispatch('jcat_u64', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_u64(col, pos, len) -%}
  cast(conv(hex(substr({{ col }}, {{ pos }}, {{ len }})), 16, 10) as decimal(20, 0))
{%- endmacro %}

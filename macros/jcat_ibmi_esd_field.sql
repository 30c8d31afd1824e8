{#- One fixed field of an entry-specific data (ESD) layout, at a 1-based position relative to the ESD as IBM
    prints it. A field the ESD does not hold in full (short or minimized entry) is NULL, never a partial value.
    kinds: char (EBCDIC text, blank -> NULL), zoned, digits (Char(n) of digits), bin (signed Bin(15)/Bin(31)),
    ubin (unsigned Bin(16)/Bin(32)), u64 (unsigned Bin(64) -> DECIMAL(20,0), exact), hex (identifiers),
    packed (as udfs/render/kind_sql.py's table), tail (Char(*) from pos to the end, BINARY). -#}
{% macro jcat_ibmi_esd_field(kind, pos, len=none, col='esd') -%}
  {{ return(adapter.dispatch('jcat_ibmi_esd_field', 'jcat')(kind, pos, len, col)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_esd_field(kind, pos, len, col) -%}
  {%- if kind == 'tail' -%}
  if(length({{ col }}) >= {{ pos }}, substr({{ col }}, {{ pos }}), null)
  {%- else -%}
  {#- the kind's field macro, through the one switch of the kinds (macros/jcat_layout_field.sql) -#}
  if(length({{ col }}) >= {{ pos + len - 1 }}, {{ jcat_layout_field(kind, col, pos, len) }}, null)
  {%- endif -%}
{%- endmacro %}

{#- The condition under which the field must have decoded (for jcat_decode_errors): its first byte is in the ESD
    and either the ESD ends inside it (truncated: named, so a cut entry never passes silently) or its bytes are
    not all blanks (text, digits) / always (zoned, packed). Binary and hex fields always decode. -#}
{% macro jcat_ibmi_esd_field_check(kind, pos, len, col='esd') -%}
  {%- set fills = [] if kind in ('zoned', 'packed') else (['40'] if kind in ('char', 'digits') else none) -%}
  {{ return(jcat_must_decode(col, pos, len, fills, 'start')) }}
{%- endmacro %}

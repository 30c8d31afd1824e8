{#- Field decoders built from Spark built-ins only, for use inside transform()/aggregate() lambdas, where the
    catalog's Python functions cannot run. `text` is the whole ESD decoded once with ebcdic_str (single-byte
    EBCDIC: byte n of the ESD is character n of the text), so a text field is a substring of it. -#}
{% macro jcat_ibmi_esd_b_char(text, pos, len) -%}
  nullif(regexp_replace(substr({{ text }}, {{ pos }}, {{ len }}), '[ \\x00]+$', ''), '')
{%- endmacro %}

{#- Unsigned big-endian integer of len bytes (len <= 7 fits BIGINT exactly). NULL when not all bytes are there. -#}
{% macro jcat_ibmi_esd_b_uint(col, pos, len) -%}
  if(length({{ col }}) >= ({{ pos }}) + {{ len }} - 1, cast(conv(hex(substr({{ col }}, {{ pos }}, {{ len }})), 16, 10) as bigint), null)
{%- endmacro %}

{#- Signed (two's complement) big-endian integer of 2 or 4 bytes: the unsigned value's sign bit shifted to bit 63
    and back (an arithmetic shift), so the value is written once; the IFS name and path structures hold a CCSID
    and a length each and repeat them in every text branch, which made two ESD views too long for the metastore. -#}
{% macro jcat_ibmi_esd_b_int(col, pos, len) -%}
  shiftright(shiftleft({{ jcat_ibmi_esd_b_uint(col, pos, len) }}, {{ 64 - 8 * len }}), {{ 64 - 8 * len }})
{%- endmacro %}

{#- The same two, where the caller has already checked that the ESD holds the bytes (inside a structure whose
    own length check covers them): no length check of their own, so the repeated expression stays short. -#}
{% macro jcat_ibmi_esd_b_uint_held(col, pos, len) -%}
  cast(conv(hex(substr({{ col }}, {{ pos }}, {{ len }})), 16, 10) as bigint)
{%- endmacro %}

{% macro jcat_ibmi_esd_b_int_held(col, pos, len) -%}
  shiftright(shiftleft({{ jcat_ibmi_esd_b_uint_held(col, pos, len) }}, {{ 64 - 8 * len }}), {{ 64 - 8 * len }})
{%- endmacro %}

{#- Unsigned 8-byte integer, exact, as DECIMAL(20,0). -#}
{% macro jcat_ibmi_esd_b_u64(col, pos) -%}
  if(length({{ col }}) >= ({{ pos }}) + 7, cast(conv(hex(substr({{ col }}, {{ pos }}, 8)), 16, 10) as decimal(20, 0)), null)
{%- endmacro %}

{#- Zoned decimal of len bytes (digits X'F0'-X'F9', sign nibble C/F positive, D negative): DECIMAL(len,0), NULL
    when any byte is not a zoned digit. -#}
{% macro jcat_ibmi_esd_b_zoned(col, pos, len) -%}
  case when hex(substr({{ col }}, {{ pos }}, {{ len }})) rlike '^(F[0-9]){{ '{' ~ (len - 1) ~ '}' }}[CDF][0-9]$'
       then cast(concat(if(substr(hex(substr({{ col }}, {{ pos }}, {{ len }})), {{ 2 * len - 1 }}, 1) = 'D', '-', ''),
                        regexp_replace(hex(substr({{ col }}, {{ pos }}, {{ len }})), '[0-9A-F]([0-9])', '$1')) as decimal({{ len }}, 0)) end
{%- endmacro %}

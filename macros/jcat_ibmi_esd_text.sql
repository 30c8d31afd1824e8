{#- Text in the CCSID the entry names for it (IFS object and path names, symbolic link contents):
    single-byte EBCDIC CCSIDs the catalog supports, UTF-16 (1200, and 13488 = UCS-2), UTF-8 (1208).
    Any other CCSID, or bytes that are not valid in theirs, give NULL (the model names the field in
    decode_errors). The CCSID handed to ebcdic_str is always a supported one, because Spark may evaluate
    a Python function for rows a CASE branch does not select. -#}
{% macro jcat_ibmi_esd_text(bytes, ccsid) -%}
  {{ return(adapter.dispatch('jcat_ibmi_esd_text', 'jcat')(bytes, ccsid)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_esd_text(bytes, ccsid) -%}
  {%- set ebcdic = jcat_ibmi_esd_ebcdic_ccsids() | join(', ') -%}
  case
    when ({{ ccsid }}) in ({{ ebcdic }}) then {{ jcat.jcat_fn('ebcdic_str') }}({{ bytes }}, cast(if(({{ ccsid }}) in ({{ ebcdic }}), {{ ccsid }}, 37) as int))
    {#- well-formed UTF-16BE: whole code units, surrogates only in high-low pairs -#}
    when ({{ ccsid }}) in (1200, 13488) and hex({{ bytes }}) rlike '^(?:[0-9A-C][0-9A-F]{3}|D[0-7][0-9A-F]{2}|[EF][0-9A-F]{3}|D[89AB][0-9A-F]{2}D[C-F][0-9A-F]{2})*$'
      then decode({{ bytes }}, 'UTF-16BE')
    when ({{ ccsid }}) = 1208 and is_valid_utf8(cast({{ bytes }} as string)) then cast({{ bytes }} as string)
  end
{%- endmacro %}

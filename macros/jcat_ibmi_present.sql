{#- True when the record holds the whole field and its bytes are not all EBCDIC blanks (X'40'):
    the condition under which a character, digits or timestamp field must decode. -#}
{% macro jcat_ibmi_present(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_ibmi_present', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_present(col, pos, len) -%}
  (length({{ col }}) >= {{ pos + len - 1 }} and substr({{ col }}, {{ pos }}, {{ len }}) <> unhex(repeat('40', {{ len }})))
{%- endmacro %}

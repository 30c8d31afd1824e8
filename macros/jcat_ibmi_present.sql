{#- True when the record holds the whole field and its bytes are not all EBCDIC blanks (X'40'):
    the condition under which a character, digits or timestamp field must decode. -#}
{% macro jcat_ibmi_present(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_ibmi_present', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_present(col, pos, len) -%}
  {{ return(jcat_must_decode(col, pos, len, ['40'])) }}
{%- endmacro %}

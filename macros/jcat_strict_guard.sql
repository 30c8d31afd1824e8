{#- With var('jcat_strict'), a row with decode errors fails the build with a message naming the file, offset,
    fields and the record's bytes. Without it, the expression is just the decode_errors column. -#}
{% macro jcat_strict_guard(errors_col='decode_errors', file_col='source_file', offset_col='record_offset', record_col='record') -%}
  {{ return(adapter.dispatch('jcat_strict_guard', 'jcat')(errors_col, file_col, offset_col, record_col)) }}
{%- endmacro %}

{% macro default__jcat_strict_guard(errors_col, file_col, offset_col, record_col) -%}
  {%- if var('jcat_strict', false) -%}
  case when size({{ errors_col }}) > 0 then raise_error(concat(
    'jcat strict: cannot decode ', array_join({{ errors_col }}, ', '),
    ' in ', {{ file_col }}, ' at offset ', cast({{ offset_col }} as string),
    ': record bytes X\'', hex(substr({{ record_col }}, 1, 128)), '\'')) else {{ errors_col }} end
  {%- else -%}
  {{ errors_col }}
  {%- endif -%}
{%- endmacro %}

{#- decode_errors: the names of the fields whose bytes did not decode.
    `checks` is a list of (column, condition) pairs, evaluated after decoding: a field is in error when its
    decoded column is NULL and the condition holds (the field applies to this entry and its bytes are present
    and not blank). Use it in a CTE after the one that decodes, so each UDF runs once. -#}
{% macro jcat_decode_errors(checks) -%}
  {{ return(adapter.dispatch('jcat_decode_errors', 'jcat')(checks)) }}
{%- endmacro %}

{% macro default__jcat_decode_errors(checks) -%}
  filter(array(
  {%- for name, condition in checks %}
    if({{ name }} is null and ({{ condition }}), '{{ name }}', null){{ "," if not loop.last }}
  {%- endfor %}
  ), x -> x is not null)
{%- endmacro %}

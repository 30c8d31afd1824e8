{#- A code column's meaning from a {code: meaning} mapping; any other value is 'unknown code <value>' (never a
    guess), NULL stays NULL. Codes are compared as text, so SMALLINT codes work too. -#}
{% macro jcat_ibmsnap_meaning(column, mapping) -%}
  {{ return(adapter.dispatch('jcat_ibmsnap_meaning', 'jcat')(column, mapping)) }}
{%- endmacro %}

{% macro default__jcat_ibmsnap_meaning(column, mapping) -%}
  case
  {%- for code, meaning in mapping.items() %}
    when cast({{ column }} as string) = '{{ code }}' then '{{ meaning | replace("\\", "\\\\") | replace("'", "\\'") }}'
  {%- endfor %}
    when {{ column }} is not null then concat('unknown code ', cast({{ column }} as string))
  end
{%- endmacro %}

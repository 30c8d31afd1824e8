{#- The inputs hash an existing view was created from ('' when it is not there or has none). -#}
{% macro jcat_view_inputs_of(relation) -%}
  {%- set existing = load_cached_relation(relation) -%}
  {%- if existing is none or not existing.is_view -%}{{ return('') }}{%- endif -%}
  {%- set shown = run_query("SHOW TBLPROPERTIES " ~ relation ~ " ('jcat.view_inputs')") -%}
  {%- for row in shown.rows if row[0] == 'jcat.view_inputs' -%}{{ return(row[1]) }}{%- endfor -%}
  {{- return('') -}}
{%- endmacro %}

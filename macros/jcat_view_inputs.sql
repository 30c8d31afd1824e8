{#- A hash of what the view is made from: its SQL and name, its descriptions, the functions it may call. -#}
{% macro jcat_view_inputs(relation, sql) -%}
  {%- set described = run_query('DESCRIBE SCHEMA EXTENDED ' ~ relation.schema) -%}
  {%- set ns = namespace(functions='') -%}
  {%- for row in described.rows if row[0] == 'Properties' -%}{%- set ns.functions = row[1] or '' -%}{%- endfor -%}
  {%- set docs = model.description ~ tojson(model.columns) ~ config.persist_column_docs() -%}
  {{- return(local_md5(relation ~ '|' ~ sql ~ '|' ~ docs ~ '|' ~ ns.functions)) -}}
{%- endmacro %}

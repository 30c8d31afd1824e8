{#- persist_docs for columns on parquet tables too. dbt-spark writes column comments only for delta, hudi and
    iceberg; Spark's session catalog also changes a parquet table's column comment in place, and BI tools over
    `jcat serve` (JDBC getColumns REMARKS, ODBC SQLColumns) show these comments. Active when a model sets
    persist_docs: {columns: true}. -#}
{% macro spark__alter_column_comment(relation, column_dict) %}
  {% for column_name in column_dict %}
    {% set comment = column_dict[column_name]['description'] %}
    {% if comment %}
      {% set escaped_comment = comment | replace('\\', '\\\\') | replace('\'', '\\\'') %}
      {% set comment_query %}
        alter table {{ relation }} alter column
            {{ adapter.quote(column_name) if column_dict[column_name]['quote'] else column_name }}
            comment '{{ escaped_comment }}'
      {% endset %}
      {% do run_query(comment_query) %}
    {% endif %}
  {% endfor %}
{% endmacro %}

{#- persist_docs for columns on parquet tables and on views too. dbt-spark writes column comments only for delta,
    hudi and iceberg; Spark's session catalog also changes a parquet table's column comment in place, and BI tools
    over `jcat serve` (JDBC getColumns REMARKS, ODBC SQLColumns) show these comments. A view's columns take no
    ALTER: the view is created again with its column list and their comments. Active when a model sets
    persist_docs: {columns: true}. -#}
{% macro spark__alter_column_comment(relation, column_dict) %}
  {% if relation.is_view %}
    {% do jcat_view_column_comments(relation, column_dict) %}
  {% elif env_var('DBT_JCAT_COMMENTS_AFTER_RUN', '0') == '1' %}
    {#- jcat's own run: it sets a table's column comments after the run, in one metastore call per table, not one
        ALTER per column -#}
  {% else %}
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
  {% endif %}
{% endmacro %}

{% macro jcat_view_column_comments(relation, column_dict) %}
  {% set described = [] %}
  {% for column in adapter.get_columns_in_relation(relation) %}
    {% set doc = (column_dict.get(column.name) or {}).get('description') %}
    {% if doc %}
      {% do described.append(adapter.quote(column.name) ~ " comment '" ~ (doc | replace('\\', '\\\\') | replace('\'', '\\\'')) ~ "'") %}
    {% else %}
      {% do described.append(adapter.quote(column.name)) %}
    {% endif %}
  {% endfor %}
  {% set view_query %}
    create or replace view {{ relation }} ({{ described | join(', ') }}) {{ comment_clause() }} as
    {{ model.compiled_code }}
  {% endset %}
  {% do run_query(view_query) %}
{% endmacro %}

{#- dbt-spark's create_view_as, plus: a view whose inputs did not change since it was created is left as it is.
    Creating a view analyses its query twice (once to learn its columns for their comments, once to create it),
    seconds for a view over views, at every run; a view reads its tables when queried, so re-creating an unchanged
    one changes nothing. The inputs are the view's SQL, its name, its descriptions and the persistent functions'
    catalog hash; they are kept in the view's TBLPROPERTIES. `--full-refresh` re-creates every view. -#}
{% macro spark__create_view_as(relation, sql) -%}
  {%- set inputs = jcat_view_inputs(relation, sql) -%}
  {%- if not should_full_refresh() and jcat_view_inputs_of(relation) == inputs -%}
    {{- log("jcat: view " ~ relation ~ " unchanged: kept") -}}
    select 1 as jcat_view_unchanged
  {%- else -%}
  create or replace view {{ relation }}
  {% if config.persist_column_docs() -%}
    {% set model_columns = model.columns %}
    {% set query_columns = get_columns_in_query(sql) %}
    (
    {{ get_persist_docs_column_list(model_columns, query_columns) }}
    )
  {% endif %}
  {{ comment_clause() }}
  {%- set contract_config = config.get('contract') -%}
  {%- if contract_config.enforced -%}
    {{ get_assert_columns_equivalent(sql) }}
  {%- endif %}
  tblproperties ('jcat.view_inputs' = '{{ inputs }}')
  as
    {{ sql }}
  {%- endif -%}
{%- endmacro %}

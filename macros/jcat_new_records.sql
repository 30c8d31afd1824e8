{#- In an incremental model, keep only raw records of loads not yet decoded into this relation.
    Use as the WHERE clause of the CTE that reads the raw source. -#}
{% macro jcat_new_records(load_id_col='load_id') -%}
  {{ return(adapter.dispatch('jcat_new_records', 'jcat')(load_id_col)) }}
{%- endmacro %}

{% macro default__jcat_new_records(load_id_col) -%}
  {%- if is_incremental() -%}
  {{ load_id_col }} not in (select distinct load_id from {{ this }})
  {%- else -%}
  true
  {%- endif -%}
{%- endmacro %}

{#- The name a model calls a catalog function by. In jcat's own in-process dbt run (`jcat build`, `jcat dbt`, which
    set DBT_JCAT_ARROW_UDFS=1 in a session that registered them) the temporary Arrow UDF (`ebcdic_str`: batch
    kernels, strict mode), except in a view: a persistent view cannot call a temporary function. Everywhere else
    (dbt over Thrift against `jcat serve`, whose sessions have no Python functions; a user's own dbt) the
    persistent SQL function (`jcat.ebcdic_str`). -#}
{% macro jcat_fn(name) -%}
  {{ return(adapter.dispatch('jcat_fn', 'jcat')(name)) }}
{%- endmacro %}

{% macro default__jcat_fn(name) -%}
  {%- if env_var('DBT_JCAT_ARROW_UDFS', '0') == '1' and config.get('materialized') != 'view' -%}
    {{ name }}
  {%- else -%}
    jcat.{{ name }}
  {%- endif -%}
{%- endmacro %}

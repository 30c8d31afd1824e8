{#- Data test: every row of the model keeps every rule, checked in one scan. `rules` maps a rule's name to a
    boolean SQL expression (NULL breaks the rule); the test returns one row per broken rule with the number of
    rows that break it, so a failure names the rule.
    Why one test per model, not one per column: dbt runs each data test as a query of its own, and planning a
    query over a decoding model takes about a second (several over a view that calls the jcat SQL functions),
    while the scan itself takes milliseconds. A model's column rules as one test cost one plan. -#}
{% test jcat_row_rules(model, rules) %}
  {{ return(adapter.dispatch('test_jcat_row_rules', 'jcat')(model, rules)) }}
{% endtest %}

{% macro default__test_jcat_row_rules(model, rules) %}
select rule, count(*) as failing_rows
from (
  select explode(filter(array(
    {%- for name, expr in rules.items() %}
    if(coalesce({{ expr }}, false), null, '{{ name }}'){{ "," if not loop.last }}
    {%- endfor %}
  ), r -> r is not null)) as rule
  from {{ model }}
) broken
group by rule
{% endmacro %}

{#- Every row that is in one relation and not in the other (dbt-utils' equality, both directions); a data test
    returning them fails. `expected` and `actual` are relations or parenthesized queries with an alias. -#}
{% macro integration_mismatches(expected, actual) -%}
(select 'missing' as side, * from {{ expected }}
 except all
 select 'missing' as side, * from {{ actual }})
union all
(select 'unexpected' as side, * from {{ actual }}
 except all
 select 'unexpected' as side, * from {{ expected }})
{%- endmacro %}

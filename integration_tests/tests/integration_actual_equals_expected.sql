{#- Fails with every row that is in one relation and not in the other (dbt-utils' equality, both directions). -#}
(select 'missing' as side, * from {{ ref('integration_expected') }}
 except all
 select 'missing' as side, * from {{ ref('integration_actual') }})
union all
(select 'unexpected' as side, * from {{ ref('integration_actual') }}
 except all
 select 'unexpected' as side, * from {{ ref('integration_expected') }})

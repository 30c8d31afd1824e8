{#- The declared CD table's view (decoding the landed records through the persistent functions) and its decoded
    twin (through its layout function decode_integration_staff_image) both give the expected images, row for row.
    Each row that is not in both as often is returned with its two counts. One query for both relations, each read
    once (a view decoding through the SQL functions is costly to plan; except all in both directions plans it twice). -#}
{%- set relations = ['integration_staff_images', 'integration_staff_images_decoded'] %}
{%- set columns = 'intentseq, operation, image_kind, updates_as_delete_insert, STAFFNO, NAME, DEPT, PAY, STARTED, '
                  ~ 'GRADE, BONUS, decode_errors' %}
with rows as (
  {%- for relation in relations %}
  select '{{ relation }}' as relation, 0 as expected, {{ columns }}
  from {{ integration_staff_image_values(ref(relation)) }}
  union all
  select '{{ relation }}' as relation, 1 as expected, {{ columns }}
  from {{ ref('integration_staff_expected') }}
  {%- if not loop.last %}
  union all
  {%- endif %}
  {%- endfor %}
)

select relation, {{ columns }}, sum(expected) as expected_rows, sum(1 - expected) as actual_rows
from rows
group by relation, {{ columns }}
having sum(expected) <> sum(1 - expected)

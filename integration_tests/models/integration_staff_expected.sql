{#- The expected images of the declared table, in the types its DDL declares (seed NULLs arrive as 'None', see
    integration_expected.sql); no decode error is the empty text. A view: it calls no jcat function. -#}
{{ config(materialized='view') }}
select
  intentseq,
  operation,
  image_kind,
  cast(updates_as_delete_insert as boolean) as updates_as_delete_insert,
  STAFFNO,
  nullif(NAME, 'None') as NAME,
  nullif(DEPT, 'None') as DEPT,
  cast(nullif(PAY, 'None') as decimal(9, 2)) as PAY,
  cast(nullif(STARTED, 'None') as timestamp_ntz) as STARTED,
  cast(nullif(GRADE, 'None') as smallint) as GRADE,
  cast(nullif(BONUS, 'None') as int) as BONUS,
  coalesce(nullif(decode_errors, 'None'), '') as decode_errors
from {{ ref('integration_staff_expected_rows') }}

{#- Request to end a rollback: seed 001 table 59, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('end_rollback') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as USER_PROFILE -- 1 Char (10) User who asked to end the rollback
    , {{ jcat_ibmi_esd_field('char', 11, 26) }} as PROCESS -- 11 Char (26) Process (qualified job) that asked
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('USER_PROFILE', jcat_ibmi_esd_field_check('char', 1, 10)), ('PROCESS', jcat_ibmi_esd_field_check('char', 11, 26))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  USER_PROFILE,
  PROCESS,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

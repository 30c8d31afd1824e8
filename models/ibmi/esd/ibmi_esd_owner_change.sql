{#- Owner changed: seed 001 table 56, positions relative to the entry-specific data (ESD).
    Entries: E ZO, Q ZO, Y ZO. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('owner_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as OLD_OWNER -- 1 Char (10) Old owner
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as NEW_OWNER -- 11 Char (10) New owner
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OLD_OWNER', jcat_ibmi_esd_field_check('char', 1, 10)), ('NEW_OWNER', jcat_ibmi_esd_field_check('char', 11, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OLD_OWNER,
  NEW_OWNER,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- IFS entries carrying open flags: seed 001 table 29, 32, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_open_flags') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('bin', 1, 4) }} as OPEN_FLAGS -- 1 Bin (31) Open flags (see the open() API)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OPEN_FLAGS', jcat_ibmi_esd_field_check('bin', 1, 4))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OPEN_FLAGS,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

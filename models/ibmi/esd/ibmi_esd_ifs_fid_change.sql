{#- IFS object FID changed: seed 001 table 36, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_fid_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OLD_FID -- 1 Char (16) FID before the operation
    -- 17 Char (14) reserved
    , {{ jcat_ibmi_esd_field('hex', 31, 16) }} as NEW_FID -- 31 Char (16) FID after the operation
    -- 47 Char (14) reserved
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OLD_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('NEW_FID', jcat_ibmi_esd_field_check('hex', 31, 16))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OLD_FID,
  NEW_FID,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

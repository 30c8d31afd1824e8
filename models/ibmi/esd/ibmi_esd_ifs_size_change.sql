{#- IFS object truncated (old and new size): seed 001 table 33, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_size_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) Object FID
    , {{ jcat_ibmi_esd_field('u64', 17, 8) }} as OLD_SIZE -- 17 Bin (64) Size before, bytes
    , {{ jcat_ibmi_esd_field('u64', 25, 8) }} as NEW_SIZE -- 25 Bin (64) Size after, bytes
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('OLD_SIZE', jcat_ibmi_esd_field_check('u64', 17, 8)), ('NEW_SIZE', jcat_ibmi_esd_field_check('u64', 25, 8))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  OLD_SIZE,
  NEW_SIZE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

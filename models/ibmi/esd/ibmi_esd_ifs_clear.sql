{#- IFS object cleared (hex zeros written): seed 001 table 19, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_clear') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) File identifier of the object
    , {{ jcat_ibmi_esd_field('u64', 17, 8) }} as DATA_LENGTH -- 17 Bin (64) Length cleared
    , {{ jcat_ibmi_esd_field('u64', 25, 8) }} as DATA_OFFSET -- 25 Bin (64) Offset where the clear began
    -- 33 Char (16) reserved
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('DATA_LENGTH', jcat_ibmi_esd_field_check('u64', 17, 8)), ('DATA_OFFSET', jcat_ibmi_esd_field_check('u64', 25, 8))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  DATA_LENGTH,
  DATA_OFFSET,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- IFS write: seed 001 table 39, positions relative to the entry-specific data (ESD).
    Entries: B WA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_write') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) Object FID
    , {{ jcat_ibmi_esd_field('u64', 17, 8) }} as DATA_LENGTH -- 17 Bin (64) Length of the data written
    , {{ jcat_ibmi_esd_field('u64', 25, 8) }} as DATA_OFFSET -- 25 Bin (64) Offset where the write began
    -- 33 Char (16) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(49, 'DATA_LENGTH') }} as DATA -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('DATA_LENGTH', jcat_ibmi_esd_field_check('u64', 17, 8)), ('DATA_OFFSET', jcat_ibmi_esd_field_check('u64', 25, 8))]) }},
      filter(array(if(DATA is null and DATA_LENGTH > 0 and INCOMPLETE_DATA is distinct from '1', 'DATA', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  DATA_LENGTH,
  DATA_OFFSET,
  DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

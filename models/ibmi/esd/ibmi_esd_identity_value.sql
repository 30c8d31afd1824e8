{#- Identity value: seed 001 table 40, positions relative to the entry-specific data (ESD).
    Entries: F IT. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('identity_value') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('bin', 1, 2) }} as VERSION -- 1 Bin(15) Version number
    , {{ jcat_ibmi_esd_field('packed', 3, 16) }} as IDENTITY_VALUE -- 3 DECIMAL(31,0) Last identity value allocated in the current cache (packed, 16 bytes)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('VERSION', jcat_ibmi_esd_field_check('bin', 1, 2)), ('IDENTITY_VALUE', jcat_ibmi_esd_field_check('packed', 3, 16))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  VERSION,
  IDENTITY_VALUE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

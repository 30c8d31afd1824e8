{#- File opened or closed: seed 001 table 16, positions relative to the entry-specific data (ESD).
    Entries: F OP, F CL. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('file_open_close') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as FILE_NAME -- 1 Char (10) File opened or closed (the logical file when one was opened)
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as LIBRARY_NAME -- 11 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as MEMBER_NAME -- 21 Char (10) Member
    , {{ jcat_ibmi_esd_field('char', 31, 1) }} as OPEN_INPUT -- 31 Char (1) Opened for input (OP only; raw flag)
    , {{ jcat_ibmi_esd_field('char', 32, 1) }} as OPEN_OUTPUT -- 32 Char (1) Opened for output (raw flag)
    , {{ jcat_ibmi_esd_field('char', 33, 1) }} as OPEN_UPDATE -- 33 Char (1) Opened for update (raw flag)
    , {{ jcat_ibmi_esd_field('char', 34, 1) }} as OPEN_DELETE -- 34 Char (1) Opened for delete (raw flag)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('FILE_NAME', jcat_ibmi_esd_field_check('char', 1, 10)), ('LIBRARY_NAME', jcat_ibmi_esd_field_check('char', 11, 10)), ('MEMBER_NAME', jcat_ibmi_esd_field_check('char', 21, 10)), ('OPEN_INPUT', jcat_ibmi_esd_field_check('char', 31, 1)), ('OPEN_OUTPUT', jcat_ibmi_esd_field_check('char', 32, 1)), ('OPEN_UPDATE', jcat_ibmi_esd_field_check('char', 33, 1)), ('OPEN_DELETE', jcat_ibmi_esd_field_check('char', 34, 1))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  FILE_NAME,
  LIBRARY_NAME,
  MEMBER_NAME,
  OPEN_INPUT,
  OPEN_OUTPUT,
  OPEN_UPDATE,
  OPEN_DELETE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

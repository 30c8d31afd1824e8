{#- File created or changed, triggers: seed 001 table 53, positions relative to the entry-specific data (ESD).
    Entries: D CT, D CG, D TC, D TD, D TG. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('file_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as OBJECT_NAME -- 1 Char (10) Object operated on
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as LIBRARY_NAME -- 11 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as MEMBER_NAME -- 21 Char (10) Member, when it applies
    -- 31 Char (30) reserved
    , {{ jcat_ibmi_esd_field('char', 109, 1) }} as CHANGE_TYPE -- 109 Char (1) Kind of change file / change trigger operation (value list lost: raw)
    -- 110 Char (3) reserved
    , {{ jcat_ibmi_esd_field('bin', 113, 2) }} as TRIGGER_LIBRARY_LENGTH -- 113 Bin (15) Length of the trigger library name (TG, single trigger)
    , {{ jcat_ibmi_esd_field('bin', 115, 4) }} as TRIGGER_LIBRARY_OFFSET -- 115 Bin (31) Offset of the trigger library name (TG)
    , {{ jcat_ibmi_esd_field('bin', 119, 2) }} as TRIGGER_NAME_LENGTH -- 119 Bin (15) Length of the trigger name (TG)
    , {{ jcat_ibmi_esd_field('bin', 121, 4) }} as TRIGGER_NAME_OFFSET -- 121 Bin (31) Offset of the trigger name (TG)
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_text_at('TRIGGER_LIBRARY_OFFSET', 'TRIGGER_LIBRARY_LENGTH') }} as TRIGGER_LIBRARY -- Char (*)
    , {{ jcat_ibmi_esd_text_at('TRIGGER_NAME_OFFSET', 'TRIGGER_NAME_LENGTH') }} as TRIGGER_NAME -- Char (*)
    , {{ jcat_ibmi_esd_field('tail', 125) }} as INTERNAL_DATA -- 125 Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_NAME', jcat_ibmi_esd_field_check('char', 1, 10)), ('LIBRARY_NAME', jcat_ibmi_esd_field_check('char', 11, 10)), ('MEMBER_NAME', jcat_ibmi_esd_field_check('char', 21, 10)), ('CHANGE_TYPE', jcat_ibmi_esd_field_check('char', 109, 1)), ('TRIGGER_LIBRARY_LENGTH', jcat_ibmi_esd_field_check('bin', 113, 2)), ('TRIGGER_LIBRARY_OFFSET', jcat_ibmi_esd_field_check('bin', 115, 4)), ('TRIGGER_NAME_LENGTH', jcat_ibmi_esd_field_check('bin', 119, 2)), ('TRIGGER_NAME_OFFSET', jcat_ibmi_esd_field_check('bin', 121, 4))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_NAME,
  LIBRARY_NAME,
  MEMBER_NAME,
  CHANGE_TYPE,
  TRIGGER_LIBRARY_LENGTH,
  TRIGGER_LIBRARY_OFFSET,
  TRIGGER_NAME_LENGTH,
  TRIGGER_NAME_OFFSET,
  TRIGGER_LIBRARY,
  TRIGGER_NAME,
  INTERNAL_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

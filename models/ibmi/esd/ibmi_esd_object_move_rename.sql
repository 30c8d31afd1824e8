{#- Object moved or renamed: seed 001 table 52, positions relative to the entry-specific data (ESD).
    Entries: D FM, D FN, E EM, E EN, F MM, F MN, Q QM, Q QN. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('object_move_rename') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as OBJECT_BEFORE -- 1 Char (10) Object before
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as LIBRARY_BEFORE -- 11 Char (10) Library before
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as MEMBER_BEFORE -- 21 Char (10) Member before (files only)
    , {{ jcat_ibmi_esd_field('char', 31, 10) }} as OBJECT_AFTER -- 31 Char (10) Object after
    , {{ jcat_ibmi_esd_field('char', 41, 10) }} as LIBRARY_AFTER -- 41 Char (10) Library after
    , {{ jcat_ibmi_esd_field('char', 51, 10) }} as MEMBER_AFTER -- 51 Char (10) Member after (files only)
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_field('tail', 61) }} as INTERNAL_DATA -- 61 Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_BEFORE', jcat_ibmi_esd_field_check('char', 1, 10)), ('LIBRARY_BEFORE', jcat_ibmi_esd_field_check('char', 11, 10)), ('MEMBER_BEFORE', jcat_ibmi_esd_field_check('char', 21, 10)), ('OBJECT_AFTER', jcat_ibmi_esd_field_check('char', 31, 10)), ('LIBRARY_AFTER', jcat_ibmi_esd_field_check('char', 41, 10)), ('MEMBER_AFTER', jcat_ibmi_esd_field_check('char', 51, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_BEFORE,
  LIBRARY_BEFORE,
  MEMBER_BEFORE,
  OBJECT_AFTER,
  LIBRARY_AFTER,
  MEMBER_AFTER,
  INTERNAL_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Member reorganized (RGZPFM): seed 001 table 60, positions relative to the entry-specific data (ESD).
    Entries: F RG. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('reorganize') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as KEY_FILE -- 1 Char (10) KEYFILE file; NULL with KEYFILE(*NONE)
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as KEY_FILE_LIBRARY -- 11 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as KEY_FILE_MEMBER -- 21 Char (10) Its member
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('KEY_FILE', jcat_ibmi_esd_field_check('char', 1, 10)), ('KEY_FILE_LIBRARY', jcat_ibmi_esd_field_check('char', 11, 10)), ('KEY_FILE_MEMBER', jcat_ibmi_esd_field_check('char', 21, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  KEY_FILE,
  KEY_FILE_LIBRARY,
  KEY_FILE_MEMBER,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

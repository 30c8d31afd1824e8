{#- Start journaling: seed 001 table 65, positions relative to the entry-specific data (ESD).
    Entries: B JT, D JF, E EG, F JM, Q QB. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('start_journaling') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as OMIT_JOURNAL_ENTRY -- 1 Char (1) OMTJRNE value (raw)
    , {{ jcat_ibmi_esd_field('char', 2, 1) }} as INHERIT_JOURNALING -- 2 Char (1) Whether new objects in the directory inherit journaling (raw)
    -- 3 Char (6) reserved
    , {{ jcat_ibmi_esd_field('hex', 9, 16) }} as OBJECT_FID -- 9 Char (16) FID (B JT only)
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_path_name(24) }} as PATH -- Char (*) Path name
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OMIT_JOURNAL_ENTRY', jcat_ibmi_esd_field_check('char', 1, 1)), ('INHERIT_JOURNALING', jcat_ibmi_esd_field_check('char', 2, 1)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 9, 16))]) }},
      filter(array(if(PATH is not null and PATH.PATH is null and PATH.PATH_LENGTH > 0, 'PATH', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OMIT_JOURNAL_ENTRY,
  INHERIT_JOURNALING,
  OBJECT_FID,
  PATH,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- IFS begin create: seed 001 table 18, positions relative to the entry-specific data (ESD).
    Entries: B B0. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_begin_create') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('ubin', 1, 4) }} as OBJECT_NAME_OFFSET -- 1 Bin (32) Offset of the object name from the start of the ESD
    , {{ jcat_ibmi_esd_field('char', 5, 7) }} as OBJECT_TYPE -- 5 Char (7) Object type created
    , {{ jcat_ibmi_esd_field('char', 12, 1) }} as START_JOURNALING -- 12 Char (1) Whether journaling will be started (raw flag)
    -- 13 Bin (32) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_object_name('OBJECT_NAME_OFFSET') }} as OBJECT -- Char (*) Object name
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 1, 4)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 5, 7)), ('START_JOURNALING', jcat_ibmi_esd_field_check('char', 12, 1))]) }},
      filter(array(if((OBJECT is null and coalesce(OBJECT_NAME_OFFSET, 0) > 0) or (OBJECT is not null and OBJECT.NAME is null and OBJECT.LENGTH > 0), 'OBJECT', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_NAME_OFFSET,
  OBJECT_TYPE,
  START_JOURNALING,
  OBJECT,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

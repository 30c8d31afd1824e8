{#- IFS link to existing object: seed 001 table 27, positions relative to the entry-specific data (ESD).
    Entries: B B2. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_link_existing') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) FID of the existing object
    , {{ jcat_ibmi_esd_field('ubin', 17, 4) }} as LINK_NAME_OFFSET -- 17 Bin (32) Offset of the new link's name
    , {{ jcat_ibmi_esd_field('ubin', 21, 4) }} as PATH_NAME_OFFSET -- 21 Bin (32) Offset of the path name
    , {{ jcat_ibmi_esd_field('char', 25, 1) }} as START_JOURNALING -- 25 Char (1) Start journaling indicator (raw)
    , {{ jcat_ibmi_esd_field('char', 26, 1) }} as SUMMARY -- 26 Char (1) Summary record indicator (raw)
    -- 27 Char (2) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_journal_info(29) }} as JOURNAL_INFORMATION -- Char (36) Journal information
    , {{ jcat_ibmi_esd_object_name('LINK_NAME_OFFSET') }} as LINK_NAME -- Char (*) Object name
    , {{ jcat_ibmi_esd_path_name('PATH_NAME_OFFSET') }} as PATH -- Char (*) Path name
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('LINK_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 17, 4)), ('PATH_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 21, 4)), ('START_JOURNALING', jcat_ibmi_esd_field_check('char', 25, 1)), ('SUMMARY', jcat_ibmi_esd_field_check('char', 26, 1))]) }},
      filter(array(if((LINK_NAME is null and coalesce(LINK_NAME_OFFSET, 0) > 0) or (LINK_NAME is not null and LINK_NAME.NAME is null and LINK_NAME.LENGTH > 0), 'LINK_NAME', null), if((PATH is null and coalesce(PATH_NAME_OFFSET, 0) > 0) or (PATH is not null and PATH.PATH is null and PATH.PATH_LENGTH > 0), 'PATH', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  LINK_NAME_OFFSET,
  PATH_NAME_OFFSET,
  START_JOURNALING,
  SUMMARY,
  JOURNAL_INFORMATION,
  LINK_NAME,
  PATH,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

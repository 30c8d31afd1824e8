{#- IFS rename or move: seed 001 table 37, positions relative to the entry-specific data (ESD).
    Entries: B B3. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_rename_move') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) FID of the object renamed
    , {{ jcat_ibmi_esd_field('hex', 17, 16) }} as SOURCE_PARENT_FID -- 17 Char (16) FID of the source directory
    , {{ jcat_ibmi_esd_field('hex', 33, 16) }} as TARGET_PARENT_FID -- 33 Char (16) FID of the target directory
    , {{ jcat_ibmi_esd_field('hex', 49, 16) }} as REPLACED_OBJECT_FID -- 49 Char (16) FID of the object replaced; zeros when none
    , {{ jcat_ibmi_esd_field('ubin', 65, 4) }} as SOURCE_NAME_OFFSET -- 65 Bin (32) Offset of the source name
    , {{ jcat_ibmi_esd_field('ubin', 69, 4) }} as TARGET_NAME_OFFSET -- 69 Bin (32) Offset of the target name
    , {{ jcat_ibmi_esd_field('ubin', 73, 4) }} as SOURCE_PARENT_OFFSET -- 73 Bin (32) Offset of the source parent path
    , {{ jcat_ibmi_esd_field('ubin', 77, 4) }} as TARGET_PARENT_OFFSET -- 77 Bin (32) Offset of the target parent path
    , {{ jcat_ibmi_esd_field('char', 81, 1) }} as START_JOURNALING -- 81 Char (1) Start journaling indicator (raw)
    , {{ jcat_ibmi_esd_field('char', 82, 1) }} as SUMMARY -- 82 Char (1) Summary record indicator (raw)
    , {{ jcat_ibmi_esd_field('char', 83, 1) }} as REPLACE -- 83 Char (1) Whether the target was replaced (raw)
    , {{ jcat_ibmi_esd_field('hex', 84, 4) }} as JOURNAL_ENTRY_FLAGS -- 84 Bin (32) Journal entry flags (bit list lost from the seed: raw hex)
    -- 88 Char (4) reserved
    , {{ jcat_ibmi_esd_field('ubin', 129, 4) }} as INTERNAL_DATA_OFFSET -- 129 Bin (32) Offset of the internal data
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_journal_info(92) }} as JOURNAL_INFORMATION -- Char (36) Journal information
    , {{ jcat_ibmi_esd_object_name('SOURCE_NAME_OFFSET') }} as SOURCE_NAME -- Char (*) Object name
    , {{ jcat_ibmi_esd_object_name('TARGET_NAME_OFFSET') }} as TARGET_NAME -- Char (*) Object name
    , {{ jcat_ibmi_esd_path_name('SOURCE_PARENT_OFFSET') }} as SOURCE_PARENT_PATH -- Char (*) Path name
    , {{ jcat_ibmi_esd_path_name('TARGET_PARENT_OFFSET') }} as TARGET_PARENT_PATH -- Char (*) Path name
    , {{ jcat_ibmi_esd_from_offset('INTERNAL_DATA_OFFSET') }} as INTERNAL_DATA -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('SOURCE_PARENT_FID', jcat_ibmi_esd_field_check('hex', 17, 16)), ('TARGET_PARENT_FID', jcat_ibmi_esd_field_check('hex', 33, 16)), ('REPLACED_OBJECT_FID', jcat_ibmi_esd_field_check('hex', 49, 16)), ('SOURCE_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 65, 4)), ('TARGET_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 69, 4)), ('SOURCE_PARENT_OFFSET', jcat_ibmi_esd_field_check('ubin', 73, 4)), ('TARGET_PARENT_OFFSET', jcat_ibmi_esd_field_check('ubin', 77, 4)), ('START_JOURNALING', jcat_ibmi_esd_field_check('char', 81, 1)), ('SUMMARY', jcat_ibmi_esd_field_check('char', 82, 1)), ('REPLACE', jcat_ibmi_esd_field_check('char', 83, 1)), ('JOURNAL_ENTRY_FLAGS', jcat_ibmi_esd_field_check('hex', 84, 4)), ('INTERNAL_DATA_OFFSET', jcat_ibmi_esd_field_check('ubin', 129, 4))]) }},
      filter(array(if((SOURCE_NAME is null and coalesce(SOURCE_NAME_OFFSET, 0) > 0) or (SOURCE_NAME is not null and SOURCE_NAME.NAME is null and SOURCE_NAME.LENGTH > 0), 'SOURCE_NAME', null), if((TARGET_NAME is null and coalesce(TARGET_NAME_OFFSET, 0) > 0) or (TARGET_NAME is not null and TARGET_NAME.NAME is null and TARGET_NAME.LENGTH > 0), 'TARGET_NAME', null), if((SOURCE_PARENT_PATH is null and coalesce(SOURCE_PARENT_OFFSET, 0) > 0) or (SOURCE_PARENT_PATH is not null and SOURCE_PARENT_PATH.PATH is null and SOURCE_PARENT_PATH.PATH_LENGTH > 0), 'SOURCE_PARENT_PATH', null), if((TARGET_PARENT_PATH is null and coalesce(TARGET_PARENT_OFFSET, 0) > 0) or (TARGET_PARENT_PATH is not null and TARGET_PARENT_PATH.PATH is null and TARGET_PARENT_PATH.PATH_LENGTH > 0), 'TARGET_PARENT_PATH', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  SOURCE_PARENT_FID,
  TARGET_PARENT_FID,
  REPLACED_OBJECT_FID,
  SOURCE_NAME_OFFSET,
  TARGET_NAME_OFFSET,
  SOURCE_PARENT_OFFSET,
  TARGET_PARENT_OFFSET,
  START_JOURNALING,
  SUMMARY,
  REPLACE,
  JOURNAL_ENTRY_FLAGS,
  INTERNAL_DATA_OFFSET,
  JOURNAL_INFORMATION,
  SOURCE_NAME,
  TARGET_NAME,
  SOURCE_PARENT_PATH,
  TARGET_PARENT_PATH,
  INTERNAL_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

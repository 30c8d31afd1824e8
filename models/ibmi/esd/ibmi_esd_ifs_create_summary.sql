{#- IFS create summary: seed 001 table 25, positions relative to the entry-specific data (ESD).
    Entries: B B1. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_create_summary') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('ubin', 1, 4) }} as OBJECT_NAME_OFFSET -- 1 Bin (32) Offset of the object name
    , {{ jcat_ibmi_esd_field('ubin', 5, 4) }} as PATH_NAME_OFFSET -- 5 Bin (32) Offset of the path name
    , {{ jcat_ibmi_esd_field('ubin', 9, 4) }} as SYMLINK_OFFSET -- 9 Bin (32) Offset of the symbolic link contents
    , {{ jcat_ibmi_esd_field('char', 13, 7) }} as OBJECT_TYPE -- 13 Char (7) Object type created
    , {{ jcat_ibmi_esd_field('char', 20, 1) }} as SCAN_ATTRIBUTE -- 20 Char (1) Scan (*STMF) or create-object-scanning (*DIR) attribute (raw)
    , {{ jcat_ibmi_esd_field('hex', 21, 16) }} as OBJECT_FID -- 21 Char (16) FID of the new object
    , {{ jcat_ibmi_esd_field('char', 37, 10) }} as OWNER -- 37 Char (10) Owner
    , {{ jcat_ibmi_esd_field('char', 47, 10) }} as PRIMARY_GROUP -- 47 Char (10) Primary group
    , {{ jcat_ibmi_esd_field('char', 57, 10) }} as AUDIT_VALUE -- 57 Char (10) Auditing value
    , {{ jcat_ibmi_esd_field('bin', 67, 4) }} as OBJECT_CCSID -- 67 Bin (31) CCSID of the object
    , {{ jcat_ibmi_esd_field('char', 107, 10) }} as AUTHORIZATION_LIST -- 107 Char (10) Authorization list
    , {{ jcat_ibmi_esd_field('char', 117, 1) }} as AUTL_PUBLIC -- 117 Char (1) Authorization list *PUBLIC: Y or NULL
    , {{ jcat_ibmi_esd_field('char', 118, 1) }} as FORMAT_INDICATOR -- 118 Char (1) Format indicator (raw)
    , {{ jcat_ibmi_esd_field('char', 119, 1) }} as PC_READ_ONLY -- 119 Char (1) PC read-only flag (raw)
    , {{ jcat_ibmi_esd_field('char', 120, 1) }} as PC_HIDDEN -- 120 Char (1) PC hidden flag (raw)
    , {{ jcat_ibmi_esd_field('char', 121, 1) }} as PC_SYSTEM -- 121 Char (1) PC system flag (raw)
    , {{ jcat_ibmi_esd_field('char', 122, 1) }} as PC_CHANGED -- 122 Char (1) PC changed flag (raw)
    , {{ jcat_ibmi_esd_field('u64', 159, 8) }} as DEVICE_ID -- 159 Bin (64) Device ID (*CHRSF only)
    , {{ jcat_ibmi_esd_field('char', 167, 10) }} as CREATE_OBJECT_AUDITING -- 167 Char (10) Create object auditing (*DIR only)
    , {{ jcat_ibmi_esd_field('char', 177, 1) }} as S_ISVTX -- 177 Char (1) Restricted rename and unlink bit (raw)
    , {{ jcat_ibmi_esd_field('char', 178, 1) }} as S_ISUID -- 178 Char (1) Set-user-ID bit (raw)
    , {{ jcat_ibmi_esd_field('char', 179, 1) }} as S_ISGID -- 179 Char (1) Set-group-ID bit (raw)
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_private_authorities(71) }} as OWNER_AUTHORITY -- Char (12) Private authorities
    , {{ jcat_ibmi_esd_private_authorities(83) }} as GROUP_AUTHORITY -- Char (12) Private authorities
    , {{ jcat_ibmi_esd_private_authorities(95) }} as PUBLIC_AUTHORITY -- Char (12) Private authorities
    , {{ jcat_ibmi_esd_journal_info(123) }} as JOURNAL_INFORMATION -- Char (36) Journal information
    , {{ jcat_ibmi_esd_object_name('OBJECT_NAME_OFFSET') }} as OBJECT -- Char (*) Object name
    , {{ jcat_ibmi_esd_path_name('PATH_NAME_OFFSET') }} as PATH -- Char (*) Path name
    , {{ jcat_ibmi_esd_symlink('SYMLINK_OFFSET') }} as SYMLINK -- Char (*) Symbolic link contents
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 1, 4)), ('PATH_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 5, 4)), ('SYMLINK_OFFSET', jcat_ibmi_esd_field_check('ubin', 9, 4)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 13, 7)), ('SCAN_ATTRIBUTE', jcat_ibmi_esd_field_check('char', 20, 1)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 21, 16)), ('OWNER', jcat_ibmi_esd_field_check('char', 37, 10)), ('PRIMARY_GROUP', jcat_ibmi_esd_field_check('char', 47, 10)), ('AUDIT_VALUE', jcat_ibmi_esd_field_check('char', 57, 10)), ('OBJECT_CCSID', jcat_ibmi_esd_field_check('bin', 67, 4)), ('AUTHORIZATION_LIST', jcat_ibmi_esd_field_check('char', 107, 10)), ('AUTL_PUBLIC', jcat_ibmi_esd_field_check('char', 117, 1)), ('FORMAT_INDICATOR', jcat_ibmi_esd_field_check('char', 118, 1)), ('PC_READ_ONLY', jcat_ibmi_esd_field_check('char', 119, 1)), ('PC_HIDDEN', jcat_ibmi_esd_field_check('char', 120, 1)), ('PC_SYSTEM', jcat_ibmi_esd_field_check('char', 121, 1)), ('PC_CHANGED', jcat_ibmi_esd_field_check('char', 122, 1)), ('DEVICE_ID', jcat_ibmi_esd_field_check('u64', 159, 8)), ('CREATE_OBJECT_AUDITING', jcat_ibmi_esd_field_check('char', 167, 10)), ('S_ISVTX', jcat_ibmi_esd_field_check('char', 177, 1)), ('S_ISUID', jcat_ibmi_esd_field_check('char', 178, 1)), ('S_ISGID', jcat_ibmi_esd_field_check('char', 179, 1))]) }},
      filter(array(if((OBJECT is null and coalesce(OBJECT_NAME_OFFSET, 0) > 0) or (OBJECT is not null and OBJECT.NAME is null and OBJECT.LENGTH > 0), 'OBJECT', null), if((PATH is null and coalesce(PATH_NAME_OFFSET, 0) > 0) or (PATH is not null and PATH.PATH is null and PATH.PATH_LENGTH > 0), 'PATH', null), if((SYMLINK is null and coalesce(SYMLINK_OFFSET, 0) > 0) or (SYMLINK is not null and SYMLINK.CONTENTS is null and SYMLINK.PATH_LENGTH > 0), 'SYMLINK', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_NAME_OFFSET,
  PATH_NAME_OFFSET,
  SYMLINK_OFFSET,
  OBJECT_TYPE,
  SCAN_ATTRIBUTE,
  OBJECT_FID,
  OWNER,
  PRIMARY_GROUP,
  AUDIT_VALUE,
  OBJECT_CCSID,
  AUTHORIZATION_LIST,
  AUTL_PUBLIC,
  FORMAT_INDICATOR,
  PC_READ_ONLY,
  PC_HIDDEN,
  PC_SYSTEM,
  PC_CHANGED,
  DEVICE_ID,
  CREATE_OBJECT_AUDITING,
  S_ISVTX,
  S_ISUID,
  S_ISGID,
  OWNER_AUTHORITY,
  GROUP_AUTHORITY,
  PUBLIC_AUTHORITY,
  JOURNAL_INFORMATION,
  OBJECT,
  PATH,
  SYMLINK,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

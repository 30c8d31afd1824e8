{#- IFS authority change: seed 001 table 21, positions relative to the entry-specific data (ESD).
    Entries: B OA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_authority_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as ENTRY_KIND -- 1 Char (1) Type of entry (raw)
    , {{ jcat_ibmi_esd_field('char', 2, 10) }} as OBJECT_NAME -- 2 Char (10) Object name; *N when the object is not in a library
    , {{ jcat_ibmi_esd_field('char', 12, 10) }} as LIBRARY_NAME -- 12 Char (10) Library of the object; *N when not in a library
    , {{ jcat_ibmi_esd_field('char', 22, 8) }} as OBJECT_TYPE -- 22 Char (8) Object type
    , {{ jcat_ibmi_esd_field('char', 30, 10) }} as USER_PROFILE -- 30 Char (10) User whose authority was granted or revoked
    , {{ jcat_ibmi_esd_field('char', 40, 10) }} as AUTHORIZATION_LIST -- 40 Char (10) Authorization list
    , {{ jcat_ibmi_esd_field('char', 50, 1) }} as OBJECT_EXISTENCE -- 50 Char (1) *OBJEXIST flag
    , {{ jcat_ibmi_esd_field('char', 51, 1) }} as OBJECT_MANAGEMENT -- 51 Char (1) *OBJMGT flag
    , {{ jcat_ibmi_esd_field('char', 52, 1) }} as OBJECT_OPERATIONAL -- 52 Char (1) *OBJOPR flag
    , {{ jcat_ibmi_esd_field('char', 53, 1) }} as AUTL_MANAGEMENT -- 53 Char (1) *AUTLMGT flag
    , {{ jcat_ibmi_esd_field('char', 54, 1) }} as AUTL_PUBLIC -- 54 Char (1) Authorization list *PUBLIC flag
    , {{ jcat_ibmi_esd_field('char', 55, 1) }} as READ -- 55 Char (1) *R flag
    , {{ jcat_ibmi_esd_field('char', 56, 1) }} as ADD -- 56 Char (1) *ADD flag
    , {{ jcat_ibmi_esd_field('char', 57, 1) }} as UPDATE -- 57 Char (1) *UPD flag
    , {{ jcat_ibmi_esd_field('char', 58, 1) }} as DELETE -- 58 Char (1) *DLT flag
    , {{ jcat_ibmi_esd_field('char', 59, 1) }} as EXCLUDE -- 59 Char (1) *EXCLUDE flag
    , {{ jcat_ibmi_esd_field('char', 60, 1) }} as EXECUTE -- 60 Char (1) *X flag
    , {{ jcat_ibmi_esd_field('char', 61, 1) }} as OBJECT_ALTER -- 61 Char (1) *OBJALTER flag
    , {{ jcat_ibmi_esd_field('char', 62, 1) }} as OBJECT_REFERENCE -- 62 Char (1) *OBJREF flag
    -- 63 Char (4) reserved
    , {{ jcat_ibmi_esd_field('char', 67, 3) }} as OPERATION_TYPE -- 67 Char (3) Operation (raw, e
    -- 70 Char (149) reserved
    , {{ jcat_ibmi_esd_field('bin', 219, 4) }} as OBJECT_NAME_CCSID -- 219 Bin (31) CCSID of the object name (the seed prints offset 19: 70 + 149 = 219)
    -- 223 Char (8) reserved
    , {{ jcat_ibmi_esd_field('hex', 231, 16) }} as PARENT_FID -- 231 Char (16) Parent directory FID (IBM: not set or used)
    , {{ jcat_ibmi_esd_field('hex', 247, 16) }} as OBJECT_FID -- 247 Char (16) File identifier of the object
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('ENTRY_KIND', jcat_ibmi_esd_field_check('char', 1, 1)), ('OBJECT_NAME', jcat_ibmi_esd_field_check('char', 2, 10)), ('LIBRARY_NAME', jcat_ibmi_esd_field_check('char', 12, 10)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 22, 8)), ('USER_PROFILE', jcat_ibmi_esd_field_check('char', 30, 10)), ('AUTHORIZATION_LIST', jcat_ibmi_esd_field_check('char', 40, 10)), ('OBJECT_EXISTENCE', jcat_ibmi_esd_field_check('char', 50, 1)), ('OBJECT_MANAGEMENT', jcat_ibmi_esd_field_check('char', 51, 1)), ('OBJECT_OPERATIONAL', jcat_ibmi_esd_field_check('char', 52, 1)), ('AUTL_MANAGEMENT', jcat_ibmi_esd_field_check('char', 53, 1)), ('AUTL_PUBLIC', jcat_ibmi_esd_field_check('char', 54, 1)), ('READ', jcat_ibmi_esd_field_check('char', 55, 1)), ('ADD', jcat_ibmi_esd_field_check('char', 56, 1)), ('UPDATE', jcat_ibmi_esd_field_check('char', 57, 1)), ('DELETE', jcat_ibmi_esd_field_check('char', 58, 1)), ('EXCLUDE', jcat_ibmi_esd_field_check('char', 59, 1)), ('EXECUTE', jcat_ibmi_esd_field_check('char', 60, 1)), ('OBJECT_ALTER', jcat_ibmi_esd_field_check('char', 61, 1)), ('OBJECT_REFERENCE', jcat_ibmi_esd_field_check('char', 62, 1)), ('OPERATION_TYPE', jcat_ibmi_esd_field_check('char', 67, 3)), ('OBJECT_NAME_CCSID', jcat_ibmi_esd_field_check('bin', 219, 4)), ('PARENT_FID', jcat_ibmi_esd_field_check('hex', 231, 16)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 247, 16))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  ENTRY_KIND,
  OBJECT_NAME,
  LIBRARY_NAME,
  OBJECT_TYPE,
  USER_PROFILE,
  AUTHORIZATION_LIST,
  OBJECT_EXISTENCE,
  OBJECT_MANAGEMENT,
  OBJECT_OPERATIONAL,
  AUTL_MANAGEMENT,
  AUTL_PUBLIC,
  READ,
  ADD,
  UPDATE,
  DELETE,
  EXCLUDE,
  EXECUTE,
  OBJECT_ALTER,
  OBJECT_REFERENCE,
  OPERATION_TYPE,
  OBJECT_NAME_CCSID,
  PARENT_FID,
  OBJECT_FID,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- IFS primary group change: seed 001 table 23, positions relative to the entry-specific data (ESD).
    Entries: B OG. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_primary_group_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as ENTRY_KIND -- 1 Char (1) Type of entry (raw)
    , {{ jcat_ibmi_esd_field('char', 2, 10) }} as OBJECT_NAME -- 2 Char (10) Object name; *N when the object is not in a library
    , {{ jcat_ibmi_esd_field('char', 12, 10) }} as LIBRARY_NAME -- 12 Char (10) Library of the object; *N when not in a library
    , {{ jcat_ibmi_esd_field('char', 22, 8) }} as OBJECT_TYPE -- 22 Char (8) Object type
    , {{ jcat_ibmi_esd_field('char', 30, 10) }} as OLD_GROUP -- 30 Char (10) Old primary group
    , {{ jcat_ibmi_esd_field('char', 40, 10) }} as NEW_GROUP -- 40 Char (10) New primary group
    , {{ jcat_ibmi_esd_field('char', 50, 1) }} as OBJECT_EXISTENCE -- 50 Char (1) *OBJEXIST flag
    , {{ jcat_ibmi_esd_field('char', 51, 1) }} as OBJECT_MANAGEMENT -- 51 Char (1) *OBJMGT flag
    , {{ jcat_ibmi_esd_field('char', 52, 1) }} as OBJECT_OPERATIONAL -- 52 Char (1) *OBJOPR flag
    , {{ jcat_ibmi_esd_field('char', 53, 1) }} as OBJECT_ALTER -- 53 Char (1) *OBJALTER flag
    , {{ jcat_ibmi_esd_field('char', 54, 1) }} as OBJECT_REFERENCE -- 54 Char (1) *OBJREF flag
    -- 55 Char (10) reserved
    , {{ jcat_ibmi_esd_field('char', 65, 1) }} as AUTL_MANAGEMENT -- 65 Char (1) *AUTLMGT flag
    , {{ jcat_ibmi_esd_field('char', 66, 1) }} as READ -- 66 Char (1) *R flag
    , {{ jcat_ibmi_esd_field('char', 67, 1) }} as ADD -- 67 Char (1) *ADD flag
    , {{ jcat_ibmi_esd_field('char', 68, 1) }} as UPDATE -- 68 Char (1) *UPD flag
    , {{ jcat_ibmi_esd_field('char', 69, 1) }} as DELETE -- 69 Char (1) *DLT flag
    , {{ jcat_ibmi_esd_field('char', 70, 1) }} as EXECUTE -- 70 Char (1) *X flag
    -- 71 Char (10) reserved
    , {{ jcat_ibmi_esd_field('char', 81, 1) }} as EXCLUDE -- 81 Char (1) *EXCLUDE flag
    , {{ jcat_ibmi_esd_field('char', 82, 1) }} as REVOKE_OLD_GROUP_AUTHORITY -- 82 Char (1) Whether the previous group's authority was revoked (raw flag)
    -- 83 Char (143) reserved
    , {{ jcat_ibmi_esd_field('bin', 226, 4) }} as OBJECT_NAME_CCSID -- 226 Bin (31) CCSID of the object name
    -- 230 Char (8) reserved
    , {{ jcat_ibmi_esd_field('hex', 238, 16) }} as PARENT_FID -- 238 Char (16) Parent directory FID
    , {{ jcat_ibmi_esd_field('hex', 254, 16) }} as OBJECT_FID -- 254 Char (16) Object FID
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('ENTRY_KIND', jcat_ibmi_esd_field_check('char', 1, 1)), ('OBJECT_NAME', jcat_ibmi_esd_field_check('char', 2, 10)), ('LIBRARY_NAME', jcat_ibmi_esd_field_check('char', 12, 10)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 22, 8)), ('OLD_GROUP', jcat_ibmi_esd_field_check('char', 30, 10)), ('NEW_GROUP', jcat_ibmi_esd_field_check('char', 40, 10)), ('OBJECT_EXISTENCE', jcat_ibmi_esd_field_check('char', 50, 1)), ('OBJECT_MANAGEMENT', jcat_ibmi_esd_field_check('char', 51, 1)), ('OBJECT_OPERATIONAL', jcat_ibmi_esd_field_check('char', 52, 1)), ('OBJECT_ALTER', jcat_ibmi_esd_field_check('char', 53, 1)), ('OBJECT_REFERENCE', jcat_ibmi_esd_field_check('char', 54, 1)), ('AUTL_MANAGEMENT', jcat_ibmi_esd_field_check('char', 65, 1)), ('READ', jcat_ibmi_esd_field_check('char', 66, 1)), ('ADD', jcat_ibmi_esd_field_check('char', 67, 1)), ('UPDATE', jcat_ibmi_esd_field_check('char', 68, 1)), ('DELETE', jcat_ibmi_esd_field_check('char', 69, 1)), ('EXECUTE', jcat_ibmi_esd_field_check('char', 70, 1)), ('EXCLUDE', jcat_ibmi_esd_field_check('char', 81, 1)), ('REVOKE_OLD_GROUP_AUTHORITY', jcat_ibmi_esd_field_check('char', 82, 1)), ('OBJECT_NAME_CCSID', jcat_ibmi_esd_field_check('bin', 226, 4)), ('PARENT_FID', jcat_ibmi_esd_field_check('hex', 238, 16)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 254, 16))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  ENTRY_KIND,
  OBJECT_NAME,
  LIBRARY_NAME,
  OBJECT_TYPE,
  OLD_GROUP,
  NEW_GROUP,
  OBJECT_EXISTENCE,
  OBJECT_MANAGEMENT,
  OBJECT_OPERATIONAL,
  OBJECT_ALTER,
  OBJECT_REFERENCE,
  AUTL_MANAGEMENT,
  READ,
  ADD,
  UPDATE,
  DELETE,
  EXECUTE,
  EXCLUDE,
  REVOKE_OLD_GROUP_AUTHORITY,
  OBJECT_NAME_CCSID,
  PARENT_FID,
  OBJECT_FID,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

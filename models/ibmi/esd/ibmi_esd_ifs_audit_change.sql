{#- IFS change audit attribute: seed 001 table 20, positions relative to the entry-specific data (ESD).
    Entries: B AA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_audit_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as ENTRY_KIND -- 1 Char (1) Type of entry (value list lost from the seed: raw)
    , {{ jcat_ibmi_esd_field('char', 2, 10) }} as OBJECT_NAME -- 2 Char (10) Object name; *N when the object is not in a library
    , {{ jcat_ibmi_esd_field('char', 12, 10) }} as LIBRARY_NAME -- 12 Char (10) Library of the object; *N when not in a library
    , {{ jcat_ibmi_esd_field('char', 22, 8) }} as OBJECT_TYPE -- 22 Char (8) Object type
    , {{ jcat_ibmi_esd_field('char', 30, 10) }} as AUDIT_VALUE -- 30 Char (10) New auditing value (CHGAUD)
    -- 40 Char (135) reserved
    , {{ jcat_ibmi_esd_field('bin', 175, 4) }} as OBJECT_NAME_CCSID -- 175 Bin (31) CCSID of the object name
    -- 179 Char (8) reserved
    , {{ jcat_ibmi_esd_field('hex', 187, 16) }} as PARENT_FID -- 187 Char (16) File identifier of the parent directory
    , {{ jcat_ibmi_esd_field('hex', 203, 16) }} as OBJECT_FID -- 203 Char (16) File identifier of the object
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('ENTRY_KIND', jcat_ibmi_esd_field_check('char', 1, 1)), ('OBJECT_NAME', jcat_ibmi_esd_field_check('char', 2, 10)), ('LIBRARY_NAME', jcat_ibmi_esd_field_check('char', 12, 10)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 22, 8)), ('AUDIT_VALUE', jcat_ibmi_esd_field_check('char', 30, 10)), ('OBJECT_NAME_CCSID', jcat_ibmi_esd_field_check('bin', 175, 4)), ('PARENT_FID', jcat_ibmi_esd_field_check('hex', 187, 16)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 203, 16))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  ENTRY_KIND,
  OBJECT_NAME,
  LIBRARY_NAME,
  OBJECT_TYPE,
  AUDIT_VALUE,
  OBJECT_NAME_CCSID,
  PARENT_FID,
  OBJECT_FID,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

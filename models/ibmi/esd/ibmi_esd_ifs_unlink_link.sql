{#- IFS unlink (link): seed 001 table 35, positions relative to the entry-specific data (ESD).
    Entries: B B5. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_unlink_link') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) FID of the object
    , {{ jcat_ibmi_esd_field('hex', 17, 16) }} as PARENT_FID -- 17 Char (16) FID of the link's parent directory
    , {{ jcat_ibmi_esd_field('ubin', 33, 4) }} as LINK_NAME_OFFSET -- 33 Bin (32) Offset of the link name
    , {{ jcat_ibmi_esd_field('hex', 37, 10) }} as OBJECT_JID -- 37 Char (10) Journal identifier of the object
    , {{ jcat_ibmi_esd_field('char', 47, 7) }} as OBJECT_TYPE -- 47 Char (7) Object type
    -- 54 Char (7) reserved
    , {{ jcat_ibmi_esd_field('ubin', 61, 4) }} as INTERNAL_DATA_OFFSET -- 61 Bin (32) Offset of the internal data
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_object_name('LINK_NAME_OFFSET') }} as LINK_NAME -- Char (*) Object name
    , {{ jcat_ibmi_esd_from_offset('INTERNAL_DATA_OFFSET') }} as INTERNAL_DATA -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('PARENT_FID', jcat_ibmi_esd_field_check('hex', 17, 16)), ('LINK_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 33, 4)), ('OBJECT_JID', jcat_ibmi_esd_field_check('hex', 37, 10)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 47, 7)), ('INTERNAL_DATA_OFFSET', jcat_ibmi_esd_field_check('ubin', 61, 4))]) }},
      filter(array(if((LINK_NAME is null and coalesce(LINK_NAME_OFFSET, 0) > 0) or (LINK_NAME is not null and LINK_NAME.NAME is null and LINK_NAME.LENGTH > 0), 'LINK_NAME', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  PARENT_FID,
  LINK_NAME_OFFSET,
  OBJECT_JID,
  OBJECT_TYPE,
  INTERNAL_DATA_OFFSET,
  LINK_NAME,
  INTERNAL_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

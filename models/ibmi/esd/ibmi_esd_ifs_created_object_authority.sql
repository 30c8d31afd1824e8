{#- IFS created object authority: seed 001 table 24, positions relative to the entry-specific data (ESD).
    Entries: B B7. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_created_object_authority') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) FID of the created object
    , {{ jcat_ibmi_esd_field('ubin', 17, 4) }} as NUMBER_OF_AUTHORITIES -- 17 Bin (32) Private authorities in the entry
    , {{ jcat_ibmi_esd_field('ubin', 21, 4) }} as OBJECT_NAME_OFFSET -- 21 Bin (32) Offset of the object name
    , {{ jcat_ibmi_esd_field('ubin', 25, 4) }} as PATH_NAME_OFFSET -- 25 Bin (32) Offset of the path name
    , {{ jcat_ibmi_esd_field('ubin', 29, 4) }} as AUTHORITY_OFFSET -- 29 Bin (32) Offset of the private authority array
    , {{ jcat_ibmi_esd_field('char', 33, 1) }} as FORMAT_INDICATOR -- 33 Char (1) Format indicator (value list lost: raw)
    -- 34 Char (15) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_object_name('OBJECT_NAME_OFFSET') }} as OBJECT -- Char (*) Object name
    , {{ jcat_ibmi_esd_path_name('PATH_NAME_OFFSET') }} as PATH -- Char (*) Path name
    , {{ jcat_ibmi_esd_authority_array('NUMBER_OF_AUTHORITIES', 'AUTHORITY_OFFSET') }} as AUTHORITIES -- Char (*) [*] Private authority information
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('NUMBER_OF_AUTHORITIES', jcat_ibmi_esd_field_check('ubin', 17, 4)), ('OBJECT_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 21, 4)), ('PATH_NAME_OFFSET', jcat_ibmi_esd_field_check('ubin', 25, 4)), ('AUTHORITY_OFFSET', jcat_ibmi_esd_field_check('ubin', 29, 4)), ('FORMAT_INDICATOR', jcat_ibmi_esd_field_check('char', 33, 1))]) }},
      filter(array(if((OBJECT is null and coalesce(OBJECT_NAME_OFFSET, 0) > 0) or (OBJECT is not null and OBJECT.NAME is null and OBJECT.LENGTH > 0), 'OBJECT', null), if((PATH is null and coalesce(PATH_NAME_OFFSET, 0) > 0) or (PATH is not null and PATH.PATH is null and PATH.PATH_LENGTH > 0), 'PATH', null), if(size(AUTHORITIES) < NUMBER_OF_AUTHORITIES, 'AUTHORITIES', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  NUMBER_OF_AUTHORITIES,
  OBJECT_NAME_OFFSET,
  PATH_NAME_OFFSET,
  AUTHORITY_OFFSET,
  FORMAT_INDICATOR,
  OBJECT,
  PATH,
  AUTHORITIES,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

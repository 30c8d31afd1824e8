{#- IFS attribute change: seed 001 table 28, positions relative to the entry-specific data (ESD).
    Entries: B FA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('ifs_attribute_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 16) }} as OBJECT_FID -- 1 Char (16) Object FID
    , {{ jcat_ibmi_esd_field('hex', 17, 16) }} as PARENT_FID -- 17 Char (16) Parent directory FID
    , {{ jcat_ibmi_esd_field('char', 33, 7) }} as OBJECT_TYPE -- 33 Char (7) Object type
    -- 40 Char (9) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_attribute_chain(49) }} as ATTRIBUTES -- 49-65 repeating
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 1, 16)), ('PARENT_FID', jcat_ibmi_esd_field_check('hex', 17, 16)), ('OBJECT_TYPE', jcat_ibmi_esd_field_check('char', 33, 7))]) }},
      filter(array(if(size(ATTRIBUTES) = 0, 'ATTRIBUTES', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OBJECT_FID,
  PARENT_FID,
  OBJECT_TYPE,
  ATTRIBUTES,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

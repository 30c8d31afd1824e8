{#- Object description changed (QLICOBJD keys): seed 001 table 7, positions relative to the entry-specific data (ESD).
    Entries: E ZB, Q ZB, Y ZB. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('object_attribute_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('ubin', 1, 4) }} as NUMBER_OF_RECORDS -- 1 Bin (4) Number of key/length/data records (only the first is laid out by IBM)
    , {{ jcat_ibmi_esd_field('ubin', 5, 4) }} as KEY -- 5 Bin (4) QLICOBJD key of the attribute changed
    , {{ jcat_ibmi_esd_field('ubin', 9, 4) }} as DATA_LENGTH -- 9 Bin (4) Length of the data
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(13, 'DATA_LENGTH') }} as DATA -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('NUMBER_OF_RECORDS', jcat_ibmi_esd_field_check('ubin', 1, 4)), ('KEY', jcat_ibmi_esd_field_check('ubin', 5, 4)), ('DATA_LENGTH', jcat_ibmi_esd_field_check('ubin', 9, 4))]) }},
      filter(array(if(DATA is null and DATA_LENGTH > 0, 'DATA', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  NUMBER_OF_RECORDS,
  KEY,
  DATA_LENGTH,
  DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

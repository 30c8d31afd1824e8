{#- Data area changed: seed 001 table 68, positions relative to the entry-specific data (ESD).
    Entries: E EA, E EB. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_area_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('ubin', 1, 4) }} as START_POSITION -- 1 Bin (32) Starting position of the change (1 for *DEC)
    , {{ jcat_ibmi_esd_field('ubin', 5, 4) }} as CHANGE_LENGTH -- 5 Bin (32) Length of the change
    , {{ jcat_ibmi_esd_field('ubin', 9, 4) }} as DECIMAL_POSITIONS -- 9 Bin (32) Decimal positions
    , {{ jcat_ibmi_esd_field('ubin', 13, 4) }} as CHANGE_OFFSET -- 13 Bin (32) Offset of the change value from the ESD start
    , {{ jcat_ibmi_esd_field('char', 17, 10) }} as DATA_AREA_TYPE -- 17 Char (10) Data area type
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice('CHANGE_OFFSET + 1', 'CHANGE_LENGTH') }} as CHANGE_VALUE -- Char (*) at CHANGE_OFFSET
    , if(DATA_AREA_TYPE in ('*CHAR', '*LGL'), ebcdic_str(CHANGE_VALUE), null) as CHANGE_VALUE_TEXT -- 
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('START_POSITION', jcat_ibmi_esd_field_check('ubin', 1, 4)), ('CHANGE_LENGTH', jcat_ibmi_esd_field_check('ubin', 5, 4)), ('DECIMAL_POSITIONS', jcat_ibmi_esd_field_check('ubin', 9, 4)), ('CHANGE_OFFSET', jcat_ibmi_esd_field_check('ubin', 13, 4)), ('DATA_AREA_TYPE', jcat_ibmi_esd_field_check('char', 17, 10))]) }},
      filter(array(if(CHANGE_VALUE is null and CHANGE_LENGTH > 0, 'CHANGE_VALUE', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  START_POSITION,
  CHANGE_LENGTH,
  DECIMAL_POSITIONS,
  CHANGE_OFFSET,
  DATA_AREA_TYPE,
  CHANGE_VALUE,
  CHANGE_VALUE_TEXT,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

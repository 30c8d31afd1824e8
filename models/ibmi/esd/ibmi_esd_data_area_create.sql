{#- Data area created: seed 001 table 11, positions relative to the entry-specific data (ESD).
    Entries: E EE. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_area_create') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 8) }} as CREATE_TIMESTAMP -- 1 Char (8) Creation time of day and date (8-byte system time stamp, raw hex)
    , {{ jcat_ibmi_esd_field('char', 9, 10) }} as DATA_AREA -- 9 Char (10) Data area name
    , {{ jcat_ibmi_esd_field('char', 19, 10) }} as DATA_AREA_LIBRARY -- 19 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 29, 5) }} as DATA_AREA_TYPE -- 29 Char (5) Type created (*CHAR, *DEC, *LGL)
    -- 34 Char (3) reserved
    , {{ jcat_ibmi_esd_field('ubin', 37, 4) }} as NUMBER_OF_ELEMENTS -- 37 Bin (32) Number of elements
    , {{ jcat_ibmi_esd_field('ubin', 41, 4) }} as DECLARED_LENGTH -- 41 Bin (32) Declared length
    , {{ jcat_ibmi_esd_field('ubin', 45, 4) }} as FRACTION_LENGTH -- 45 Bin (32) Decimal positions
    , {{ jcat_ibmi_esd_field('ubin', 49, 4) }} as VALUE_LENGTH -- 49 Bin (32) Length of the value as entered
    , {{ jcat_ibmi_esd_field('char', 53, 2000) }} as VALUE -- 53 Char (2000) Initial value (text)
    , {{ jcat_ibmi_esd_field('char', 2053, 10) }} as PUBLIC_AUTHORITY -- 2053 Char (10) Public authority
    , {{ jcat_ibmi_esd_field('char', 2063, 50) }} as TEXT -- 2063 Text (50) Text description
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('CREATE_TIMESTAMP', jcat_ibmi_esd_field_check('hex', 1, 8)), ('DATA_AREA', jcat_ibmi_esd_field_check('char', 9, 10)), ('DATA_AREA_LIBRARY', jcat_ibmi_esd_field_check('char', 19, 10)), ('DATA_AREA_TYPE', jcat_ibmi_esd_field_check('char', 29, 5)), ('NUMBER_OF_ELEMENTS', jcat_ibmi_esd_field_check('ubin', 37, 4)), ('DECLARED_LENGTH', jcat_ibmi_esd_field_check('ubin', 41, 4)), ('FRACTION_LENGTH', jcat_ibmi_esd_field_check('ubin', 45, 4)), ('VALUE_LENGTH', jcat_ibmi_esd_field_check('ubin', 49, 4)), ('VALUE', jcat_ibmi_esd_field_check('char', 53, 2000)), ('PUBLIC_AUTHORITY', jcat_ibmi_esd_field_check('char', 2053, 10)), ('TEXT', jcat_ibmi_esd_field_check('char', 2063, 50))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  CREATE_TIMESTAMP,
  DATA_AREA,
  DATA_AREA_LIBRARY,
  DATA_AREA_TYPE,
  NUMBER_OF_ELEMENTS,
  DECLARED_LENGTH,
  FRACTION_LENGTH,
  VALUE_LENGTH,
  VALUE,
  PUBLIC_AUTHORITY,
  TEXT,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- License usage limit exceeded: seed 001 table 67, positions relative to the entry-specific data (ESD).
    Entries: L LU. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('license_limit_exceeded') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 7) }} as PRODUCT_ID -- 1 Char (7) Product
    , {{ jcat_ibmi_esd_field('char', 8, 6) }} as LICENSE_TERM -- 8 Char (6) License term
    , {{ jcat_ibmi_esd_field('char', 14, 4) }} as FEATURE -- 14 Char (4) Feature
    , {{ jcat_ibmi_esd_field('zoned', 18, 6) }} as USAGE_LIMIT -- 18 Zoned (6,0) Usage limit
    , {{ jcat_ibmi_esd_field('char', 24, 1) }} as REQUEST_FLAG -- 24 Char (1) Whether the request succeeded (raw)
    , {{ jcat_ibmi_esd_field('zoned', 25, 6) }} as NUMBER_OF_LICENSED_USERS -- 25 Zoned (6,0) Users currently licensed
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_char_array(31, 26, 'NUMBER_OF_LICENSED_USERS', 100) }} as LICENSED_USERS -- Char (26) x 100
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('PRODUCT_ID', jcat_ibmi_esd_field_check('char', 1, 7)), ('LICENSE_TERM', jcat_ibmi_esd_field_check('char', 8, 6)), ('FEATURE', jcat_ibmi_esd_field_check('char', 14, 4)), ('USAGE_LIMIT', jcat_ibmi_esd_field_check('zoned', 18, 6)), ('REQUEST_FLAG', jcat_ibmi_esd_field_check('char', 24, 1)), ('NUMBER_OF_LICENSED_USERS', jcat_ibmi_esd_field_check('zoned', 25, 6))]) }},
      filter(array(if(size(LICENSED_USERS) < least(NUMBER_OF_LICENSED_USERS, 100), 'LICENSED_USERS', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  PRODUCT_ID,
  LICENSE_TERM,
  FEATURE,
  USAGE_LIMIT,
  REQUEST_FLAG,
  NUMBER_OF_LICENSED_USERS,
  LICENSED_USERS,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

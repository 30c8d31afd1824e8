{#- License usage limit changed: seed 001 table 66, positions relative to the entry-specific data (ESD).
    Entries: L LL. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('license_limit_changed') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 7) }} as PRODUCT_ID -- 1 Char (7) Product
    , {{ jcat_ibmi_esd_field('char', 8, 6) }} as LICENSE_TERM -- 8 Char (6) License term
    , {{ jcat_ibmi_esd_field('char', 14, 4) }} as FEATURE -- 14 Char (4) Feature
    , {{ jcat_ibmi_esd_field('zoned', 18, 6) }} as PREVIOUS_USAGE_LIMIT -- 18 Zoned (6,0) Usage limit before
    , {{ jcat_ibmi_esd_field('zoned', 24, 6) }} as CURRENT_USAGE_LIMIT -- 24 Zoned (6,0) Usage limit after
    , {{ jcat_ibmi_esd_field('char', 30, 7) }} as OLD_EXPIRATION_DATE -- 30 Char (7) Expiration date before (as written)
    , {{ jcat_ibmi_esd_field('char', 37, 7) }} as NEW_EXPIRATION_DATE -- 37 Char (7) Expiration date after (as written)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('PRODUCT_ID', jcat_ibmi_esd_field_check('char', 1, 7)), ('LICENSE_TERM', jcat_ibmi_esd_field_check('char', 8, 6)), ('FEATURE', jcat_ibmi_esd_field_check('char', 14, 4)), ('PREVIOUS_USAGE_LIMIT', jcat_ibmi_esd_field_check('zoned', 18, 6)), ('CURRENT_USAGE_LIMIT', jcat_ibmi_esd_field_check('zoned', 24, 6)), ('OLD_EXPIRATION_DATE', jcat_ibmi_esd_field_check('char', 30, 7)), ('NEW_EXPIRATION_DATE', jcat_ibmi_esd_field_check('char', 37, 7))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  PRODUCT_ID,
  LICENSE_TERM,
  FEATURE,
  PREVIOUS_USAGE_LIMIT,
  CURRENT_USAGE_LIMIT,
  OLD_EXPIRATION_DATE,
  NEW_EXPIRATION_DATE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

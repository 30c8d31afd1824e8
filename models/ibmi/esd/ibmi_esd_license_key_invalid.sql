{#- License key not valid: seed 001 table 44, positions relative to the entry-specific data (ESD).
    Entries: L LK. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('license_key_invalid') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 7) }} as PRODUCT_ID -- 1 Char (7) Product
    , {{ jcat_ibmi_esd_field('char', 8, 6) }} as LICENSE_TERM -- 8 Char (6) License term
    , {{ jcat_ibmi_esd_field('char', 14, 4) }} as FEATURE -- 14 Char (4) Feature
    , {{ jcat_ibmi_esd_field('zoned', 18, 6) }} as USAGE_LIMIT -- 18 Zoned (6,0) Usage limit
    , {{ jcat_ibmi_esd_field('char', 24, 18) }} as LICENSE_KEY -- 24 Char (18) License key
    , {{ jcat_ibmi_esd_field('char', 42, 7) }} as EXPIRATION_DATE -- 42 Char (7) Expiration date (as written)
    , {{ jcat_ibmi_esd_field('hex', 49, 8) }} as VENDOR_DATA -- 49 Char (8) Vendor data (raw hex)
    , {{ jcat_ibmi_esd_field('char', 57, 3) }} as PROCESSOR_GROUP -- 57 Char (3) Processor group
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('PRODUCT_ID', jcat_ibmi_esd_field_check('char', 1, 7)), ('LICENSE_TERM', jcat_ibmi_esd_field_check('char', 8, 6)), ('FEATURE', jcat_ibmi_esd_field_check('char', 14, 4)), ('USAGE_LIMIT', jcat_ibmi_esd_field_check('zoned', 18, 6)), ('LICENSE_KEY', jcat_ibmi_esd_field_check('char', 24, 18)), ('EXPIRATION_DATE', jcat_ibmi_esd_field_check('char', 42, 7)), ('VENDOR_DATA', jcat_ibmi_esd_field_check('hex', 49, 8)), ('PROCESSOR_GROUP', jcat_ibmi_esd_field_check('char', 57, 3))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  PRODUCT_ID,
  LICENSE_TERM,
  FEATURE,
  USAGE_LIMIT,
  LICENSE_KEY,
  EXPIRATION_DATE,
  VENDOR_DATA,
  PROCESSOR_GROUP,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Data queue entry received by key: seed 001 table 57, positions relative to the entry-specific data (ESD).
    Entries: Q QR. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_queue_receive_keyed') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    -- 1 Char (18) reserved
    , {{ jcat_ibmi_esd_field('ubin', 19, 2) }} as KEY_LENGTH -- 19 Bin (16) Number of key characters
    , {{ jcat_ibmi_esd_field('char', 21, 2) }} as KEY_ORDER -- 21 Char (2) Key comparison (raw)
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(23, 'KEY_LENGTH') }} as KEY -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('KEY_LENGTH', jcat_ibmi_esd_field_check('ubin', 19, 2)), ('KEY_ORDER', jcat_ibmi_esd_field_check('char', 21, 2))]) }},
      filter(array(if(KEY is null and KEY_LENGTH > 0, 'KEY', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  KEY_LENGTH,
  KEY_ORDER,
  KEY,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

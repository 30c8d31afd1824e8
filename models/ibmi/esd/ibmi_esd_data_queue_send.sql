{#- Data queue entry sent with key: seed 001 table 62, positions relative to the entry-specific data (ESD).
    Entries: Q QK. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_queue_send') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('ubin', 1, 4) }} as DATA_LENGTH -- 1 Bin (32) Length of the data field (with its 16 bytes of API information)
    , {{ jcat_ibmi_esd_field('ubin', 5, 4) }} as DATA_OFFSET -- 5 Bin (32) Offset of the data from the ESD start
    -- 9 Char (2) reserved
    , {{ jcat_ibmi_esd_field('ubin', 11, 2) }} as KEY_LENGTH -- 11 Bin (16) Number of key characters
    -- 13 Char (4) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(17, 'KEY_LENGTH') }} as KEY -- 17 Char (*)
    , {{ jcat_ibmi_esd_slice('DATA_OFFSET + 1', 'DATA_LENGTH') }} as DATA -- Char (*) at DATA_OFFSET
    , substr(DATA, 1, 16) as API_INFORMATION -- first 16 bytes of Data
    , if(length(DATA) > 16, substr(DATA, 17), null) as QUEUE_DATA -- rest of Data
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('DATA_LENGTH', jcat_ibmi_esd_field_check('ubin', 1, 4)), ('DATA_OFFSET', jcat_ibmi_esd_field_check('ubin', 5, 4)), ('KEY_LENGTH', jcat_ibmi_esd_field_check('ubin', 11, 2))]) }},
      filter(array(if(KEY is null and KEY_LENGTH > 0, 'KEY', null), if(DATA is null and DATA_LENGTH > 0, 'DATA', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  DATA_LENGTH,
  DATA_OFFSET,
  KEY_LENGTH,
  KEY,
  DATA,
  API_INFORMATION,
  QUEUE_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Data queue entry sent or received: seed 001 table 63, positions relative to the entry-specific data (ESD).
    Entries: Q QS, Q QL. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_queue_data') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    -- 1 Char (28) reserved
    , {{ jcat_ibmi_esd_field('ubin', 29, 4) }} as DATA_LENGTH -- 29 Bin (32) Length of the data field
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(33, 'DATA_LENGTH') }} as DATA -- 33 Char (*)
    , substr(DATA, 1, 16) as API_INFORMATION -- first 16 bytes of Data
    , if(length(DATA) > 16, substr(DATA, 17), null) as QUEUE_DATA -- rest of Data
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('DATA_LENGTH', jcat_ibmi_esd_field_check('ubin', 29, 4))]) }},
      filter(array(if(DATA is null and DATA_LENGTH > 0, 'DATA', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  DATA_LENGTH,
  DATA,
  API_INFORMATION,
  QUEUE_DATA,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

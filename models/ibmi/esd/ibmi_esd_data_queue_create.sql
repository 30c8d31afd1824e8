{#- Data queue created: seed 001 table 12, positions relative to the entry-specific data (ESD).
    Entries: Q QA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('data_queue_create') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('hex', 1, 8) }} as CREATE_TIMESTAMP -- 1 Char (8) Creation time of day and date (raw hex)
    , {{ jcat_ibmi_esd_field('char', 9, 10) }} as DATA_QUEUE -- 9 Char (10) Data queue name
    , {{ jcat_ibmi_esd_field('char', 19, 10) }} as DATA_QUEUE_LIBRARY -- 19 Char (10) Its library
    , {{ jcat_ibmi_esd_field('ubin', 29, 4) }} as MAXIMUM_ENTRY_LENGTH -- 29 Bin (32) Maximum entry length (1-64512)
    , {{ jcat_ibmi_esd_field('char', 33, 1) }} as FORCE -- 33 Char (1) Force to auxiliary storage (raw flag)
    -- 34 Char (8) reserved
    , {{ jcat_ibmi_esd_field('char', 42, 1) }} as SEQUENCE -- 42 Char (1) Receive order (raw: F, L, K)
    , {{ jcat_ibmi_esd_field('ubin', 43, 2) }} as KEY_LENGTH -- 43 Bin (16) Key length of a keyed queue (1-256)
    , {{ jcat_ibmi_esd_field('char', 45, 1) }} as INCLUDE_SENDER_ID -- 45 Char (1) Whether a sender ID is attached (raw flag)
    , {{ jcat_ibmi_esd_field('char', 46, 1) }} as QUEUE_TYPE -- 46 Char (1) Queue type (raw)
    -- 47 Bin (32) reserved
    , {{ jcat_ibmi_esd_field('bin', 51, 4) }} as MAXIMUM_ENTRIES -- 51 Bin (32) Queue size, maximum entries (special values as written)
    , {{ jcat_ibmi_esd_field('bin', 55, 4) }} as INITIAL_ENTRIES -- 55 Bin (32) Queue size, initial entries
    , {{ jcat_ibmi_esd_field('char', 59, 1) }} as AUTOMATIC_RECLAIM -- 59 Char (1) Automatic reclaim (raw)
    -- 60 Char (481) reserved
    , {{ jcat_ibmi_esd_field('char', 541, 10) }} as AUTHORITY -- 541 Char (10) Public authority
    , {{ jcat_ibmi_esd_field('char', 551, 50) }} as TEXT -- 551 Char (50) Text description
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('CREATE_TIMESTAMP', jcat_ibmi_esd_field_check('hex', 1, 8)), ('DATA_QUEUE', jcat_ibmi_esd_field_check('char', 9, 10)), ('DATA_QUEUE_LIBRARY', jcat_ibmi_esd_field_check('char', 19, 10)), ('MAXIMUM_ENTRY_LENGTH', jcat_ibmi_esd_field_check('ubin', 29, 4)), ('FORCE', jcat_ibmi_esd_field_check('char', 33, 1)), ('SEQUENCE', jcat_ibmi_esd_field_check('char', 42, 1)), ('KEY_LENGTH', jcat_ibmi_esd_field_check('ubin', 43, 2)), ('INCLUDE_SENDER_ID', jcat_ibmi_esd_field_check('char', 45, 1)), ('QUEUE_TYPE', jcat_ibmi_esd_field_check('char', 46, 1)), ('MAXIMUM_ENTRIES', jcat_ibmi_esd_field_check('bin', 51, 4)), ('INITIAL_ENTRIES', jcat_ibmi_esd_field_check('bin', 55, 4)), ('AUTOMATIC_RECLAIM', jcat_ibmi_esd_field_check('char', 59, 1)), ('AUTHORITY', jcat_ibmi_esd_field_check('char', 541, 10)), ('TEXT', jcat_ibmi_esd_field_check('char', 551, 50))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  CREATE_TIMESTAMP,
  DATA_QUEUE,
  DATA_QUEUE_LIBRARY,
  MAXIMUM_ENTRY_LENGTH,
  FORCE,
  SEQUENCE,
  KEY_LENGTH,
  INCLUDE_SENDER_ID,
  QUEUE_TYPE,
  MAXIMUM_ENTRIES,
  INITIAL_ENTRIES,
  AUTOMATIC_RECLAIM,
  AUTHORITY,
  TEXT,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

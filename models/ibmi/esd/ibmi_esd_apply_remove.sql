{#- APYJRNCHG and RMVJRNCHG results: seed 001 table 2, positions relative to the entry-specific data (ESD).
    Entries: B AT, D DD, E EQ, F AY, Q QH, Y YH, E EX, F RC. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('apply_remove') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('zoned', 1, 10) }} as FIRST_ENTRY -- 1 Zoned (10,0) First entry applied or removed; -1 when it does not fit (see FIRST_ENTRY_LARGE)
    , {{ jcat_ibmi_esd_field('zoned', 11, 10) }} as LAST_ENTRY -- 11 Zoned (10,0) Last entry applied or removed; -1 when it does not fit
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as STARTING_RECEIVER -- 21 Char (10) First receiver entries were applied or removed from
    , {{ jcat_ibmi_esd_field('char', 31, 10) }} as STARTING_RECEIVER_LIBRARY -- 31 Char (10) Library of the starting receiver
    , {{ jcat_ibmi_esd_field('char', 41, 10) }} as ENDING_RECEIVER -- 41 Char (10) Last receiver entries were applied or removed from
    , {{ jcat_ibmi_esd_field('char', 51, 10) }} as ENDING_RECEIVER_LIBRARY -- 51 Char (10) Library of the ending receiver
    , {{ jcat_ibmi_esd_field('char', 61, 10) }} as STARTING_SEQUENCE -- 61 Char (10) Requested starting sequence number as written (text; -1 when too large)
    , {{ jcat_ibmi_esd_field('char', 71, 10) }} as ENDING_SEQUENCE -- 71 Char (10) Requested ending sequence number as written (text; -1 when too large)
    , {{ jcat_ibmi_esd_field('char', 81, 1) }} as INCOMPLETE_COMMIT_NOT_APPLIED -- 81 Char (1) Whether an incomplete commit transaction was left out (raw flag)
    , {{ jcat_ibmi_esd_field('digits', 82, 20) }} as FIRST_ENTRY_LARGE -- 82 Char (20) First entry applied or removed, always the full number
    , {{ jcat_ibmi_esd_field('digits', 102, 20) }} as LAST_ENTRY_LARGE -- 102 Char (20) Last entry applied or removed, always the full number
    , {{ jcat_ibmi_esd_field('digits', 122, 20) }} as STARTING_SEQUENCE_LARGE -- 122 Char (20) Requested starting sequence number, full
    , {{ jcat_ibmi_esd_field('digits', 142, 20) }} as ENDING_SEQUENCE_LARGE -- 142 Char (20) Requested ending sequence number, full
    , {{ jcat_ibmi_esd_field('digits', 162, 20) }} as NUMBER_OF_ENTRIES -- 162 Char (20) Number of entries applied or removed
    , {{ jcat_ibmi_esd_field('digits', 182, 20) }} as PARTIAL_TRANSACTION_START -- 182 Char (20) First sequence number of partial transactions removed (0 for IFS and data areas)
    , {{ jcat_ibmi_esd_field('digits', 202, 20) }} as PARTIAL_TRANSACTION_END -- 202 Char (20) Last sequence number of partial transactions removed
    , {{ jcat_ibmi_esd_field('digits', 222, 20) }} as PARTIAL_TRANSACTIONS_REMOVED -- 222 Char (20) Entries removed for partial transactions
    , {{ jcat_ibmi_esd_field('char', 242, 1) }} as OBJECT_DELETED -- 242 Char (1) Whether the object was deleted by the operation (raw flag)
    , {{ jcat_ibmi_esd_field('char', 243, 1) }} as OBJECT_CREATED -- 243 Char (1) Whether the object was created by the operation (raw flag)
    , {{ jcat_ibmi_esd_field('char', 244, 1) }} as EARLY_END -- 244 Char (1) Whether the operation ended early for this object (raw flag)
    , {{ jcat_ibmi_esd_field('char', 245, 1) }} as CHANGE_NOT_MADE -- 245 Char (1) Whether a change was found after an early end (raw flag)
    , {{ jcat_ibmi_esd_field('char', 246, 1) }} as END_REASON_CODE -- 246 Char (1) Reason code of an early end (see message MCH4801)
    , {{ jcat_ibmi_esd_field('char', 247, 7) }} as END_MESSAGE_ID -- 247 Char (7) Message identifier of an early end
    , {{ jcat_ibmi_esd_field('bin', 254, 4) }} as ERROR_CONDITION -- 254 Bin (31) Error condition code of an early end
    , {{ jcat_ibmi_esd_field('char', 258, 1) }} as PARTIAL_TRANSACTIONS_REMAIN -- 258 Char (1) Whether partial transactions remain for the object (raw flag)
    , {{ jcat_ibmi_esd_field('char', 259, 1) }} as PARTIAL_TRANSACTIONS_WERE_REMOVED -- 259 Char (1) Whether some partial transactions were removed (raw flag)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('FIRST_ENTRY', jcat_ibmi_esd_field_check('zoned', 1, 10)), ('LAST_ENTRY', jcat_ibmi_esd_field_check('zoned', 11, 10)), ('STARTING_RECEIVER', jcat_ibmi_esd_field_check('char', 21, 10)), ('STARTING_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 31, 10)), ('ENDING_RECEIVER', jcat_ibmi_esd_field_check('char', 41, 10)), ('ENDING_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 51, 10)), ('STARTING_SEQUENCE', jcat_ibmi_esd_field_check('char', 61, 10)), ('ENDING_SEQUENCE', jcat_ibmi_esd_field_check('char', 71, 10)), ('INCOMPLETE_COMMIT_NOT_APPLIED', jcat_ibmi_esd_field_check('char', 81, 1)), ('FIRST_ENTRY_LARGE', jcat_ibmi_esd_field_check('digits', 82, 20)), ('LAST_ENTRY_LARGE', jcat_ibmi_esd_field_check('digits', 102, 20)), ('STARTING_SEQUENCE_LARGE', jcat_ibmi_esd_field_check('digits', 122, 20)), ('ENDING_SEQUENCE_LARGE', jcat_ibmi_esd_field_check('digits', 142, 20)), ('NUMBER_OF_ENTRIES', jcat_ibmi_esd_field_check('digits', 162, 20)), ('PARTIAL_TRANSACTION_START', jcat_ibmi_esd_field_check('digits', 182, 20)), ('PARTIAL_TRANSACTION_END', jcat_ibmi_esd_field_check('digits', 202, 20)), ('PARTIAL_TRANSACTIONS_REMOVED', jcat_ibmi_esd_field_check('digits', 222, 20)), ('OBJECT_DELETED', jcat_ibmi_esd_field_check('char', 242, 1)), ('OBJECT_CREATED', jcat_ibmi_esd_field_check('char', 243, 1)), ('EARLY_END', jcat_ibmi_esd_field_check('char', 244, 1)), ('CHANGE_NOT_MADE', jcat_ibmi_esd_field_check('char', 245, 1)), ('END_REASON_CODE', jcat_ibmi_esd_field_check('char', 246, 1)), ('END_MESSAGE_ID', jcat_ibmi_esd_field_check('char', 247, 7)), ('ERROR_CONDITION', jcat_ibmi_esd_field_check('bin', 254, 4)), ('PARTIAL_TRANSACTIONS_REMAIN', jcat_ibmi_esd_field_check('char', 258, 1)), ('PARTIAL_TRANSACTIONS_WERE_REMOVED', jcat_ibmi_esd_field_check('char', 259, 1))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  FIRST_ENTRY,
  LAST_ENTRY,
  STARTING_RECEIVER,
  STARTING_RECEIVER_LIBRARY,
  ENDING_RECEIVER,
  ENDING_RECEIVER_LIBRARY,
  STARTING_SEQUENCE,
  ENDING_SEQUENCE,
  INCOMPLETE_COMMIT_NOT_APPLIED,
  FIRST_ENTRY_LARGE,
  LAST_ENTRY_LARGE,
  STARTING_SEQUENCE_LARGE,
  ENDING_SEQUENCE_LARGE,
  NUMBER_OF_ENTRIES,
  PARTIAL_TRANSACTION_START,
  PARTIAL_TRANSACTION_END,
  PARTIAL_TRANSACTIONS_REMOVED,
  OBJECT_DELETED,
  OBJECT_CREATED,
  EARLY_END,
  CHANGE_NOT_MADE,
  END_REASON_CODE,
  END_MESSAGE_ID,
  ERROR_CONDITION,
  PARTIAL_TRANSACTIONS_REMAIN,
  PARTIAL_TRANSACTIONS_WERE_REMOVED,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

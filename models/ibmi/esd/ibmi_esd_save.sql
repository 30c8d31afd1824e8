{#- Object saved: seed 001 table 55, positions relative to the entry-specific data (ESD).
    Entries: B FS, E ES, F MS, Q QY. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('save') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 3) }} as MEDIA_TYPE -- 1 Char (3) Media used for the save or restore (value list lost from the seed: raw)
    , {{ jcat_ibmi_esd_field('char', 4, 6) }} as FIRST_VOLUME_ID -- 4 Char (6) First volume used (first six characters of an optical volume ID)
    , {{ jcat_ibmi_esd_field('char', 10, 6) }} as START_DATE -- 10 Char (6) Date the operation started, in the DATFMT of the job (kept as text)
    , {{ jcat_ibmi_esd_field('zoned', 16, 6) }} as START_TIME -- 16 Zoned (6,0) Time the operation started (hhmmss)
    , {{ jcat_ibmi_esd_field('char', 22, 1) }} as UPDATE_HISTORY -- 22 Char (1) Whether the save history was updated (raw flag)
    , {{ jcat_ibmi_esd_field('char', 23, 10) }} as SAVE_FILE_NAME -- 23 Char (10) Save file used, NULL when none
    , {{ jcat_ibmi_esd_field('char', 33, 10) }} as SAVE_FILE_LIBRARY -- 33 Char (10) Library of the save file, NULL when none
    , {{ jcat_ibmi_esd_field('char', 43, 10) }} as SAVE_ACTIVE -- 43 Char (10) SAVACT value
    , {{ jcat_ibmi_esd_field('char', 53, 6) }} as SAVE_ACTIVE_DATE -- 53 Char (6) Checkpoint date (DATFMT of the job)
    , {{ jcat_ibmi_esd_field('zoned', 59, 6) }} as SAVE_ACTIVE_TIME -- 59 Zoned (6,0) Checkpoint time
    , {{ jcat_ibmi_esd_field('char', 65, 10) }} as PRIMARY_RECEIVER -- 65 Char (10) Receiver holding the start-of-save entry
    , {{ jcat_ibmi_esd_field('char', 75, 10) }} as PRIMARY_RECEIVER_LIBRARY -- 75 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 85, 10) }} as DUAL_RECEIVER -- 85 Char (10) Dual receiver, NULL with one receiver
    , {{ jcat_ibmi_esd_field('char', 95, 10) }} as DUAL_RECEIVER_LIBRARY -- 95 Char (10) Its library
    , {{ jcat_ibmi_esd_field('zoned', 105, 10) }} as START_OF_SAVE_SEQUENCE -- 105 Zoned (10, 0) Sequence number of the matching start-of-save; -1 when too large
    , {{ jcat_ibmi_esd_field('hex', 115, 16) }} as OBJECT_FID -- 115 Char (16) FID (B FS only; blanks otherwise)
    , {{ jcat_ibmi_esd_field('digits', 131, 20) }} as START_OF_SAVE_SEQUENCE_LARGE -- 131 Char (20) Sequence number of the matching start-of-save, full
    , {{ jcat_ibmi_esd_field('char', 151, 10) }} as LIBRARY_ASP_DEVICE -- 151 Char (10) ASP device of the receiver's library
    , {{ jcat_ibmi_esd_field('char', 161, 1) }} as CONTENTS_SAVED -- 161 Char (1) Whether the data queue's contents were saved (Q QY only; raw)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('MEDIA_TYPE', jcat_ibmi_esd_field_check('char', 1, 3)), ('FIRST_VOLUME_ID', jcat_ibmi_esd_field_check('char', 4, 6)), ('START_DATE', jcat_ibmi_esd_field_check('char', 10, 6)), ('START_TIME', jcat_ibmi_esd_field_check('zoned', 16, 6)), ('UPDATE_HISTORY', jcat_ibmi_esd_field_check('char', 22, 1)), ('SAVE_FILE_NAME', jcat_ibmi_esd_field_check('char', 23, 10)), ('SAVE_FILE_LIBRARY', jcat_ibmi_esd_field_check('char', 33, 10)), ('SAVE_ACTIVE', jcat_ibmi_esd_field_check('char', 43, 10)), ('SAVE_ACTIVE_DATE', jcat_ibmi_esd_field_check('char', 53, 6)), ('SAVE_ACTIVE_TIME', jcat_ibmi_esd_field_check('zoned', 59, 6)), ('PRIMARY_RECEIVER', jcat_ibmi_esd_field_check('char', 65, 10)), ('PRIMARY_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 75, 10)), ('DUAL_RECEIVER', jcat_ibmi_esd_field_check('char', 85, 10)), ('DUAL_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 95, 10)), ('START_OF_SAVE_SEQUENCE', jcat_ibmi_esd_field_check('zoned', 105, 10)), ('OBJECT_FID', jcat_ibmi_esd_field_check('hex', 115, 16)), ('START_OF_SAVE_SEQUENCE_LARGE', jcat_ibmi_esd_field_check('digits', 131, 20)), ('LIBRARY_ASP_DEVICE', jcat_ibmi_esd_field_check('char', 151, 10)), ('CONTENTS_SAVED', jcat_ibmi_esd_field_check('char', 161, 1))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  MEDIA_TYPE,
  FIRST_VOLUME_ID,
  START_DATE,
  START_TIME,
  UPDATE_HISTORY,
  SAVE_FILE_NAME,
  SAVE_FILE_LIBRARY,
  SAVE_ACTIVE,
  SAVE_ACTIVE_DATE,
  SAVE_ACTIVE_TIME,
  PRIMARY_RECEIVER,
  PRIMARY_RECEIVER_LIBRARY,
  DUAL_RECEIVER,
  DUAL_RECEIVER_LIBRARY,
  START_OF_SAVE_SEQUENCE,
  OBJECT_FID,
  START_OF_SAVE_SEQUENCE_LARGE,
  LIBRARY_ASP_DEVICE,
  CONTENTS_SAVED,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Object restored: seed 001 table 54, positions relative to the entry-specific data (ESD).
    Entries: B FR, F MR, Q QZ. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('restore') }})
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
    , {{ jcat_ibmi_esd_field('hex', 43, 16) }} as MEDIA_FID -- 43 Char (16) FID of the object on the media (B FR only)
    , {{ jcat_ibmi_esd_field('hex', 59, 16) }} as RESTORED_FID -- 59 Char (16) FID of the restored object (B FR only)
    , {{ jcat_ibmi_esd_field('hex', 75, 16) }} as RESTORED_OVER_FID -- 75 Char (16) FID of the object restored over (B FR only)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('MEDIA_TYPE', jcat_ibmi_esd_field_check('char', 1, 3)), ('FIRST_VOLUME_ID', jcat_ibmi_esd_field_check('char', 4, 6)), ('START_DATE', jcat_ibmi_esd_field_check('char', 10, 6)), ('START_TIME', jcat_ibmi_esd_field_check('zoned', 16, 6)), ('UPDATE_HISTORY', jcat_ibmi_esd_field_check('char', 22, 1)), ('SAVE_FILE_NAME', jcat_ibmi_esd_field_check('char', 23, 10)), ('SAVE_FILE_LIBRARY', jcat_ibmi_esd_field_check('char', 33, 10)), ('MEDIA_FID', jcat_ibmi_esd_field_check('hex', 43, 16)), ('RESTORED_FID', jcat_ibmi_esd_field_check('hex', 59, 16)), ('RESTORED_OVER_FID', jcat_ibmi_esd_field_check('hex', 75, 16))]) }},
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
  MEDIA_FID,
  RESTORED_FID,
  RESTORED_OVER_FID,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

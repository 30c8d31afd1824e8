{#- Journal receivers attached or detached: seed 001 table 9, positions relative to the entry-specific data (ESD).
    Entries: J NR, J PR. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('receiver_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as FIRST_RECEIVER -- 1 Char (10) First receiver attached or detached
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as FIRST_RECEIVER_LIBRARY -- 11 Char (10) Its library
    , {{ jcat_ibmi_esd_field('char', 21, 10) }} as DUAL_RECEIVER -- 21 Char (10) Dual receiver; NULL with a single receiver
    , {{ jcat_ibmi_esd_field('char', 31, 10) }} as DUAL_RECEIVER_LIBRARY -- 31 Char (10) Its library
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('FIRST_RECEIVER', jcat_ibmi_esd_field_check('char', 1, 10)), ('FIRST_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 11, 10)), ('DUAL_RECEIVER', jcat_ibmi_esd_field_check('char', 21, 10)), ('DUAL_RECEIVER_LIBRARY', jcat_ibmi_esd_field_check('char', 31, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  FIRST_RECEIVER,
  FIRST_RECEIVER_LIBRARY,
  DUAL_RECEIVER,
  DUAL_RECEIVER_LIBRARY,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

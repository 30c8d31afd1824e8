{#- Savepoint: seed 001 table 61, positions relative to the entry-specific data (ESD).
    Entries: C SB, C SQ, C SU. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('savepoint') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('digits', 1, 20) }} as SAVEPOINT_SEQUENCE -- 1 Char (20) Sequence number where the savepoint was established
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('SAVEPOINT_SEQUENCE', jcat_ibmi_esd_field_check('digits', 1, 20))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  SAVEPOINT_SEQUENCE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Commit: seed 001 table 10, positions relative to the entry-specific data (ESD).
    Entries: C CM. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('commit') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_slice(1, 'COUNT_OR_RRN') }} as COMMIT_ID -- Char (*)
    , ebcdic_str(COMMIT_ID) as COMMIT_ID_TEXT -- Char (*)
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      filter(array(if(COMMIT_ID is null and COUNT_OR_RRN > 0, 'COMMIT_ID', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  COMMIT_ID,
  COMMIT_ID_TEXT,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

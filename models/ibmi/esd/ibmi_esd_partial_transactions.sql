{#- Allow use with partial transactions: seed 001 table 1, positions relative to the entry-specific data (ESD).
    Entries: F MO. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('partial_transactions') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as REASON_CODE -- 1 Char (1) Why partial transactions were allowed (value list lost from the seed: raw)
    -- 2 Char (3) reserved
    , {{ jcat_ibmi_esd_field('ubin', 5, 4) }} as NUMBER_OF_COMMIT_IDS -- 5 Bin (32) Number of commit cycle identifiers that follow
    -- 9 Char (72) reserved
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_u64_array('NUMBER_OF_COMMIT_IDS', 81) }} as COMMIT_IDS -- Bin (64) [*]
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('REASON_CODE', jcat_ibmi_esd_field_check('char', 1, 1)), ('NUMBER_OF_COMMIT_IDS', jcat_ibmi_esd_field_check('ubin', 5, 4))]) }},
      filter(array(if(size(COMMIT_IDS) < NUMBER_OF_COMMIT_IDS, 'COMMIT_IDS', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  REASON_CODE,
  NUMBER_OF_COMMIT_IDS,
  COMMIT_IDS,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

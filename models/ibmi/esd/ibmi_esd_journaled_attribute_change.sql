{#- Journaled object attribute changed: seed 001 table 6, positions relative to the entry-specific data (ESD).
    Entries: none confirmed yet (selects nothing). Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('journaled_attribute_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 1) }} as ATTRIBUTE_CHANGED -- 1 Char (1) Which journaling attribute changed (value list lost from the seed: raw)
    , {{ jcat_ibmi_esd_field('char', 2, 10) }} as NEW_VALUE -- 2 Char (10) New value of the attribute (the letter IBM shows in parentheses)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('ATTRIBUTE_CHANGED', jcat_ibmi_esd_field_check('char', 1, 1)), ('NEW_VALUE', jcat_ibmi_esd_field_check('char', 2, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  ATTRIBUTE_CHANGED,
  NEW_VALUE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

{#- Logical unit of work (C LW): seed 001 table 45-51, positions relative to the entry-specific data (ESD).
    Entries: C LW. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('logical_unit_of_work') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
  from entries
),

parts as (
  select fields.*
    , {{ jcat_ibmi_esd_luw_hdr() }} as HDR -- HDR record (416)
    , {{ jcat_ibmi_esd_luw_records('LCL') }} as LCL -- LCL records (80 each)
    , {{ jcat_ibmi_esd_luw_records('API') }} as API -- API records (112 each)
    , {{ jcat_ibmi_esd_luw_records('DDL') }} as DDL -- DDL records (384 each)
    , {{ jcat_ibmi_esd_luw_records('RMT') }} as RMT -- RMT records (128 each)
    , {{ jcat_ibmi_esd_luw_records('DDM') }} as DDM -- DDM records (96 each)
    , {{ jcat_ibmi_esd_luw_types() }} as RECORD_TYPES -- Char (4) each
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      filter(array(if(HDR is null or exists(RECORD_TYPES, t -> t is null or t not in ('HDR', 'LCL', 'API', 'DDL', 'RMT', 'DDM')), 'RECORD_TYPES', null)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  HDR,
  LCL,
  API,
  DDL,
  RMT,
  DDM,
  RECORD_TYPES,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

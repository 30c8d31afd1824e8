{#- Object authority changed (grant, revoke): seed 001 table 4, positions relative to the entry-specific data (ESD).
    Entries: E ZA, Q ZA, Y ZA. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('authority_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as USER_PROFILE -- 1 Char (10) User profile, or REFUSER of GRTUSRAUT
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as AUTHORIZATION_LIST -- 11 Char (10) Authorization list
    , {{ jcat_ibmi_esd_field('char', 21, 1) }} as OBJECT_EXISTENCE -- 21 Char (1) *OBJEXIST authority flag
    , {{ jcat_ibmi_esd_field('char', 22, 1) }} as OBJECT_MANAGEMENT -- 22 Char (1) *OBJMGT flag
    , {{ jcat_ibmi_esd_field('char', 23, 1) }} as OBJECT_OPERATIONAL -- 23 Char (1) *OBJOPR flag
    , {{ jcat_ibmi_esd_field('char', 24, 1) }} as AUTL_MANAGEMENT -- 24 Char (1) *AUTLMGT flag; blank without it
    , {{ jcat_ibmi_esd_field('char', 25, 1) }} as AUTL_PUBLIC -- 25 Char (1) Authorization list *PUBLIC flag
    , {{ jcat_ibmi_esd_field('char', 26, 1) }} as READ -- 26 Char (1) *READ flag
    , {{ jcat_ibmi_esd_field('char', 27, 1) }} as ADD -- 27 Char (1) *ADD flag
    , {{ jcat_ibmi_esd_field('char', 28, 1) }} as UPDATE -- 28 Char (1) *UPD flag
    , {{ jcat_ibmi_esd_field('char', 29, 1) }} as DELETE -- 29 Char (1) *DLT flag
    , {{ jcat_ibmi_esd_field('char', 30, 1) }} as EXCLUDE -- 30 Char (1) *EXCLUDE flag
    , {{ jcat_ibmi_esd_field('char', 31, 1) }} as EXECUTE -- 31 Char (1) *EXECUTE flag
    , {{ jcat_ibmi_esd_field('char', 32, 1) }} as OBJECT_ALTER -- 32 Char (1) *OBJALTER flag
    , {{ jcat_ibmi_esd_field('char', 33, 1) }} as OBJECT_REFERENCE -- 33 Char (1) *OBJREF flag
    -- 34 Char (4) reserved
    , {{ jcat_ibmi_esd_field('char', 38, 3) }} as OPERATION_TYPE -- 38 Char (3) Operation (value list lost from the seed: raw, e
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('USER_PROFILE', jcat_ibmi_esd_field_check('char', 1, 10)), ('AUTHORIZATION_LIST', jcat_ibmi_esd_field_check('char', 11, 10)), ('OBJECT_EXISTENCE', jcat_ibmi_esd_field_check('char', 21, 1)), ('OBJECT_MANAGEMENT', jcat_ibmi_esd_field_check('char', 22, 1)), ('OBJECT_OPERATIONAL', jcat_ibmi_esd_field_check('char', 23, 1)), ('AUTL_MANAGEMENT', jcat_ibmi_esd_field_check('char', 24, 1)), ('AUTL_PUBLIC', jcat_ibmi_esd_field_check('char', 25, 1)), ('READ', jcat_ibmi_esd_field_check('char', 26, 1)), ('ADD', jcat_ibmi_esd_field_check('char', 27, 1)), ('UPDATE', jcat_ibmi_esd_field_check('char', 28, 1)), ('DELETE', jcat_ibmi_esd_field_check('char', 29, 1)), ('EXCLUDE', jcat_ibmi_esd_field_check('char', 30, 1)), ('EXECUTE', jcat_ibmi_esd_field_check('char', 31, 1)), ('OBJECT_ALTER', jcat_ibmi_esd_field_check('char', 32, 1)), ('OBJECT_REFERENCE', jcat_ibmi_esd_field_check('char', 33, 1)), ('OPERATION_TYPE', jcat_ibmi_esd_field_check('char', 38, 3))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  USER_PROFILE,
  AUTHORIZATION_LIST,
  OBJECT_EXISTENCE,
  OBJECT_MANAGEMENT,
  OBJECT_OPERATIONAL,
  AUTL_MANAGEMENT,
  AUTL_PUBLIC,
  READ,
  ADD,
  UPDATE,
  DELETE,
  EXCLUDE,
  EXECUTE,
  OBJECT_ALTER,
  OBJECT_REFERENCE,
  OPERATION_TYPE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

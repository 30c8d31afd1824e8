{#- Primary group changed: seed 001 table 8, positions relative to the entry-specific data (ESD).
    Entries: E ZP, Q ZP, Y ZP. Rendered from udfs/layouts/ibmi_esd.py (edit there). -#}
with entries as (
  select
    {{ jcat_ibmi_esd_heading() }},
    ENTRY_SPECIFIC_DATA as esd,
    ebcdic_str(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: lambdas read text here
  from {{ ref('journal_entries') }}
  where ({{ jcat_ibmi_esd_entries('primary_group_change') }})
    and {{ jcat_new_records() }}
),

fields as (
  select entries.*
    , {{ jcat_ibmi_esd_field('char', 1, 10) }} as OLD_GROUP -- 1 Char (10) Old primary group
    , {{ jcat_ibmi_esd_field('char', 11, 10) }} as NEW_GROUP -- 11 Char (10) New primary group
    , {{ jcat_ibmi_esd_field('char', 21, 1) }} as OBJECT_EXISTENCE -- 21 Char (1) *OBJEXIST flag
    , {{ jcat_ibmi_esd_field('char', 22, 1) }} as OBJECT_MANAGEMENT -- 22 Char (1) *OBJMGT flag
    , {{ jcat_ibmi_esd_field('char', 23, 1) }} as OBJECT_OPERATIONAL -- 23 Char (1) *OBJOPR flag
    , {{ jcat_ibmi_esd_field('char', 24, 1) }} as OBJECT_ALTER -- 24 Char (1) *OBJALTER flag
    , {{ jcat_ibmi_esd_field('char', 25, 1) }} as OBJECT_REFERENCE -- 25 Char (1) *OBJREF flag
    -- 26 Char (10) reserved
    , {{ jcat_ibmi_esd_field('char', 36, 1) }} as READ -- 36 Char (1) *READ flag
    , {{ jcat_ibmi_esd_field('char', 37, 1) }} as ADD -- 37 Char (1) *ADD flag
    , {{ jcat_ibmi_esd_field('char', 38, 1) }} as UPDATE -- 38 Char (1) *UPD flag
    , {{ jcat_ibmi_esd_field('char', 39, 1) }} as DELETE -- 39 Char (1) *DLT flag
    , {{ jcat_ibmi_esd_field('char', 40, 1) }} as EXECUTE -- 40 Char (1) *EXECUTE flag
    -- 41 Char (10) reserved
    , {{ jcat_ibmi_esd_field('char', 51, 1) }} as EXCLUDE -- 51 Char (1) *EXCLUDE flag
    , {{ jcat_ibmi_esd_field('char', 52, 10) }} as OLD_OWNER -- 52 Char (10) Old owner (the seed's description repeats 'old primary group')
    , {{ jcat_ibmi_esd_field('char', 62, 10) }} as NEW_OWNER -- 62 Char (10) New owner
    , {{ jcat_ibmi_esd_field('char', 72, 10) }} as REVOKE -- 72 Char (10) Revoke of the previous group's authority (value list lost from the seed: raw)
  from entries
),

parts as (
  select fields.*
  from fields
),

checked as (
  select *,
    concat(heading_errors,
      {{ jcat_decode_errors([('OLD_GROUP', jcat_ibmi_esd_field_check('char', 1, 10)), ('NEW_GROUP', jcat_ibmi_esd_field_check('char', 11, 10)), ('OBJECT_EXISTENCE', jcat_ibmi_esd_field_check('char', 21, 1)), ('OBJECT_MANAGEMENT', jcat_ibmi_esd_field_check('char', 22, 1)), ('OBJECT_OPERATIONAL', jcat_ibmi_esd_field_check('char', 23, 1)), ('OBJECT_ALTER', jcat_ibmi_esd_field_check('char', 24, 1)), ('OBJECT_REFERENCE', jcat_ibmi_esd_field_check('char', 25, 1)), ('READ', jcat_ibmi_esd_field_check('char', 36, 1)), ('ADD', jcat_ibmi_esd_field_check('char', 37, 1)), ('UPDATE', jcat_ibmi_esd_field_check('char', 38, 1)), ('DELETE', jcat_ibmi_esd_field_check('char', 39, 1)), ('EXECUTE', jcat_ibmi_esd_field_check('char', 40, 1)), ('EXCLUDE', jcat_ibmi_esd_field_check('char', 51, 1)), ('OLD_OWNER', jcat_ibmi_esd_field_check('char', 52, 10)), ('NEW_OWNER', jcat_ibmi_esd_field_check('char', 62, 10)), ('REVOKE', jcat_ibmi_esd_field_check('char', 72, 10))]) }},
      filter(array(cast(null as string)), x -> x is not null)) as all_errors
  from parts
)

select
  {{ jcat_ibmi_esd_heading_columns() }},
  OLD_GROUP,
  NEW_GROUP,
  OBJECT_EXISTENCE,
  OBJECT_MANAGEMENT,
  OBJECT_OPERATIONAL,
  OBJECT_ALTER,
  OBJECT_REFERENCE,
  READ,
  ADD,
  UPDATE,
  DELETE,
  EXECUTE,
  EXCLUDE,
  OLD_OWNER,
  NEW_OWNER,
  REVOKE,
  esd as ENTRY_SPECIFIC_DATA,
  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors
from checked

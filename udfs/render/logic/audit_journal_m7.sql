{#- Hand-written part of audit_journal_m7 (udfs/render/layout_models.py appends it to the fields CTE it derives
    from udfs/core/layouts/qasym7j5.py): entry-type-dependent columns, decode_errors and the strict guard. -#}
decoded as (
  select *,
    case ENTRY_TYPE
      when 'A' then 'Add active replication criteria rule'
      when 'D' then 'Duplicate replication criteria rules (a rename library was performed)'
      when 'P' then 'Activate pending replication criteria rules'
      when 'R' then 'Remove active replication criteria rule'
      when 'S' then 'Resynchronization of eligible objects'
      when 'U' then 'User deferred or deleted entries in the Object Tracking List (OTL) using the SQL QSYS2.CHANGE_RESYNC_ENTRIES procedure'
      when 'V' then 'Generic versioning'
    end as ENTRY_TYPE_DETAIL,
    case when ENTRY_TYPE = 'V' then action_code end as ACTION,
    case when ENTRY_TYPE = 'V' then case action_code
      when 'ADD' then 'Register (add) an applied version information entry for a specific feature or function in the Mirror Version List (MVL)'
      when 'APY' then 'Apply pending version information entries'
      when 'RMV' then 'Unregister (remove) an applied version information entry from the Mirror Version List (MVL)'
      when 'RFS' then 'Refresh the version information entries in Mirror Version List by running user specified Version Handlers'
    end end as ACTION_DETAIL,
    case when ENTRY_TYPE in ('A', 'D', 'R') then f856 end as RULE_IDENTIFIER,
    case when ENTRY_TYPE = 'V' and action_code in ('ADD', 'RMV') then f856 end as VERSION_ENTRY_NUMBER,
    case when ENTRY_TYPE = 'S' then f618 end as RESYNC_TYPE,
    case when ENTRY_TYPE = 'V' then f618 end as VERSION_GROUP,
    case when ENTRY_TYPE in ('A', 'D') then f628 end as INCLUSION_STATE,
    case when ENTRY_TYPE = 'V' and action_code in ('ADD', 'RMV') then f628 end as VERSION_ACTIVATION,
    case when ENTRY_TYPE in ('A', 'D', 'P', 'R', 'S', 'U') then f638 end as IASP_NAME,
    case when ENTRY_TYPE in ('A', 'D', 'R', 'U') then f648 end as LIBRARY_NAME,
    case when ENTRY_TYPE in ('A', 'D', 'R', 'U') then f658 end as OBJECT_TYPE,
    case when ENTRY_TYPE in ('A', 'D', 'R', 'U') then f666 end as OBJECT_NAME,
    case when ENTRY_TYPE = 'D' then f676 end as ORIGINAL_LIBRARY_NAME,
    case when ENTRY_TYPE in ('A', 'R') then f686 end as SYSTEM_VALUE,
    case when ENTRY_TYPE in ('A', 'R') then f696 end as ENVIRONMENT_VARIABLE,
    case when ENTRY_TYPE = 'V' then f696 end as VERSION_NAME,
    case when ENTRY_TYPE in ('A', 'P', 'R') then f824 end as APPLY_LABEL,
    case when ENTRY_TYPE = 'V' and action_code in ('ADD', 'RMV') then f824 end as VERSION_IDENTIFIER,
    case when ENTRY_TYPE in ('A', 'P', 'R', 'S', 'U') then f864 end as NUMBER_OF_OBJECTS
  from fields
),

checked as (
  select *,
    concat(
      {{ jcat_decode_errors(jcat_ibmi_heading_checks('record')) }},
      -- an unknown code keeps its raw value and is named: the record says something seed 000 does not define
      filter(array(
        if(ENTRY_TYPE is not null and ENTRY_TYPE_DETAIL is null, 'ENTRY_TYPE', null),
        if(ACTION is not null and ACTION_DETAIL is null, 'ACTION', null),
        if(RESYNC_TYPE not in ('RESUME', 'RECLONE'), 'RESYNC_TYPE', null),
        if(INCLUSION_STATE not in ('DEFINITION', 'EXCLUDE', 'INCLUDE'), 'INCLUSION_STATE', null),
        if(VERSION_ACTIVATION not in ('IMMEDIATE', 'RESUME'), 'VERSION_ACTIVATION', null),
        if(VERSION_IDENTIFIER not rlike '^[0-9]+(\\.[0-9]+){0,2}$', 'VERSION_IDENTIFIER', null)
      ), x -> x is not null)
    ) as decode_errors
  from decoded
)

select
  source_file, record_offset, record_number, load_id,
  {{- jcat_ibmi_heading_columns() }}
  ENTRY_TYPE,
  ENTRY_TYPE_DETAIL,
  ACTION,
  ACTION_DETAIL,
  RULE_IDENTIFIER,
  VERSION_ENTRY_NUMBER,
  RESYNC_TYPE,
  VERSION_GROUP,
  INCLUSION_STATE,
  VERSION_ACTIVATION,
  IASP_NAME,
  LIBRARY_NAME,
  OBJECT_TYPE,
  OBJECT_NAME,
  ORIGINAL_LIBRARY_NAME,
  SYSTEM_VALUE,
  ENVIRONMENT_VARIABLE,
  VERSION_NAME,
  APPLY_LABEL,
  VERSION_IDENTIFIER,
  NUMBER_OF_OBJECTS,
  {{ jcat_strict_guard() }} as decode_errors
from checked

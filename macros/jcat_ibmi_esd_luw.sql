{#- Commitment control logical unit of work (C LW): the ESD is a sequence of records, each starting with its
    type Char(4) and its length Bin(15): HDR, then LCL, API, DDL, RMT, DDM records (0 to n of each). The records
    are found by walking the lengths, so a record longer than today's tables (IBM: "currently 80 ...") is
    still stepped over correctly. Positions inside a record are 1-based, as in IBM's tables.
    A "(4)" position field is "made up of two numbers"; we read them as two Bin(2) halves (ENTRY, OFFSET):
    that split is our reading, not IBM's words (docs/ibmi_esd.md). -#}
{% macro jcat_ibmi_esd_luw_fields(kind) -%}
{%- set common = [('RECORD_TYPE', 1, 4, 'c'), ('RECORD_LENGTH', 5, 2, 'u'), ('RECORD_POSITION', 7, 4, 'pos')] -%}
{%- set layouts = {
  'HDR': common + [
    ('NUMBER_OF_JOURNAL_ENTRIES', 11, 2, 'u'), ('NO_JOURNAL_LOCATION_POSITION', 13, 4, 'pos'),
    ('FIRST_JOURNAL_LOCATION_POSITION', 17, 4, 'pos'), ('FIRST_REMOTE_LOCATION_POSITION', 21, 4, 'pos'),
    ('LUW_OPERATION', 25, 2, 'c'), ('PROTECTED_LUWID', 27, 41, 'c'), ('UNPROTECTED_LUWID', 68, 41, 'c'),
    ('DEFAULT_JOURNAL_COMMIT_CYCLE_ID', 109, 4, 'i'), ('COMMITMENT_DEFINITION_NAME', 113, 10, 'c'),
    ('COMMITMENT_DEFINITION_ID', 123, 10, 'c'), ('QUALIFIED_JOB_NAME', 133, 26, 'c'),
    ('COMMITMENT_DEFINITION_SCOPE', 160, 1, 'c'), ('ACTIVATION_GROUP_MARK', 161, 4, 'i'),
    ('NOTIFY_OBJECT', 165, 37, 'c'), ('DEFAULT_JOURNAL_NAME', 202, 10, 'c'), ('DEFAULT_JOURNAL_LIBRARY', 212, 10, 'c'),
    ('INITIATION_TYPE', 222, 1, 'c'), ('LUW_END_STATUS', 223, 1, 'c'), ('SYNC_POINT_ROLE', 224, 1, 'c'),
    ('PARTNER_ROLE', 225, 1, 'c'), ('LUW_DISPOSITION', 226, 2, 'c'), ('HEURISTIC_OPERATION', 228, 1, 'c'),
    ('RESYNC_IN_PROGRESS', 229, 1, 'c'), ('WAIT_FOR_OUTCOME', 230, 1, 'c'), ('ACTION_IF_PROBLEMS', 231, 1, 'c'),
    ('VOTE_READ_ONLY_PERMITTED', 232, 1, 'c'), ('ACTION_IF_ENDJOB', 233, 1, 'c'), ('OK_TO_LEAVE_OUT', 234, 1, 'c'),
    ('LAST_AGENT_PERMITTED', 235, 1, 'c'), ('ACCEPT_VOTE_RELIABLE', 236, 1, 'c'),
    ('RESOLVED_WAIT_FOR_OUTCOME', 237, 1, 'c'), ('XA_TRANSACTION_MANAGER', 238, 10, 'c'),
    ('XID_FORMAT_ID', 248, 4, 'i'), ('XID_GTRID_LENGTH', 252, 4, 'i'), ('XID_BQUAL_LENGTH', 256, 4, 'i'),
    ('XID_VALUE', 260, 128, 'h'), ('DEFAULT_JOURNAL_COMMIT_CYCLE_ID_LONG', 388, 20, 'z')],
  'LCL': common + [
    ('NEXT_LOCAL_LOCATION_POSITION', 11, 4, 'pos'), ('FIRST_RESOURCE_POSITION', 15, 4, 'pos'),
    ('RECORD_IO_STATE', 19, 2, 'c'), ('JOURNAL_NAME', 21, 10, 'c'), ('JOURNAL_LIBRARY', 31, 10, 'c'),
    ('COMMIT_CYCLE_ID', 41, 4, 'i'), ('DEFAULT_JOURNAL_FLAG', 45, 1, 'c'), ('COMMIT_CYCLE_ID_LONG', 46, 20, 'z')],
  'API': common + [
    ('RESOURCE_LOCATION_POSITION', 11, 4, 'pos'), ('NEXT_RESOURCE_POSITION', 15, 4, 'pos'),
    ('API_RESOURCE', 19, 10, 'c'), ('API_PROGRAM_NAME', 29, 10, 'c'), ('API_PROGRAM_LIBRARY', 39, 10, 'c'),
    ('JOURNAL_NAME', 49, 10, 'c'), ('JOURNAL_LIBRARY', 59, 10, 'c'), ('COMMIT_CYCLE_ID', 69, 4, 'i'),
    ('COMMIT_PROTOCOL', 73, 1, 'c'), ('RESOURCE_USAGE', 74, 2, 'c'), ('API_STATE', 76, 2, 'c'),
    ('API_LAST_AGENT_FLAG', 78, 1, 'c'), ('ALLOW_REMOTE_RESOURCES', 79, 1, 'c'),
    ('SAVE_WHILE_ACTIVE_FLAG', 80, 1, 'c'), ('COMMIT_CYCLE_ID_LONG', 81, 20, 'z')],
  'DDL': common + [
    ('RESOURCE_LOCATION_POSITION', 11, 4, 'pos'), ('NEXT_RESOURCE_POSITION', 15, 4, 'pos'),
    ('DDL_RESOURCE_INFORMATION', 19, 29, 'c'), ('JOURNAL_NAME', 49, 10, 'c'), ('JOURNAL_LIBRARY', 59, 10, 'c'),
    ('COMMIT_CYCLE_ID', 69, 4, 'i'), ('COMMIT_PROTOCOL', 73, 1, 'c'), ('DDL_STATE', 74, 2, 'c'),
    ('COMMIT_CYCLE_ID_LONG', 76, 20, 'z'), ('OBJECT_NAME', 96, 288, 'c')],
  'RMT': common + [
    ('NEXT_REMOTE_LOCATION_POSITION', 11, 4, 'pos'), ('FIRST_RESOURCE_POSITION', 15, 4, 'pos'),
    ('REMOTE_POSITION_INFORMATION', 19, 54, 'c'), ('RELATIONAL_DATABASE', 73, 18, 'c'),
    ('CONVERSATION_DEALLOCATED', 91, 1, 'c'), ('COMMIT_PROTOCOL', 92, 1, 'c'), ('RESOURCE_USAGE', 93, 2, 'c'),
    ('RESOURCE_STATE', 95, 2, 'c'), ('ALLOCATOR_FLAG', 97, 1, 'c'), ('REMOTE_LAST_AGENT_FLAG', 98, 1, 'c'),
    ('TWO_PHASE_PROTOCOL', 99, 1, 'c'), ('RESYNC_INITIATOR', 100, 1, 'c'), ('VOTED_RELIABLE', 101, 1, 'c'),
    ('OK_TO_LEAVE_OUT', 102, 1, 'c'), ('LEFT_OUT', 103, 1, 'c'), ('INITIATOR_FLAG', 104, 1, 'c')],
  'DDM': common + [
    ('RESOURCE_LOCATION_POSITION', 11, 4, 'pos'), ('NEXT_RESOURCE_POSITION', 15, 4, 'pos'),
    ('DDM_FILE_NAME', 19, 10, 'c'), ('DDM_FILE_LIBRARY', 29, 10, 'c'),
    ('REMOTE_POSITION_INFORMATION', 39, 54, 'c'), ('OPEN_FLAG', 93, 1, 'c'), ('COMMIT_PROTOCOL', 94, 1, 'c'),
    ('RESOURCE_USAGE', 95, 2, 'c')],
} -%}
{{ return(layouts[kind]) }}
{%- endmacro %}

{#- One record of `kind` at position expression p (lambda variable or number). -#}
{% macro jcat_ibmi_esd_luw_record(kind, p) -%}
  named_struct(
  {%- for name, pos, len, k in jcat_ibmi_esd_luw_fields(kind) %}
    '{{ name }}', {% if k == 'c' -%}
      {{ jcat_ibmi_esd_b_char('esd_text', p ~ ' + ' ~ (pos - 1), len) }}
    {%- elif k == 'u' -%}
      {{ jcat_ibmi_esd_b_uint('esd', p ~ ' + ' ~ (pos - 1), len) }}
    {%- elif k == 'i' -%}
      {{ jcat_ibmi_esd_b_int('esd', p ~ ' + ' ~ (pos - 1), len) }}
    {%- elif k == 'z' -%}
      {{ jcat_ibmi_esd_b_zoned('esd', p ~ ' + ' ~ (pos - 1), len) }}
    {%- elif k == 'h' -%}
      hex(substr(esd, {{ p }} + {{ pos - 1 }}, {{ len }}))
    {%- elif k == 'pos' -%}
      named_struct('ENTRY', {{ jcat_ibmi_esd_b_uint('esd', p ~ ' + ' ~ (pos - 1), 2) }}, 'OFFSET', {{ jcat_ibmi_esd_b_uint('esd', p ~ ' + ' ~ (pos + 1), 2) }})
    {%- endif %}{{ ',' if not loop.last }} -- {{ pos }} ({{ len }})
  {%- endfor %}
  )
{%- endmacro %}

{#- Positions of all records: each record's length leads to the next. -#}
{% macro jcat_ibmi_esd_luw_positions() -%}
  {{ jcat_ibmi_esd_chain(1, '@ + ' ~ jcat_ibmi_esd_b_uint('esd', '@ + 4', 2), 6) }}
{%- endmacro %}

{% macro jcat_ibmi_esd_luw_types() -%}
  transform({{ jcat_ibmi_esd_luw_positions() }}, p -> {{ jcat_ibmi_esd_b_char('esd_text', 'p', 4) }})
{%- endmacro %}

{#- The HDR record: the ESD's first record when its type says HDR. -#}
{% macro jcat_ibmi_esd_luw_hdr() -%}
  if(length(esd) >= 416 and {{ jcat_ibmi_esd_b_char('esd_text', 1, 4) }} = 'HDR', {{ jcat_ibmi_esd_luw_record('HDR', 1) }}, null)
{%- endmacro %}

{#- All records of one type, in order, each decoded only when the ESD holds its whole table. -#}
{% macro jcat_ibmi_esd_luw_records(kind) -%}
  {%- set size = {'LCL': 80, 'API': 112, 'DDL': 384, 'RMT': 128, 'DDM': 96}[kind] -%}
  transform(filter({{ jcat_ibmi_esd_luw_positions() }},
                   p -> {{ jcat_ibmi_esd_b_char('esd_text', 'p', 4) }} = '{{ kind }}' and length(esd) >= p + {{ size - 1 }}),
            p -> {{ jcat_ibmi_esd_luw_record(kind, 'p') }})
{%- endmacro %}

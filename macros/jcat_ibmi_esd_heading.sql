{#- The heading columns every ESD model carries from journal_entries (lineage, who, when, what, and the
    heading's entry-specific values COUNT_OR_RRN / INDICATOR_FLAG / JOURNAL_IDENTIFIER), and the heading's own
    decode errors, which each model combines with its ESD's. -#}
{% macro jcat_ibmi_esd_heading_names() -%}
{{ return(['source_file', 'record_offset', 'record_number', 'load_id', 'SEQUENCE_NUMBER', 'ENTRY_TIMESTAMP',
           'JOURNAL_CODE', 'JOURNAL_ENTRY_TYPE', 'JOB_NAME', 'JOB_USER', 'JOB_NUMBER', 'QUALIFIED_JOB_NAME',
           'PROGRAM_NAME', 'USER_NAME', 'JOURNALED_OBJECT_NAME', 'JOURNALED_OBJECT_LIBRARY', 'JOURNALED_OBJECT_MEMBER',
           'JOURNALED_OBJECT_TYPE', 'COUNT_OR_RRN', 'INDICATOR_FLAG', 'COMMIT_CYCLE', 'JOURNAL_IDENTIFIER',
           'INCOMPLETE_DATA', 'MINIMIZED_ENTRY_DATA', 'SYSTEM_NAME', 'RECEIVER_NAME', 'RECEIVER_LIBRARY',
           'ENTRY_SPECIFIC_DATA_LENGTH']) }}
{%- endmacro %}

{#- In the first CTE: the heading columns, and decode_errors as heading_errors. -#}
{% macro jcat_ibmi_esd_heading() -%}
  {{ jcat_ibmi_esd_heading_names() | join(', ') }}, coalesce(decode_errors, cast(array() as array<string>)) as heading_errors
{%- endmacro %}

{#- In the final select. -#}
{% macro jcat_ibmi_esd_heading_columns() -%}
  {{ jcat_ibmi_esd_heading_names() | join(', ') }}
{%- endmacro %}

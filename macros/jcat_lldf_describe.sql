{#- Description beside an LLDF code field (seed 002's value lists). Unknown codes describe as NULL, and the
    accepted_values tests on the code columns report them. -#}
{% macro jcat_lldf_describe(col, field) -%}
  {{ return(adapter.dispatch('jcat_lldf_describe', 'jcat')(col, field)) }}
{%- endmacro %}

{% macro default__jcat_lldf_describe(col, field) -%}
  {%- set codes = {
    'CHANGE_TYPE': {'UB': 'update', 'I': 'insert', 'D': 'delete', 'DM': 'mass delete', 'DT': 'truncate',
                    'DR': 'truncate with reuse', 'IL': 'insert by load', 'CO': 'catalog object (DDL)',
                    'E': 'exchange', 'CM': 'Db2 command', 'SC': 'status change'},
    'SQLTYPE': {'U': 'undo', 'R': 'redo', '': 'other'},
    'LOGRECDISP': {'C': 'committed', 'A': 'aborted (rollback)', 'S': 'rolled back to savepoint',
                   'O': 'reversed by Db2'},
    'SQLSRCTYPE': {'R': 'RI constraint', 'T': 'trigger', 'B': 'RI constraint and trigger',
                   'H': 'temporal history', '': 'application SQL'},
    'UORDISP': {'C': 'committed', 'A': 'aborted'},
    'ANOMALYTYPE': {'N': 'normal, selected by the filter'},
    'PAGENUMFMT': {'A': 'absolute (page number embeds the partition)', 'R': 'relative'},
    'YN': {'Y': 'yes', 'N': 'no', '': 'no'},
  } -%}
  case coalesce({{ col }}, '')
  {%- for code, text in codes[field].items() %}
    when '{{ code }}' then '{{ text }}'
  {%- endfor %}
  end
{%- endmacro %}

{#- The relation an ESD model reads: the view journal_entries when the model is a view, so it shows what has
    landed; else the incremental table journal_entries_decoded (decoded once, through decode_qjordje5 in a jcat
    build), so a table never reads a view. Each ESD model names both in a depends_on comment, since dbt records
    refs while parsing, before it knows the materialization. -#}
{% macro jcat_ibmi_esd_journal_entries() -%}
  {%- if config.get('materialized') == 'view' -%}
  {{ ref('journal_entries') }}
  {%- else -%}
  {{ ref('journal_entries_decoded') }}
  {%- endif -%}
{%- endmacro %}

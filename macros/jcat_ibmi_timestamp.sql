{#- IBM i 26-character SAA timestamp at a 1-based position: TIMESTAMP_NTZ (local wall clock). -#}
{% macro jcat_ibmi_timestamp(col, pos, ccsid=none) -%}
  {{ return(adapter.dispatch('jcat_ibmi_timestamp', 'jcat')(col, pos, ccsid)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_timestamp(col, pos, ccsid) -%}
  {{ jcat.jcat_fn('parse_ibmi_timestamp') }}(substr({{ col }}, {{ pos }}, 26){% if ccsid is not none %}, {{ ccsid }}{% endif %})
{%- endmacro %}

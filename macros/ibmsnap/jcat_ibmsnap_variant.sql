{#- The IBMSNAP record layout variant, 'platform/sequence form', from dbt vars (checked, so a typo fails the build):
    ibmsnap_platform: os390 (default) | vmvse | other - which DDL figure of seed 003 the unload follows;
    ibmsnap_sequence_form: char10 (default, the V5 DDL) | varchar16 - CHAR(10) or VARCHAR(16) FOR BIT DATA
    sequence columns. -#}
{% macro jcat_ibmsnap_variant() -%}
  {{ return(adapter.dispatch('jcat_ibmsnap_variant', 'jcat')()) }}
{%- endmacro %}

{% macro default__jcat_ibmsnap_variant() -%}
  {%- set platform = var('ibmsnap_platform', 'os390') | lower -%}
  {%- set form = var('ibmsnap_sequence_form', 'char10') | lower -%}
  {%- if platform not in ['os390', 'vmvse', 'other'] -%}
    {{ exceptions.raise_compiler_error("var ibmsnap_platform is '" ~ platform ~ "': expected os390, vmvse or other") }}
  {%- endif -%}
  {%- if form not in ['char10', 'varchar16'] -%}
    {{ exceptions.raise_compiler_error("var ibmsnap_sequence_form is '" ~ form ~ "': expected char10 or varchar16") }}
  {%- endif -%}
  {%- if var('ibmsnap_null_indicator', 'leading') not in ['leading', 'trailing'] -%}
    {{ exceptions.raise_compiler_error("var ibmsnap_null_indicator: expected leading (Db2 UNLOAD) or trailing (DSNTIAUL format)") }}
  {%- endif -%}
  {{ return(platform ~ '/' ~ form) }}
{%- endmacro %}

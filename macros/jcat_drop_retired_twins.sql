{#- on-run-start hook: drops the decoded tables an earlier jcat built under the retired suffix `_records`
    (<view>_records, now <view>_decoded), so no stale copy stays readable beside the table that replaced it.
    Looks in dbt's relation cache (filled before the hooks run): a DROP only where a retired table exists. -#}
{% macro jcat_drop_retired_twins() -%}
  {%- if execute -%}
    {%- for view in ['journal_entries', 'ibmsnap_ccpparms', 'ibmsnap_cdemployee', 'ibmsnap_pruncntl',
                     'ibmsnap_register', 'ibmsnap_uow'] -%}
      {%- set retired = adapter.get_relation(database=none, schema=target.schema, identifier=view ~ '_records') -%}
      {%- if retired is not none -%}{%- do adapter.drop_relation(retired) -%}{%- endif -%}
    {%- endfor -%}
  {%- endif -%}
{%- endmacro %}

{#- on-run-start hook: drops the relations an earlier jcat built and this one no longer does, so no stale copy stays
    readable beside what replaced it:
    - decoded tables under the retired suffix `_records` (<view>_records, now <view>_decoded);
    - the built-in example CD table's view and twin (ibmsnap_cdemployee, ibmsnap_cdemployee_decoded): a CD table is
      now declared (`jcat tables add cdemployee --log ibmsnap --ddl ...` gives cdemployee_images); its landed raw
      table raw_ibmsnap_cdemployee stays.
    Looks in dbt's relation cache (filled before the hooks run): a DROP only where a retired relation exists. -#}
{% macro jcat_drop_retired_twins() -%}
  {%- if execute -%}
    {%- set retired = [] -%}
    {%- for view in ['journal_entries', 'ibmsnap_ccpparms', 'ibmsnap_cdemployee', 'ibmsnap_pruncntl',
                     'ibmsnap_register', 'ibmsnap_uow'] -%}
      {%- do retired.append(view ~ '_records') -%}
    {%- endfor -%}
    {%- do retired.extend(['ibmsnap_cdemployee', 'ibmsnap_cdemployee_decoded']) -%}
    {%- for name in retired -%}
      {%- set relation = adapter.get_relation(database=none, schema=target.schema, identifier=name) -%}
      {%- if relation is not none -%}{%- do adapter.drop_relation(relation) -%}{%- endif -%}
    {%- endfor -%}
  {%- endif -%}
{%- endmacro %}

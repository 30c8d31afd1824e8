{#- The condition under which a column decoded by jcat_ibmsnap_column must not be NULL (for jcat_decode_errors):
    always for NOT NULL columns; for nullable ones unless the indicator is a NULL marker, X'FF' (Db2 UNLOAD) or
    X'6F' '?' (DSNTIAUL). Any other indicator byte is neither present nor null: a decode error. -#}
{% macro jcat_ibmsnap_present(col, pos, kind, n, scale=0, nullable=false) -%}
  {{ return(adapter.dispatch('jcat_ibmsnap_present', 'jcat')(col, pos, kind, n, scale, nullable)) }}
{%- endmacro %}

{% macro default__jcat_ibmsnap_present(col, pos, kind, n, scale, nullable) -%}
  {%- if nullable -%}
  {{ return(jcat_must_decode(col, jcat_ibmsnap_positions(pos, kind, n, nullable)[0], 1, ['FF', '6F'], 'any')) }}
  {%- else -%}
  {{ return(jcat_must_decode(col, pos, 1, [], 'any')) }}
  {%- endif -%}
{%- endmacro %}

{#- The time of a 10-byte LRSN field at a 1-based position (TIMESTAMP, UTC), both placements: the extended
    LRSN and a 6-byte LRSN at offset 1 of the 10 read the same (parse_lrsn reads bytes 1-8 as a TOD clock).
    All zeros means "no LRSN" (e.g. no commit yet), not 1900-01-01: NULL. -#}
{% macro jcat_lldf_lrsn_time(col, pos) -%}
  {{ return(adapter.dispatch('jcat_lldf_lrsn_time', 'jcat')(col, pos)) }}
{%- endmacro %}

{% macro default__jcat_lldf_lrsn_time(col, pos) -%}
  if(substr({{ col }}, {{ pos }}, 10) = X'00000000000000000000', null, {{ jcat.jcat_fn('parse_lrsn') }}(substr({{ col }}, {{ pos }}, 10)))
{%- endmacro %}

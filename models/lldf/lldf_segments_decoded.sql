{#- lldf_segments' decoding (macros/jcat_lldf_segments.sql) over the raw table, for the table models that reassemble
    segments (lldf_data_change, lldf_segment_rejects): ephemeral, so it is inlined into their builds and decodes
    through the Arrow UDFs in a jcat build, never through the view lldf_segments. -#}
{{ config(materialized='ephemeral') }}

{{ jcat_lldf_segments(source('jcat', 'raw_lldf')) }}

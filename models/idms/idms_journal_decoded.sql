{#- idms_journal's decoding (macros/jcat_idms_journal.sql) over the raw table, for the table models that combine
    records (idms_transactions, idms_distributed_transactions): ephemeral, so it is inlined into their builds and
    decodes through the Arrow UDFs in a jcat build, never through the view idms_journal. -#}
{{ config(materialized='ephemeral') }}

{{ jcat_idms_journal(source('jcat', 'raw_idms')) }}

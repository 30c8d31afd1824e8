{#- journal_entries' decoding (macros/jcat_journal_entries.sql) as an incremental table over jcat.raw_qjordje5, for the
    ESD models that are tables: a jcat build decodes each record once, through the layout function decode_qjordje5,
    and never reads the view journal_entries. -#}
{{ config(materialized='incremental') }}
{{ jcat_journal_entries(source('jcat', 'raw_qjordje5')) }}

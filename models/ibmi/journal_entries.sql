{#- IBM i journal entries from DSPJRN OUTFILFMT(*TYPE5) outfiles (record format QJORDJE5): a persistent VIEW over
    jcat.raw_qjordje5 (dbt_project.yml), decoding through the persistent SQL functions, so it always shows what has
    landed. The decoding is the macro jcat_journal_entries (macros/jcat_journal_entries.sql), shared with the
    incremental table journal_entries_decoded, which the ESD table models read. -#}
{{ jcat_journal_entries(source('jcat', 'raw_qjordje5')) }}

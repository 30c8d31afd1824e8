{#- CA IDMS journal records, one row per record: every REC field of JREPORT 000 (seed 004) under its JREPORT
    name, decoded by the seed's type (1 binary, 2 packed, blank character/hex) for the record types the seed
    lists it under, NULL elsewhere and NULL when the record is too short to hold it.
    Synonyms over the same bytes are one typed column (plus the seed's hex-compare form): their REC line is
    kept as a comment naming the column that carries them.
    Each line: position, length and seed type as JREPORT 000 prints them. Set names: see jcat_idms_carried.
    The field lines are in macros/jcat_idms_journal.sql, shared with idms_journal_decoded (what the table
    models decode). A persistent VIEW (dbt_project.yml): it shows every landed record, with no build. -#}
{{ jcat_idms_journal(source('jcat', 'raw_idms')) }}

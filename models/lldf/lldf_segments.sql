{#- One row per landed LLDF record (a whole data change record, or one segment of it): the seed 002 header
    decoded field by field, and the DATA bytes this record carries. Offsets in the comments are seed 002's,
    0-based; substr positions are offset + 1. The header's own LENGTH says where DATA starts.
    The field lines are in macros/jcat_lldf_segments.sql, shared with lldf_segments_decoded (what the table
    models decode). A persistent VIEW (dbt_project.yml): it shows every landed record, with no build. -#}
{{ jcat_lldf_segments(source('jcat', 'raw_lldf')) }}

{#- The IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), written once for every model that reads
    a *TYPE5 outfile (audit_journal_m7, journal_entries).

    jcat_ibmi_heading_fields(esd_pos): one tuple per field of IBM's table:
      (column, position, width, kind, IBM format, IBM field)
    Positions 1-135 are IBM-confirmed; 136-609 are derived (docs/ibmi_journal_entries.md says how).
    The null-value indicators fill the space up to the entry-specific data, so their width follows esd_pos
    (DSPJRN NULLINDLEN); the default 610 gives IBM's 50 bytes. -#}
{% macro jcat_ibmi_heading_fields(esd_pos=610) -%}
{{ return([
  ('ENTRY_LENGTH',                  1,   5, 'zoned',   'Zoned(5,0)', 'JOENTL'),
  ('SEQUENCE_NUMBER',               6,  20, 'digits',  'Char(20)',   'JOSEQN'),
  ('JOURNAL_CODE',                 26,   1, 'char',    'Char(1)',    'JOCODE'),
  ('JOURNAL_ENTRY_TYPE',           27,   2, 'char',    'Char(2)',    'JOENTT'),
  ('ENTRY_TIMESTAMP',              29,  26, 'ibmi_ts', 'Char(26)',   'JOTSTP'),
  ('JOB_NAME',                     55,  10, 'char',    'Char(10)',   'JOJOB'),
  ('JOB_USER',                     65,  10, 'char',    'Char(10)',   'JOUSER'),
  ('JOB_NUMBER',                   75,   6, 'jobnum',  'Zoned(6,0)', 'JONBR'),
  ('PROGRAM_NAME',                 81,  10, 'char',    'Char(10)',   'JOPGM'),
  ('PROGRAM_LIBRARY',              91,  10, 'char',    'Char(10)',   'JOPGMLIB'),
  ('PROGRAM_LIBRARY_ASP_NAME',    101,  10, 'char',    'Char(10)',   'JOPGMDEV'),
  ('PROGRAM_LIBRARY_ASP_NUMBER',  111,   5, 'zoned',   'Zoned(5,0)', 'JOPGMASP'),
  ('JOURNALED_OBJECT_NAME',       116,  10, 'char',    'Char(10)',   'JOOBJ'),
  ('JOURNALED_OBJECT_LIBRARY',    126,  10, 'char',    'Char(10)',   'JOLIB'),
  ('JOURNALED_OBJECT_MEMBER',     136,  10, 'char',    'Char(10)',   'JOMBR'),
  ('COUNT_OR_RRN',                146,  20, 'digits',  'Char(20)',   'JOCTRR'),
  ('INDICATOR_FLAG',              166,   1, 'char',    'Char(1)',    'JOFLAG'),
  ('COMMIT_CYCLE',                167,  20, 'digits',  'Char(20)',   'JOCCID'),
  ('USER_NAME',                   187,  10, 'char',    'Char(10)',   'JOUSPF'),
  ('SYSTEM_NAME',                 197,   8, 'char',    'Char(8)',    'JOSYNM'),
  ('JOURNAL_IDENTIFIER',          205,  10, 'hex',     'Char(10)',   'JOJID'),
  ('REFERENTIAL_CONSTRAINT',      215,   1, 'char',    'Char(1)',    'JORCST'),
  ('TRIGGER',                     216,   1, 'char',    'Char(1)',    'JOTGR'),
  ('INCOMPLETE_DATA',             217,   1, 'char',    'Char(1)',    'JOINCDAT'),
  ('IGNORED_BY_APPLY_REMOVE',     218,   1, 'char',    'Char(1)',    'JOIGNAPY'),
  ('MINIMIZED_ENTRY_DATA',        219,   1, 'char',    'Char(1)',    'JOMINESD'),
  ('OBJECT_NAME_INDICATOR',       220,   1, 'char',    'Char(1)',    'JOOBJIND'),
  ('SYSTEM_SEQUENCE_NUMBER',      221,  20, 'digits',  'Char(20)',   'JOSYSSEQ'),
  ('RECEIVER_NAME',               241,  10, 'char',    'Char(10)',   'JORCV'),
  ('RECEIVER_LIBRARY',            251,  10, 'char',    'Char(10)',   'JORCVLIB'),
  ('RECEIVER_LIBRARY_ASP_NAME',   261,  10, 'char',    'Char(10)',   'JORCVDEV'),
  ('RECEIVER_LIBRARY_ASP_NUMBER', 271,   5, 'zoned',   'Zoned(5,0)', 'JORCVASP'),
  ('ARM_NUMBER',                  276,   5, 'zoned',   'Zoned(5,0)', 'JOARM'),
  ('THREAD_IDENTIFIER',           281,   8, 'hex',     'Char(8)',    'JOTHD'),
  ('THREAD',                      289,  16, 'char',    'Char(16)',   'JOTHDX'),
  ('ADDRESS_FAMILY',              305,   1, 'char',    'Char(1)',    'JOADF'),
  ('REMOTE_PORT',                 306,   5, 'zoned',   'Zoned(5,0)', 'JORPORT'),
  ('REMOTE_ADDRESS',              311,  46, 'char',    'Char(46)',   'JORADR'),
  ('LOGICAL_UNIT_OF_WORK',        357,  39, 'char',    'Char(39)',   'JOLUW'),
  ('TRANSACTION_IDENTIFIER',      396, 140, 'char',    'Char(140)',  'JOXID'),
  ('JOURNALED_OBJECT_TYPE',       536,   7, 'char',    'Char(7)',    'JOOBJTYP'),
  ('FILE_TYPE_INDICATOR',         543,   1, 'char',    'Char(1)',    'JOFILTYP'),
  ('NESTED_COMMIT_LEVEL',         544,   7, 'digits',  'Char(7)',    'JOCMTLVL'),
  ('NULL_VALUE_INDICATORS',       560, esd_pos - 560, 'char', 'Char(' ~ (esd_pos - 560) ~ ')', 'JONVI'),
]) }}
{#- 551 Char(9) JORES is reserved and not decoded. -#}
{%- endmacro %}

{#- The decoded heading columns, one line per field, each followed by a comma (the model's own columns come next). -#}
{% macro jcat_ibmi_heading(col='record', esd_pos=610) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {% if kind == 'char' -%}
    {{ jcat_char(col, pos, len) }}
    {%- elif kind == 'digits' -%}
    {{ jcat_ibmi_digits(col, pos, len) }}
    {%- elif kind == 'zoned' -%}
    cast({{ jcat_zoned(col, pos, len) }} as int)
    {%- elif kind == 'jobnum' -%}
    {#- IBM i prints job numbers as six digits: 000123/QUSER/QZDASOINIT -#}
    case when {{ jcat_zoned(col, pos, len) }} >= 0 then lpad(cast({{ jcat_zoned(col, pos, len) }} as string), {{ len }}, '0') end
    {%- elif kind == 'ibmi_ts' -%}
    {{ jcat_ibmi_timestamp(col, pos) }}
    {%- elif kind == 'hex' -%}
    {{ jcat_hex(col, pos, len) }}
    {%- endif %} as {{ name }}, -- {{ pos }} {{ fmt }} {{ ibm }}
{%- endfor %}
{%- endmacro %}

{#- (column, condition) pairs for jcat_decode_errors: a heading field is in error when it decoded to NULL although
    the record holds it (zoned: always; text, digits, timestamp: unless its bytes are all blanks). -#}
{% macro jcat_ibmi_heading_checks(col='record', esd_pos=610) -%}
{%- set checks = [] -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) -%}
  {%- if kind in ('zoned', 'jobnum') -%}
    {%- do checks.append((name, 'length(' ~ col ~ ') >= ' ~ (pos + len - 1))) -%}
  {%- elif kind != 'hex' -%}
    {%- do checks.append((name, jcat_ibmi_present(col, pos, len))) -%}
  {%- endif -%}
{%- endfor -%}
{{ return(checks) }}
{%- endmacro %}

{#- The heading columns as the models publish them (from the decoded CTE), each followed by a comma. -#}
{% macro jcat_ibmi_heading_columns(esd_pos=610) -%}
{%- for name, pos, len, kind, fmt, ibm in jcat_ibmi_heading_fields(esd_pos) %}
    {{ name }},
  {%- if name == 'JOB_NUMBER' %}
    JOB_NUMBER || '/' || JOB_USER || '/' || JOB_NAME as QUALIFIED_JOB_NAME,
  {%- endif %}
{%- endfor %}
{%- endmacro %}

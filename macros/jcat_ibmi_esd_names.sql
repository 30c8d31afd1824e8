{#- The offset-addressed IFS parts every B entry shares (seed 001, "common to more than one layout").
    `off` is the column (or expression) holding the offset from the start of the ESD; offsets count from 0
    (B B0 puts the name at offset 16 = position 17, right after its 16 fixed bytes), and 0 means "absent".
    A part the ESD does not hold in full is NULL; its text is decoded with the CCSID it carries. -#}

{#- Object name: Bin(32) length, Bin(31) CCSID, Char(2) country, Char(3) language, 3 reserved, the name at 17. -#}
{% macro jcat_ibmi_esd_object_name(off) -%}
  if(({{ off }}) > 0 and length(esd) >= ({{ off }}) + 16,
    named_struct(
      'LENGTH',      {{ jcat_ibmi_esd_b_uint_held('esd', off ~ ' + 1', 4) }},   -- 1 Bin (32)
      'CCSID',       {{ jcat_ibmi_esd_b_int_held('esd', off ~ ' + 5', 4) }},    -- 5 Bin (31)
      'COUNTRY_ID',  {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 9', 2) }},  -- 9 Char (2)
      'LANGUAGE_ID', {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 11', 3) }}, -- 11 Char (3)
      'NAME',        {{ jcat_ibmi_esd_text(jcat_ibmi_esd_whole('(' ~ off ~ ') + 17', jcat_ibmi_esd_b_uint_held('esd', off ~ ' + 1', 4)),
                                           jcat_ibmi_esd_b_int_held('esd', off ~ ' + 5', 4)) }} -- 17 Char (*)
    ), null)
{%- endmacro %}

{#- Path name: indicator, relative directory FID, CCSID, country, language, path type, length, delimiter, path at 50. -#}
{% macro jcat_ibmi_esd_path_name(off) -%}
  {#- held: the structure's length check covers bytes 1-49 -#}
  {%- set ccsid = jcat_ibmi_esd_b_int_held('esd', off ~ ' + 18', 4) -%}
  {%- set plen = jcat_ibmi_esd_b_int_held('esd', off ~ ' + 34', 4) -%}
  if(({{ off }}) > 0 and length(esd) >= ({{ off }}) + 49,
    named_struct(
      'PATH_INDICATOR',         {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 1', 1) }},  -- 1 Char (1)
      'RELATIVE_DIRECTORY_FID', hex(substr(esd, ({{ off }}) + 2, 16)),                  -- 2 Char (16)
      'CCSID',                  {{ ccsid }},                                            -- 18 Bin (31)
      'COUNTRY_ID',             {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 22', 2) }}, -- 22 Char (2)
      'LANGUAGE_ID',            {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 24', 3) }}, -- 24 Char (3)
      'PATH_TYPE',              {{ jcat_ibmi_esd_b_uint_held('esd', off ~ ' + 30', 4) }}, -- 30 Bin (32)
      'PATH_LENGTH',            {{ plen }},                                             -- 34 Bin (31)
      'DELIMITER',              {{ jcat_ibmi_esd_delimiter('substr(esd, (' ~ off ~ ') + 38, 2)', ccsid) }}, -- 38 Char (2)
      'PATH',                   {{ jcat_ibmi_esd_text(jcat_ibmi_esd_whole('(' ~ off ~ ') + 50', plen), ccsid) }} -- 50 Char (*)
    ), null)
{%- endmacro %}

{#- Symbolic link contents: included flag, CCSID, country, language, path type, length, delimiter, then the
    contents after the 33-byte header (the seed's table stops at the reserved 24-33). -#}
{% macro jcat_ibmi_esd_symlink(off) -%}
  {#- held: the structure's length check covers bytes 1-33 -#}
  {%- set ccsid = jcat_ibmi_esd_b_int_held('esd', off ~ ' + 2', 4) -%}
  {%- set plen = jcat_ibmi_esd_b_int_held('esd', off ~ ' + 18', 4) -%}
  if(({{ off }}) > 0 and length(esd) >= ({{ off }}) + 33,
    named_struct(
      'CONTENTS_INCLUDED', {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 1', 1) }},  -- 1 Char (1)
      'CCSID',             {{ ccsid }},                                            -- 2 Bin (31)
      'COUNTRY_ID',        {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 6', 2) }},  -- 6 Char (2)
      'LANGUAGE_ID',       {{ jcat_ibmi_esd_b_char('esd_text', off ~ ' + 8', 3) }},  -- 8 Char (3)
      'PATH_TYPE',         {{ jcat_ibmi_esd_b_uint_held('esd', off ~ ' + 14', 4) }}, -- 14 Bin (32)
      'PATH_LENGTH',       {{ plen }},                                             -- 18 Bin (31)
      'DELIMITER',         {{ jcat_ibmi_esd_delimiter('substr(esd, (' ~ off ~ ') + 22, 2)', ccsid) }}, -- 22 Char (2)
      'CONTENTS',          {{ jcat_ibmi_esd_text(jcat_ibmi_esd_whole('(' ~ off ~ ') + 34', plen), ccsid) }} -- 34 Char (*)
    ), null)
{%- endmacro %}

{#- Journal information (36 bytes at a fixed position): status and options kept as raw hex (their values were
    lost from the seed), JID, journal, library, time journaling last started (Bin(32) as written). -#}
{% macro jcat_ibmi_esd_journal_info(pos) -%}
  if(length(esd) >= {{ pos + 35 }},
    named_struct(
      'JOURNALING_STATUS', hex(substr(esd, {{ pos }}, 1)),                          -- 1 Char (1)
      'OPTIONS',           hex(substr(esd, {{ pos + 1 }}, 1)),                      -- 2 Char (1)
      'JID',               hex(substr(esd, {{ pos + 2 }}, 10)),                     -- 3 Char (10)
      'JOURNAL_NAME',      {{ jcat_ibmi_esd_b_char('esd_text', pos + 12, 10) }},      -- 13 Char (10)
      'JOURNAL_LIBRARY',   {{ jcat_ibmi_esd_b_char('esd_text', pos + 22, 10) }},      -- 23 Char (10)
      'LAST_STARTED',      {{ jcat_ibmi_esd_b_uint('esd', pos + 32, 4) }}             -- 33 Bin (32)
    ), null)
{%- endmacro %}

{#- Private authorities for a profile (12 bytes): eleven flags, 'Y' or NULL. Built-ins only: usable in lambdas. -#}
{% macro jcat_ibmi_esd_private_authorities(pos) -%}
  named_struct(
  {%- for name in ['OBJECT_EXISTENCE', 'OBJECT_MANAGEMENT', 'OBJECT_OPERATIONAL', 'OBJECT_ALTER', 'OBJECT_REFERENCE',
                   'READ', 'ADD', 'UPDATE', 'DELETE', 'EXCLUDE', 'EXECUTE'] %}
    '{{ name }}', {{ jcat_ibmi_esd_b_char('esd_text', '(' ~ pos ~ ') + ' ~ loop.index0, 1) }}{{ ',' if not loop.last }} -- {{ loop.index }} Char (1)
  {%- endfor %}
  )
{%- endmacro %}

{#- The bytes of a variable part when the ESD holds all of them, else NULL (never a cut value). -#}
{% macro jcat_ibmi_esd_whole(pos, len) -%}
  if(({{ len }}) >= 0 and length(esd) >= ({{ pos }}) + ({{ len }}) - 1, substr(esd, {{ pos }}, {{ len }}), null)
{%- endmacro %}

{#- len bytes at a fixed or computed 1-based position (length held in another field): BINARY or NULL. -#}
{% macro jcat_ibmi_esd_slice(pos, len) -%}
  {{ jcat_ibmi_esd_whole(pos, len) }}
{%- endmacro %}

{#- From a 0-based offset to the end of the ESD (internal data): BINARY, NULL when the offset is 0 or beyond. -#}
{% macro jcat_ibmi_esd_from_offset(off) -%}
  if(({{ off }}) > 0 and length(esd) > ({{ off }}), substr(esd, ({{ off }}) + 1), null)
{%- endmacro %}

{#- EBCDIC text of len bytes at a 0-based offset (trigger names). -#}
{% macro jcat_ibmi_esd_text_at(off, len) -%}
  if(({{ off }}) > 0 and ({{ len }}) > 0, nullif({{ jcat.jcat_fn('ebcdic_str') }}({{ jcat_ibmi_esd_whole('(' ~ off ~ ') + 1', len) }}), ''), null)
{%- endmacro %}

{#- The Char(2) delimiter: one character in a single-byte or UTF-8 CCSID leaves a pad byte (NUL or blank),
    which is not part of the delimiter. -#}
{% macro jcat_ibmi_esd_delimiter(bytes, ccsid) -%}
  nullif(regexp_replace({{ jcat_ibmi_esd_text(bytes, ccsid) }}, '[ \\x00]+$', ''), '')
{%- endmacro %}

{#- One column of a Db2 unload record (IBMSNAP tables, CD tables), by kind:
    char (CHAR n, EBCDIC, trailing blanks removed, blank = ''), bit (CHAR n FOR BIT DATA, raw bytes),
    varchar / varbit (2-byte length then n bytes; the length's bytes, text untrimmed as Db2 holds it; a length
    above n gives NULL), smallint, int, bigint
    (big-endian two's complement), decimal (packed, n digits, scale), timestamp (26 EBCDIC characters,
    source local time: TIMESTAMP_NTZ).
    `pos` is the 1-based start of the field, its null indicator included. A nullable column's indicator is one
    byte before the data (Db2 UNLOAD) or after it (var ibmsnap_null_indicator = 'trailing', DSNTIAUL format):
    X'00' = value present; anything else gives NULL (jcat_ibmsnap_present says which markers are a real NULL).
    CCSID of CHAR and VARCHAR columns: var ibmsnap_ccsid (default 37).
    `name`: the column's field in the layout function's struct `d` (decode_ibmsnap_<table>, jcat_ibmsnap_records),
    read instead of the bytes where the model decodes through it (jcat_ibmsnap_engine() = 'layout'). -#}
{% macro jcat_ibmsnap_column(col, pos, kind, n, scale=0, nullable=false, name=none) -%}
  {{ return(adapter.dispatch('jcat_ibmsnap_column', 'jcat')(col, pos, kind, n, scale, nullable, name)) }}
{%- endmacro %}

{#- How a model decodes its columns, as jcat_layout_field: 'layout' (a table build in jcat's own run: each record once
    through decode_ibmsnap_<table>), 'function' (the catalog's functions field by field: views, dbt over Thrift)
    or 'spark' (Spark's own expressions: the baseline of jcat bench --models); var jcat_field_engine overrides. -#}
{% macro jcat_ibmsnap_engine() -%}
  {{ return(var('jcat_field_engine', none) or ('layout' if jcat.jcat_by_layout() else 'function')) }}
{%- endmacro %}

{#- The `records` CTE's extra column in the layout engine: the whole record decoded once, as struct `d`. -#}
{% macro jcat_ibmsnap_records(table) -%}
  {%- if jcat_ibmsnap_engine() == 'layout' -%}
  , decode_ibmsnap_{{ table }}(record, '{{ jcat_ibmsnap_variant() }}', '{{ var('ibmsnap_null_indicator', 'leading') }}', {{ var('ibmsnap_ccsid', 37) }}) as d
  {%- endif -%}
{%- endmacro %}

{% macro jcat_ibmsnap_data_width(kind, n) -%}
  {%- if kind in ['char', 'bit'] -%}{{ return(n) }}
  {%- elif kind in ['varchar', 'varbit'] -%}{{ return(n + 2) }}
  {%- elif kind == 'decimal' -%}{{ return((n // 2) + 1) }}
  {%- elif kind in ['smallint', 'int', 'bigint', 'timestamp'] -%}{{ return({'smallint': 2, 'int': 4, 'bigint': 8, 'timestamp': 26}[kind]) }}
  {%- else -%}{{ exceptions.raise_compiler_error("jcat_ibmsnap_column: unknown kind " ~ kind) }}
  {%- endif -%}
{%- endmacro %}

{#- 1-based positions of a nullable column's indicator and of its data -#}
{% macro jcat_ibmsnap_positions(pos, kind, n, nullable) -%}
  {%- set trailing = var('ibmsnap_null_indicator', 'leading') == 'trailing' -%}
  {%- if not nullable -%}{{ return([none, pos]) }}
  {%- elif trailing -%}{{ return([pos + jcat_ibmsnap_data_width(kind, n), pos]) }}
  {%- else -%}{{ return([pos, pos + 1]) }}
  {%- endif -%}
{%- endmacro %}

{% macro default__jcat_ibmsnap_column(col, pos, kind, n, scale, nullable, name) -%}
  {%- set engine = jcat_ibmsnap_engine() -%}
  {%- if engine == 'layout' and name is not none -%}
  {{ return('d.' ~ name) }}
  {%- elif engine == 'spark' -%}
  {{ return(jcat_ibmsnap_column_spark(col, pos, kind, n, scale, nullable)) }}
  {%- endif -%}
  {%- set ni_pos, p = jcat_ibmsnap_positions(pos, kind, n, nullable) -%}
  {%- set ccsid = var('ibmsnap_ccsid', 37) -%}
  {#- every catalog call through jcat_fn: jcat.<fn> in a view or over Thrift, the Arrow UDF in a jcat table build -#}
  {%- set ebcdic_str, unpack_bin = jcat.jcat_fn('ebcdic_str'), jcat.jcat_fn('unpack_bin') -%}
  {%- set ibmi_varchar = jcat.jcat_fn('ibmi_varchar') -%}
  {%- set parse_ibmi_timestamp = jcat.jcat_fn('parse_ibmi_timestamp') -%}
  {%- set len = unpack_bin ~ '(substr(' ~ col ~ ', ' ~ p ~ ', 2))' -%}
  {%- set varbytes = 'case when ' ~ len ~ ' between 0 and ' ~ n ~ ' then substr(' ~ col ~ ', ' ~ (p + 2) ~ ', cast(' ~ len ~ ' as int)) end' -%}
  {#- varchar: the whole slot through ibmi_varchar, NULL for a length above the n bytes after it -#}
  {%- if kind == 'char' -%}{%- set v = ebcdic_str ~ '(substr(' ~ col ~ ', ' ~ p ~ ', ' ~ n ~ '), ' ~ ccsid ~ ')' -%}
  {%- elif kind == 'bit' -%}{%- set v = 'substr(' ~ col ~ ', ' ~ p ~ ', ' ~ n ~ ')' -%}
  {%- elif kind == 'varbit' -%}{%- set v = varbytes -%}
  {%- elif kind == 'varchar' -%}{%- set v = ibmi_varchar ~ '(substr(' ~ col ~ ', ' ~ p ~ ', ' ~ (n + 2) ~ '), ' ~ ccsid ~ ')' -%}
  {%- elif kind == 'smallint' -%}{%- set v = 'cast(' ~ unpack_bin ~ '(substr(' ~ col ~ ', ' ~ p ~ ', 2)) as smallint)' -%}
  {%- elif kind == 'int' -%}{%- set v = 'cast(' ~ unpack_bin ~ '(substr(' ~ col ~ ', ' ~ p ~ ', 4)) as int)' -%}
  {%- elif kind == 'bigint' -%}{%- set v = unpack_bin ~ '(substr(' ~ col ~ ', ' ~ p ~ ', 8))' -%}
  {%- elif kind == 'decimal' -%}{%- set v = 'try_cast(' ~ jcat_packed(col, p, (n // 2) + 1, scale) ~ ' as decimal(' ~ n ~ ', ' ~ scale ~ '))' -%}
  {%- elif kind == 'timestamp' -%}{%- set v = parse_ibmi_timestamp ~ '(substr(' ~ col ~ ', ' ~ p ~ ', 26), ' ~ ccsid ~ ')' -%}
  {%- else -%}{{ exceptions.raise_compiler_error("jcat_ibmsnap_column: unknown kind " ~ kind) }}
  {%- endif -%}
  {%- if nullable -%}
  case when substr({{ col }}, {{ ni_pos }}, 1) = X'00' then {{ v }} end
  {%- else -%}
  {{ v }}
  {%- endif -%}
{%- endmacro %}

{#- The same column in Spark's own expressions (the benchmark's baseline; CCSID 37 through Java's IBM037, which
    needs spark.sql.legacy.javaCharsets=true): integers and packed decimals as jcat_layout_field's Spark forms. -#}
{% macro jcat_ibmsnap_column_spark(col, pos, kind, n, scale, nullable) -%}
  {%- set ni_pos, p = jcat_ibmsnap_positions(pos, kind, n, nullable) -%}
  {%- if var('ibmsnap_ccsid', 37) | int != 37 -%}
    {{ exceptions.raise_compiler_error("jcat_ibmsnap_column: the Spark engine (a benchmark baseline) reads CCSID 37 only") }}
  {%- endif -%}
  {%- set len = 'cast(conv(hex(substr(' ~ col ~ ', ' ~ p ~ ', 2)), 16, 10) as int)' -%}
  {%- set varbytes = 'case when ' ~ len ~ ' <= ' ~ n ~ ' then substr(' ~ col ~ ', ' ~ (p + 2) ~ ', ' ~ len ~ ') end' -%}
  {%- if kind == 'char' -%}{%- set v = "rtrim(decode(substr(" ~ col ~ ", " ~ p ~ ", " ~ n ~ "), 'IBM037'))" -%}
  {%- elif kind == 'bit' -%}{%- set v = 'substr(' ~ col ~ ', ' ~ p ~ ', ' ~ n ~ ')' -%}
  {%- elif kind == 'varbit' -%}{%- set v = varbytes -%}
  {%- elif kind == 'varchar' -%}{%- set v = "decode(" ~ varbytes ~ ", 'IBM037')" -%}
  {%- elif kind in ['smallint', 'int', 'bigint'] -%}
    {%- set width = {'smallint': 2, 'int': 4, 'bigint': 8}[kind] -%}
    {%- set v = 'cast(' ~ jcat.jcat_layout_field('bin', col, p, width) ~ ' as ' ~ kind ~ ')' -%}
  {%- elif kind == 'decimal' -%}
    {%- set v = 'try_cast(' ~ jcat.jcat_scale(jcat.jcat_layout_field('packed', col, p, (n // 2) + 1), 2 * ((n // 2) + 1) - 1, scale) ~ ' as decimal(' ~ n ~ ', ' ~ scale ~ '))' -%}
  {%- elif kind == 'timestamp' -%}{%- set v = jcat.jcat_layout_field('ibmi_ts', col, p, 26) -%}
  {%- else -%}{{ exceptions.raise_compiler_error("jcat_ibmsnap_column: unknown kind " ~ kind) }}
  {%- endif -%}
  {%- if nullable -%}
  {{ return('case when substr(' ~ col ~ ', ' ~ ni_pos ~ ", 1) = X'00' then " ~ v ~ ' end') }}
  {%- else -%}
  {{ return(v) }}
  {%- endif -%}
{%- endmacro %}

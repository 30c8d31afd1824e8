{#- Row images of a Log Master logical log (seed 002) into typed columns, given the table's columns in COLNO
    order: a list of dicts with name, coltype (CHAR VARCHAR SMALLINT INTEGER BIGINT DECIMAL REAL DOUBLE FLOAT DATE
    TIME TIMESTAMP), length, scale, nullable ('Y'/'N'), as the seed lldf_columns lists them (jcat_lldf_columns).

    A column's place depends on the null bytes and VARCHAR lengths before it, so it is computed with a running
    position: jcat_lldf_image_positions adds `<tag>__s<i>` (1-based start of column i; the last one is the
    position after the image) with lateral column aliases, each one step from the previous, so the SQL stays
    linear in the number of columns. jcat_lldf_image_values then reads each column at its position. An image
    whose columns do not end exactly at its length does not match the column list: all its columns are NULL
    and jcat_lldf_image_checks names `<prefix>IMAGE_LAYOUT`. -#}

{% macro jcat_lldf_columns(owner, table) -%}
  {#- The column list of one table from the seed lldf_columns (read when the model runs). -#}
  {%- set cols = [] -%}
  {%- if execute -%}
    {%- set seed = ref('lldf_columns') -%}
    {%- if model is defined and model.resource_type == 'unit_test' -%}
      {#- in a unit test ref() names a fixture CTE, which run_query cannot see: the column list is read from the
          seed table itself, where seeds go (target schema); it is configuration, not test input -#}
      {%- set seed = api.Relation.create(schema=target.schema, identifier='lldf_columns') -%}
    {%- endif -%}
    {%- set result = run_query("select column_name, upper(coltype), cast(length as int), cast(coalesce(scale, 0) as int), nullable from "
        ~ seed ~ " where table_owner = '" ~ owner ~ "' and table_name = '" ~ table ~ "' order by cast(colno as int)") -%}
    {%- for r in result.rows -%}
      {%- do cols.append({'name': r[0], 'coltype': r[1], 'length': r[2], 'scale': r[3], 'nullable': r[4]}) -%}
    {%- endfor -%}
    {%- if cols | length == 0 -%}
      {{ exceptions.raise_compiler_error("lldf_columns has no columns for " ~ owner ~ "." ~ table) }}
    {%- endif -%}
  {%- endif -%}
  {{ return(cols) }}
{%- endmacro %}

{% macro jcat_lldf_width(img, col, start, expandvar=false) -%}
  {%- set t = col['coltype'] -%}
  {%- set n = col['length'] | int -%}
  {%- if t == 'VARCHAR' -%}
    {%- if expandvar -%}{{ 2 + n }}{%- else -%}
    (2 + if(length(substr({{ img }}, {{ start }}, 2)) = 2, {{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ start }}, 2), false), null))
    {%- endif -%}
  {%- elif t == 'CHAR' -%}{{ n }}
  {%- elif t == 'DECIMAL' -%}{{ (n // 2) + 1 }}
  {%- elif t in ('SMALLINT',) -%}2
  {%- elif t in ('INTEGER', 'REAL') -%}4
  {%- elif t in ('BIGINT', 'DOUBLE') -%}8
  {#- FLOAT as SYSCOLUMNS and the DLCI record (FLOT, "length is 4 or 8") describe REAL and DOUBLE -#}
  {%- elif t == 'FLOAT' and n in (4, 8) -%}{{ n }}
  {%- elif t == 'FLOAT' -%}{{ exceptions.raise_compiler_error("jcat_lldf_image: FLOAT column " ~ col['name'] ~ " has length " ~ n ~ "; the logical log writes 4 or 8 bytes") }}
  {%- elif t == 'DECFLOAT' -%}{{ exceptions.raise_compiler_error("jcat_lldf_image: DECFLOAT column " ~ col['name'] ~ ": the logical log's column types (DLCI) have no decimal floating point form, so its bytes are unknown (docs/lldf.md)") }}
  {%- elif t == 'DATE' -%}10
  {%- elif t == 'TIME' -%}8
  {%- elif t == 'TIMESTAMP' -%}26
  {%- else -%}{{ exceptions.raise_compiler_error("jcat_lldf_image: column type " ~ t ~ " is not supported") }}
  {%- endif -%}
{%- endmacro %}

{% macro jcat_lldf_image_positions(img, cols, tag, expandvar=false) -%}
  1 as {{ tag }}__s0
  {%- for c in cols %}
  {%- set nb = 1 if c['nullable'] == 'Y' else 0 %},
  {{ tag }}__s{{ loop.index0 }} + {{ nb }} + {{ jcat_lldf_width(img, c, tag ~ '__s' ~ loop.index0 ~ ' + ' ~ nb, expandvar) }} as {{ tag }}__s{{ loop.index }}
  {%- endfor %},
  ({{ tag }}__s{{ cols | length }} = length({{ img }}) + 1) as {{ tag }}__aligned
{%- endmacro %}

{% macro jcat_lldf_float(b, width, float_format) -%}
  {%- if float_format == 'ieee' and width == 8 -%}
  (case when shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}), 52) & 2047 = 2047 then
          if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) & 4503599627370495 = 0, if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) < 0, double('-inf'), double('inf')), double('nan'))
        else if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) < 0, -1d, 1d) * if(shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}), 52) & 2047 = 0,
          cast({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) & 4503599627370495 as double) * pow(2d, -1074d),
          cast(({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) & 4503599627370495) + 4503599627370496 as double)
            * pow(2d, cast((shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}), 52) & 2047) - 1075 as double))) end)
  {%- elif float_format == 'ieee' -%}
  (case when shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false), 23) & 255 = 255 then
          if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) & 8388607 = 0, if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) >= 2147483648, double('-inf'), double('inf')), double('nan'))
        else if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) >= 2147483648, -1d, 1d) * if(shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false), 23) & 255 = 0,
          cast({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) & 8388607 as double) * pow(2d, -149d),
          cast(({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) & 8388607) + 8388608 as double)
            * pow(2d, cast((shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false), 23) & 255) - 150 as double))) end)
  {%- elif width == 8 -%}
  (if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) < 0, -1d, 1d) * cast({{ jcat.jcat_fn('unpack_bin') }}({{ b }}) & 72057594037927935 as double)
     * pow(16d, cast((shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}), 56) & 127) - 78 as double)))
  {%- else -%}
  (if({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) >= 2147483648, -1d, 1d) * cast({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false) & 16777215 as double)
     * pow(16d, cast((shiftright({{ jcat.jcat_fn('unpack_bin') }}({{ b }}, false), 24) & 127) - 70 as double)))
  {%- endif -%}
{%- endmacro %}

{% macro jcat_lldf_decode(img, c, d, float_format) -%}
  {#- The value of column c whose data (after any null byte) starts at expression d. -#}
  {%- set t = c['coltype'] -%}
  {%- set n = c['length'] | int -%}
  {%- if t == 'VARCHAR' -%}
  left({{ jcat.jcat_fn('ebcdic_str') }}(concat(substr({{ img }}, {{ d }} + 2, {{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ d }}, 2), false)), X'C1')),
       {{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ d }}, 2), false))
  {%- elif t == 'CHAR' -%}
  {#- a sentinel keeps the trailing blanks ebcdic_str would drop: CHAR values come back as Db2 stores them -#}
  left({{ jcat.jcat_fn('ebcdic_str') }}(concat(substr({{ img }}, {{ d }}, {{ n }}), X'C1')), {{ n }})
  {%- elif t == 'SMALLINT' -%}cast({{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ d }}, 2)) as smallint)
  {%- elif t == 'INTEGER' -%}cast({{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ d }}, 4)) as int)
  {%- elif t == 'BIGINT' -%}{{ jcat.jcat_fn('unpack_bin') }}(substr({{ img }}, {{ d }}, 8))
  {%- elif t == 'DECIMAL' -%}{{ jcat_scale(jcat.jcat_fn('unpack_packed') ~ '(substr(' ~ img ~ ', ' ~ d ~ ', ' ~ ((n // 2) + 1) ~ '))', n, c['scale'] | int) }}
  {%- elif t == 'REAL' -%}{{ jcat_lldf_float('substr(' ~ img ~ ', ' ~ d ~ ', 4)', 4, float_format) }}
  {%- elif t == 'DOUBLE' -%}{{ jcat_lldf_float('substr(' ~ img ~ ', ' ~ d ~ ', 8)', 8, float_format) }}
  {%- elif t == 'FLOAT' -%}{{ jcat_lldf_float('substr(' ~ img ~ ', ' ~ d ~ ', ' ~ n ~ ')', n, float_format) }}
  {%- elif t == 'DATE' -%}try_to_date({{ jcat.jcat_fn('ebcdic_str') }}(substr({{ img }}, {{ d }}, 10)), 'yyyy-MM-dd')
  {%- elif t == 'TIME' -%}
  if({{ jcat.jcat_fn('ebcdic_str') }}(substr({{ img }}, {{ d }}, 8)) rlike '^([01][0-9]|2[0-4])[.:][0-5][0-9][.:][0-5][0-9]$',
     translate({{ jcat.jcat_fn('ebcdic_str') }}(substr({{ img }}, {{ d }}, 8)), '.', ':'), null)
  {%- elif t == 'TIMESTAMP' -%}{{ jcat.jcat_fn('parse_ibmi_timestamp') }}(substr({{ img }}, {{ d }}, 26))
  {%- endif -%}
{%- endmacro %}

{% macro jcat_lldf_image_values(img, cols, tag, prefix, float_format=none) -%}
  {%- set ff = float_format or var('lldf_float_format', 'hfp') -%}
  if({{ tag }}__aligned, 'fits', null) as {{ prefix }}IMAGE_LAYOUT,
  {%- for c in cols %}
  {%- set s = tag ~ '__s' ~ loop.index0 %}
  {%- if c['nullable'] == 'Y' %}
  case when not {{ tag }}__aligned or substr({{ img }}, {{ s }}, 1) != X'00' then null
       else {{ jcat_lldf_decode(img, c, s ~ ' + 1', ff) }} end as {{ prefix }}{{ c['name'] }}
  {%- else %}
  if({{ tag }}__aligned, {{ jcat_lldf_decode(img, c, s, ff) }}, null) as {{ prefix }}{{ c['name'] }}
  {%- endif %}{{ "," if not loop.last }}
  {%- endfor %}
{%- endmacro %}

{% macro jcat_lldf_image_checks(img, cols, tag, prefix) -%}
  {#- (column, condition) pairs for jcat_decode_errors: the image must fit the column list, and a column whose
      null byte says "value present" (or is not a valid null byte) must decode. -#}
  {%- set checks = [(prefix ~ 'IMAGE_LAYOUT', img ~ ' is not null and not coalesce(' ~ tag ~ '__aligned, false)')] -%}
  {%- for c in cols -%}
    {%- set cond = img ~ ' is not null and ' ~ tag ~ '__aligned' -%}
    {%- if c['nullable'] == 'Y' -%}
      {%- set cond = cond ~ " and substr(" ~ img ~ ", " ~ tag ~ "__s" ~ loop.index0 ~ ", 1) != X'FF'" -%}
    {%- endif -%}
    {%- do checks.append((prefix ~ c['name'], cond)) -%}
  {%- endfor -%}
  {{ return(checks) }}
{%- endmacro %}

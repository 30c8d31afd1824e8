{#- A REAL/DOUBLE (or FLOAT(4|8)) column of a Log Master row image: expression b holds its `width` bytes,
    float_format 'hfp' (System/390 hexadecimal floating point, the default) or 'ieee'. The logical log's
    float form is unconfirmed (docs/lldf.md), so a declared table says which (tables/<name>.yml). -#}

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

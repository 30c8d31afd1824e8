{#- The one condition under which a field must have decoded (for jcat_decode_errors: a field is in error when its
    column is NULL and this holds). Every layout's "present" macro is this one with its own arguments.
    fills: byte values (hex) whose repetition over the field means "no value" (e.g. ['40'] blanks, ['00', '40']);
           [] none, the field must always decode; none: the field always decodes when whole (binary, hex).
    reach: 'whole' the record holds all of the field; 'start' it holds the field's first byte, and a field the
           record ends inside is in error too (a cut entry never passes silently); 'any' the record need not hold
           it (a NULL record counts as holding it).
    when:  a further SQL condition (the record's type carries the field), or none. -#}
{% macro jcat_must_decode(col, pos, len, fills=['40'], reach='whole', when=none) -%}
  {%- set end = pos + len - 1 -%}
  {%- set value = [] -%}
  {%- if fills is none -%}
    {%- do value.append('false') -%}
  {%- elif fills | length == 1 -%}
    {%- do value.append('substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ ") <> X'" ~ fills[0] * len ~ "'") -%}
  {%- elif fills | length > 1 -%}
    {%- set xs = [] -%}
    {%- for f in fills -%}{%- do xs.append("X'" ~ f * len ~ "'") -%}{%- endfor -%}
    {%- do value.append('substr(' ~ col ~ ', ' ~ pos ~ ', ' ~ len ~ ') not in (' ~ xs | join(', ') ~ ')') -%}
  {%- endif -%}
  {%- if reach == 'any' -%}
    {{ return('coalesce(' ~ value[0] ~ ', true)' if value else 'true') }}
  {%- endif -%}
  {%- set whole = ([when] if when is not none else []) + ['length(' ~ col ~ ') >= ' ~ end] + value -%}
  {%- set whole = '(' ~ whole | join(' and ') ~ ')' -%}
  {%- if reach == 'whole' -%}
    {{ return(whole) }}
  {%- elif reach != 'start' -%}
    {{ exceptions.raise_compiler_error("jcat_must_decode: reach is 'whole', 'start' or 'any', not " ~ reach) }}
  {%- elif not value -%}
    {{ return('length(' ~ col ~ ') >= ' ~ pos) }}
  {%- elif value == ['false'] -%}
    {{ return('(length(' ~ col ~ ') >= ' ~ pos ~ ' and length(' ~ col ~ ') < ' ~ end ~ ')') }}
  {%- else -%}
    {{ return('(length(' ~ col ~ ') >= ' ~ pos ~ ' and (length(' ~ col ~ ') < ' ~ end ~ ' or ' ~ whole ~ '))') }}
  {%- endif -%}
{%- endmacro %}

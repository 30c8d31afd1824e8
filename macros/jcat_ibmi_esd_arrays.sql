{#- Repeating parts as arrays. Spark lambdas cannot call the catalog's Python functions, so they read numbers
    with built-ins and text from esd_text (the ESD decoded once). An array is never longer than the ESD holds:
    a count larger than that gives the elements present, and the model names the part in decode_errors. -#}

{#- n unsigned Bin(64) values from a fixed position (commit IDs). -#}
{% macro jcat_ibmi_esd_u64_array(count, pos) -%}
  transform(filter(sequence(0, cast(greatest(least({{ count }}, (length(esd) - {{ pos - 1 }}) div 8), 1) as int) - 1),
                   i -> i < least({{ count }}, (length(esd) - {{ pos - 1 }}) div 8)),
            i -> {{ jcat_ibmi_esd_b_u64('esd', pos ~ ' + 8 * i') }})
{%- endmacro %}

{#- Private authority information array (32 bytes each) at a 0-based offset. -#}
{% macro jcat_ibmi_esd_authority_array(count, off) -%}
  {%- set n = 'if((' ~ off ~ ') > 0, least(' ~ count ~ ', (length(esd) - (' ~ off ~ ')) div 32), 0)' -%}
  transform(filter(sequence(0, cast(greatest({{ n }}, 1) as int) - 1), i -> i < {{ n }}),
            i -> named_struct(
              'USER_NAME',           {{ jcat_ibmi_esd_b_char('esd_text', '(' ~ off ~ ') + 1 + 32 * i', 10) }},  -- 1 Char (10)
              'OPERATION_TYPE',      {{ jcat_ibmi_esd_b_char('esd_text', '(' ~ off ~ ') + 11 + 32 * i', 3) }},  -- 11 Char (3)
              'PRIVATE_AUTHORITIES', {{ jcat_ibmi_esd_private_authorities('(' ~ off ~ ') + 21 + 32 * i') }}  -- 21 Char (12)
            ))
{%- endmacro %}

{#- Up to `most` EBCDIC texts of `width` bytes from a fixed position (licensed user names). -#}
{% macro jcat_ibmi_esd_char_array(pos, width, count, most) -%}
  {%- set n = 'least(coalesce(' ~ count ~ ', 0), ' ~ most ~ ', (length(esd) - ' ~ (pos - 1) ~ ') div ' ~ width ~ ')' -%}
  transform(filter(sequence(0, cast(greatest({{ n }}, 1) as int) - 1), i -> i < {{ n }}),
            i -> {{ jcat_ibmi_esd_b_char('esd_text', pos ~ ' + ' ~ width ~ ' * i', width) }})
{%- endmacro %}

{#- Positions of a chain of records: start at `first`, then follow `next(p)` while it moves forward and the
    record's `minimum` bytes fit in the ESD. Bounded by the ESD length, so a corrupt chain cannot loop. -#}
{% macro jcat_ibmi_esd_chain(first, next, minimum) -%}
  filter(aggregate(sequence(1, cast(greatest(length(esd) div {{ minimum }}, 1) as int)), array(cast({{ first }} as bigint)),
    (acc, i) -> if(size(acc) = i and {{ next | replace('@', 'element_at(acc, -1)') }} > element_at(acc, -1)
                   and length(esd) >= {{ next | replace('@', 'element_at(acc, -1)') }} + {{ minimum - 1 }},
                   concat(acc, array({{ next | replace('@', 'element_at(acc, -1)') }})), acc)),
    p -> length(esd) >= p + {{ minimum - 1 }})
{%- endmacro %}

{#- B FA: attribute records from 49, each: next offset Bin(32) (from the ESD start, 0 = last), identifier,
    data size, 4 reserved, data. -#}
{% macro jcat_ibmi_esd_attribute_chain(first) -%}
  transform({{ jcat_ibmi_esd_chain(first, jcat_ibmi_esd_b_uint('esd', '@', 4) ~ ' + 1', 16) }},
            p -> named_struct(
              'NEXT_OFFSET',  {{ jcat_ibmi_esd_b_uint('esd', 'p', 4) }},       -- 49 Bin (32)
              'ATTRIBUTE_ID', {{ jcat_ibmi_esd_b_uint('esd', 'p + 4', 4) }},   -- 53 Bin (32)
              'DATA_SIZE',    {{ jcat_ibmi_esd_b_uint('esd', 'p + 8', 4) }},   -- 57 Bin (32)
              'DATA',         {{ jcat_ibmi_esd_whole('p + 16', jcat_ibmi_esd_b_uint('esd', 'p + 8', 4)) }} -- 65 Char (*)
            ))
{%- endmacro %}

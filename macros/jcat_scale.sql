{#- Apply a decimal scale to the integer value of a zoned or packed field, exactly.
    unpack_zoned/unpack_packed/unpack_bin_decimal/unpack_edited return DECIMAL(38,0) (the digits as an integer); a field defined as
    DECIMAL(precision, scale) is that value times 10^-scale. Spark multiplies DECIMAL(p,0) by
    DECIMAL(s+1,s) exactly while p + s + 2 <= 38, so wider combinations are refused at compile time
    rather than rounded. -#}
{% macro jcat_scale(expr, precision, scale) -%}
  {{ return(adapter.dispatch('jcat_scale', 'jcat')(expr, precision, scale)) }}
{%- endmacro %}

{% macro default__jcat_scale(expr, precision, scale) -%}
  {%- if scale | int == 0 -%}
    cast({{ expr }} as decimal({{ precision }}, 0))
  {%- elif precision | int + scale | int + 2 > 38 -%}
    {{ exceptions.raise_compiler_error("jcat_scale: DECIMAL(" ~ precision ~ "," ~ scale ~ ") cannot be scaled exactly in Spark (precision + scale must be at most 36)") }}
  {%- else -%}
    cast(cast({{ expr }} as decimal({{ precision }}, 0)) * cast('1e-{{ scale }}' as decimal({{ scale | int + 1 }}, {{ scale }})) as decimal({{ precision }}, {{ scale }}))
  {%- endif -%}
{%- endmacro %}

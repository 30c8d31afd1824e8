{#- IDMS 8-byte internal date-time at a 1-based position (Broadcom KB 28740): bits 0-26 days since
    0001-01-01 (day 0; proleptic Gregorian, as Spark and Python count), bits 27-43 seconds since midnight,
    bits 44-63 microseconds. Read as two unsigned 4-byte halves so no bit is lost to a sign.
    utc=true gives a TIMESTAMP instant (the GMT stamps), otherwise a TIMESTAMP_NTZ wall clock (local stamps).
    All zeros ("not yet written", e.g. a TIME record's stamp before the buffer is written) gives NULL;
    seconds >= 86400, microseconds >= 10^6 or a day past 9999-12-31 give NULL (a decode error in the model). -#}
{% macro jcat_idms_datetime(col, pos, utc=false) -%}
  {{ return(adapter.dispatch('jcat_idms_datetime', 'jcat')(col, pos, utc)) }}
{%- endmacro %}

{% macro default__jcat_idms_datetime(col, pos, utc) -%}
  {%- set hi = jcat.jcat_fn('unpack_bin') ~ '(substr(' ~ col ~ ', ' ~ pos ~ ', 4), false)' -%}
  {%- set lo = jcat.jcat_fn('unpack_bin') ~ '(substr(' ~ col ~ ', ' ~ (pos + 4) ~ ', 4), false)' -%}
  {%- set days = 'shiftright(' ~ hi ~ ', 5)' -%}
  {%- set secs = '(shiftleft(' ~ hi ~ ' & 31, 12) | shiftright(' ~ lo ~ ', 20))' -%}
  {%- set micros = '(' ~ lo ~ ' & 1048575)' -%}
  (case
    when length(substr({{ col }}, {{ pos }}, 8)) < 8 or substr({{ col }}, {{ pos }}, 8) = X'0000000000000000' then null
    when {{ days }} > 3652058 or {{ secs }} >= 86400 or {{ micros }} >= 1000000 then null
    {%- if utc %}
    else timestamp_micros(({{ days }} - 719162) * 86400000000 + {{ secs }} * 1000000 + {{ micros }})
    {%- else %}
    else timestamp_ntz'0001-01-01 00:00:00' + make_dt_interval(cast({{ days }} as int), 0, 0,
      cast(cast({{ secs }} * 1000000 + {{ micros }} as decimal(18, 0)) / 1000000 as decimal(18, 6)))
    {%- endif %}
  end)
{%- endmacro %}

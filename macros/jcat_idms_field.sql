{#- One field of an IDMS journal record: decoded when the record's type carries it (seed 004's headings)
    and the record is long enough to hold it, NULL otherwise. kind: ubin (unsigned big-endian, BIGINT), u64
    (unsigned 8 bytes, DECIMAL(20,0), exact to 2^64-1), char
    (EBCDIC, blank -> NULL), hex (raw bytes as hex text), packed, ts (IDMS date-time, local wall clock),
    ts_utc (IDMS date-time, UTC instant). -#}
{% macro jcat_idms_field(kind, pos, len, types, col='record') -%}
  {{ return(adapter.dispatch('jcat_idms_field', 'jcat')(kind, pos, len, types, col)) }}
{%- endmacro %}

{% macro default__jcat_idms_field(kind, pos, len, types, col) -%}
  {%- if kind == 'ubin' -%}{%- set expr = jcat_bin(col, pos, len, false) -%}
  {%- elif kind == 'u64' -%}{%- set expr = jcat_u64(col, pos, len) -%}
  {%- elif kind == 'char' -%}{%- set expr = jcat_char(col, pos, len) -%}
  {%- elif kind == 'hex' -%}{%- set expr = jcat_hex(col, pos, len) -%}
  {%- elif kind == 'packed' -%}{%- set expr = jcat_packed(col, pos, len) -%}
  {%- elif kind == 'ts' -%}{%- set expr = jcat_idms_datetime(col, pos) -%}
  {%- elif kind == 'ts_utc' -%}{%- set expr = jcat_idms_datetime(col, pos, true) -%}
  {%- else -%}{{ exceptions.raise_compiler_error("jcat_idms_field: unknown kind " ~ kind) }}
  {%- endif -%}
  case when {{ jcat_idms_applies(pos, len, types, col) }} then {{ expr }} end
{%- endmacro %}

{#- The field applies to this record: its type carries it and the record holds all of its bytes.
    The common prefix (ALL) applies to any record, so a type outside seed 004's list still shows its prefix. -#}
{% macro jcat_idms_applies(pos, len, types, col='record') -%}
  {%- if types == 'ALL' -%}
  (length({{ col }}) >= {{ pos + len - 1 }})
  {%- else -%}
  ({{ jcat_idms_carried(types, col) }} and length({{ col }}) >= {{ pos + len - 1 }})
  {%- endif -%}
{%- endmacro %}

{#- The field applies and holds a value: not all X'00' and not all blanks (for decode_errors checks). -#}
{% macro jcat_idms_present(pos, len, types, col='record') -%}
  ({{ jcat_idms_applies(pos, len, types, col) }}
   and substr({{ col }}, {{ pos }}, {{ len }}) not in (X'{{ "00" * len }}', X'{{ "40" * len }}'))
{%- endmacro %}

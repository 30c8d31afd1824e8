{#- journal_entries' decoding over the raw table (the view journal_entries and the incremental table
    journal_entries_decoded both render it): IBM i journal entries from DSPJRN OUTFILFMT(*TYPE5) outfiles
    (record format QJORDJE5), the heading decoded, the entry-specific data (ESD) kept as bytes for the
    per-layout models built on this one.

    The ESD starts at var('jcat_ibmi_esd_pos') (610 with DSPJRN's defaults; NULLINDLEN moves it: an outfile's
    layout is a property of the file). Its length is the entry length (JOENTL, which counts everything before
    the ESD) minus what precedes the ESD, capped by what the record holds: DSPJRN pads short entries to the
    outfile's record length and truncates long ones. -#}
{% macro jcat_journal_entries(relation) -%}
{%- set esd_pos = var('jcat_ibmi_esd_pos', 610) | int -%}
with {{ jcat_layout_records(relation, 'qjordje5') }},

decoded as (
  select
    source_file, record_offset, record_number, load_id, record,
    {{- jcat_ibmi_heading('record', esd_pos, struct='d') }}
    -- least() skips NULL: an undecodable JOENTL (named in decode_errors) leaves the record length as the bound
    greatest(0, least(cast({{ jcat_layout_field('zoned', 'record', 1, 5, 'd', 'JOENTL') }} as int) - {{ esd_pos - 1 }}, length(record) - {{ esd_pos - 1 }})) as ENTRY_SPECIFIC_DATA_LENGTH -- {{ esd_pos }} Char(*) JOESD
  from records
),

checked as (
  select *,
    concat(
      {{ jcat_decode_errors(jcat_ibmi_heading_checks('record', esd_pos)) }},
      -- JOENTL counts the heading: an entry length shorter than the 559 bytes before the null indicators (whether
      -- it counts those is unconfirmed) cannot say where the ESD ends. The ESD is then empty, the value is kept,
      -- and the ESD models name every part that did not decode.
      if(ENTRY_LENGTH is not null and ENTRY_LENGTH < 559, array('ENTRY_LENGTH'), cast(array() as array<string>))
    ) as decode_errors
  from decoded
)

select
  source_file, record_offset, record_number, load_id,
  {{- jcat_ibmi_heading_columns(esd_pos) }}
  substr(record, {{ esd_pos }}, ENTRY_SPECIFIC_DATA_LENGTH) as ENTRY_SPECIFIC_DATA,
  ENTRY_SPECIFIC_DATA_LENGTH,
  {{ jcat_strict_guard() }} as decode_errors
from checked
{%- endmacro %}

{#- journal_entries' decoding over the raw table (the view journal_entries and the incremental table
    journal_entries_decoded both render it): IBM i journal entries from DSPJRN OUTFILFMT(*TYPE5) outfiles
    (record format QJORDJE5), the heading decoded, the entry-specific data (ESD) kept as bytes for the
    per-layout models built on this one.

    The ESD starts at jcat_ibmi_esd_pos() (var jcat_ibmi_esd_pos, else DSPJRN's default). Its length is the
    entry length (JOENTL, which counts everything before the ESD) minus what precedes the ESD, capped by what the
    record holds: DSPJRN pads short entries to the outfile's record length and truncates long ones. Positions
    come from the heading's declaration (jcat_ibmi_heading_field). -#}
{% macro jcat_journal_entries(relation) -%}
{%- set esd_pos = jcat_ibmi_esd_pos() -%}
{%- set entl = jcat_ibmi_heading_field('ENTRY_LENGTH', esd_pos) -%}
{%- set before_indicators = jcat_ibmi_heading_field('NULL_VALUE_INDICATORS', esd_pos)[1] - 1 -%}
with {{ jcat_layout_records(relation, 'qjordje5') }},

decoded as (
  select
    source_file, record_offset, record_number, load_id, record,
    {{- jcat_ibmi_heading('record', esd_pos, struct='d') }}
    -- least() skips NULL: an undecodable JOENTL (named in decode_errors) leaves the record length as the bound
    greatest(0, least(cast({{ jcat_layout_field(entl[3], 'record', entl[1], entl[2], 'd', entl[5]) }} as int) - {{ esd_pos - 1 }}, length(record) - {{ esd_pos - 1 }})) as ENTRY_SPECIFIC_DATA_LENGTH -- {{ esd_pos }} Char(*) JOESD
  from records
),

checked as (
  select *,
    concat(
      {{ jcat_decode_errors(jcat_ibmi_heading_checks('record', esd_pos)) }},
      -- JOENTL counts the heading: an entry length shorter than the bytes before the null indicators (whether
      -- it counts those is unconfirmed) cannot say where the ESD ends. The ESD is then empty, the value is kept,
      -- and the ESD models name every part that did not decode.
      if(ENTRY_LENGTH is not null and ENTRY_LENGTH < {{ before_indicators }}, array('ENTRY_LENGTH'), cast(array() as array<string>))
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

{#- Hand-written part of the decoding of lldf_segments (udfs/render/lldf_segments.py writes the header's field lines
    from udfs/core/layouts/lldf.py before it, and the whole as macros/jcat_lldf_segments.sql): DATA, decode_errors,
    the header length check and the strict guard. -#}
    -- DATA starts where the header says it ends (the header grows between product versions)
    substr(record, {{ jcat_layout_field('ubin', 'record', 1, 2, 'd', 'LENGTH') }} + 1) as segment_data,
    substr(record, 1, 32)                                   as first_bytes,
    record
  from records
),

checked as (
  select *,
    {{ jcat_decode_errors(jcat_lldf_segments_checks()) }} as decode_errors_0
  from decoded
)

select
  * except (record, decode_errors_0, decode_errors),
  -- a header shorter than seed 002's 288 bytes, or longer than the record, cannot be read
  {{ jcat_strict_guard('decode_errors') }} as decode_errors
from (
  select *,
    concat(decode_errors_0, if(LENGTH is not null and (LENGTH < 288 or LENGTH > RECORD_LENGTH), array('LENGTH'), array())) as decode_errors
  from checked
)
{%- endmacro %}

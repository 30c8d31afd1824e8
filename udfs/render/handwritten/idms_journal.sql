{#- Hand-written part of the decoding of idms_journal (udfs/render/idms_journal.py appends it to the field lines
    it derives from udfs/core/layouts/idms.py, in macros/jcat_idms_journal.sql): the derived columns (db-key
    split, record image, LID list), decode_errors and the strict guard. -#}
derived as (
  select *,
    -- db-key = page x 2^radix + line (radix: var idms_dbk_format, the segment's DBK-FORMAT, default 8)
    shiftright(DB_KEY, {{ radix }}) as DB_KEY_PAGE,
    DB_KEY & {{ 2 ** radix - 1 }} as DB_KEY_LINE,
    -- the record image follows the 64-byte BFOR/AFTR header; length 0 is a null image (store: no before
    -- image, erase: no after image); an image the record cannot hold is NULL and a decode error
    case when IMAGE_LEN > 0 and length(record) >= {{ 64 }} + IMAGE_LEN then substr(record, 65, IMAGE_LEN) end as RECORD_IMAGE,
    -- DIND/DCOM/DBAK: LIDNUM 4-byte LIDs at 0-based offset LIDOFF, which must lie past the fixed part
    case
      when LIDNUM = 0 then cast(array() as array<bigint>)
      when LIDOFF >= 84 and LIDOFF + 4 * LIDNUM <= length(record)
        then transform(sequence(0, LIDNUM - 1), i -> cast(conv(hex(substr(record, LIDOFF + 4 * i + 1, 4)), 16, 10) as bigint))
    end as LIDS
  from decoded
),

checked as (
  select *,
    concat(
      {#- every decoded field that can fail (jcat_idms_journal_checks), then the derived columns -#}
      {{ jcat_decode_errors(jcat_idms_journal_checks() + [
        ('RECORD_IMAGE', 'IMAGE_LEN > 0'),
        ('LIDS', jcat_idms_applies(69, 4, 'DIST')),
      ]) }},
      -- REC-LEN counts the whole record: a landed record of another length was cut at the wrong place
      if(REC_LEN is not null and REC_LEN <> length(record), array('REC_LEN'), cast(array() as array<string>)),
      -- a type outside seed 004's list still decodes its common prefix, but is named here
      if(TYPE is not null and not {{ jcat_idms_carried('ALL') }}, array('TYPE'), cast(array() as array<string>))
    ) as decode_errors
  from derived
)

select
  * except (record, decode_errors),
  {{ jcat_strict_guard() }} as decode_errors
from checked
{%- endmacro %}

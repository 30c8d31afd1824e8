{{ config(materialized='table') }}
{#- LLDF records that cannot become a whole data change: every segment of a group with a missing, duplicated
    or inconsistent segment (or an unreadable header), with the reason. Framing errors (bytes that are not a
    record at all) are in raw_rejects, written by `jcat load`; these are valid records whose logical record
    is incomplete, which only shows once all segments are seen together. -#}
select
  source_file,
  record_offset,
  RECORD_LENGTH                          as length,
  reject_reason                          as reason,
  hex(first_bytes)                       as first_bytes_hex,
  'lldf'                                 as layout,
  load_id,
  record_number,
  CHANGE_TYPE,
  TOTALSEGS,
  SEGNUM,
  hex(UORID)                             as UORID_HEX,
  hex(LOGRBA)                            as LOGRBA_HEX,
  hex(LOGLRSN)                           as LOGLRSN_HEX
from ({{ jcat_lldf_segment_groups(ref('lldf_segments_decoded')) }})
where reject_reason is not null

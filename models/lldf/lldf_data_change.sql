{{ config(materialized='table') }}
{#- One row per data change record: segments joined in SEGNUM order, then the row images read from the
    reassembled DATA. Groups with a missing, duplicated or inconsistent segment are left out here and listed,
    segment by segment, in lldf_segment_rejects (macro jcat_lldf_segment_groups holds the shared rules). -#}
with groups as (
  {{ jcat_lldf_segment_groups(ref('lldf_segments_decoded')) }}
),

assembled as (
  select *,
    -- DATA of the whole change: each segment's slice, in SEGNUM order; the header is segment 1's
    aggregate(segs, X'', (acc, s) -> concat(acc, s.segment_data)) as data_raw
  from groups
  where reject_reason is null and seg_rank = 1
),

data as (
  select *,
    length(data_raw) as data_length,
    -- seed 002, DATA: "First 2 bytes are a halfword value that contains total length of the data segment
    -- (including 2-byte length)"
    if(length(data_raw) >= 2, {{ jcat_fn('unpack_bin') }}(substr(data_raw, 1, 2), false), null) as DATA_TOTAL_LENGTH,
    -- then each image: "a two-byte length value that defines the length of the succeeding row image"; the
    -- second (UB after image, E clone name) "begins immediately after" the first
    if(length(data_raw) >= 4, {{ jcat_fn('unpack_bin') }}(substr(data_raw, 3, 2), false), null) as len1,
    case CHANGE_TYPE when 'UB' then 2 when 'E' then 2 when 'I' then 1 when 'IL' then 1 when 'D' then 1
         -- "data segments might or might not exist": limit keys when DATA holds more than its total length
         when 'DM' then if(length(data_raw) > 2, 1, 0) when 'DT' then if(length(data_raw) > 2, 1, 0)
         when 'DR' then if(length(data_raw) > 2, 1, 0)
    end as image_count  -- NULL: the seed does not describe this type's DATA (CO, CM, SC): kept whole in data_raw
  from assembled
),

walked as (
  select *,
    if(image_count = 2 and len1 is not null and length(substr(data_raw, 5 + len1, 2)) = 2,
       {{ jcat_fn('unpack_bin') }}(substr(data_raw, 5 + len1, 2), false), null) as len2
  from data
),

checked as (
  select *,
    -- the lengths must add up: 2 + each image's (2 + length) = DATA's total length = the DATA bytes landed
    coalesce(case
      when data_length = 0 then CHANGE_TYPE in ('DM', 'DT', 'DR')
      when DATA_TOTAL_LENGTH is null or DATA_TOTAL_LENGTH != data_length then false
      when image_count is null or image_count = 0 then data_length = 2 or image_count is null
      when image_count = 1 then len1 is not null and 4 + len1 = data_length
      else len1 is not null and len2 is not null and 6 + len1 + len2 = data_length
    end, false) as data_ok
  from walked
),

cut as (
  select *,
    if(data_ok and image_count >= 1, substr(data_raw, 5, len1), null)            as image1,
    if(data_ok and image_count = 2, substr(data_raw, 7 + len1, len2), null)      as image2
  from checked
),

final as (
  select *,
    case when CHANGE_TYPE in ('UB', 'D') then image1 end                   as before_image,
    case when CHANGE_TYPE = 'UB' then image2
         when CHANGE_TYPE in ('I', 'IL') then image1 end                   as after_image,
    case when CHANGE_TYPE in ('DM', 'DT', 'DR') then image1 end            as limit_key_image,
    -- 'E': 2-byte length + clone owner, 2-byte length + clone name
    case when CHANGE_TYPE = 'E' then {{ jcat_fn('ebcdic_str') }}(image1) end                as CLONE_TABLE_OWNER,
    case when CHANGE_TYPE = 'E' then {{ jcat_fn('ebcdic_str') }}(image2) end                as CLONE_TABLE_NAME
  from cut
)

select
  source_file, record_offset, record_number, load_id, segment_count, segment_offsets,
  {{- jcat_lldf_header_columns() }}
  data_length, DATA_TOTAL_LENGTH, image_count,
  before_image, after_image, limit_key_image, CLONE_TABLE_OWNER, CLONE_TABLE_NAME,
  data_raw,
  {{ jcat_strict_guard('decode_errors', record_col='first_bytes') }} as decode_errors
from (
  select * except (decode_errors),
    array_distinct(concat(group_errors, filter(array(
      -- lengths that do not add up: the images are NULL, never a guess, and named here
      if(not data_ok, 'DATA', null),
      if(not data_ok and CHANGE_TYPE in ('UB', 'D'), 'before_image', null),
      if(not data_ok and CHANGE_TYPE in ('UB', 'I', 'IL'), 'after_image', null),
      if(not data_ok and CHANGE_TYPE in ('DM', 'DT', 'DR') and data_length > 0, 'limit_key_image', null),
      if(not data_ok and CHANGE_TYPE = 'E', 'CLONE_TABLE_OWNER', null),
      if(not data_ok and CHANGE_TYPE = 'E', 'CLONE_TABLE_NAME', null)
    ), x -> x is not null))) as decode_errors
  from final
)

{{ config(materialized='table') }}
{#- One row per data change record: segments joined in SEGNUM order, then the row images read from the
    reassembled DATA. Groups with a missing, duplicated or inconsistent segment are left out here and listed,
    segment by segment, in lldf_segment_rejects (macro jcat_lldf_segment_groups holds the shared rules). -#}
with groups as (
  {{ jcat_lldf_segment_groups(ref('lldf_segments')) }}
),

assembled as (
  select *,
    -- DATA of the whole change: each segment's slice, in SEGNUM order; the header is segment 1's
    aggregate(segs, X'', (acc, s) -> concat(acc, s.segment_data)) as data_raw
  from groups
  where reject_reason is null and seg_rank = 1
),

images as (
  select *,
    length(data_raw) as data_length,
    case when CHANGE_TYPE = 'UB' then 2
         when CHANGE_TYPE in ('DM', 'DT', 'DR') and length(data_raw) = 0 then 0
         else 1 end as image_count,
    -- first image length at DATA + 0; the second (UB) follows the first image
    if(length(substr(data_raw, 1, 2)) = 2, unpack_bin(substr(data_raw, 1, 2), false), null) as len1
  from assembled
),

rules as (
  select *,
    -- exclusive: the 2-byte length does not count itself (seed prose); inclusive: it does (seed table)
    if(length(substr(data_raw, 3 + len1, 2)) = 2, unpack_bin(substr(data_raw, 3 + len1, 2), false), null) as len2_excl,
    if(length(substr(data_raw, 1 + len1, 2)) = 2, unpack_bin(substr(data_raw, 1 + len1, 2), false), null) as len2_incl
  from images
),

split as (
  select *,
    case
      when image_count = 0 then 'none'
      when image_count = 1 and 2 + len1 = data_length then 'exclusive'
      when image_count = 1 and len1 >= 2 and len1 = data_length then 'inclusive'
      when image_count = 2 and 4 + len1 + len2_excl = data_length then 'exclusive'
      when image_count = 2 and len1 >= 2 and len2_incl >= 2 and len1 + len2_incl = data_length then 'inclusive'
    end as IMAGE_LENGTH_RULE
  from rules
),

cut as (
  select *,
    case IMAGE_LENGTH_RULE when 'exclusive' then substr(data_raw, 3, len1)
                           when 'inclusive' then substr(data_raw, 3, len1 - 2) end as image1,
    case when image_count < 2 then null
         when IMAGE_LENGTH_RULE = 'exclusive' then substr(data_raw, 5 + len1, len2_excl)
         when IMAGE_LENGTH_RULE = 'inclusive' then substr(data_raw, 3 + len1, len2_incl - 2) end as image2
  from split
),

typed as (
  select *,
    case when CHANGE_TYPE in ('UB', 'D') then image1 end                   as before_image,
    case when CHANGE_TYPE = 'UB' then image2
         when CHANGE_TYPE in ('I', 'IL') then image1 end                   as after_image,
    case when CHANGE_TYPE in ('DM', 'DT', 'DR') then image1 end            as limit_key_image,
    -- 'E': 2-byte length + clone owner, 2-byte length + clone name
    case when CHANGE_TYPE = 'E' and length(image1) >= 2 then unpack_bin(substr(image1, 1, 2), false) end as clone_owner_len
  from cut
),

clone as (
  select *,
    case when clone_owner_len is not null and length(substr(image1, 3 + clone_owner_len, 2)) = 2
         then unpack_bin(substr(image1, 3 + clone_owner_len, 2), false) end as clone_name_len
  from typed
),

final as (
  select *,
    case when 4 + clone_owner_len + clone_name_len = length(image1)
         then ebcdic_str(substr(image1, 3, clone_owner_len)) end            as CLONE_TABLE_OWNER,
    case when 4 + clone_owner_len + clone_name_len = length(image1)
         then ebcdic_str(substr(image1, 5 + clone_owner_len, clone_name_len)) end as CLONE_TABLE_NAME
  from clone
)

select
  source_file, record_offset, record_number, load_id, segment_count, segment_offsets,
  LENGTH, SYSTEMID,
  DBID, PSID, TBOBID, TBOWNERLEN, TBNAMELEN, DBNAME, TSNAME, TABLEOWNER, TABLENAME, PARTNUM,
  `TIMESTAMP`, TIMESTAMP_FRACTION,
  LOGLRSN, LOGLRSN_TIME, LOGRBA, LOGRBA_NUMBER, MEMBERID, RID, RID_PAGE, RID_ROW,
  CHANGE_TYPE, {{ jcat_lldf_describe('CHANGE_TYPE', 'CHANGE_TYPE') }} as CHANGE_TYPE_DESC,
  SQLTYPE, {{ jcat_lldf_describe('SQLTYPE', 'SQLTYPE') }} as SQLTYPE_DESC,
  LOGRECDISP, {{ jcat_lldf_describe('LOGRECDISP', 'LOGRECDISP') }} as LOGRECDISP_DESC,
  SQLSRCTYPE, {{ jcat_lldf_describe('SQLSRCTYPE', 'SQLSRCTYPE') }} as SQLSRCTYPE_DESC,
  LOGBYTES, LOGDELTA, ANOMALYROWID,
  ANOMALYTYPE, {{ jcat_lldf_describe('ANOMALYTYPE', 'ANOMALYTYPE') }} as ANOMALYTYPE_DESC,
  ANOMALYRBA, ANOMALYRBA_NUMBER,
  UORTIMESTAMP, UORTIMESTAMP_FRACTION, UORCOMMITTIMESTAMP, UORCOMMITTIMESTAMP_FRACTION,
  UORDISP, {{ jcat_lldf_describe('UORDISP', 'UORDISP') }} as UORDISP_DESC,
  UORIDLRSN, UORIDLRSN_TIME, UORID, UORID_NUMBER,
  SEGLEN, TOTALSEGS, SEGNUM,
  UORCOMMITLRSN, UORCOMMITLRSN_TIME, UORCOMMITPOINT, UORCOMMITPOINT_NUMBER,
  CONNECTIONTYPE, CONNECTID, CORRELATIONID, AUTHID, PLAN, LUWNETWORKID, LUWNAME,
  LUWINSTANCENO, LUWSEQUENCENO,
  INCOMPLETETRANS, INCOMPLETEDEP, UORHASCOMP,
  SQLRIRBA, SQLRIRBA_NUMBER,
  PAGENUMFMT, {{ jcat_lldf_describe('PAGENUMFMT', 'PAGENUMFMT') }} as PAGENUMFMT_DESC,
  data_length, IMAGE_LENGTH_RULE, image_count,
  before_image, after_image, limit_key_image, CLONE_TABLE_OWNER, CLONE_TABLE_NAME,
  data_raw,
  {{ jcat_strict_guard('decode_errors', record_col='first_bytes') }} as decode_errors
from (
  select * except (decode_errors),
    array_distinct(concat(group_errors, filter(array(
      if(IMAGE_LENGTH_RULE is null, 'DATA', null),
      if(CHANGE_TYPE = 'E' and IMAGE_LENGTH_RULE is not null and CLONE_TABLE_NAME is null, 'CLONE_TABLE_NAME', null)
    ), x -> x is not null))) as decode_errors
  from final
)

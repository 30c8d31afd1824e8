{#- Group LLDF segments into logical records and judge each group. One row per landed segment, with the
    group's ordered segments (`segs`), its header errors, and `reject_reason` (NULL when the group is whole).

    What identifies one logical record across its segments: the product copies the header into every segment,
    so the segments of one change agree on the unit of recovery (UORID, UORIDLRSN, MEMBERID), the change's log
    position (LOGRBA, LOGLRSN), the object (DBID, PSID, TBOBID), the row (RID) and the CHANGE TYPE; they are
    written together into one file, so one load of one file (load_id, source_file) holds them all. An
    unsegmented record (TOTALSEGS 0 or 1) is a group of its own (its record_offset is part of the key), so two
    look-alike unsegmented records are never taken for duplicated segments. -#}
{% macro jcat_lldf_segment_groups(segments) -%}
  {{ return(adapter.dispatch('jcat_lldf_segment_groups', 'jcat')(segments)) }}
{%- endmacro %}

{% macro default__jcat_lldf_segment_groups(segments) -%}
  select *,
    case
      when bad_header then concat('bad_header_length: LENGTH ', coalesce(cast(LENGTH as string), 'unreadable'),
           ' in a segment of ', cast(RECORD_LENGTH as string), ' bytes (seed 002 header is at least 288 bytes)')
      when min_total != max_total then concat('inconsistent_totalsegs: the segments of one record say TOTALSEGS ',
           cast(min_total as string), ' and ', cast(max_total as string))
      when min_total > 1 and exists(segnums, n -> n < 1 or n > min_total) then concat('bad_segnum: SEGNUM ',
           array_join(transform(filter(array_distinct(segnums), n -> n < 1 or n > min_total), n -> cast(n as string)), ','),
           ' outside 1..', cast(min_total as string))
      when seg_rows > size(array_distinct(segnums)) then concat('duplicate_segment: SEGNUM ',
           array_join(transform(filter(array_sort(array_distinct(segnums)), n -> size(filter(segnums, m -> m = n)) > 1),
                      n -> cast(n as string)), ','), ' present more than once (TOTALSEGS ', cast(min_total as string), ')')
      when min_total > 1 and size(array_distinct(segnums)) < min_total then concat('missing_segment: SEGNUM ',
           array_join(transform(filter(sequence(1, min_total), n -> not array_contains(segnums, n)), n -> cast(n as string)), ','),
           ' of ', cast(min_total as string), ' not found (found ',
           array_join(transform(array_sort(segnums), n -> cast(n as string)), ','), ')')
    end as reject_reason
  from (
    select s.*,
      count(*) over g                                           as seg_rows,
      coalesce(min(greatest(coalesce(TOTALSEGS, 1), 1)) over g, 1) as min_total,
      coalesce(max(greatest(coalesce(TOTALSEGS, 1), 1)) over g, 1) as max_total,
      collect_list(coalesce(SEGNUM, 0)) over g                  as segnums,
      max(LENGTH is null or LENGTH < 288 or LENGTH > RECORD_LENGTH) over g as bad_header,
      array_sort(collect_list(named_struct('segnum', SEGNUM, 'record_offset', record_offset,
                                           'segment_data', segment_data)) over g) as segs,
      count(*) over g                                           as segment_count,
      transform(array_sort(collect_list(named_struct('segnum', SEGNUM, 'record_offset', record_offset)) over g),
                x -> x.record_offset)                           as segment_offsets,
      array_distinct(flatten(collect_list(decode_errors) over g)) as group_errors,
      row_number() over (partition by {{ jcat_lldf_segment_key() }} order by SEGNUM, record_offset) as seg_rank
    from {{ segments }} s
    window g as (partition by {{ jcat_lldf_segment_key() }})
  )
{%- endmacro %}

{% macro jcat_lldf_segment_key() -%}
  load_id, source_file, UORID, UORIDLRSN, MEMBERID, LOGRBA, LOGLRSN, DBID, PSID, TBOBID, RID, CHANGE_TYPE,
  if(coalesce(TOTALSEGS, 0) > 1, -1, record_offset)
{%- endmacro %}

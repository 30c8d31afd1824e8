{{ config(materialized='table') }}
{#- Every data change in the order the product's documentation advises for replay: by the commit of its unit
    of recovery (UORCOMMITLRSN), then by its order within the unit of recovery. ORDERVALUE, the documented
    within-UR key, is not in seed 002's header; the change's own log position (LOGLRSN, then LOGRBA) is the order
    Db2 logged the changes in, and SQLRIRBA (the product's SQL sort key) breaks remaining ties. Byte strings sort
    unsigned, so the 10-byte fields sort correctly in both LRSN placements. Aborted and rolled-back changes stay
    here (is_committed = false); lldf_committed_changes keeps only committed work. -#}
select
  -- a unit of recovery without a commit (aborted: commit LRSN all zeros) sorts after all committed work
  row_number() over (order by UORCOMMITLRSN = X'00000000000000000000', UORCOMMITLRSN, UORCOMMITPOINT, LOGLRSN, LOGRBA, SQLRIRBA, source_file, record_offset)
                                                   as stream_seq,
  UORCOMMITLRSN                                    as sort_commit_lrsn,
  UORCOMMITPOINT                                   as sort_commit_rba,
  LOGLRSN                                          as sort_log_lrsn,
  LOGRBA                                           as sort_log_rba,
  SQLRIRBA                                         as sort_sql_key,
  row_number() over (partition by MEMBERID, UORID, UORIDLRSN
                     order by LOGLRSN, LOGRBA, SQLRIRBA, source_file, record_offset)
                                                   as uor_seq,
  coalesce(UORDISP = 'C' and LOGRECDISP = 'C', false) as is_committed,
  c.*
from {{ ref('lldf_data_change') }} c

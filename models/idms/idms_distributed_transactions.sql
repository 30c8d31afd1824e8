{#- Distributed checkpoints (DIND, DCOM, DBAK, DPND, DFGT), one row per entry and LID of its list, so each
    local branch links to its distributed transaction (DTRID) and that transaction's outcome. Entries without
    a LID list (DPND, DFGT) give one row with LID NULL. Aggregates across records: a table. -#}
{{ config(materialized='table') }}

with entries as (
  select * from {{ ref('idms_journal_decoded') }}
  where TYPE in ('DIND', 'DCOM', 'DBAK', 'DPND', 'DFGT')
),

per_dtrid as (
  select
    DTRID,
    -- the last decision wins: DCOM commits, DBAK backs out; a DIND alone is in doubt
    case max_by(TYPE, if(TYPE in ('DCOM', 'DBAK'), SEQ, null))
      when 'DCOM' then 'COMMITTED'
      when 'DBAK' then 'BACKED_OUT'
      else case when count_if(TYPE = 'DIND') > 0 then 'IN_DOUBT'
                when count_if(TYPE = 'DPND') > 0 then 'PENDING'
                else 'UNKNOWN' end
    end as DISTRIBUTED_OUTCOME,
    count_if(TYPE = 'DPND') > 0 as HAS_PENDING,
    count_if(TYPE = 'DFGT') > 0 as FORGOTTEN
  from entries
  group by DTRID
),

exploded as (
  select e.*, l.LID_INDEX, l.LID
  from entries e
  lateral view posexplode_outer(e.LIDS) l as LID_INDEX, LID
)

select
  x.source_file, x.record_offset, x.record_number, x.load_id,
  x.TYPE, x.SEQ, x.GMT,
  x.DTRID, x.DTRIDQ, x.DNODE, x.DID, x.DBRANCH_ID,
  x.DFLAG1, x.DFLAG2, x.STATE, x.OUTCOME, x.PREPARE_OUTCOME, x.BACKOUT_REASON,
  x.LIDNUM, x.LID_INDEX, x.LID,
  d.DISTRIBUTED_OUTCOME, d.HAS_PENDING, d.FORGOTTEN,
  t.OUTCOME as LOCAL_OUTCOME,
  t.END_TYPE as LOCAL_END_TYPE,
  t.PROGRAM_NAME as LOCAL_PROGRAM_NAME,
  x.decode_errors
from exploded x
join per_dtrid d on d.DTRID <=> x.DTRID
left join {{ ref('idms_transactions') }} t on t.TRANSACT_ID = x.LID

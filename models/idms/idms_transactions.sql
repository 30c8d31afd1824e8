{#- One row per local transaction id (LID, TRANSACT-ID): its BGIN, program, user and external id, the last
    end checkpoint and the outcome, statement rollbacks, before/after image counts and the areas readied.
    Aggregates across records, so a table rebuilt each run. LIDs are taken as unique within the journals
    loaded (IDMS assigns them increasing; a reuse after a CV cold start would merge two transactions). -#}
{{ config(materialized='table') }}

with records as (
  select * from {{ ref('idms_journal_decoded') }}
  where TRANSACT_ID is not null and TYPE in ('BGIN', 'COMT', 'ENDJ', 'ABRT', 'RTSV', 'AREA', 'BFOR', 'AFTR')
),

per_lid as (
  select
    TRANSACT_ID,
    min_by(named_struct('seq', SEQ, 'gmt', GMT, 'local', DTESTAMP, 'program', PROGRAM_NAME, 'user', USER_ID,
                        'external', EXTERNAL_ID, 'file', source_file, 'offset', record_offset),
           if(TYPE = 'BGIN', SEQ, null)) as bgin,
    max_by(named_struct('type', TYPE, 'seq', SEQ, 'gmt', GMT, 'local', DTESTAMP, 'file', source_file,
                        'offset', record_offset, 'updated', UPDATED),
           if(TYPE in ('COMT', 'ENDJ', 'ABRT'), SEQ, null)) as last_end,
    max_by(PROGRAM_NAME, if(PROGRAM_NAME is not null, SEQ, null)) as any_program,
    count_if(TYPE = 'COMT') as COMMIT_CHECKPOINTS,
    count_if(TYPE = 'RTSV') as STATEMENT_ROLLBACKS,
    count_if(TYPE = 'BFOR') as BFOR_COUNT,
    count_if(TYPE = 'AFTR') as AFTR_COUNT,
    count_if(TYPE = 'BFOR' and IMAGE_LEN = 0) as STORES,   -- a store has no before image
    count_if(TYPE = 'AFTR' and IMAGE_LEN = 0) as ERASES,   -- an erase has no after image
    array_sort(collect_set(AREA)) as AREAS_READIED,
    count(*) as RECORD_COUNT,
    min(SEQ) as FIRST_SEQ,
    max(SEQ) as LAST_SEQ,
    max_by(TYPE, SEQ) as last_type,
    count_if(size(decode_errors) > 0) as RECORDS_WITH_DECODE_ERRORS
  from records
  group by TRANSACT_ID
)

select
  TRANSACT_ID,
  bgin.seq as BEGIN_SEQ,
  bgin.gmt as BEGIN_GMT,
  bgin.local as BEGIN_LOCAL,
  coalesce(bgin.program, any_program) as PROGRAM_NAME,
  bgin.user as USER_ID,
  bgin.external as EXTERNAL_ID,
  bgin.file as BEGIN_SOURCE_FILE,
  bgin.offset as BEGIN_RECORD_OFFSET,
  last_end.type as END_TYPE,
  last_end.seq as END_SEQ,
  last_end.gmt as END_GMT,
  last_end.local as END_LOCAL,
  last_end.file as END_SOURCE_FILE,
  last_end.offset as END_RECORD_OFFSET,
  last_end.updated as RECORDS_UPDATED,
  -- ENDJ (and COMT, a commit that continues) end the branch successfully; ABRT after a backout
  case last_end.type when 'ENDJ' then 'COMMITTED' when 'COMT' then 'COMMITTED' when 'ABRT' then 'ABORTED'
       else 'IN_FLIGHT' end as OUTCOME,
  -- work journaled after the last end checkpoint has no outcome yet (e.g. after a COMMIT WORK CONTINUE)
  last_end.seq is not null and LAST_SEQ > last_end.seq and last_type in ('BFOR', 'AFTR', 'AREA', 'RTSV') as WORK_AFTER_LAST_END,
  COMMIT_CHECKPOINTS,
  STATEMENT_ROLLBACKS,
  BFOR_COUNT,
  AFTR_COUNT,
  STORES,
  ERASES,
  AREAS_READIED,
  size(AREAS_READIED) as AREA_COUNT,
  RECORD_COUNT,
  FIRST_SEQ,
  LAST_SEQ,
  RECORDS_WITH_DECODE_ERRORS
from per_lid

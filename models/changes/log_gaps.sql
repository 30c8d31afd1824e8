{#- Breaks in a log's own numbering between the files landed from it, so a missing receiver or journal file is
    seen before anyone trusts the changes built from what did land. Each landed file is one span (its first and last
    sequence number); the files of one log, in the order of their first entry's time, should continue one another.
    A row is a file that does not continue the one before it:
      gap      numbers are missing between the two files (MISSING_ENTRIES of them);
      overlap  the file starts inside the one before it: its first OVERLAPPING_ENTRIES entries landed twice
               (the changes of a declared table count such an entry once);
      reset    the numbering started again lower (IBM i: a journal changed with CHGJRN SEQOPT(*RESET)).
    One log is, for IBM i, the entries of one system and receiver library (a *TYPE5 outfile does not name its
    journal: journals whose receivers share a library show as overlaps or resets); for IDMS, the records of one
    central version (QUAL_CV; local-mode journals are one log). A DSPJRN limited to some files or entry types leaves
    gaps of its own making. A persistent VIEW over the views journal_entries and idms_journal: it shows what has
    landed, with no build. -#}
{{ config(materialized='view') }}

with spans as (
  select 'ibmi' as LOG, SYSTEM_NAME as SOURCE_SYSTEM, RECEIVER_LIBRARY, source_file, load_id,
    min(SEQUENCE_NUMBER) as FIRST_SEQUENCE, max(SEQUENCE_NUMBER) as LAST_SEQUENCE,
    min(ENTRY_TIMESTAMP) as FIRST_TIME, max(ENTRY_TIMESTAMP) as LAST_TIME, count(*) as ENTRIES
  from {{ ref('journal_entries') }}
  where SEQUENCE_NUMBER is not null
  group by SYSTEM_NAME, RECEIVER_LIBRARY, source_file, load_id
  union all
  select 'idms', QUAL_CV, cast(null as string), source_file, load_id,
    min(SEQ), max(SEQ), min(GMT_UTC), max(GMT_UTC), count(*)
  from (
    -- the UTC wall clock as TIMESTAMP_NTZ, whatever the session's time zone, to sit beside IBM i's local times
    select *, timestampadd(MICROSECOND, unix_micros(GMT), timestamp_ntz'1970-01-01 00:00:00') as GMT_UTC
    from {{ ref('idms_journal') }}
  )
  where SEQ is not null
  group by QUAL_CV, source_file, load_id
),

neighbours as (
  select *,
    lag(source_file) over w as PREVIOUS_SOURCE_FILE, lag(load_id) over w as PREVIOUS_LOAD_ID,
    lag(FIRST_SEQUENCE) over w as PREVIOUS_FIRST_SEQUENCE, lag(LAST_SEQUENCE) over w as PREVIOUS_LAST_SEQUENCE,
    lag(LAST_TIME) over w as PREVIOUS_LAST_TIME
  from spans
  window w as (partition by LOG, SOURCE_SYSTEM, RECEIVER_LIBRARY
               order by FIRST_TIME, FIRST_SEQUENCE, source_file, load_id)
),

classified as (
  select *,
    case when FIRST_SEQUENCE < PREVIOUS_FIRST_SEQUENCE then 'reset'
         when FIRST_SEQUENCE <= PREVIOUS_LAST_SEQUENCE then 'overlap'
         when FIRST_SEQUENCE > PREVIOUS_LAST_SEQUENCE + 1 then 'gap' end as KIND
  from neighbours
  where PREVIOUS_SOURCE_FILE is not null
)

select
  LOG, SOURCE_SYSTEM, RECEIVER_LIBRARY, KIND,
  PREVIOUS_SOURCE_FILE, PREVIOUS_LOAD_ID, PREVIOUS_LAST_SEQUENCE, PREVIOUS_LAST_TIME,
  source_file as SOURCE_FILE, load_id as LOAD_ID, FIRST_SEQUENCE, FIRST_TIME,
  case when KIND = 'gap' then cast(FIRST_SEQUENCE - PREVIOUS_LAST_SEQUENCE - 1 as decimal(20, 0)) end
    as MISSING_ENTRIES,
  case when KIND = 'overlap' then cast(least(LAST_SEQUENCE, PREVIOUS_LAST_SEQUENCE) - FIRST_SEQUENCE + 1
    as decimal(20, 0)) end as OVERLAPPING_ENTRIES
from classified
where KIND is not null

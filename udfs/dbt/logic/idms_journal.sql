{#- The decoding of idms_journal (every REC field of JREPORT 000, seed 004, one row per raw record), as one
    SELECT over `relation` (the raw table jcat.raw_idms). Rendered by the view idms_journal, where jcat_fn
    writes the persistent functions (jcat.unpack_bin, ...), and by the ephemeral model idms_journal_records
    that the table models (idms_transactions, idms_distributed_transactions) read, where a jcat build writes
    the Arrow UDFs: a table never decodes through the view. -#}
{% macro jcat_idms_journal(relation) -%}
{%- set radix = var('idms_dbk_format', 8) | int -%}
{%- if radix < 2 or radix > 12 -%}
  {{ exceptions.raise_compiler_error("var idms_dbk_format is the db-key radix, 2 to 12 bits; got " ~ radix) }}
{%- endif -%}
with raw as (
  select source_file, record_offset, record_number, record, load_id
  from {{ relation }}
  where {{ jcat_new_records() }}
),

decoded as (
  select
    source_file, record_offset, record_number, load_id, record,
    -- common prefix: every record
    {{ jcat_idms_field('ubin',     1,  2, 'ALL') }} as REC_LEN,            -- REC-LEN 1 2 1
    {{ jcat_idms_field('char',     5,  4, 'ALL') }} as TYPE,               -- TYPE 5 4
    {{ jcat_idms_field('ts_utc',   9,  8, 'ALL') }} as GMT,                -- GMT 9 8
    {{ jcat_idms_field('u64',     17,  8, 'ALL') }} as SEQ,                -- SEQ 17 8 1
    {{ jcat_idms_field('hex',     17,  8, 'ALL') }} as SEQ_A,              -- SEQ-A 17 8 (hex compare)
    {{ jcat_idms_field('hex',     25,  8, 'ALL') }} as QUAL,               -- QUAL 25 8 1 (raw: node name or GMT)
    case when substr(record, 25, 1) >= X'40' then {{ jcat_idms_field('char', 25, 8, 'ALL') }} end as QUAL_CV, -- QUAL-CV 25 8
    case when substr(record, 25, 1) < X'40' then {{ jcat_idms_field('ts_utc', 25, 8, 'ALL') }} end as QUAL_LOCAL, -- QUAL-LOCAL 25 8 1
    {{ jcat_idms_field('ubin',    33,  1, 'ALL') }} as CVNO,               -- CVNO 33 1
    {{ jcat_idms_field('hex',     34,  1, 'ALL') }} as VERS,               -- VERS 34 1
    {{ jcat_idms_field('hex',     35,  2, 'ALL') }} as RSV1,               -- RSV1 35 2
    -- BGIN, COMT, ENDJ, ABRT, RTSV plus AREA, BFOR, AFTR
    {{ jcat_idms_field('ubin',    37,  4, 'TXAI') }} as TRANSACT_ID,       -- TRANSACT-ID 37 4 1
    {{ jcat_idms_field('hex',     37,  4, 'TXAI') }} as TRANSACT_IDC,      -- TRANSACT-IDC 37 4
    -- BGIN, COMT, ENDJ, ABRT, RTSV plus AREA
    {{ jcat_idms_field('ubin',    41,  4, 'TXA') }} as VIB,                -- VIB 41 4 1
    -- BGIN, COMT, ENDJ, ABRT, RTSV
    {{ jcat_idms_field('char',    45,  8, 'TX') }} as PROGRAM_NAME,        -- PROGRAM-NAME 45 8
    {{ jcat_idms_field('ts',      53,  8, 'TX') }} as DTESTAMP,            -- DTESTAMP 53 8
    {{ jcat_idms_field('hex',     53,  8, 'TX') }} as DTESTAMPX,           -- DTESTAMPX 53 8 1
    {{ jcat_idms_field('packed',  61,  8, 'TX') }} as OLDTIM,              -- OLDTIM 61 8 2 (not used)
    {{ jcat_idms_field('ubin',    69,  2, 'TX') }} as UPDATE_QUIESE,       -- UPDATE-QUIESE 69 2 1
    {{ jcat_idms_field('ubin',    71,  2, 'TX') }} as QUIESCE,             -- QUIESCE 71 2 1
    {{ jcat_idms_field('u64',     73,  8, 'RTSV') }} as SAVEPOINT_SEQ,     -- SAVEPOINT-SEQ 73 8 1 (RTSV only)
    {{ jcat_idms_field('hex',     73,  8, 'TASK') }} as TASK_ID,           -- TASK-ID 73 8 (raw local task id)
    {{ jcat_idms_field('char',    73,  4, 'TASK') }} as LT_P1,             -- LT-P1 73 4
    {{ jcat_idms_field('ubin',    77,  4, 'TASK') }} as LT_P2,             -- LT-P2 77 4 1
    -- COMT, ENDJ, ABRT statistics
    {{ jcat_idms_field('ubin',    81,  4, 'STATS') }} as UPDATED,          -- UPDATED 81 4 1
    --                                                                        DB-STATS 85 60 (group: READ .. EXCLUSIVE-LOCKS-HELD)
    {{ jcat_idms_field('ubin',    85,  4, 'STATS') }} as READ,             -- READ 85 4 1
    {{ jcat_idms_field('ubin',    89,  4, 'STATS') }} as WRITTEN,          -- WRITTEN 89 4 1
    {{ jcat_idms_field('ubin',    93,  4, 'STATS') }} as PAGE_REQUESTS,    -- PAGE-REQUESTS 93 4 1
    {{ jcat_idms_field('ubin',    97,  4, 'STATS') }} as CALC_ON,          -- CALC-ON 97 4 1
    {{ jcat_idms_field('ubin',   101,  4, 'STATS') }} as CALC_NOT_ON,      -- CALC-NOT-ON 101 4 1
    {{ jcat_idms_field('ubin',   105,  4, 'STATS') }} as VIA_ON,           -- VIA-ON 105 4 1
    {{ jcat_idms_field('ubin',   109,  4, 'STATS') }} as VIA_NOT_ON,       -- VIA-NOT-ON 109 4 1
    {{ jcat_idms_field('ubin',   113,  4, 'STATS') }} as REC_REQUESTED,    -- REC-REQUESTED 113 4 1
    {{ jcat_idms_field('ubin',   117,  4, 'STATS') }} as CURR_OF_TR,       -- CURR-OF-TR 117 4 1
    {{ jcat_idms_field('ubin',   121,  4, 'STATS') }} as CALLS,            -- CALLS 121 4 1
    {{ jcat_idms_field('ubin',   125,  4, 'STATS') }} as FGMT_STORED,      -- FGMT-STORED 125 4 1
    {{ jcat_idms_field('ubin',   129,  4, 'STATS') }} as FGMT_RETURNED,    -- FGMT-RETURNED 129 4 1
    {{ jcat_idms_field('ubin',   133,  4, 'STATS') }} as LOCKS_REQUESTED,  -- LOCKS-REQUESTED 133 4 1
    {{ jcat_idms_field('ubin',   137,  4, 'STATS') }} as SHARED_LOCKS_HELD, -- SHARED-LOCKS-HELD 137 4 1
    {{ jcat_idms_field('ubin',   141,  4, 'STATS') }} as EXCLUSIVE_LOCKS_HELD, -- EXCLUSIVE-LOCKS-HELD 141 4 1
    {{ jcat_idms_field('ubin',   145,  4, 'STATS') }} as TR_ID_CV,         -- TR-ID-CV 145 4 1
    {{ jcat_idms_field('ubin',   149,  4, 'STATS') }} as TASK_ID_CV,       -- TASK-ID-CV 149 4 1
    {{ jcat_idms_field('hex',    153,  8, 'STATS') }} as LOCAL_TASK_ID_CV, -- LOCAL-TASK-ID-CV 153 8
    {{ jcat_idms_field('char',   153,  4, 'STATS') }} as LT_PART1,         -- LT-PART1 153 4
    {{ jcat_idms_field('ubin',   157,  4, 'STATS') }} as LT_PART2,         -- LT-PART2 157 4 1
    --                                                                        LT-PART2A 157 3 1: first 3 bytes of LT_PART2 (IDMS/2549)
    --                                                                        LT-PART2B 160 1 1: last byte of LT_PART2 (IDMS/2549)
    --                                                                        IX-STATS 161 40 (group: IX-SR8-SPLITS .. IX-LEVELS-SEARCHED-WORST)
    {{ jcat_idms_field('ubin',   161,  4, 'STATS') }} as IX_SR8_SPLITS,    -- IX-SR8-SPLITS 161 4 1
    {{ jcat_idms_field('ubin',   165,  4, 'STATS') }} as IX_SR8_SPAWNS,    -- IX-SR8-SPAWNS 165 4 1
    {{ jcat_idms_field('ubin',   169,  4, 'STATS') }} as IX_SR8_STORED,    -- IX-SR8-STORED 169 4 1
    {{ jcat_idms_field('ubin',   173,  4, 'STATS') }} as IX_SR8_ERASED,    -- IX-SR8-ERASED 173 4 1
    {{ jcat_idms_field('ubin',   177,  4, 'STATS') }} as IX_SR7_STORED,    -- IX-SR7-STORED 177 4 1
    {{ jcat_idms_field('ubin',   181,  4, 'STATS') }} as IX_SR7_ERASED,    -- IX-SR7-ERASED 181 4 1
    {{ jcat_idms_field('ubin',   185,  4, 'STATS') }} as IX_BTREE_SEARCHES, -- IX-BTREE-SEARCHES 185 4 1
    {{ jcat_idms_field('ubin',   189,  4, 'STATS') }} as IX_BTREE_LEVELS_SEARCHED, -- IX-BTREE-LEVELS-SEARCHED 189 4 1
    {{ jcat_idms_field('ubin',   193,  4, 'STATS') }} as IX_ORPHANS_ADOPTED, -- IX-ORPHANS-ADOPTED 193 4 1
    {{ jcat_idms_field('ubin',   197,  2, 'STATS') }} as IX_LEVELS_SEARCHED_BEST, -- IX-LEVELS-SEARCHED-BEST 197 2 1
    {{ jcat_idms_field('ubin',   199,  2, 'STATS') }} as IX_LEVELS_SEARCHED_WORST, -- IX-LEVELS-SEARCHED-WORST 199 2 1
    -- TIME only
    {{ jcat_idms_field('ts',      37,  8, 'TIME') }} as T_DATESTMP,        -- T-DATESTMP 37 8 1 (zero until the buffer is written)
    -- BGIN only (user id from r16 SP4, external identity from r16 SP6 / r16.1)
    {{ jcat_idms_field('char',    81, 32, 'BGIN') }} as USER_ID,           -- USER-ID 81 32
    {{ jcat_idms_field('char',   113, 32, 'BGIN') }} as EXTERNAL_ID,       -- EXTERNAL-ID 113 32
    -- AREA only
    {{ jcat_idms_field('char',    45, 18, 'AREA') }} as AREA,              -- AREA 45 18
    {{ jcat_idms_field('hex',     63,  2, 'AREA') }} as RESERVED2,         -- RESERVED2 63 2
    {{ jcat_idms_field('ubin',    65,  4, 'AREA') }} as LOW_PAGE,          -- LOW-PAGE 65 4 1
    {{ jcat_idms_field('ubin',    69,  4, 'AREA') }} as HIGH_PAGE,         -- HIGH-PAGE 69 4 1
    {{ jcat_idms_field('ubin',    73,  2, 'AREA') }} as MODE,              -- MODE 73 2 1
    {{ jcat_idms_field('ubin',    75,  2, 'AREA') }} as ACCESS,            -- ACCESS 75 2 1
    -- BFOR and AFTR only
    {{ jcat_idms_field('ubin',    41,  1, 'IMAGES') }} as IDMS_VSAM_FLAG,  -- IDMS-VSAM-FLAG 41 1 1
    --                                                                        AREA-TYPE 41 1 1: same byte as IDMS_VSAM_FLAG
    {{ jcat_idms_field('ubin',    42,  1, 'IMAGES') }} as VERB_NUM,        -- VERB-NUM 42 1 1
    --                                                                        VERB 42 1 1: same byte as VERB_NUM
    {{ jcat_idms_field('ubin',    43,  2, 'IMAGES') }} as PAGE_GROUP,      -- PAGE-GROUP 43 2 1
    {{ jcat_idms_field('ubin',    45,  4, 'IMAGES') }} as DBK_FORMAT,      -- DBK-FORMAT 45 4 1
    {{ jcat_idms_field('ubin',    48,  1, 'IMAGES') }} as DBK_LINES,       -- DBK-LINES 48 1 1
    {{ jcat_idms_field('ubin',    49,  4, 'IMAGES') }} as DB_KEY,          -- DB-KEY 49 4 1
    --                                                                        DB-KEY1 49 3 1: page of DB_KEY with radix 8, see DB_KEY_PAGE
    --                                                                        DB-KEY2 52 1 1: line of DB_KEY with radix 8, see DB_KEY_LINE
    {{ jcat_idms_field('hex',     49,  4, 'IMAGES') }} as DB_KEY_A,        -- DB-KEY-A 49 4 (hex compare)
    {{ jcat_idms_field('ubin',    53,  2, 'IMAGES') }} as USER_REC_ID,     -- USER-REC-ID 53 2 1
    {{ jcat_idms_field('hex',     53,  2, 'IMAGES') }} as USER_REC_ID_A,   -- USER-REC-ID-A 53 2 (hex compare)
    {{ jcat_idms_field('ubin',    55,  2, 'IMAGES') }} as PG_DISPL,        -- PG-DISPL 55 2 1
    {{ jcat_idms_field('ubin',    57,  2, 'IMAGES') }} as IMAGE_LEN,       -- IMAGE-LEN 57 2 1
    {{ jcat_idms_field('ubin',    59,  2, 'IMAGES') }} as PREFIX_LEN,      -- PREFIX-LEN 59 2 1
    {{ jcat_idms_field('ubin',    61,  2, 'IMAGES') }} as DISPLACEMENT,    -- DISPLACEMENT 61 2 1
    {{ jcat_idms_field('ubin',    63,  2, 'IMAGES') }} as SPAN_OFFSET,     -- SPAN-OFFSET 63 2 1
    {{ jcat_idms_field('ubin',    65,  2, 'IMAGES') }} as USER_RECORD,     -- USER-RECORD 65 2 1 (first bytes of the image)
    -- distributed checkpoints DIND, DCOM, DBAK, DPND, DFGT
    {{ jcat_idms_field('hex',     37, 24, 'DIST') }} as DTRIDQ,            -- DTRIDQ 37 24
    {{ jcat_idms_field('hex',     37, 16, 'DIST') }} as DTRID,             -- DTRID 37 16
    {{ jcat_idms_field('char',    37,  8, 'DIST') }} as DNODE,             -- DNODE 37 8
    {{ jcat_idms_field('hex',     45,  8, 'DIST') }} as DID,               -- DID 45 8
    {{ jcat_idms_field('hex',     53,  8, 'DIST') }} as DBRANCH_ID,        -- DBRANCH-ID 53 8
    {{ jcat_idms_field('hex',     61,  1, 'DIST') }} as DFLAG1,            -- DFLAG1 61 1
    {{ jcat_idms_field('hex',     62,  1, 'DIST') }} as DFLAG2,            -- DFLAG2 62 1
    {{ jcat_idms_field('hex',     63,  1, 'DIST') }} as STATE,             -- STATE 63 1
    {{ jcat_idms_field('hex',     64,  1, 'DIST') }} as OUTCOME,           -- OUTCOME 64 1
    {{ jcat_idms_field('hex',     65,  1, 'DIST') }} as PREPARE_OUTCOME,   -- PREPARE-OUTCOME 65 1
    {{ jcat_idms_field('hex',     66,  1, 'DIST') }} as BACKOUT_REASON,    -- BACKOUT-REASON 66 1
    {{ jcat_idms_field('hex',     67,  2, 'DIST') }} as DRESERVED,         -- DRESERVED 67 2
    {{ jcat_idms_field('ubin',    69,  2, 'DIST') }} as LIDOFF,            -- LIDOFF 69 2 1
    {{ jcat_idms_field('ubin',    71,  2, 'DIST') }} as LIDNUM,            -- LIDNUM 71 2 1
    {{ jcat_idms_field('ubin',    73,  2, 'DIST') }} as XIDOFF,            -- XIDOFF 73 2 1
    {{ jcat_idms_field('ubin',    75,  2, 'DIST') }} as XIDNUM,            -- XIDNUM 75 2 1
    {{ jcat_idms_field('ubin',    77,  2, 'DIST') }} as RIOFF,             -- RIOFF 77 2 1
    {{ jcat_idms_field('ubin',    79,  2, 'DIST') }} as RICNT,             -- RICNT 79 2 1
    {{ jcat_idms_field('ubin',    81,  2, 'DIST') }} as DVLEN,             -- DVLEN 81 2 1
    {{ jcat_idms_field('ubin',    83,  2, 'DIST') }} as DVOFF,             -- DVOFF 83 2 1
    {{ jcat_idms_field('ubin',    85,  2, 'DIST') }} as DXXX_RECORD        -- DXXX-RECORD 85 2 1
  from raw
),

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
      {{ jcat_decode_errors([
        ('TYPE', 'true'),
        ('GMT', jcat_idms_present(9, 8, 'ALL')),
        ('SEQ', jcat_idms_present(17, 8, 'ALL')),
        ('QUAL_LOCAL', jcat_idms_present(25, 8, 'ALL') ~ " and substr(record, 25, 1) < X'40'"),
        ('QUAL_CV', jcat_idms_present(25, 8, 'ALL') ~ " and substr(record, 25, 1) >= X'40'"),
        ('PROGRAM_NAME', jcat_idms_present(45, 8, 'TX')),
        ('DTESTAMP', jcat_idms_present(53, 8, 'TX')),
        ('OLDTIM', jcat_idms_present(61, 8, 'TX')),
        ('SAVEPOINT_SEQ', jcat_idms_present(73, 8, 'RTSV')),
        ('LT_P1', jcat_idms_present(73, 4, 'TASK')),
        ('LT_PART1', jcat_idms_present(153, 4, 'STATS')),
        ('T_DATESTMP', jcat_idms_present(37, 8, 'TIME')),
        ('USER_ID', jcat_idms_present(81, 32, 'BGIN')),
        ('EXTERNAL_ID', jcat_idms_present(113, 32, 'BGIN')),
        ('AREA', jcat_idms_present(45, 18, 'AREA')),
        ('DNODE', jcat_idms_present(37, 8, 'DIST')),
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

{#- The decoding of lldf_segments (one row per landed LLDF record: seed 002's header field by field and the DATA
    bytes the record carries), as one SELECT over `relation` (the raw table jcat.raw_lldf). Offsets in the comments
    are seed 002's, 0-based; substr positions are offset + 1. The header's own LENGTH says where DATA starts.
    Rendered by the view lldf_segments, where jcat_fn writes the persistent functions (jcat.parse_timestamp17,
    ...), and by the ephemeral lldf_segments_records that the table models (lldf_data_change,
    lldf_segment_rejects) read, where a jcat build writes the Arrow UDFs: a table never decodes through the view. -#}
{% macro jcat_lldf_segments(relation) -%}
with raw as (
  select source_file, record_offset, record_number, record, load_id
  from {{ relation }}
  where {{ jcat_new_records() }}
),

decoded as (
  select
    source_file, record_offset, record_number, load_id,
    length(record)                                          as RECORD_LENGTH,
    {{ jcat_bin('record',   1,  2, false) }}                as LENGTH,             --   0 BIN(2)
    {{ jcat_char('record',  3,  4) }}                       as SYSTEMID,           --   2 CHAR(4)
    {{ jcat_bin('record',   7,  2, false) }}                as DBID,               --   6 BIN(2)
    {{ jcat_bin('record',   9,  2, false) }}                as PSID,               --   8 BIN(2)
    {{ jcat_bin('record',  11,  2, false) }}                as TBOBID,             --  10 BIN(2)
    {{ jcat_bin('record',  13,  2, false) }}                as TBOWNERLEN,         --  12 BIN(2)
    {{ jcat_bin('record',  15,  2, false) }}                as TBNAMELEN,          --  14 BIN(2)
    {{ jcat_char('record', 17,  8) }}                       as DBNAME,             --  16 CHAR(8)
    {{ jcat_char('record', 25,  8) }}                       as TSNAME,             --  24 CHAR(8)
    {{ jcat_char('record', 33,  8) }}                       as TABLEOWNER,         --  32 CHAR(8)
    {{ jcat_char('record', 41, 18) }}                       as TABLENAME,          --  40 CHAR(18)
    {{ jcat_bin('record',  59,  2, false) }}                as PARTNUM,            --  58 BIN(2)
    {{ jcat.jcat_fn('parse_timestamp17') }}(substr(record,  61, 17))              as `TIMESTAMP`,        --  60 BIN(17)
    {{ jcat.jcat_fn('parse_timestamp17_fraction') }}(substr(record, 61, 17))      as TIMESTAMP_FRACTION,
    substr(record,  78, 10)                                 as LOGLRSN,            --  77 BIN(10)
    {{ jcat_lldf_lrsn_time('record', 78) }}                 as LOGLRSN_TIME,
    substr(record,  88, 10)                                 as LOGRBA,             --  87 BIN(10)
    {{ jcat_lldf_u80('record', 88) }}                       as LOGRBA_NUMBER,
    {{ jcat_bin('record',  98,  2, false) }}                as MEMBERID,           --  97 BIN(2)
    substr(record, 100,  5)                                 as RID,                --  99 BIN(5)
    {{ jcat_bin('record', 100,  4, false) }}                as RID_PAGE,
    {{ jcat_bin('record', 104,  1, false) }}                as RID_ROW,
    {{ jcat_char('record', 105, 2) }}                       as CHANGE_TYPE,        -- 104 CHAR(2)
    {{ jcat_char('record', 107, 1) }}                       as SQLTYPE,            -- 106 CHAR(1)
    {{ jcat_char('record', 108, 1) }}                       as LOGRECDISP,         -- 107 CHAR(1)
    {{ jcat_char('record', 109, 1) }}                       as SQLSRCTYPE,         -- 108 CHAR(1)
    {{ jcat_bin('record', 110,  4, false) }}                as LOGBYTES,           -- 109 BIN(4)
    {{ jcat_bin('record', 114,  2, false) }}                as LOGDELTA,           -- 113 BIN(2)
    {{ jcat_bin('record', 116,  1, false) }}                as ANOMALYROWID,       -- 115 BIN(1)
    {{ jcat_char('record', 117, 1) }}                       as ANOMALYTYPE,        -- 116 CHAR(1)
    substr(record, 118, 10)                                 as ANOMALYRBA,         -- 117 BIN(10)
    {{ jcat_lldf_u80('record', 118) }}                      as ANOMALYRBA_NUMBER,
    {{ jcat.jcat_fn('parse_timestamp17') }}(substr(record, 128, 17))              as UORTIMESTAMP,       -- 127 BIN(17)
    {{ jcat.jcat_fn('parse_timestamp17_fraction') }}(substr(record, 128, 17))     as UORTIMESTAMP_FRACTION,
    {{ jcat.jcat_fn('parse_timestamp17') }}(substr(record, 145, 17))              as UORCOMMITTIMESTAMP, -- 144 BIN(17)
    {{ jcat.jcat_fn('parse_timestamp17_fraction') }}(substr(record, 145, 17))     as UORCOMMITTIMESTAMP_FRACTION,
    {{ jcat_char('record', 162, 1) }}                       as UORDISP,            -- 161 CHAR(1)
    substr(record, 163, 10)                                 as UORIDLRSN,          -- 162 BIN(10)
    {{ jcat_lldf_lrsn_time('record', 163) }}                as UORIDLRSN_TIME,
    substr(record, 173, 10)                                 as UORID,              -- 172 BIN(10)
    {{ jcat_lldf_u80('record', 173) }}                      as UORID_NUMBER,
    {{ jcat_bin('record', 183,  2, false) }}                as SEGLEN,             -- 182 BIN(2)
    {{ jcat_bin('record', 185,  2, false) }}                as TOTALSEGS,          -- 184 BIN(2)
    {{ jcat_bin('record', 187,  2, false) }}                as SEGNUM,             -- 186 BIN(2)
                                                                                   -- 188 BIN(4) reserved
    substr(record, 193, 10)                                 as UORCOMMITLRSN,      -- 192 BIN(10)
    {{ jcat_lldf_lrsn_time('record', 193) }}                as UORCOMMITLRSN_TIME,
    substr(record, 203, 10)                                 as UORCOMMITPOINT,     -- 202 BIN(10)
    {{ jcat_lldf_u80('record', 203) }}                      as UORCOMMITPOINT_NUMBER,
    {{ jcat_char('record', 213,  2) }}                      as CONNECTIONTYPE,     -- 212 CHAR(2)
    {{ jcat_char('record', 215,  8) }}                      as CONNECTID,          -- 214 CHAR(8)
    {{ jcat_char('record', 223, 12) }}                      as CORRELATIONID,      -- 222 CHAR(12)
    {{ jcat_char('record', 235,  8) }}                      as AUTHID,             -- 234 CHAR(8)
    {{ jcat_char('record', 243,  8) }}                      as PLAN,               -- 242 CHAR(8)
    {{ jcat_char('record', 251,  8) }}                      as LUWNETWORKID,       -- 250 CHAR(8)
    {{ jcat_char('record', 259,  8) }}                      as LUWNAME,            -- 258 CHAR(8)
    substr(record, 267,  6)                                 as LUWINSTANCENO,      -- 266 BIN(6)
    {{ jcat_bin('record', 273,  2, false) }}                as LUWSEQUENCENO,      -- 272 BIN(2)
    {{ jcat_char('record', 275,  1) }}                      as INCOMPLETETRANS,    -- 274 CHAR(1)
    {{ jcat_char('record', 276,  1) }}                      as INCOMPLETEDEP,      -- 275 CHAR(1)
    {{ jcat_char('record', 277,  1) }}                      as UORHASCOMP,         -- 276 CHAR(1)
    substr(record, 278, 10)                                 as SQLRIRBA,           -- 277 BIN(10)
    {{ jcat_lldf_u80('record', 278) }}                      as SQLRIRBA_NUMBER,
    {{ jcat_char('record', 288,  1) }}                      as PAGENUMFMT,         -- 287 CHAR(1)
    -- DATA starts where the header says it ends (the header grows between product versions)
    substr(record, {{ jcat_bin('record', 1, 2, false) }} + 1) as segment_data,
    substr(record, 1, 32)                                   as first_bytes,
    record
  from raw
),

checked as (
  select *,
    {{ jcat_decode_errors([
      ('LENGTH', 'true'),
      ('TIMESTAMP', "substr(record, 61, 17) != X'0000000000000000000000000000000000'"),
      ('UORTIMESTAMP', "substr(record, 128, 17) != X'0000000000000000000000000000000000'"),
      ('UORCOMMITTIMESTAMP', "substr(record, 145, 17) != X'0000000000000000000000000000000000'"),
      ('LOGLRSN_TIME', "MEMBERID > 0 and substr(record, 78, 10) != X'00000000000000000000'"),
      ('UORIDLRSN_TIME', "MEMBERID > 0 and substr(record, 163, 10) != X'00000000000000000000'"),
      ('UORCOMMITLRSN_TIME', "MEMBERID > 0 and substr(record, 193, 10) != X'00000000000000000000'"),
    ]) }} as decode_errors_0
  from decoded
)

select
  * except (record, decode_errors_0, decode_errors),
  -- a header shorter than seed 002's 288 bytes, or longer than the record, cannot be read
  {{ jcat_strict_guard('decode_errors') }} as decode_errors
from (
  select *,
    concat(decode_errors_0, if(LENGTH is not null and (LENGTH < 288 or LENGTH > RECORD_LENGTH), array('LENGTH'), array())) as decode_errors
  from checked
)
{%- endmacro %}

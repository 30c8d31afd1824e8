{{ config(materialized='table') }}
-- depends_on: {{ ref('lldf_columns') }}
{#- PAYROLL.EMPLOYEE changes with their row images as typed columns (BEFORE_*, AFTER_*), in commit order.
    The column list is the seed lldf_columns; another table is another model of these few lines. -#}
{%- set cols = jcat_lldf_columns('PAYROLL', 'EMPLOYEE') %}
with changes as (
  select stream_seq, uor_seq, is_committed, source_file, record_offset, record_number, load_id,
         CHANGE_TYPE, UORID, LOGRBA, LOGLRSN, `TIMESTAMP`, AUTHID, PLAN, CORRELATIONID, UORDISP, LOGRECDISP,
         RID_PAGE, RID_ROW, before_image, after_image, decode_errors as change_errors
  from {{ ref('lldf_change_stream') }}
  where TABLEOWNER = 'PAYROLL' and TABLENAME = 'EMPLOYEE'
),

positions as (
  select *,
    {{ jcat_lldf_image_positions('before_image', cols, 'b') }},
    {{ jcat_lldf_image_positions('after_image', cols, 'a') }}
  from changes
),

decoded as (
  select *,
    {{ jcat_lldf_image_values('before_image', cols, 'b', 'BEFORE_') }},
    {{ jcat_lldf_image_values('after_image', cols, 'a', 'AFTER_') }}
  from positions
),

checked as (
  select *,
    concat(change_errors, {{ jcat_decode_errors(
        jcat_lldf_image_checks('before_image', cols, 'b', 'BEFORE_')
      + jcat_lldf_image_checks('after_image', cols, 'a', 'AFTER_')) }}) as decode_errors
  from decoded
)

select
  stream_seq, uor_seq, is_committed, CHANGE_TYPE, `TIMESTAMP`, AUTHID, PLAN, CORRELATIONID, UORDISP, LOGRECDISP,
  hex(UORID) as UORID_HEX, hex(LOGRBA) as LOGRBA_HEX, hex(LOGLRSN) as LOGLRSN_HEX, RID_PAGE, RID_ROW,
  BEFORE_IMAGE_LAYOUT,
  {%- for c in cols %} BEFORE_{{ c['name'] }},{% endfor %}
  AFTER_IMAGE_LAYOUT,
  {%- for c in cols %} AFTER_{{ c['name'] }},{% endfor %}
  source_file, record_offset, record_number, load_id,
  {{ jcat_strict_guard('decode_errors', record_col="coalesce(after_image, before_image)") }} as decode_errors
from checked

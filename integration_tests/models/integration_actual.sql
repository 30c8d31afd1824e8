{#- Each field through jcat's macro, as a model of a layout would write it. -#}
with records as (
  select id, unhex(record_hex) as record from {{ ref('integration_records') }}
)
select
  id,
  {{ jcat.jcat_char('record', 1, 5) }} as char_value,                 -- 1 Char(5)
  {{ jcat.jcat_zoned('record', 6, 5, 2) }} as zoned_value,            -- 6 Zoned(5,2)
  {{ jcat.jcat_packed('record', 11, 3, 2) }} as packed_value,         -- 11 Packed(5,2)
  {{ jcat.jcat_bin('record', 14, 4) }} as bin_signed,                 -- 14 Bin(4)
  {{ jcat.jcat_bin('record', 18, 2, signed=false) }} as bin_unsigned, -- 18 Bin(2) unsigned
  {{ jcat.jcat_ibmi_timestamp('record', 20) }} as ts_value             -- 20 Timestamp, 26 characters
from records

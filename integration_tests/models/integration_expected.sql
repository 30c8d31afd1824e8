{#- The expected rows in the types the macros promise. An empty cell is the expected NULL, but dbt-spark's session
    method writes a seed's NULL as the text 'None' (it formats the insert with Python's %), so that text is NULL here. -#}
select
  id,
  nullif(char_value, 'None') as char_value,
  cast(zoned_value as decimal(5, 2)) as zoned_value,
  cast(packed_value as decimal(5, 2)) as packed_value,
  cast(bin_signed as bigint) as bin_signed,
  cast(bin_unsigned as bigint) as bin_unsigned,
  cast(ts_value as timestamp_ntz) as ts_value
from {{ ref('integration_expected_rows') }}

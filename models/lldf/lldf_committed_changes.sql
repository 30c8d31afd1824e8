{{ config(materialized='table') }}
{#- The default input for downstream work: committed changes only (unit of recovery committed, UORDISP 'C',
    and the record itself committed, LOGRECDISP 'C'), in commit order. -#}
select *
from {{ ref('lldf_change_stream') }}
where is_committed

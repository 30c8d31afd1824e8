{#- A declared table's images as the expected rows spell them: the change's sequence in hex, the table's columns,
    and the columns that did not decode joined by commas ('' when none). -#}
{% macro integration_staff_image_values(relation) -%}
(select hex(IBMSNAP_INTENTSEQ) as intentseq, IBMSNAP_OPERATION as operation, image_kind, updates_as_delete_insert,
   `STAFFNO`, `NAME`, `DEPT`, `PAY`, `STARTED`, `GRADE`, `BONUS`, array_join(decode_errors, ',') as decode_errors
 from {{ relation }}) images
{%- endmacro %}

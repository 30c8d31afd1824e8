{#- IBM i Char(n) field holding decimal digits (JOSEQN, JOCTRR, JOCCID, ...): DECIMAL(len, 0).
    EBCDIC digits are X'F0'-X'F9' in every EBCDIC code page, so the check and the conversion use Spark
    built-ins on the hex text: exact, and NULL unless every byte is a digit (never a silent partial value). -#}
{% macro jcat_ibmi_digits(col, pos, len) -%}
  {{ return(adapter.dispatch('jcat_ibmi_digits', 'jcat')(col, pos, len)) }}
{%- endmacro %}

{% macro default__jcat_ibmi_digits(col, pos, len) -%}
  case when hex(substr({{ col }}, {{ pos }}, {{ len }})) rlike '^(F[0-9]){{ '{' ~ len ~ '}' }}$'
       then cast(regexp_replace(hex(substr({{ col }}, {{ pos }}, {{ len }})), 'F([0-9])', '$1') as decimal({{ len }}, 0)) end
{%- endmacro %}

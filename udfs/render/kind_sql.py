"""The SQL of each field kind, written once: what every engine a model is compiled in writes for a field.

For each kind of udfs/core/kinds.py that a model decodes:
- `macro(macro_args)`: the dbt field macro a model calls field by field (the catalog's functions, `jcat.<fn>`
  in a view: the persistent functions path);
- `column`: the model's column from the layout function's struct field `{v}` (a table build): equal to what the
  field macro gives from the bytes, for every record that holds the whole field;
- `spark`: the same column in Spark's own expressions over the field's bytes `{b}`: what a careful user writes by
  hand, validating its bytes (NULL where the kernel gives NULL). It is the benchmark's baseline, both for the
  models (var jcat_field_engine='spark') and for `jcat bench`'s jvm_expressions way. decode(..., 'IBM037')
  needs spark.sql.legacy.javaCharsets=true.

Placeholders: `{v}` the struct field, `{b}` the bytes, `{n}` the width in bytes, `{d}` 2n-1 (packed digits),
`{m}` n-1, `{half}` 2^(8n-1), `{full}` 2^(8n). A regex count is written `{{{n}}}` (braces around the number).

The IDMS date-time arithmetic is written once here (`idms_datetime`) and rendered both into the baseline (halves
read with conv) and into macros/jcat_idms_datetime.sql (halves read with the catalog's unpack_bin).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.project import source_root
from .markers import with_marker


@dataclass(frozen=True)
class KindSql:
    macro: str  # the dbt field macro
    macro_args: str = "col, pos, len"  # its arguments, as jinja
    column: str = "{v}"
    spark: str = ""


def _half(b: str, at: int) -> str:
    """4 bytes of the field as an unsigned number, in Spark's own expressions."""
    return f"cast(conv(hex(substr({b}, {at}, 4)), 16, 10) as bigint)"


def idms_datetime(b: str, hi: str, lo: str, utc: bool) -> str:
    """The IDMS 8-byte date-time (Broadcom KB 28740) from its bytes `b` and their two unsigned 4-byte halves:
    bits 0-26 days since 0001-01-01 (day 0, proleptic Gregorian), bits 27-43 seconds since midnight, bits 44-63
    microseconds. All zeros ("not yet written") gives NULL; seconds >= 86400, microseconds >= 10^6 or a day past
    9999-12-31 give NULL. utc: a TIMESTAMP instant (the GMT stamps), else a TIMESTAMP_NTZ wall clock."""
    days, secs, us = f"shiftright({hi}, 5)", f"(shiftleft({hi} & 31, 12) | shiftright({lo}, 20))", f"({lo} & 1048575)"
    value = (
        f"timestamp_micros(({days} - 719162) * 86400000000 + {secs} * 1000000 + {us})"
        if utc
        else f"timestamp_ntz'0001-01-01 00:00:00' + make_dt_interval(cast({days} as int), 0, 0, "
        f"cast(cast({secs} * 1000000 + {us} as decimal(18, 0)) / 1000000 as decimal(18, 6)))"
    )
    return (
        f"case when length({b}) < 8 or {b} = X'0000000000000000' then null "
        f"when {days} > 3652058 or {secs} >= 86400 or {us} >= 1000000 then null else {value} end"
    )


def _idms_spark(utc: bool) -> str:
    return idms_datetime("{b}", _half("{b}", 1), _half("{b}", 5), utc)


_DECIMAL = "cast(conv(hex({b}), 16, 10) as decimal(20, 0))"

KIND_SQL: dict[str, KindSql] = {
    "char": KindSql("jcat_char", column="nullif({v}, '')", spark="nullif(rtrim(decode({b}, 'IBM037')), '')"),
    "digits": KindSql(
        "jcat_ibmi_digits",
        column="case when {v} rlike '^[0-9]{{{n}}}$' then cast({v} as decimal({n}, 0)) end",
        spark="case when hex({b}) rlike '^(F[0-9]){{{n}}}$' "
        "then cast(regexp_replace(hex({b}), 'F([0-9])', '$1') as decimal({n}, 0)) end",
    ),
    # every digit's zone F, the last zone a sign (C, A, E, F positive; D, B negative), every digit 0-9
    "zoned": KindSql(
        "jcat_zoned",
        column="cast({v} as decimal({n}, 0))",
        spark="case when hex({b}) rlike '^(F[0-9]){{{m}}}[CDFABE][0-9]$' then cast(case when substr(hex({b}), -2, 1) "
        "in ('D', 'B') then -1 else 1 end * cast(regexp_replace(hex({b}), '.([0-9])', '$1') as decimal({n}, 0)) "
        "as decimal({n}, 0)) end",
    ),
    "packed": KindSql(
        "jcat_packed",
        column="cast({v} as decimal({d}, 0))",
        spark="case when hex({b}) rlike '^[0-9]{{{d}}}[A-F]$' "
        "then cast(case when substr(hex({b}), -1, 1) in ('D', 'B') "
        "then -1 else 1 end * cast(substr(hex({b}), 1, {d}) as decimal({d}, 0)) as decimal({d}, 0)) end",
    ),
    "bin": KindSql(
        "jcat_bin",
        spark=f"cast(case when {_DECIMAL} >= {{half}} then {_DECIMAL} - {{full}} else {_DECIMAL} end as bigint)",
    ),
    "ubin": KindSql("jcat_bin", "col, pos, len, false", spark="cast(conv(hex({b}), 16, 10) as bigint)"),
    "u64": KindSql("jcat_u64", spark=_DECIMAL),
    "hex": KindSql("jcat_hex", column="hex({v})", spark="hex({b})"),
    "ibmi_ts": KindSql(
        "jcat_ibmi_timestamp", "col, pos", spark="to_timestamp_ntz(decode({b}, 'IBM037'), 'yyyy-MM-dd-HH.mm.ss.SSSSSS')"
    ),
    # Java's formatter cannot parse adjacent digit runs, so the BCD parts go to make_timestamp_ntz one by one
    "ts17": KindSql(
        "jcat_ts17",
        spark="case when hex({b}) rlike '^[0-9]{{34}}$' then make_timestamp_ntz(cast(substr(hex({b}), 1, 4) as int), "
        "cast(substr(hex({b}), 5, 2) as int), cast(substr(hex({b}), 7, 2) as int), "
        "cast(substr(hex({b}), 9, 2) as int), cast(substr(hex({b}), 11, 2) as int), "
        "cast(concat(substr(hex({b}), 13, 2), '.', substr(hex({b}), 15, 6)) as decimal(8, 6))) end",
    ),
    "ts17_fraction": KindSql(
        "jcat_ts17_fraction",
        spark="case when hex({b}) rlike '^[0-9]{{34}}$' "
        "then concat(substr(hex({b}), 15, 12), regexp_replace(substr(hex({b}), 27, 8), '0+$', '')) end",
    ),
    # the 10-byte (extended) form: byte 1 the TOD epoch index, bytes 2-9 the TOD clock (bit 51 = 1 us)
    "lrsn": KindSql(
        "jcat_lrsn",
        spark="timestamp_micros(cast(cast(conv(hex(substr({b}, 2, 8)), 16, 10) as decimal(20, 0)) div 4096 as bigint)"
        " + cast(conv(hex(substr({b}, 1, 1)), 16, 10) as bigint) * 4503599627370496 - 2208988800000000)",
    ),
    "idms_ts": KindSql("jcat_idms_datetime", "col, pos", spark=_idms_spark(utc=False)),
    "idms_ts_utc": KindSql("jcat_idms_datetime", "col, pos, true", spark=_idms_spark(utc=True)),
}


def _values(length: int) -> dict[str, int]:
    return {"n": length, "d": 2 * length - 1, "m": length - 1, "half": 2 ** (8 * length - 1), "full": 2 ** (8 * length)}


def spark_sql(kind: str, b: str, length: int) -> str:
    """The kind's baseline over the bytes `b` (e.g. substr(record, 5, 4)), `length` bytes wide."""
    return KIND_SQL[kind].spark.format(b=b, **_values(length))


def column_sql(kind: str, v: str, length: int) -> str:
    """The model's column from the decoded value `v` (the layout function's struct field, or a kernel's result)."""
    return KIND_SQL[kind].column.format(v=v, **_values(length))


# the placeholders as jinja over the macro's variables `v`, `b` and `len`
_JINJA = {
    "v": "v",
    "b": "b",
    "n": "len",
    "d": "2 * len - 1",
    "m": "len - 1",
    "half": "2 ** (8 * len - 1)",
    "full": "2 ** (8 * len)",
}


def jinja(template: str) -> str:
    """A template of this module as jinja over the macro's `v`, `b`, `len`."""
    marks = {k: chr(1 + i) for i, k in enumerate(_JINJA)}
    t = template.format(**marks)
    for k, m in marks.items():
        t = t.replace("{" + m + "}", "{{ '{' ~ (" + _JINJA[k] + ") ~ '}' }}")  # a regex count such as {20}
        t = t.replace(m, "{{ " + _JINJA[k] + " }}")
    return t


IDMS_MACRO_HEAD = """{#- IDMS 8-byte internal date-time at a 1-based position (Broadcom KB 28740): bits 0-26 days since
    0001-01-01 (day 0; proleptic Gregorian, as Spark and Python count), bits 27-43 seconds since midnight,
    bits 44-63 microseconds. Read as two unsigned 4-byte halves so no bit is lost to a sign.
    utc=true gives a TIMESTAMP instant (the GMT stamps), otherwise a TIMESTAMP_NTZ wall clock (local stamps).
    All zeros ("not yet written", e.g. a TIME record's stamp before the buffer is written) gives NULL;
    seconds >= 86400, microseconds >= 10^6 or a day past 9999-12-31 give NULL (a decode error in the model).
    The arithmetic is udfs/render/kind_sql.py's idms_datetime, which also writes the kind's Spark baseline. -#}
{% macro jcat_idms_datetime(col, pos, utc=false) -%}
  {{ return(adapter.dispatch('jcat_idms_datetime', 'jcat')(col, pos, utc)) }}
{%- endmacro %}

{% macro default__jcat_idms_datetime(col, pos, utc) -%}
  {%- set b = 'substr(' ~ col ~ ', ' ~ pos ~ ', 8)' -%}
  {%- set hi = jcat.jcat_fn('unpack_bin') ~ '(substr(' ~ col ~ ', ' ~ pos ~ ', 4), false)' -%}
  {%- set lo = jcat.jcat_fn('unpack_bin') ~ '(substr(' ~ col ~ ', ' ~ (pos + 4) ~ ', 4), false)' -%}"""


def render_idms_datetime_macro() -> str:
    def body(utc: bool) -> str:
        return "  (" + idms_datetime("{{ b }}", "{{ hi }}", "{{ lo }}", utc) + ")"

    text = "\n".join(
        [
            IDMS_MACRO_HEAD,
            "  {%- if utc %}",
            body(True),
            "  {%- else %}",
            body(False),
            "  {%- endif %}",
            "{%- endmacro %}",
            "",
        ]
    )
    return with_marker(".sql", "udfs/render/kind_sql.py", text)


def generated_files() -> dict[Path, str]:
    return {source_root() / "macros" / "jcat_idms_datetime.sql": render_idms_datetime_macro()}

"""A declared IBM i column's raw value in Spark's own expressions: the benchmark's baseline for declared tables.

What a careful user writes by hand over the column's bytes `b` (e.g. `substr(record, 5, 4)`), giving what the
column's catalog function gives (`value_function`): text untrimmed for VARCHAR and right-trimmed for CHAR, integers
as BIGINT, packed and zoned digits as unscaled decimals, floats as DOUBLE, dates, times as 'HH:MM:SS', timestamps
as TIMESTAMP_NTZ. The model's typing on top (scale, narrowing) is `tables_ibmi.ibmi_value`, shared by every way.
Java's code pages stand in for the kernels' tables (decode(b, 'IBM037') needs spark.sql.legacy.javaCharsets=true).
"""

from __future__ import annotations

from ..core.tables.ibmi_image import value_function
from ..core.tables.values import ValueSpec
from .kind_sql import spark_sql

JAVA_CHARSETS = {
    37: "IBM037",
    273: "IBM273",
    277: "IBM277",
    278: "IBM278",
    280: "IBM280",
    284: "IBM284",
    285: "IBM285",
    297: "IBM297",
    500: "IBM500",
    1140: "IBM01140",
    1208: "UTF-8",
    1200: "UTF-16BE",
}
DATE_PATTERNS = {
    "*ISO": "yyyy-MM-dd",
    "*JIS": "yyyy-MM-dd",
    "*EUR": "dd.MM.yyyy",
    "*USA": "MM/dd/yyyy",
    "*MDY": "MM{s}dd{s}yy",
    "*DMY": "dd{s}MM{s}yy",
    "*YMD": "yy{s}MM{s}dd",
    "*JUL": "yy{s}DDD",
}
TIME_PATTERNS = {"*ISO": "HH.mm.ss", "*EUR": "HH.mm.ss", "*JIS": "HH:mm:ss", "*HMS": "HH{s}mm{s}ss", "*USA": "hh:mm a"}


class NoBaseline(ValueError):
    """A column Spark's own expressions cannot read as the catalog does (a CCSID Java has no code page for)."""


def _charset(ccsid: int) -> str:
    if ccsid not in JAVA_CHARSETS:
        raise NoBaseline(f"no Java code page for CCSID {ccsid}")
    return JAVA_CHARSETS[ccsid]


def _varying_length(b: str) -> str:
    return f"cast(conv(hex(substr({b}, 1, 2)), 16, 10) as int)"


def _varying(b: str, width: int | None) -> str:
    """The first L bytes after the 2-byte length L; NULL when L is past the column (`width` bytes; None: all of
    `b`, a column whose width its own length gives)."""
    n = _varying_length(b)
    room = width - 2 if width is not None else f"length({b}) - 2"
    return f"case when {n} <= {room} then substr({b}, 3, {n}) end"


def _float(b: str, width: int) -> str:
    """IEEE 754 from its bits, through two unsigned 32-bit halves (conv gives no sign bit)."""
    hi = f"cast(conv(hex(substr({b}, 1, 4)), 16, 10) as bigint)"
    if width == 4:
        sign, e, m, bias, frac, tiny = (
            f"shiftright({hi}, 31)",
            f"(shiftright({hi}, 23) & 255)",
            f"({hi} & 8388607)",
            127,
            "8388608D",
            "-149",
        )
        top = 255
    else:
        lo = f"cast(conv(hex(substr({b}, 5, 4)), 16, 10) as bigint)"
        sign, e, m, bias, frac, tiny = (
            f"shiftright({hi}, 31)",
            f"(shiftright({hi}, 20) & 2047)",
            f"(({hi} & 1048575) * 4294967296 + {lo})",
            1023,
            "4503599627370496D",
            "-1074",
        )
        top = 2047
    signed = f"case when {sign} = 1 then -1D else 1D end"
    return (
        f"case when {e} = {top} then case when {m} = 0 then {signed} * double('Infinity') else double('NaN') end "
        f"when {e} = 0 then {signed} * {m} * pow(2D, {tiny}) "
        f"else {signed} * (1D + {m} / {frac}) * pow(2D, {e} - {bias}) end"
    )


def _date(b: str, datfmt: str, separator: str) -> str:
    """Two-digit years are 1940-2039 on IBM i; Java's yy reads 2000-2099."""
    pattern = DATE_PATTERNS[datfmt].format(s=separator)
    d = f"to_date(decode({b}, 'IBM037'), '{pattern}')"
    return (
        f"case when year({d}) >= 2040 then add_months({d}, -1200) else {d} end"
        if "yy" in pattern and "yyyy" not in pattern
        else d
    )


def _timestamp(b: str, width: int) -> str:
    """yyyy-mm-dd-hh.mm.ss and, past its 19 characters, a point and the fraction's digits."""
    digits = max(width - 20, 0)
    fraction = "." + "S" * min(digits, 9) if digits else ""
    return f"to_timestamp_ntz(decode({b}, 'IBM037'), 'yyyy-MM-dd-HH.mm.ss{fraction}')"


def spark_value(spec: ValueSpec, b: str) -> str:
    """The column's raw value from its bytes `b` in Spark's own expressions (see the module's docstring)."""
    fn, args = value_function(spec)
    return spark_call(fn, b, args, spec.width)


def spark_call(fn: str | None, b: str, args: tuple = (), width: int | None = None) -> str:
    """What catalog function `fn(b, *args)` gives, in Spark's own expressions over the `width` bytes `b` (None: a
    column whose width its own 2-byte length gives); `fn` None: the bytes themselves."""
    if fn is None:
        return b
    if fn == "ebcdic_str":
        return f"rtrim(decode({b}, '{_charset(args[0])}'))"
    if fn == "ibmi_varchar":
        return f"decode({_varying(b, width)}, '{_charset(args[0])}')"
    if fn == "ibmi_varbinary":
        return _varying(b, width)
    if fn == "unpack_bin":
        return spark_sql("bin" if not args or args[0] else "ubin", b, width)
    if fn in ("unpack_packed", "unpack_zoned"):
        return spark_sql("packed" if fn == "unpack_packed" else "zoned", b, width)
    if fn == "unpack_float":
        return _float(b, width)
    if fn == "ibmi_date":
        return _date(b, *args)
    if fn == "ibmi_time":
        pattern = TIME_PATTERNS[args[0]].format(s=args[1])
        return f"date_format(to_timestamp_ntz(decode({b}, 'IBM037'), '{pattern}'), 'HH:mm:ss')"
    if fn == "parse_ibmi_timestamp":  # its characters are invariant: any CCSID argument reads as IBM037
        return _timestamp(b, width)
    raise NoBaseline(f"no Spark expression for {fn}")

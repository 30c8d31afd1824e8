"""The function catalog: every SQL function declared once.

Registration (`udfs.register`), the function reference (`docs/functions.md`, `jcat functions`) and the
coverage test are all derived from `CATALOG`. To add a function: write its kernel in `udfs.core.kernels`,
declare it here, add golden rows to `tests/support/golden.py`, then run `jcat generate`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from . import kernels
from .kernels.ebcdic import SUPPORTED_CCSIDS
from .kernels.ibmi import DATE_FORMS, MAX_FIELDS, SEPARATORS, TIME_FORMS
from .kernels.ibmsnap_unload import decode_table, struct_columns
from .kernels.record import decode_record, decode_record_lenient, struct_type_sql
from .kernels.unicode import UNICODE_CCSIDS
from .layouts import ibmsnap_ddl_generated
from .layouts.registry import IBMSNAP_PREFIX, LAYOUTS, Layout, with_layout_function


@dataclass(frozen=True)
class Arg:
    name: str
    sql_type: str
    doc: str
    optional: bool = False


@dataclass(frozen=True)
class Example:
    sql: str  # an expression, as written in a SELECT list
    result: str  # what Spark SQL shows for it


@dataclass(frozen=True)
class Function:
    name: str
    kernel: Callable
    args: tuple[Arg, ...]
    returns: str  # Spark SQL type of the result
    summary: str
    details: str = ""
    examples: tuple[Example, ...] = field(default_factory=tuple)

    @property
    def min_args(self) -> int:
        return sum(1 for a in self.args if not a.optional)

    @property
    def signature(self) -> str:
        parts = []
        for a in self.args:
            parts.append(
                f"[, {a.name} {a.sql_type}]" if a.optional else f"{', ' if parts else ''}{a.name} {a.sql_type}"
            )
        return f"{self.name}({''.join(parts)}) -> {self.returns}"


_BYTES = Arg("b", "BINARY", "the field's bytes, usually `substr(record, pos, len)`")
_CCSID = Arg("ccsid", "INT", "single-byte EBCDIC CCSID, default 37", optional=True)
_TEXT_CCSID = Arg("ccsid", "INT", "EBCDIC CCSID, or 1208 (UTF-8), 1200 or 13488 (UTF-16BE); default 37", optional=True)
_NULL_RULE = "NULL in gives NULL out; bytes that do not decode give NULL (an error in strict mode)."
_UNICODE = "CCSID 1208 is UTF-8, 1200 and 13488 UTF-16BE: bytes that are not well-formed there give NULL. "
_SEPS = " ".join("blank" if c == " " else c for c in SEPARATORS)
_SIGN_ARG = "where the sign is: 'trailing' (default), 'leading', 'trailing separate' or 'leading separate'"
# One result type whatever the arguments: the unscaled digits; the field's scale is applied where it is known.
_SCALE = (
    "The result is the unscaled integer: apply the field's scale where the SQL is written, with the dbt macro "
    "`jcat_scale(expr, precision, scale)` or an exact decimal multiply: "
    "`CAST(unpack_packed(b) AS DECIMAL(9,0)) * 0.01` is DECIMAL(12,2) exactly. "
)
_FORMAT_ERROR = "A format or separator not listed is an error in every mode; a NULL format gives NULL. "

CATALOG: tuple[Function, ...] = (
    Function(
        "ebcdic_str",
        kernels.ebcdic_str,
        (_BYTES, _TEXT_CCSID),
        "STRING",
        "EBCDIC (or UTF-8/UTF-16) text to a string, trailing blanks and NULs removed.",
        "Supported single-byte EBCDIC CCSIDs: "
        + ", ".join(map(str, SUPPORTED_CCSIDS))
        + "; Unicode CCSIDs: "
        + ", ".join(map(str, sorted(UNICODE_CCSIDS)))
        + ". "
        + _UNICODE
        + "An unsupported CCSID is an error that "
        "lists them, in every mode. Leading blanks are kept; a field of blanks gives the empty string "
        "(models turn that into NULL where a blank field means no value). " + _NULL_RULE,
        (Example("ebcdic_str(X'C8C5D3D3D6404040')", "HELLO"), Example("ebcdic_str(X'4A5A', 273)", "ÄÜ")),
    ),
    Function(
        "unpack_zoned",
        kernels.unpack_zoned,
        (_BYTES, Arg("sign", "STRING", _SIGN_ARG, optional=True)),
        "DECIMAL(38,0)",
        "Zoned decimal (one digit a byte, COBOL DISPLAY) to the integer of its digits.",
        "1 to 38 digits. Digits carry zone F. The sign: 'trailing' (the default) in the zone of the last byte, "
        "'leading' in the zone of the first (C, A, E, F positive, D, B negative); 'trailing separate' or 'leading "
        "separate' a byte of its own after or before the digits, EBCDIC '+' X'4E' or '-' X'60'. Another sign form is "
        "an error in every mode. An unsigned picture is read the same way, its sign included: Cobrix reads `99V99 SIGN "
        "TRAILING SEPARATE` holding '-' as negative (its test 6); a D zone in a PIC 9 field is negative here too "
        "(Cobrix's test 6 holds none). " + _SCALE + _NULL_RULE,
        (
            Example("unpack_zoned(X'F1F2D3')", "-123"),
            Example("unpack_zoned(X'F0F4F2')", "42"),
            Example("unpack_zoned(X'60F1F2', 'leading separate')", "-12"),
        ),
    ),
    Function(
        "unpack_packed",
        kernels.unpack_packed,
        (_BYTES,),
        "DECIMAL(38,0)",
        "Packed decimal (COMP-3: two digits a byte, sign in the last nibble) to the integer of its digits.",
        "1 to 20 bytes; a 20-byte field's 39 digits above 38 digits' value give NULL. Sign nibble C, A, E, F "
        "positive, D, B negative; a digit nibble above 9 or a sign below A is invalid. " + _SCALE + _NULL_RULE,
        (Example("unpack_packed(X'12345C')", "12345"), Example("unpack_packed(X'12345D')", "-12345")),
    ),
    Function(
        "unpack_bin",
        kernels.unpack_bin,
        (_BYTES, Arg("signed", "BOOLEAN", "two's complement (default true) or unsigned", optional=True)),
        "BIGINT",
        "Big-endian binary integer of 1 to 8 bytes.",
        "Signed (two's complement) by default. An unsigned 8-byte value above 2^63-1 does not fit BIGINT "
        "and gives NULL. " + _NULL_RULE,
        (Example("unpack_bin(X'FFFE')", "-2"), Example("unpack_bin(X'FFFE', false)", "65534")),
    ),
    Function(
        "unpack_bin_decimal",
        kernels.unpack_bin_decimal,
        (_BYTES, Arg("signed", "BOOLEAN", "two's complement (default true) or unsigned", optional=True)),
        "DECIMAL(38,0)",
        "Big-endian binary integer of 1 to 16 bytes (COBOL COMP, COMP-4, BINARY, COMP-5 of 10 to 38 digits).",
        "Signed (two's complement) by default. A value of more than 38 digits gives NULL. Where the field has a "
        "scale, apply it as for `unpack_packed`. " + _SCALE + _NULL_RULE,
        (
            Example("unpack_bin_decimal(X'FFFFFFFFFFFFFFFFFE')", "-2"),
            Example("unpack_bin_decimal(X'0000000000000000000000000000000A', false)", "10"),
        ),
    ),
    Function(
        "unpack_edited",
        kernels.unpack_edited,
        (
            _BYTES,
            Arg("picture", "STRING", "the field's PICTURE, e.g. '+9(8)', 'Z(6)VZZ-', '9(4).99', 'S9(3).99'"),
            Arg(
                "ccsid",
                "INT",
                "single-byte EBCDIC CCSID, default 37 (the characters read are the same in all)",
                optional=True,
            ),
        ),
        "DECIMAL(38,0)",
        "A numeric edited DISPLAY field (or the explicit-point form `S9(3).99`) read by its picture to the integer "
        "of its digits.",
        "One byte a picture character (V takes none). 9: a digit; Z: a digit, or before the first digit a blank "
        "(a zero); '.': the point; ',': a comma or a blank; one sign symbol: '+' or '-' first or last, where '+', '-' "
        "or a blank is read (Cobrix reads '+' in a '-' position as positive), CR or DB last (the letters negative, "
        "two blanks positive), S first (overpunched in the last digit's zone, as `unpack_zoned`). Repeats as "
        "`9(8)`; 1 to 38 digits. A picture with other symbols (floating insertion, currency, B, 0, /, P) is an "
        "error in every mode; a NULL picture gives NULL; bytes the picture does not allow, or another width, give "
        "NULL. The digits after V or '.' are the scale: " + _SCALE[0].lower() + _SCALE[1:] + _NULL_RULE,
        (
            Example("unpack_edited(X'60F3F0F5F0F3F9F3F2', '+9(8)')", "-30503932"),
            Example("unpack_edited(X'F3F0F5F0F3F94BF3F260', '9(6).99-')", "-30503932"),
        ),
    ),
    Function(
        "unpack_hfp",
        kernels.unpack_hfp,
        (_BYTES,),
        "DOUBLE",
        "IBM System/390 hexadecimal floating point, 4 bytes (COMP-1, short) or 8 (COMP-2, long), to a DOUBLE.",
        "Bit 0 the sign, bits 1-7 a power of 16 (excess 64), then the fraction (24 or 56 bits). A long fraction has "
        "more bits than a double keeps: rounded to nearest once. Any other width gives NULL. " + _NULL_RULE,
        (Example("unpack_hfp(X'41100000')", "1.0"), Example("unpack_hfp(X'C276A00000000000')", "-118.625")),
    ),
    Function(
        "parse_lrsn",
        kernels.parse_lrsn,
        (
            _BYTES,
            Arg("delta", "BINARY", "STCK-to-LRSN delta of a data-sharing group (6, 8 or 10 bytes)", optional=True),
        ),
        "TIMESTAMP",
        "Db2 LRSN (6-byte basic or 10-byte extended) to the UTC instant it encodes.",
        "A 6-byte LRSN is TOD clock bits 0-47; a 10-byte extended LRSN is the 6-byte value at offset 1 "
        "(bytes 1-8 a TOD value, byte 0 its epoch). The optional delta, in the same LRSN form or as an "
        "8-byte TOD value, is subtracted first. " + _NULL_RULE,
        (
            Example("parse_lrsn(X'00CA670FBBF3D3000000')", "2012-10-31 20:25:10.690096"),
            Example("parse_lrsn(X'CA670FBBF3D3')", "2012-10-31 20:25:10.690096"),
        ),
    ),
    Function(
        "parse_tod",
        kernels.parse_tod,
        (_BYTES,),
        "TIMESTAMP",
        "z/Architecture TOD clock, 8-byte STCK or 16-byte STCKE, to a UTC instant.",
        "Microseconds = TOD >> 12 since 1900-01-01 00:00 UTC; STCKE byte 0 is the epoch index (the 8-byte "
        "clock wraps in 2042). " + _NULL_RULE,
        (Example("parse_tod(X'CA670FBBF3D30000')", "2012-10-31 20:25:10.690096"),),
    ),
    Function(
        "parse_timestamp17",
        kernels.parse_timestamp17,
        (_BYTES,),
        "TIMESTAMP_NTZ",
        "BMC Log Master BIN(17) BCD timestamp to a wall-clock timestamp (microseconds).",
        "X'YYYYMMDDHHMMSS' then 20 fraction nibbles (Db2 TIMESTAMP(12) and padding). Spark keeps "
        "microseconds: `parse_timestamp17_fraction` returns every fraction digit. TIMESTAMP_NTZ, so the "
        "value reads the same in any session time zone. " + _NULL_RULE,
        (Example("parse_timestamp17(X'2024022923595912345678901200000000')", "2024-02-29 23:59:59.123456"),),
    ),
    Function(
        "parse_timestamp17_fraction",
        kernels.parse_timestamp17_fraction,
        (_BYTES,),
        "STRING",
        "All fraction digits of a BIN(17) timestamp: 12 (picoseconds), more only where they are not zero.",
        "Use beside `parse_timestamp17` where digits below the microsecond matter. " + _NULL_RULE,
        (Example("parse_timestamp17_fraction(X'2024022923595912345678901200000000')", "123456789012"),),
    ),
    Function(
        "parse_ibmi_timestamp",
        kernels.parse_ibmi_timestamp,
        (_BYTES, _CCSID),
        "TIMESTAMP_NTZ",
        "IBM i EBCDIC timestamp `YYYY-MM-DD-HH.MM.SS[.f...]` (TIMESTAMP(p), p 0 to 12) to a wall-clock timestamp.",
        "19 characters for TIMESTAMP(0), 20 + p otherwise (26 for the journal's own TIMESTAMP(6) stamps). Spark "
        "keeps microseconds: fraction digits past the sixth are dropped, not rounded. The system's local time with "
        "no zone, so TIMESTAMP_NTZ. " + _NULL_RULE,
        (
            Example(
                "parse_ibmi_timestamp(X'F2F0F2F460F0F260F2F960F1F24BF3F44BF5F64BF1F2F3F4F5F6')",
                "2024-02-29 12:34:56.123456",
            ),
            Example("parse_ibmi_timestamp(X'F2F0F2F460F0F260F2F960F1F24BF3F44BF5F6')", "2024-02-29 12:34:56"),
        ),
    ),
    Function(
        "ibmi_date",
        kernels.ibmi_date,
        (
            _BYTES,
            Arg("datfmt", "STRING", "the column's DATFMT: " + ", ".join(DATE_FORMS)),
            Arg("datsep", "STRING", "DATSEP of *MDY, *DMY, *YMD and *JUL, default /", optional=True),
        ),
        "DATE",
        "An IBM i DATE column's characters in its DATFMT to a date.",
        "Forms: " + ", ".join(f"{k} {v.replace('?', '/')}" for k, v in DATE_FORMS.items()) + " (jjj: day of the "
        "year; / stands for DATSEP in *MDY, *DMY, *YMD and *JUL: " + _SEPS + "). Two-digit years 40-99 are 19xx, "
        "00-39 20xx. The characters are invariant EBCDIC, the same bytes in every CCSID. A date that does not "
        "exist (Feb 30, month 13), a wrong separator or a non-digit gives NULL. " + _FORMAT_ERROR + _NULL_RULE,
        (
            Example("ibmi_date(X'F2F0F2F460F0F260F2F9', '*ISO')", "2024-02-29"),
            Example("ibmi_date(X'F1F261F3F161F9F9', '*MDY')", "1999-12-31"),
            Example("ibmi_date(X'F2F44BF0F6F0', '*JUL', '.')", "2024-02-29"),
        ),
    ),
    Function(
        "ibmi_time",
        kernels.ibmi_time,
        (
            _BYTES,
            Arg("timfmt", "STRING", "the column's TIMFMT: " + ", ".join(TIME_FORMS)),
            Arg("timsep", "STRING", "TIMSEP of *HMS, default :", optional=True),
        ),
        "STRING",
        "An IBM i TIME column's characters in its TIMFMT to 'HH:MM:SS' (24-hour).",
        "Forms: *ISO and *EUR hh.mm.ss, *JIS hh:mm:ss, *HMS hh:mm:ss with : standing for TIMSEP (" + _SEPS + "), "
        "*USA hh:mm AM or PM (seconds 00; 12:01 AM to 12:59 AM are 00:01 to 00:59, 12:00 AM is 24:00:00 and "
        "00:00 AM 00:00:00, as IBM's table of the USA form has it). 24:00:00, Db2's end of the day, is kept. A "
        "string, not Spark's TIME: clients over HiveServer2 have no TIME type. An hour above 24, a minute or "
        "second above 59, a wrong separator or a non-digit gives NULL. " + _FORMAT_ERROR + _NULL_RULE,
        (
            Example("ibmi_time(X'F1F34BF0F54BF5F9', '*ISO')", "13:05:59"),
            Example("ibmi_time(X'F0F17AF3F040D7D4', '*USA')", "13:30:00"),
        ),
    ),
    Function(
        "unpack_float",
        kernels.unpack_float,
        (_BYTES,),
        "DOUBLE",
        "IEEE 754 big-endian binary floating point, 4 bytes (REAL) or 8 (DOUBLE), to a DOUBLE.",
        "The width chooses the form; a REAL widens to DOUBLE exactly. Infinities and NaN are values as they are "
        "in the column. Any other width gives NULL. " + _NULL_RULE,
        (
            Example("unpack_float(X'3FC00000')", "1.5"),
            Example("unpack_float(X'C00921FB54442D18')", "-3.141592653589793"),
        ),
    ),
    Function(
        "ibmi_varchar",
        kernels.ibmi_varchar,
        (_BYTES, _TEXT_CCSID),
        "STRING",
        "An IBM i VARCHAR column as the record buffer holds it: a 2-byte big-endian length L, then the declared "
        "maximum of bytes; the first L of them in the CCSID.",
        "Nothing is trimmed: trailing blanks inside the length are the value's. A length above the bytes that "
        "follow it gives NULL. " + _UNICODE + "Supported CCSIDs as for `ebcdic_str`; an unsupported one is an "
        "error in every mode. " + _NULL_RULE,
        (Example("ibmi_varchar(X'0002C1C2404040')", "AB"), Example("ibmi_varchar(X'0003C3A9410000', 1208)", "éA")),
    ),
    Function(
        "ibmi_varbinary",
        kernels.ibmi_varbinary,
        (_BYTES,),
        "BINARY",
        "An IBM i VARBINARY (or VARCHAR FOR BIT DATA) column as the record buffer holds it: the first L bytes "
        "after its 2-byte big-endian length L.",
        "A length above the bytes that follow it gives NULL. " + _NULL_RULE,
        (Example("ibmi_varbinary(X'000248490000')", "HI"), Example("hex(ibmi_varbinary(X'0002C1C20000'))", "C1C2")),
    ),
    Function(
        "ibmi_null_flags",
        kernels.ibmi_null_flags,
        (
            Arg("nvi", "BINARY", "the null-value indicators (JONVI): one byte a field, in record-format order"),
            Arg("count", "INT", f"how many fields the record format has (0 to {MAX_FIELDS})"),
        ),
        "ARRAY<BOOLEAN>",
        "IBM i null-value indicators to one flag a field: true where the field is null.",
        "Byte i is field i (1-based element i): EBCDIC '1' (X'F1') null, '0' (X'F0') not null, any other byte "
        "or a field past the bytes given NULL. A count outside 0 to 8000 (a record format's most fields) gives "
        "NULL. NULL in gives NULL out.",
        (Example("ibmi_null_flags(X'F0F1F0', 3)", "[false, true, false]"),),
    ),
)


def layout_function(
    layout: str,
    fields,
    summary: str,
    example: Example,
    by_record_type: bool = False,
    declared_in: str | None = None,
) -> Function:
    """`decode_<layout>(record)`: every field of a declared layout in one call (the fast path).

    by_record_type: each field applies to some record types only, and the function decodes every field of every
    record, so bytes that are another type's field must not fail a strict session; the model names what applies
    (decode_errors) and its strict guard (var jcat_strict) fails the build. declared_in: the module declaring the
    fields (default udfs.core.layouts.<layout>)."""
    name = f"decode_{layout}"
    strict = (
        "Strict mode does not apply: a field holds another field's bytes in records of a type that does not "
        "carry it, so the models name undecodable fields that apply in `decode_errors`. "
        if by_record_type
        else "Strict mode names the field. "
    )
    declaration = (declared_in or f"udfs.core.layouts.{layout}").replace(".", "/") + ".py"
    return Function(
        name,
        partial(decode_record_lenient if by_record_type else decode_record, fields=fields, function=name),
        (Arg("record", "BINARY", "one whole record as landed"),),
        struct_type_sql(fields),
        summary,
        "Each field decoded as its per-field function would (char and digits: `ebcdic_str`, zoned: "
        "`unpack_zoned`, bin: `unpack_bin`, ibmi_ts: `parse_ibmi_timestamp`, hex: the raw bytes), from the layout "
        f"declared in `{declaration}`. One Python call per batch instead of one per field: use it where "
        "speed matters (`jcat bench`). A field the record is too short to hold is NULL. " + strict + _NULL_RULE,
        (example,),
    )


def registered_layout_function(layout: Layout) -> Function:
    """A built-in layout's decode_<name>, as the registry (udfs/core/layouts/registry.py) describes it."""
    return layout_function(
        layout.name,
        layout.declared_fields(),
        layout.summary,
        Example(*layout.example),
        layout.by_record_type,
        layout.declared_in,
    )


LAYOUT_FUNCTIONS: tuple[Function, ...] = tuple(registered_layout_function(lay) for lay in with_layout_function())
# --- IBM SQL Replication: one layout function per table, over its Db2 unload records
# (kernel: udfs/core/kernels/ibmsnap_unload.py)


def ibmsnap_layout_function(table: str) -> Function:
    """`decode_ibmsnap_<table>(record [, variant, null_indicator, ccsid])`: every column of one unload record."""
    name = f"decode_ibmsnap_{table}"
    cols = struct_columns(table)
    first = cols[0]
    return Function(
        name,
        partial(decode_table, table=table),
        (
            Arg("record", "BINARY", "one whole unload record as landed"),
            Arg(
                "variant",
                "STRING",
                "platform/sequence form: "
                + ", ".join(ibmsnap_ddl_generated.VARIANTS)
                + f" (default {ibmsnap_ddl_generated.DEFAULT_VARIANT}); one value for the whole query",
                optional=True,
            ),
            Arg(
                "null_indicator",
                "STRING",
                "where a nullable column's indicator byte is: leading (Db2 UNLOAD, "
                "default) or trailing (DSNTIAUL format)",
                optional=True,
            ),
            Arg("ccsid", "INT", "EBCDIC CCSID of the CHAR, VARCHAR and TIMESTAMP columns, default 37", optional=True),
        ),
        "STRUCT<" + ", ".join(f"{c.name}: {c.sql_type}" for c in cols) + ">",
        f"Every column of an IBM SQL Replication unload record of `ibmsnap_{table}` as one struct (table builds).",
        "Each column decoded as its model's column macro `jcat_ibmsnap_column` does field by field (CHAR: "
        "`ebcdic_str`, SMALLINT/INT/BIGINT: `unpack_bin`, DECIMAL: `unpack_packed` scaled, with NULL past its "
        "precision, TIMESTAMP: `parse_ibmi_timestamp`, FOR BIT DATA: the raw bytes, VARCHAR: the bytes its 2-byte "
        "length gives, NULL when the length is above the column's), from the layout "
        "`udfs/core/layouts/ibmsnap_ddl_generated.py` derives from the DDL in `sql/ibmsnap`. A nullable column is "
        "decoded only where its null indicator is X'00'; a column missing from the variant, or that the record is "
        "too short to hold, is NULL. Strict mode names the column. " + _NULL_RULE,
        (_unload_example(name, first),),
    )


def _unload_example(name: str, c) -> Example:
    """The first column from a record that holds just it (CHAR 'ASN', bytes X'..01', the integer 10800)."""
    lead = "00" if c.nullable else ""  # the null indicator: value present
    if c.kind == "char":
        return Example(f"{name}(X'{lead}C1E2D5{'40' * (c.length - 3)}').{c.name}", "ASN")
    if c.kind == "bit":
        value = "00" * (c.length - 1) + "01"
        return Example(f"hex({name}(X'{lead}{value}').{c.name})", value)
    if c.kind in ("smallint", "int", "bigint"):
        return Example(f"{name}(X'{lead}{10800:0{2 * c.data_width}X}').{c.name}", "10800")
    raise ValueError(f"{name}: no example for a first column of kind {c.kind}")


IBMSNAP_LAYOUT_FUNCTIONS: tuple[Function, ...] = tuple(
    ibmsnap_layout_function(t) for t in ibmsnap_ddl_generated.LAYOUTS
)
_IBMSNAP_LAYOUTS = [lay.name for lay in LAYOUTS if lay.name.startswith(IBMSNAP_PREFIX)]
if _IBMSNAP_LAYOUTS != [IBMSNAP_PREFIX + t for t in ibmsnap_ddl_generated.LAYOUTS]:
    raise ImportError(f"the registry's IBMSNAP layouts {_IBMSNAP_LAYOUTS} differ from the DDL's tables")
LAYOUT_FUNCTIONS = LAYOUT_FUNCTIONS + IBMSNAP_LAYOUT_FUNCTIONS
CATALOG = CATALOG + LAYOUT_FUNCTIONS
BY_NAME: dict[str, Function] = {f.name: f for f in CATALOG}
STRICT_CONF = "spark.jcat.strict"

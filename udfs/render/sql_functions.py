"""Persistent SQL functions: the body of every per-field catalog function as a pure Spark SQL expression.

`CREATE FUNCTION jcat.<name>(...) RETURNS <type> RETURN <body>` stores a function in the metastore that any Spark
session calls with no Python and no session setting: views over the raw tables use them. Name, arguments
(optional ones as `DEFAULT` parameters), result type and documentation come from the registry (`udfs.core.catalog`);
only the bodies are written here, and `tests/spark/test_sql_functions_differential.py` holds every body equal to its
kernel, value for value and NULL for NULL, with ANSI mode on and off.

Rules every body follows:
- Spark stores the creating session's SQL settings (ANSI mode among them) with each function, so a body never
  depends on them: no plain cast or arithmetic that could fail in ANSI mode (`try_cast`, `try_make_*`), and every
  value is checked before it is converted, so both modes give NULL for bytes that do not decode.
- Text is Java's own code page, `rtrim(decode(b, 'IBM037'))`, whenever that gives the kernel's answer, decided on
  the bytes (no X'00', none of the bytes Java maps differently in that CCSID: JAVA_DIFFERS, checked against Java
  by the differential test), and otherwise the exact path: Java's IBM1047 (the kernel's 1047 byte for byte) with
  the few characters the CCSID places differently swapped by a small `translate`, or the CCSID's own Java code
  page where only a NUL was the problem, then trailing blanks and NULs cut as characters. Spark 4 refuses Java's
  charsets unless `spark.sql.legacy.javaCharsets=true`: Spark stores the creating session's settings with each
  function, so the DDL is run with that setting (CREATE_SETTINGS) and callers need none.
- UTF-8 (CCSID 1208) is Spark's own string once `is_valid_utf8` accepts the bytes; UTF-16BE (1200, 13488) goes
  through `decode` only where no surrogate is left unpaired and the length is even (decode raises on others).
  Dates, times and timestamps are read through IBM037: their characters are invariant (checked below).
- A persistent function cannot read `spark.jcat.strict`: undecodable bytes are always NULL here (the dbt models
  name them in `decode_errors`). An unsupported CCSID is an error, as in the kernel.

This module imports no Spark: it only writes text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from ..core.catalog import CATALOG, LAYOUT_FUNCTIONS, Function
from ..core.kernels.clocks import MAX_US, MIN_US, TOD_UNIX_EPOCH_US
from ..core.kernels.decimal import (
    DEFAULT_SIGN,
    MAX_DIGITS,
    MAX_PACKED_BYTES,
    SIGN_FORMS,
)
from ..core.kernels.ebcdic import (
    DEFAULT_CCSID,
    SUPPORTED_CCSIDS,
    TEXT_CCSIDS,
    decode_table,
    unsupported_message,
)
from ..core.kernels.edited import SYMBOLS
from ..core.kernels.ibmi import (
    CENTURY_SPLIT,
    DATE_FORMS,
    DEFAULT_DATSEP,
    DEFAULT_TIMSEP,
    MAX_FIELDS,
    SEPARATORS,
    TIME_FORMS,
)
from ..core.kernels.unicode import UNICODE_CCSIDS
from .jvm_functions import jvm_body
from .lldf_float_sql import lldf_float
from .markers import marker

SCHEMA = "jcat"
MACRO_PATH = "macros/jcat_install_functions.sql"
HASH_MARK = "[jcat "  # the COMMENT ends in `[jcat <version> <hash>]`

PER_FIELD: tuple[Function, ...] = tuple(f for f in CATALOG if f not in LAYOUT_FUNCTIONS)


# ---- literals ---------------------------------------------------------------------------------------------


def sql_string(text: str) -> str:
    """A Spark SQL string literal holding exactly `text`: quotes, backslashes and non-printable characters as
    `\\uXXXX` escapes (Spark's parser reads them; `spark.sql.parser.escapedStringLiterals` is false by default
    and stored with the function, so the literal means the same in every session)."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch in "'\\" or o < 0x20 or 0x7F <= o <= 0xA0 or o > 0x7E:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return "'" + "".join(out) + "'"


def _check_invariants() -> None:
    """The bodies rely on facts every supported code page shares; refuse to generate if one ever does not."""
    for c in SUPPORTED_CCSIDS:
        t = decode_table(c)
        blanks = [i for i, ch in enumerate(t) if ch in " \0"]
        if blanks != [0x00, 0x40]:  # trailing X'40'/X'00' are cut as bytes ('@' and NUL in ISO-8859-1)
            raise AssertionError(f"CCSID {c}: bytes {blanks} decode to a blank or NUL")
        invariant = [
            ("-", 0x60),
            (".", 0x4B),
            ("/", 0x61),
            (",", 0x6B),
            (":", 0x7A),
            ("A", 0xC1),
            ("M", 0xD4),
            ("P", 0xD7),
        ]
        for ch, byte in [*((str(d), 0xF0 + d) for d in range(10)), *invariant]:
            if [i for i, x in enumerate(t) if x == ch] != [byte]:  # IBM i dates, times, timestamps: read as bytes
                raise AssertionError(f"CCSID {c}: {ch!r} is not only byte {byte:02X}")


_check_invariants()


def _unsupported_ccsid(ccsid: str, text: bool = False) -> str:
    message = " is not supported" + unsupported_message(text)
    return f"raise_error(concat('CCSID ', cast({ccsid} AS STRING), {sql_string(message)}))"


def _ccsid_error(ccsid: str, text: bool = False) -> str:
    """A CASE branch: an unsupported CCSID (NULL means the default) is an error naming the supported ones. A branch
    of its own, before any check the optimizer could fold to false and prune together with the error. `text`:
    the text functions also read the Unicode CCSIDs."""
    listed = ", ".join(map(str, TEXT_CCSIDS if text else SUPPORTED_CCSIDS))
    return f"WHEN coalesce({ccsid}, {DEFAULT_CCSID}) NOT IN ({listed}) THEN {_unsupported_ccsid(ccsid, text)}"


# ---- bodies -----------------------------------------------------------------------------------------------
# Each takes the parameter names and returns the expression. `h` is hex(b): two upper-case hex digits a byte.

# Spark SQL settings the DDL runs with (Spark stores them with each function): Java's EBCDIC charsets.
CREATE_SETTINGS: dict[str, str] = {"spark.sql.legacy.javaCharsets": "true"}

# Bytes Java's charset decodes to another character than the kernel's table (IBM's CDRA tables): byte -> Java's
# character. Java maps NL (X'15') to LF as X'25' is; IBM273's X'BC' is a macron, not an overline.
JAVA_DIFFERS: dict[int, dict[int, str]] = {
    37: {0x15: "\n"},
    273: {0x15: "\n", 0xBC: "\u00af"},
    500: {0x15: "\n"},
    1140: {0x15: "\n"},
}


def java_charset(ccsid: int) -> str:
    return f"IBM{ccsid:03d}" if ccsid < 1000 or ccsid == 1047 else f"IBM0{ccsid}"


# Java's IBM1047 is the kernel's CCSID 1047 byte for byte, and each byte gives a character of its own, so where
# Java's own code page is not the kernel's (JAVA_DIFFERS) the kernel's text is IBM1047's with the few characters
# that CCSID places differently swapped by one small translate (8 to 25 characters). The body was 24,800
# characters with whole 256-character tables (ISO-8859-1 and a translate per CCSID), 1,700 now: same answers
# and speed, a DDL script and dbt hook a user can read. (Planning the 47 M7 text calls takes 0.25-0.45 s either
# way: Spark looks up and analyses each call; a function of one rtrim(decode) takes about 0.1 s.)
EXACT_BASE = 1047
BLANK_NUL = " \0"  # what the kernel cuts from the end, as characters


def exact_translation(ccsid: int) -> tuple[str, str]:
    """(from, to) for translate(): IBM1047's characters where the kernel's `ccsid` table differs, and the kernel's."""
    base, table = decode_table(EXACT_BASE), decode_table(ccsid)
    pairs = [(x, y) for x, y in zip(base, table) if x != y]
    return "".join(x for x, _ in pairs), "".join(y for _, y in pairs)


def _java_name(c: str) -> str:
    # java_charset in SQL (lpad alone would cut 1047 to '104')
    return (
        f"IF({c} < 1000, concat('IBM', lpad(cast({c} AS STRING), 3, '0')), "
        f"concat(IF({c} = 1047, 'IBM', 'IBM0'), cast({c} AS STRING)))"
    )


def _differs(b: str, c: str) -> str:
    """The bytes hold one Java maps differently in that CCSID (JAVA_DIFFERS)."""
    by_byte: dict[int, list[int]] = {}
    for cs, table in sorted(JAVA_DIFFERS.items()):
        for byte in table:
            by_byte.setdefault(byte, []).append(cs)
    return " OR ".join(
        f"({c} IN ({', '.join(map(str, cs))}) AND contains({b}, X'{byte:02X}'))" for byte, cs in sorted(by_byte.items())
    )


def _swapped(b: str, c: str) -> str:
    """Java's IBM1047 with the characters the CCSID places differently swapped: the kernel's text."""
    swaps = " ".join(
        f"WHEN {cs} THEN translate(decode({b}, 'IBM{EXACT_BASE}'), "
        f"{sql_string(exact_translation(cs)[0])}, {sql_string(exact_translation(cs)[1])})"
        for cs in sorted(JAVA_DIFFERS)
    )
    return f"CASE {c} {swaps} END"


def _utf16_ok(b: str) -> str:
    # Every unit after a comma, valid surrogate pairs removed: a surrogate left over is a lone one. Scanning
    # replacements, not one regular expression over the whole text (Java's regex recursion grows with length).
    units = f"regexp_replace(hex({b}), '(....)', '$1,')"
    return (
        f"length({b}) % 2 = 0 AND NOT regexp_replace({units}, 'D[89AB][0-9A-F]{{2}},D[C-F][0-9A-F]{{2}},', '') "
        f"RLIKE '(^|,)D[89A-F]'"
    )


def _unicode_branches(b: str, c: str, trim: Callable[[str], str]) -> str:
    """CASE branches for the Unicode CCSIDs: UTF-8 as Spark's own strings, UTF-16BE through its decoder, each only
    where the bytes are well-formed (decode raises on others)."""
    utf16 = ", ".join(str(k) for k, v in sorted(UNICODE_CCSIDS.items()) if v == "utf-16-be")
    return (
        f"WHEN {c} = 1208 THEN IF(is_valid_utf8(cast({b} AS STRING)), {trim(f'cast({b} AS STRING)')}, NULL) "
        f"WHEN {c} IN ({utf16}) THEN IF({_utf16_ok(b)}, {trim(f'decode({b}, {chr(39)}UTF-16BE{chr(39)})')}, NULL)"
    )


def ebcdic_str(b: str = "b", ccsid: str = "ccsid") -> str:
    # Java's decoder where its answer is the kernel's, decided on the bytes; rtrim where the field holds no NUL
    # (the kernel cuts trailing NULs with the blanks; cutting chosen characters costs about 3x rtrim). Where the
    # bytes hold one Java maps differently in that CCSID (JAVA_DIFFERS), Java's IBM1047 and the swap. Written
    # small: views call it dozens of times and Spark parses, analyses and compiles every call (a test of the
    # decoded text, repeated, made the ESD views 1.6x to 2.5x slower to build).
    c = f"coalesce({ccsid}, {DEFAULT_CCSID})"
    cut = sql_string(BLANK_NUL)

    def trim(x: str) -> str:
        return f"trim(TRAILING {cut} FROM {x})"

    text = f"decode({b}, {_java_name(c)})"
    return (
        f"CASE {_ccsid_error(ccsid, text=True)} {_unicode_branches(b, c, trim)} "
        f"WHEN {_differs(b, c)} THEN {trim(_swapped(b, c))} "
        f"WHEN contains({b}, X'00') THEN {trim(text)} "
        f"ELSE rtrim({text}) END"
    )


def ibmi_varchar(b: str = "b", ccsid: str = "ccsid") -> str:
    # The first L bytes after the 2-byte length, untrimmed: the same code pages as ebcdic_str, no cut.
    c = f"coalesce({ccsid}, {DEFAULT_CCSID})"
    n = f"cast(conv(hex(substr({b}, 1, 2)), 16, 10) AS INT)"
    x = f"substr({b}, 3, {n})"
    return (
        f"CASE WHEN {b} IS NULL THEN NULL {_ccsid_error(ccsid, text=True)} "
        f"WHEN length({b}) < 2 OR {n} > length({b}) - 2 THEN NULL {_unicode_branches(x, c, lambda v: v)} "
        f"WHEN {_differs(x, c)} THEN {_swapped(x, c)} ELSE decode({x}, {_java_name(c)}) END"
    )


def ibmi_varbinary(b: str = "b") -> str:
    n = f"cast(conv(hex(substr({b}, 1, 2)), 16, 10) AS INT)"
    return f"CASE WHEN length({b}) >= 2 AND {n} <= length({b}) - 2 THEN substr({b}, 3, {n}) END"


def unpack_float(b: str = "b") -> str:
    # Sign, exponent and fraction from the bits, then (2^f + fraction) * 2^(e - bias - f): exact in doubles (a
    # power of two from pow is exact, Java's Math.pow promises it; the product is a double's own value). A REAL
    # is read the same way with its narrower fields and widens exactly.
    h = f"hex({b})"

    def value(v: str, neg: str, ebits: int, fbits: int) -> str:
        emax, bias = 2**ebits - 1, 2 ** (ebits - 1) - 1
        e = f"(shiftright({v}, {fbits}) & {emax})"
        f = f"({v} & {2**fbits - 1})"
        sign = f"IF({neg}, -1.0D, 1.0D)"
        return (
            f"CASE WHEN {e} = {emax} THEN IF({f} = 0, {sign} * CAST('Infinity' AS DOUBLE), CAST('NaN' AS DOUBLE)) "
            f"WHEN {e} = 0 THEN {sign} * ({f} * pow(2, {1 - bias - fbits})) "
            f"ELSE {sign} * (({f} + pow(2, {fbits})) * pow(2, {e} - {bias + fbits})) END"
        )

    v8 = f"cast(conv({h}, 16, -10) AS BIGINT)"
    v4 = f"cast(conv({h}, 16, 10) AS BIGINT)"
    return (
        f"CASE length({b}) WHEN 8 THEN {value(v8, f'{v8} < 0', 11, 52)} "
        f"WHEN 4 THEN {value(v4, f'{v4} >= 2147483648', 8, 23)} END"
    )


def _format_errors(fmt: str, sep: str, forms: dict, default_sep: str, what: str) -> str:
    """CASE branches: a format or separator not listed is an error, as in the kernel (where the format is given)."""
    f = f"upper(trim({fmt}))"
    listed = ", ".join(sql_string(k) for k in forms)
    seps = ", ".join(sql_string(c) for c in SEPARATORS)
    return (
        f"WHEN {fmt} IS NULL THEN NULL "
        f"WHEN {f} NOT IN ({listed}) THEN raise_error(concat({sql_string(what + ' ')}, {fmt}, "
        f"{sql_string(' is not one of ' + ', '.join(forms))})) "
        f"WHEN coalesce({sep}, {sql_string(default_sep)}) NOT IN ({seps}) THEN raise_error(concat('separator ', "
        f"{sep}, {sql_string(' is not one of ' + ' '.join(SEPARATORS))}))"
    )


def _form_ok(t: str, b: str, form: str, sep: str, digits: str) -> str:
    """The text has the form's width, digits where `digits` letters stand and its own characters elsewhere."""
    regex = "".join("[0-9]" if ch in digits else "." for ch in form)
    fixed = " AND ".join(
        f"substr({t}, {i + 1}, 1) = {sep if ch == '?' else sql_string(ch)}"
        for i, ch in enumerate(form)
        if ch not in digits
    )
    return f"length({b}) = {len(form)} AND {t} RLIKE '^{regex}$' AND {fixed}"


def _part(t: str, form: str, letter: str) -> str:
    return f"substr({t}, {form.index(letter) + 1}, {form.count(letter)})"


def ibmi_date(b: str = "b", datfmt: str = "datfmt", datsep: str = "datsep") -> str:
    # Invariant EBCDIC characters read through IBM037 (checked above): one character a byte.
    t = f"decode({b}, 'IBM037')"
    sep = f"coalesce({datsep}, {sql_string(DEFAULT_DATSEP)})"
    whens = []
    for name, form in DATE_FORMS.items():
        ok = _form_ok(t, b, form, sep, "ymdj")
        year = f"int({_part(t, form, 'y')})"
        if form.count("y") == 2:
            year = f"IF({year} >= {CENTURY_SPLIT}, 1900 + {year}, 2000 + {year})"
        else:
            ok += f" AND {_part(t, form, 'y')} <> '0000'"
        if "j" in form:
            doy = f"int({_part(t, form, 'j')})"
            value = (
                f"IF({doy} BETWEEN 1 AND dayofyear(make_date({year}, 12, 31)), "
                f"date_add(make_date({year}, 1, 1), {doy} - 1), NULL)"
            )
        else:
            value = (
                f"CAST(try_make_timestamp_ntz({year}, int({_part(t, form, 'm')}), int({_part(t, form, 'd')}), "
                f"0, 0, 0) AS DATE)"
            )
        whens.append(f"WHEN {sql_string(name)} THEN IF({ok}, {value}, NULL)")
    return (
        f"CASE WHEN {b} IS NULL THEN NULL {_format_errors(datfmt, datsep, DATE_FORMS, DEFAULT_DATSEP, 'DATFMT')} "
        f"ELSE CASE upper(trim({datfmt})) {' '.join(whens)} END END"
    )


def ibmi_time(b: str = "b", timfmt: str = "timfmt", timsep: str = "timsep") -> str:
    t = f"decode({b}, 'IBM037')"
    sep = f"coalesce({timsep}, {sql_string(DEFAULT_TIMSEP)})"
    whens = []
    for name, form in TIME_FORMS.items():
        hh, mm = _part(t, form, "h"), _part(t, form, "m")
        if "x" in form:  # *USA: hh:mm AM / PM, 12:00 AM is 24:00:00, 00:00 AM 00:00:00
            am = f"substr({t}, 7, 1) = 'A'"
            ok = (
                f"length({b}) = 8 AND {t} RLIKE '^[0-9]{{2}}:[0-9]{{2}} [AP]M$' AND {mm} <= '59' AND "
                f"({hh} BETWEEN '01' AND '12' OR ({hh} = '00' AND {mm} = '00' AND {am}))"
            )
            hour = (
                f"CASE WHEN {am} THEN CASE WHEN {hh} = '12' THEN IF({mm} = '00', '24', '00') ELSE {hh} END "
                f"WHEN {hh} = '12' THEN '12' ELSE cast(int({hh}) + 12 AS STRING) END"
            )
            value = f"concat({hour}, ':', {mm}, ':00')"
        else:
            ss = _part(t, form, "s")
            ok = (
                _form_ok(t, b, form, sep, "hms") + f" AND {mm} <= '59' AND {ss} <= '59' AND "
                f"({hh} <= '23' OR ({hh} = '24' AND {mm} = '00' AND {ss} = '00'))"
            )
            value = f"concat({hh}, ':', {mm}, ':', {ss})"
        whens.append(f"WHEN {sql_string(name)} THEN IF({ok}, {value}, NULL)")
    return (
        f"CASE WHEN {b} IS NULL THEN NULL {_format_errors(timfmt, timsep, TIME_FORMS, DEFAULT_TIMSEP, 'TIMFMT')} "
        f"ELSE CASE upper(trim({timfmt})) {' '.join(whens)} END END"
    )


def ibmi_null_flags(nvi: str = "nvi", count: str = "count") -> str:
    # Byte i decides element i; substr past the bytes is empty, which is neither '1' nor '0': NULL.
    return (
        f"CASE WHEN {nvi} IS NULL OR {count} IS NULL OR {count} < 0 OR {count} > {MAX_FIELDS} THEN NULL "
        f"WHEN {count} = 0 THEN CAST(array() AS ARRAY<BOOLEAN>) "
        f"ELSE transform(sequence(1, {count}), i -> CASE substr({nvi}, i, 1) WHEN X'F1' THEN true "
        f"WHEN X'F0' THEN false END) END"
    )


def _signed_digits(digits: str, negative: str) -> str:
    return f"try_cast(concat(IF({negative}, '-', ''), {digits}) AS DECIMAL(38,0))"


# sign form -> (the hex of a valid field, the sign's nibble or byte in it, the digits' hex): a '+'/'-' byte of its
# own is EBCDIC X'4E'/X'60'; an overpunched sign is the first or last byte's zone.
_ZONED_FORMS = {
    "trailing": ("^(F[0-9])*[A-F][0-9]$", "substr({h}, -2, 1) IN ('B', 'D')", "{h}", 0),
    "leading": ("^[A-F][0-9](F[0-9])*$", "substr({h}, 1, 1) IN ('B', 'D')", "{h}", 0),
    "trailing separate": ("^(F[0-9])+(4E|60)$", "substr({h}, -2) = '60'", "substr({h}, 1, length({h}) - 2)", 1),
    "leading separate": ("^(4E|60)(F[0-9])+$", "substr({h}, 1, 2) = '60'", "substr({h}, 3)", 1),
}


def unpack_zoned(b: str = "b", sign: str = "sign") -> str:
    # Valid: 1 to 38 digits (a separate sign one byte more), digits zone F, the sign where its form puts it.
    h = f"hex({b})"
    form = f"coalesce({sign}, {sql_string(DEFAULT_SIGN)})"
    listed = ", ".join(sql_string(f) for f in SIGN_FORMS)
    message = " is not one of " + ", ".join(map(repr, SIGN_FORMS))
    whens = []
    for name, (regex, negative, digits, extra) in _ZONED_FORMS.items():
        value = _signed_digits(f"regexp_replace({digits.format(h=h)}, '.(.)', '$1')", negative.format(h=h))
        whens.append(
            f"WHEN {sql_string(name)} THEN IF(length({b}) BETWEEN {1 + extra} AND {MAX_DIGITS + extra} "
            f"AND {h} RLIKE '{regex}', {value}, NULL)"
        )
    return (
        f"CASE WHEN {form} NOT IN ({listed}) THEN raise_error(concat('unpack_zoned: sign ', {sign}, "
        f"{sql_string(message)})) ELSE CASE {form} {' '.join(whens)} END END"
    )


def unpack_packed(b: str = "b") -> str:
    # Valid: 1 to 20 bytes, every nibble but the last a digit, the last a sign A-F; past 38 digits try_cast is NULL.
    h = f"hex({b})"
    return (
        f"CASE WHEN length({b}) BETWEEN 1 AND {MAX_PACKED_BYTES} AND {h} RLIKE '^[0-9]*[A-F]$' THEN "
        + _signed_digits(f"substr({h}, 1, length({h}) - 1)", f"substr({h}, -1, 1) IN ('B', 'D')")
        + " END"
    )


def unpack_bin_decimal(b: str = "b", signed: str = "signed") -> str:
    # The bytes padded to 16 (sign-extended where signed) are U = Uh * 2^64 + Ul, each half read unsigned by conv.
    # A negative value's magnitude is 2^128 - U = (2^64 - 1 - Uh) * 2^64 + (2^64 - Ul) = A * 2^64 + B. It fits
    # DECIMAL(38,0) when A is below the 38-digit limit's high part, or equal to it with B at most the rest: checked
    # before any arithmetic, which then cannot overflow (no ANSI error, the same NULL in both modes).
    h = f"hex({b})"
    neg = f"(coalesce({signed}, true) AND substr({h}, 1, 1) >= '8')"
    h32 = f"lpad({h}, 32, IF({neg}, 'F', '0'))"
    uh, ul = (f"cast(conv(substr({h32}, {start}, 16), 16, 10) AS DECIMAL(20,0))" for start in (1, 17))
    two64 = 2**64
    limit_high, limit_rest = divmod(10**MAX_DIGITS - 1, two64)
    high = f"IF({neg}, {two64 - 1} - {uh}, {uh})"
    low = f"IF({neg}, {two64} - {ul}, {ul})"
    fits = f"({high} < {limit_high} OR {high} = {limit_high} AND {low} <= {limit_rest})"
    # The terms are zero where the value does not fit: Spark may evaluate a common subexpression before the CASE.
    # The sign is written into the digits' text: Spark's unary minus rounds a 38-digit decimal to 34 digits.
    magnitude = f"(cast(IF({fits}, {high}, 0) AS DECIMAL(38,0)) * {two64} + IF({fits}, {low}, 0))"
    return (
        f"CASE WHEN length({b}) BETWEEN 1 AND 16 AND {fits} THEN "
        + _signed_digits(f"cast({magnitude} AS STRING)", neg)
        + " END"
    )


def _let(value: str, name: str, body: str) -> str:
    """`body` with `name` bound to `value`, computed once (a SQL function has no local variables)."""
    return f"element_at(transform(array({value}), {name} -> {body}), 1)"


def _picture_chars(picture: str) -> str:
    """The picture's characters a byte, as the kernel's parse_picture expands them (V removed, S kept)."""
    token = "(CR|DB|[9ZV.,+\\\\-S])(\\\\([0-9]{1,3}\\\\))?"
    p = f"upper(trim({picture}))"
    each = (
        "repeat(regexp_extract(t, '^(CR|DB|.)', 1), "
        "coalesce(try_cast(regexp_extract(t, '[(]([0-9]+)[)]', 1) AS INT), 1))"
    )
    return (
        f"IF({p} RLIKE '^({token})+$', "
        f"replace(array_join(transform(regexp_extract_all({p}, '{token}', 0), t -> {each}), ''), 'V', ''), '?')"
    )


def _picture_ok(e: str) -> str:
    """The kernel's parse_picture rules on the expanded characters `e` ('?' for a picture of other symbols)."""

    def count(symbols: str) -> str:
        return " + ".join(f"(length({e}) - length(replace({e}, '{c}', '')))" for c in symbols)

    return (
        f"({e} <> '?' AND {count('+-SCD')} <= 1 AND {count('.')} <= 1 AND {count('9Z')} BETWEEN 1 AND {MAX_DIGITS} "
        f"AND ({count('+-')} = 0 OR left({e}, 1) IN ('+', '-') OR right({e}, 1) IN ('+', '-')) "
        f"AND ({count('S')} = 0 OR left({e}, 1) = 'S') AND ({count('CD')} = 0 OR right({e}, 2) IN ('CR', 'DB')))"
    )


def _edited_value(b: str, e: str) -> str:
    """The digits of `b` read by the expanded picture `e` (S removed: `s` says it was there), NULL where not valid."""
    x = f"substr(hex({b}), 2 * i - 1, 2)"
    at = f"substr({e}, i, 1)"
    digit_pos = f"filter(sequence(1, length({e})), i -> {at} IN ('9', 'Z'))"
    ds = f"array_join(transform({digit_pos}, i -> {x}), '')"
    each = (
        f"forall(sequence(1, length({e})), i -> CASE {at} WHEN '9' THEN {x} <> '40' WHEN '.' THEN {x} = '4B' "
        f"WHEN ',' THEN {x} IN ('6B', '40') WHEN '+' THEN {x} IN ('4E', '60', '40') "
        f"WHEN '-' THEN {x} IN ('4E', '60', '40') ELSE true END)"
    )
    tail = f"right(hex({b}), 4)"
    sign_ok = (
        f"CASE right({e}, 2) WHEN 'CR' THEN {tail} IN ('C3D9', '4040') "
        f"WHEN 'DB' THEN {tail} IN ('C4C2', '4040') ELSE true END"
    )
    digits_ok = "d RLIKE IF(s, '^(40)*(F[0-9])*[A-F][0-9]$', '^(40)*(F[0-9])*$')"
    neg = (
        f"(exists(sequence(1, length({e})), i -> {at} IN ('+', '-') AND {x} = '60') "
        f"OR {tail} IN ('C3D9', 'C4C2') AND right({e}, 2) IN ('CR', 'DB') OR s AND substr(d, -2, 1) IN ('B', 'D'))"
    )
    value = _signed_digits("regexp_replace(d, '.(.)', '$1')", neg)
    return _let(ds, "d", f"IF(length({b}) = length({e}) AND {each} AND {sign_ok} AND {digits_ok}, {value}, NULL)")


def unpack_edited(b: str = "b", picture: str = "picture", ccsid: str = "ccsid") -> str:
    # The picture is an argument: expanded to one character a byte in SQL, then each byte checked against its
    # character, by position, on hex(b) (the characters are invariant EBCDIC: one test for every CCSID).
    value = _let("left(e, 1) = 'S'", "s", _edited_value(b, "IF(s, substr(e, 2), e)"))
    message = " is not read: the symbols read are " + SYMBOLS + f", 1 to {MAX_DIGITS} digits"
    body = (
        f"CASE WHEN NOT {_picture_ok('e')} THEN raise_error(concat('unpack_edited: picture ', {picture}, "
        f"{sql_string(message)})) WHEN {b} IS NULL THEN NULL ELSE {value} END"
    )
    return (
        f"CASE {_ccsid_error(ccsid)} WHEN {picture} IS NULL THEN NULL "
        f"ELSE {_let(_picture_chars(picture), 'e', body)} END"
    )


def unpack_hfp(b: str = "b") -> str:
    # The hexadecimal forms of macro jcat_lldf_float, the one SQL definition LLDF's REAL and DOUBLE columns use,
    # with its unpack_bin calls written as unpack_bin's own body.
    def call(name: str, x: str, args: tuple, width: int) -> str:
        return unpack_bin(x, "false" if args == (False,) else "true")

    forms = " ".join(f"WHEN {w} THEN {lldf_float(b, w, 'hfp', call)}" for w in (4, 8))
    return f"CASE length({b}) {forms} END"


def unpack_bin(b: str = "b", signed: str = "signed") -> str:
    # conv(hex(b), 16, -10) reads the bytes as a 64-bit value (negative when 8 bytes and the top bit is set);
    # a shorter signed value is sign-extended by an arithmetic shift, left then right. Unsigned, conv gives the
    # value itself, and one above 2^63-1 does not fit BIGINT (try_cast: NULL). No padding of the hex text: lpad
    # and a sign test on it cost 1.5x Spark's own cast(conv(hex(b), 16, 10) AS BIGINT) on the 20 LLDF integers.
    h = f"hex({b})"
    shift = f"64 - 8 * length({b})"
    signed_value = f"shiftright(shiftleft(cast(conv({h}, 16, -10) AS BIGINT), {shift}), {shift})"
    return (
        f"CASE WHEN length({b}) BETWEEN 1 AND 8 THEN "
        f"IF(coalesce({signed}, true), {signed_value}, try_cast(conv({h}, 16, 10) AS BIGINT)) END"
    )


def _micros_to_timestamp(micros: str, fn: str = "timestamp_micros") -> str:
    return f"CASE WHEN {micros} BETWEEN {MIN_US} AND {MAX_US} THEN {fn}({micros}) END"


def parse_tod(b: str = "b") -> str:
    # TOD >> 12 is the first 13 of its 16 hex digits (below 2^52, a BIGINT); STCKE's epoch byte adds epoch * 2^52.
    h = f"hex({b})"
    micros = (
        f"(CASE length({b}) "
        f"WHEN 8 THEN cast(conv(substr({h}, 1, 13), 16, 10) AS BIGINT) "
        f"WHEN 16 THEN cast(conv(substr({h}, 1, 2), 16, 10) AS BIGINT) * 4503599627370496 "
        f"+ cast(conv(substr({h}, 3, 13), 16, 10) AS BIGINT) END - {TOD_UNIX_EPOCH_US})"
    )
    return _micros_to_timestamp(micros)


def _extended_tod(x: str, forms: tuple[int, ...], epoch: bool = True) -> str:
    """epoch * 2^64 + TOD of a 6-byte (TOD bits 0-47), 8-byte (a TOD value) or 10-byte (STCKE bytes 0-9) value,
    as DECIMAL(38,0) (at most 2^72; without the epoch when `epoch` is false); NULL for any other width."""
    h = f"hex({x})"
    d = "DECIMAL(38,0)"
    high = f"cast(conv(substr({h}, 1, 2), 16, 10) AS {d}) * 18446744073709551616 + " if epoch else ""
    whens = {
        6: f"WHEN 6 THEN cast(conv({h}, 16, 10) AS {d}) * 65536",
        8: f"WHEN 8 THEN cast(conv({h}, 16, 10) AS {d})",
        10: f"WHEN 10 THEN {high}cast(conv(substr({h}, 3, 16), 16, 10) AS {d})",
    }
    return f"(CASE length({x}) {' '.join(whens[w] for w in forms)} END)"


def parse_lrsn(b: str = "b", delta: str = "delta") -> str:
    # The delta's TOD (its epoch byte is not used, as in the kernel) is subtracted from the LRSN's extended TOD;
    # a delta larger than the LRSN gives NULL. Microseconds are the extended TOD >> 12.
    e = _extended_tod(b, (6, 10))
    dtod = _extended_tod(delta, (6, 8, 10), epoch=False)
    diff = f"({e} - coalesce({dtod}, 0))"
    micros = f"(cast(floor({diff} / 4096) AS BIGINT) - {TOD_UNIX_EPOCH_US})"
    ok = f"{e} IS NOT NULL AND {dtod} IS NOT NULL AND {diff} >= 0"
    # Without a delta (the default, folded away), BIGINT arithmetic: TOD >> 12 is the first 13 of the TOD's 16
    # hex digits, bits 0-47 >> 12 are those 12 digits * 16, and the epoch byte adds epoch * 2^52 (2.5x faster).
    h = f"hex({b})"
    plain = (
        f"(CASE length({b}) WHEN 6 THEN cast(conv({h}, 16, 10) AS BIGINT) * 16 "
        f"WHEN 10 THEN cast(conv(substr({h}, 1, 2), 16, 10) AS BIGINT) * 4503599627370496 "
        f"+ cast(conv(substr({h}, 3, 13), 16, 10) AS BIGINT) END - {TOD_UNIX_EPOCH_US})"
    )
    return (
        f"CASE WHEN {delta} IS NULL THEN {_micros_to_timestamp(plain)} "
        f"WHEN {ok} THEN {_micros_to_timestamp(micros)} END"
    )


def _ts17_ok(b: str, date: bool = True) -> str:
    """34 BCD digits, a year other than 0000, hour, minute and second in range and (with `date`) a real date;
    parse_timestamp17 leaves the date to try_make_timestamp_ntz, which gives NULL for an impossible one."""
    h = f"hex({b})"
    ok = (
        f"length({b}) = 17 AND {h} RLIKE '^[0-9]{{34}}$' AND substr({h}, 1, 4) <> '0000' "
        f"AND substr({h}, 9, 2) <= '23' AND substr({h}, 11, 2) <= '59' AND substr({h}, 13, 2) <= '59'"
    )
    if date:
        ok += (
            f" AND try_make_timestamp_ntz(int(substr({h}, 1, 4)), int(substr({h}, 5, 2)), "
            f"int(substr({h}, 7, 2)), 0, 0, 0) IS NOT NULL"
        )
    return ok


def parse_timestamp17(b: str = "b") -> str:
    # X'YYYYMMDDHHMMSS' then fraction nibbles: every nibble a digit, so hex(b) is the digits themselves.
    h = f"hex({b})"
    return (
        f"CASE WHEN {_ts17_ok(b, date=False)} THEN try_make_timestamp_ntz(int(substr({h}, 1, 4)), int(substr({h}, 5, "
        f"2)), "
        f"int(substr({h}, 7, 2)), int(substr({h}, 9, 2)), int(substr({h}, 11, 2)), "
        f"try_cast(concat(substr({h}, 13, 2), '.', substr({h}, 15, 6)) AS DECIMAL(8,6))) END"
    )


def parse_timestamp17_fraction(b: str = "b") -> str:
    # The 20 fraction digits less trailing zeros, but never fewer than 12 (picoseconds).
    f = f"regexp_replace(substr(hex({b}), 15, 20), '0+$', '')"
    return f"CASE WHEN {_ts17_ok(b)} THEN rpad({f}, greatest(length({f}), 12), '0') END"


_IBMI_TS = "^[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}[.][0-9]{2}[.][0-9]{2}([.][0-9]{1,12})?$"


def parse_ibmi_timestamp(b: str = "b", ccsid: str = "ccsid") -> str:
    # Digits, '-' and '.' are the same bytes in every supported code page (checked above) and only those bytes
    # decode to them in Java's IBM037 (JAVA_DIFFERS holds no digit), so the text is read through IBM037 whatever
    # the CCSID: YYYY-MM-DD-HH.MM.SS[.f...], one character a byte. (A regular expression over hex(b) ran 8x slower.)
    # Microseconds are the first 6 fraction digits, padded: later ones are dropped, as in the kernel.
    t = f"decode({b}, 'IBM037')"

    def part(start: int, n: int) -> str:
        return f"substr({t}, {start}, {n})"

    # Java's `$` also matches before a final line terminator (IBM037 X'25', X'15', X'0D'): the last character
    # must be a digit, as it is in every form.
    ok = (
        f"length({b}) BETWEEN 19 AND 32 AND {t} RLIKE '{_IBMI_TS}' AND right({t}, 1) BETWEEN '0' AND '9' "
        f"AND {part(1, 4)} <> '0000' AND {part(12, 2)} <= '23' "
        f"AND {part(15, 2)} <= '59' AND {part(18, 2)} <= '59'"
    )
    value = (
        f"try_make_timestamp_ntz(int({part(1, 4)}), int({part(6, 2)}), int({part(9, 2)}), int({part(12, 2)}), "
        f"int({part(15, 2)}), try_cast(concat({part(18, 2)}, '.', rpad({part(21, 6)}, 6, '0')) AS DECIMAL(8,6)))"
    )
    return f"CASE WHEN {b} IS NULL THEN NULL {_ccsid_error(ccsid)} WHEN {ok} THEN {value} END"


BODIES: dict[str, Callable[..., str]] = {
    "ebcdic_str": ebcdic_str,
    "unpack_zoned": unpack_zoned,
    "unpack_packed": unpack_packed,
    "unpack_bin": unpack_bin,
    "unpack_bin_decimal": unpack_bin_decimal,
    "unpack_edited": unpack_edited,
    "unpack_hfp": unpack_hfp,
    "parse_lrsn": parse_lrsn,
    "parse_tod": parse_tod,
    "parse_timestamp17": parse_timestamp17,
    "parse_timestamp17_fraction": parse_timestamp17_fraction,
    "parse_ibmi_timestamp": parse_ibmi_timestamp,
    "ibmi_date": ibmi_date,
    "ibmi_time": ibmi_time,
    "unpack_float": unpack_float,
    "ibmi_varchar": ibmi_varchar,
    "ibmi_varbinary": ibmi_varbinary,
    "ibmi_null_flags": ibmi_null_flags,
}

# Default of each optional argument, as the kernel reads a missing one.
DEFAULTS: dict[tuple[str, str], str] = {
    ("ebcdic_str", "ccsid"): str(DEFAULT_CCSID),
    ("parse_ibmi_timestamp", "ccsid"): str(DEFAULT_CCSID),
    ("unpack_bin", "signed"): "true",
    ("unpack_bin_decimal", "signed"): "true",
    ("unpack_zoned", "sign"): sql_string(DEFAULT_SIGN),
    ("unpack_edited", "ccsid"): str(DEFAULT_CCSID),
    ("parse_lrsn", "delta"): "NULL",
    ("ibmi_date", "datsep"): sql_string(DEFAULT_DATSEP),
    ("ibmi_time", "timsep"): sql_string(DEFAULT_TIMSEP),
    ("ibmi_varchar", "ccsid"): str(DEFAULT_CCSID),
}


# ---- DDL --------------------------------------------------------------------------------------------------


def body(fn: Function, engine: str = "sql", schema: str = SCHEMA) -> str:
    """The function's body: its SQL expression, or under the JVM engine the call of its compiled twin."""
    if engine == "jvm":
        return jvm_body(fn, schema)
    return BODIES[fn.name](*(a.name for a in fn.args))


def parameters(fn: Function) -> str:
    parts = []
    for a in fn.args:
        p = f"{a.name} {a.sql_type}"
        if a.optional:
            p += f" DEFAULT {DEFAULTS[(fn.name, a.name)]}"
        parts.append(p)
    return ", ".join(parts)


NOT_STRICT = (
    "As a persistent SQL function it cannot read spark.jcat.strict: bytes that do not decode always give NULL here."
)


STRICT_JVM = "Compiled (jcat's jar in the warehouse): reads spark.jcat.strict, as the Arrow UDFs do."


def documentation(fn: Function, engine: str = "sql") -> str:
    return " ".join(x for x in (fn.summary, fn.details, STRICT_JVM if engine == "jvm" else NOT_STRICT) if x)


def body_hash(fn: Function, engine: str = "sql", schema: str = SCHEMA) -> str:
    """Changes whenever anything the function stores changes: signature, result type, body or documentation."""
    text = "\n".join([fn.name, parameters(fn), fn.returns, body(fn, engine, schema), documentation(fn, engine)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def comment(fn: Function, version: str, engine: str = "sql", schema: str = SCHEMA) -> str:
    return f"{documentation(fn, engine)} {HASH_MARK}{version} {body_hash(fn, engine, schema)}]"


def stamp_of(comment_text: str | None) -> tuple[str, str] | None:
    """(version, hash) from a stored COMMENT, or None when the function was not written by jcat."""
    if not comment_text or not comment_text.rstrip().endswith("]") or HASH_MARK not in comment_text:
        return None
    inner = comment_text.rstrip()[comment_text.rindex(HASH_MARK) + len(HASH_MARK) : -1].split()
    return (inner[0], inner[1]) if len(inner) == 2 else None


def create_statement(
    fn: Function, version: str, schema: str = SCHEMA, replace: bool = True, engine: str = "sql"
) -> str:
    return (
        f"CREATE {'OR REPLACE ' if replace else ''}FUNCTION {schema}.{fn.name}({parameters(fn)})\n"
        f"RETURNS {fn.returns}\nCOMMENT {sql_string(comment(fn, version, engine, schema))}\n"
        f"RETURN {body(fn, engine, schema)}"
    )


def catalog_hash(version: str) -> str:
    """One value for the whole set: stored on the schema, so an unchanged catalog costs one metadata read."""
    text = version + "\n" + "\n".join(f"{f.name}={body_hash(f)}" for f in PER_FIELD)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def ddl_script(version: str, schema: str = SCHEMA) -> str:
    """Every function's DDL, for `jcat functions --sql` (run it in spark-sql against any metastore)."""
    out = [
        f"-- jcat {version}: persistent SQL functions (generated from udfs/core/catalog.py; do not edit)",
        "-- Spark stores these settings with each function (Java's EBCDIC code pages): callers need none.",
        *(f"SET {k}={v};" for k, v in CREATE_SETTINGS.items()),
        f"CREATE SCHEMA IF NOT EXISTS {schema};",
    ]
    for fn in PER_FIELD:
        out += ["", create_statement(fn, version, schema) + ";"]
    return "\n".join(out) + "\n"


def dbt_macro(version: str) -> str:
    """`macros/jcat_install_functions.sql`, the dbt `on-run-start` hook: the same DDL, run only when the hash stored
    on the schema differs (one DESCRIBE SCHEMA otherwise). Written by `jcat generate` (target `install_functions_macro`)
    and printed by `jcat functions --dbt-macro`."""
    want = catalog_hash(version)
    out = [
        marker(MACRO_PATH, "udfs/core/catalog.py and udfs/render/sql_functions.py"),
        "{#- on-run-start hook: create or replace jcat's persistent SQL functions in `schema` when the catalog hash",
        "    stored on the schema differs; otherwise one DESCRIBE SCHEMA. It writes the SQL bodies and marks them",
        "    `sql-dbt`: jcat's next start installs the engine chosen (jvm unless spark.jcat.functions.engine=sql),",
        "    and a current install of either engine is left as it is. Off with --vars",
        "    '{jcat_install_functions: false}'. -#}",
        "{% macro jcat_install_functions(schema='jcat') -%}",
        "  {%- if execute and var('jcat_install_functions', true) -%}",
        "    {%- do run_query('CREATE SCHEMA IF NOT EXISTS ' ~ schema) -%}",
        "    {%- set described = run_query('DESCRIBE SCHEMA EXTENDED ' ~ schema) -%}",
        "    {%- set ns = namespace(current=false) -%}",
        "    {%- for row in described.rows -%}",
        f"      {{%- if row[0] == 'Properties' and '{STATE_PROPERTY_NAME},{want})' in (row[1] or '') -%}}"
        "{%- set ns.current = true -%}{%- endif -%}",
        "    {%- endfor -%}",
        "    {%- if not ns.current -%}",
    ]
    out += [f"      {{%- do run_query('SET {k}={v}') -%}}" for k, v in CREATE_SETTINGS.items()]
    for fn in PER_FIELD:
        stmt = create_statement(fn, version, schema="__SCHEMA__")
        out += [
            "      {%- set ddl -%}{% raw %}" + stmt + "{% endraw %}{%- endset -%}",
            "      {%- do run_query(ddl | replace('__SCHEMA__.', schema ~ '.')) -%}",
        ]
    out += [
        f'      {{%- do run_query("ALTER SCHEMA " ~ schema ~ " SET DBPROPERTIES (\'{STATE_PROPERTY_NAME}\' = '
        f"'{want}', '{STATE_PROPERTY_NAME}.engine' = 'sql-dbt')\") -%}}",
        f"      {{{{ log('jcat: persistent SQL functions installed in ' ~ schema ~ ' (jcat {version})', info=true) "
        f"}}}}",
        "    {%- endif -%}",
        "  {%- endif -%}",
        "{%- endmacro %}",
    ]
    return "\n".join(out) + "\n"


STATE_PROPERTY_NAME = "jcat.functions"  # the schema property holding catalog_hash (udfs.spark.function_install)

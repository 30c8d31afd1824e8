"""The persistent SQL functions equal their kernels: value for value, NULL for NULL, ANSI on and off.

Inputs are drawn by hypothesis (valid values, bad signs, zones and digits, short and empty input, NULL, every
CCSID, LRSN deltas, second 60, impossible and out-of-range dates) and collected first; then one Spark query per
function decodes all of them through two installs of the functions, one created with ANSI mode on and one with
it off (Spark stores the creating session's settings with each function), each called from a session in both
modes, and the results are compared in Python with the kernel run on the same inputs.
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Context, Decimal

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from support.golden import BINARY_ARGS, GOLDEN, is_string_arg
from support.ibmi import encoders as ib

from udfs.core.catalog import BY_NAME
from udfs.core.kernels.ebcdic import SUPPORTED_CCSIDS, decode_table
from udfs.render import sql_functions as sf

pytestmark = [pytest.mark.spark, pytest.mark.compat]

EXAMPLES = 600  # drawn per function (plus the hand-picked edge cases)
# The SQL bodies created in either ANSI mode, and the JVM engine (compiled GenericUDFs behind the same signatures).
SCHEMAS = {"on": "jcat_diff_ansi_on", "off": "jcat_diff_ansi_off", "jvm": "jcat_diff_jvm"}


# ---- strategies, written from the format rules (not from the bodies under test) --------------------------

any_bytes = st.binary(min_size=0, max_size=34)
ccsids = st.sampled_from((None, *SUPPORTED_CCSIDS))


def _nibbles_to_bytes(nibbles: list[int]) -> bytes:
    return bytes(nibbles[i] << 4 | nibbles[i + 1] for i in range(0, len(nibbles), 2))


@st.composite
def zoned(draw):
    n = draw(st.integers(0, 33))
    zones = [0xF] * n
    digits = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    if n:
        zones[-1] = draw(st.sampled_from([0xF, 0xC, 0xD, 0xA, 0xB, 0xE, *range(16)]))
    mutate = draw(st.integers(0, 3)) if n else 0
    if mutate == 1:  # a bad zone somewhere
        zones[draw(st.integers(0, n - 1))] = draw(st.integers(0, 15))
    elif mutate == 2:  # a bad digit
        digits[draw(st.integers(0, n - 1))] = draw(st.integers(10, 15))
    return bytes(z << 4 | d for z, d in zip(zones, digits))


@st.composite
def packed(draw):
    n = draw(st.integers(0, 21))
    if n == 0:
        return b""
    nib = draw(st.lists(st.integers(0, 9), min_size=2 * n - 1, max_size=2 * n - 1))
    nib.append(draw(st.sampled_from([0xC, 0xD, 0xF, 0xA, 0xB, 0xE, *range(16)])))
    if draw(st.booleans()) and draw(st.booleans()):  # a bad digit nibble
        nib[draw(st.integers(0, 2 * n - 1))] = draw(st.integers(10, 15))
    return _nibbles_to_bytes(nib)


bin_args = st.tuples(st.binary(min_size=0, max_size=10), st.sampled_from((None, True, False)))

EPOCH_1900 = dt.datetime(1900, 1, 1)


@st.composite
def tod_bytes(draw):
    form = draw(st.sampled_from(("stck", "stcke", "stcke_far", "other")))
    if form == "stck":
        return draw(st.binary(min_size=8, max_size=8))
    if form == "stcke":  # epoch 0 or 1: real dates
        return bytes([draw(st.integers(0, 1))]) + draw(st.binary(min_size=15, max_size=15))
    if form == "stcke_far":  # later epochs run past 9999-12-31: out of range
        return draw(st.binary(min_size=16, max_size=16))
    return draw(st.binary(min_size=0, max_size=18))


@st.composite
def lrsn_args(draw):
    form = draw(st.sampled_from((6, 10, 10, "any")))
    if form == 6:
        b = draw(st.binary(min_size=6, max_size=6))
    elif form == 10:
        b = bytes([draw(st.sampled_from((0, 0, 1, 2, 255)))]) + draw(st.binary(min_size=9, max_size=9))
    else:
        b = draw(st.binary(min_size=0, max_size=12))
    dform = draw(st.sampled_from((None, None, 6, 8, 10, "small", "any")))
    if dform is None:
        d = None
    elif dform == "small":  # a real delta: far smaller than the LRSN
        d = bytes(4) + draw(st.binary(min_size=2, max_size=2))
    elif dform == "any":
        d = draw(st.binary(min_size=0, max_size=12))
    else:
        d = draw(st.binary(min_size=dform, max_size=dform))
    return b, d


def _digits(value: int, n: int) -> str:
    return str(value).zfill(n)[-n:]


@st.composite
def stamp_fields(draw):
    """Year, month, day, hour, minute, second: mostly real, often just out of range (day 31 in April, Feb 29 in
    a common year, second 60, hour 24, year 0)."""
    y = draw(st.one_of(st.integers(1, 9999), st.sampled_from((0, 1, 1900, 2000, 2023, 2024, 9999))))
    mo = draw(st.one_of(st.integers(1, 12), st.sampled_from((0, 13, 2))))
    d = draw(st.one_of(st.integers(1, 28), st.sampled_from((0, 29, 30, 31, 32))))
    h = draw(st.one_of(st.integers(0, 23), st.sampled_from((23, 24, 99))))
    mi = draw(st.one_of(st.integers(0, 59), st.sampled_from((59, 60))))
    s = draw(st.one_of(st.integers(0, 59), st.sampled_from((59, 60, 61))))
    return y, mo, d, h, mi, s


@st.composite
def ts17(draw):
    if draw(st.integers(0, 9)) == 0:
        return draw(any_bytes)
    y, mo, d, h, mi, s = draw(stamp_fields())
    frac = "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=20, max_size=20)))
    if draw(st.booleans()):
        frac = frac[: draw(st.integers(0, 20))].ljust(20, "0")
    text = _digits(y, 4) + _digits(mo, 2) + _digits(d, 2) + _digits(h, 2) + _digits(mi, 2) + _digits(s, 2) + frac
    raw = bytearray(bytes.fromhex(text))
    if draw(st.integers(0, 5)) == 0:  # a nibble above 9
        i = draw(st.integers(0, 16))
        raw[i] = raw[i] & 0xF0 | draw(st.integers(10, 15))
    if draw(st.integers(0, 7)) == 0:  # short or long
        raw = raw[: draw(st.integers(0, 16))] if draw(st.booleans()) else raw + b"\x00"
    return bytes(raw)


@st.composite
def ibmi_ts(draw):
    cc = draw(ccsids)
    if draw(st.integers(0, 9)) == 0:
        return draw(any_bytes), cc
    y, mo, d, h, mi, s = draw(stamp_fields())
    us = draw(st.integers(0, 999999))
    text = f"{_digits(y, 4)}-{_digits(mo, 2)}-{_digits(d, 2)}-{_digits(h, 2)}.{_digits(mi, 2)}.{_digits(s, 2)}.{us:06d}"
    raw = bytearray(text.encode("cp037"))
    kind = draw(st.integers(0, 7))
    if kind == 0:  # any byte anywhere
        raw[draw(st.integers(0, 25))] = draw(st.integers(0, 255))
    elif kind == 1:  # ASCII instead of EBCDIC, or a blank-padded field
        raw = bytearray(text.encode("ascii")) if draw(st.booleans()) else raw[:20] + b"\x40" * 6
    elif kind == 2:
        raw = raw[: draw(st.integers(0, 25))]
    return bytes(raw), cc


@st.composite
def ebcdic_args(draw):
    b = draw(st.binary(min_size=0, max_size=30))
    if draw(st.booleans()):  # trailing and inner blanks and NULs
        b = (
            draw(st.sampled_from((b"", b"\x40", b"\x40\x00")))
            + b
            + draw(st.sampled_from((b"\x40" * 3, b"\x00", b"\x40\x00\x40", b"")))
        )
    return b, draw(ccsids)


# ---- IBM i record-buffer values: valid ones from tests/support/ibmi/encoders.py, then mutated --------------------


def _mutated(draw, raw: bytes) -> bytes:
    """Often the bytes as encoded; else one byte replaced (a digit, a separator, anything), cut or lengthened."""
    raw = bytearray(raw)
    kind = draw(st.integers(0, 5))
    if kind == 0 and raw:
        raw[draw(st.integers(0, len(raw) - 1))] = draw(
            st.sampled_from((0xF0, 0xF9, 0x40, 0x61, 0x60, 0x4B, 0x7A, draw(st.integers(0, 255))))
        )
    elif kind == 1:
        raw = raw[: draw(st.integers(0, max(len(raw) - 1, 0)))]
    elif kind == 2:
        raw += b"\x40"
    return bytes(raw)


dates = st.dates(min_value=dt.date(1, 1, 1), max_value=dt.date(9999, 12, 31))
short_dates = st.dates(min_value=dt.date(1940, 1, 1), max_value=dt.date(2039, 12, 31))
separators = st.sampled_from(ib.SEPARATORS)


@st.composite
def ibmi_date_args(draw):
    fmt = draw(st.sampled_from(sorted(ib.DATE_FORMATS)))
    sep = draw(st.sampled_from((None, *ib.SEPARATORS)))
    d = draw(short_dates if fmt in ib.TWO_DIGIT_YEARS else dates)
    raw = ib.date_bytes(d, fmt, sep or "/")
    if draw(st.integers(0, 6)) == 0:  # a day that does not exist, written in the form
        raw = raw.replace(b"\xf0\xf1", b"\xf3\xf2", 1)
    if draw(st.integers(0, 9)) == 0:
        fmt = fmt.lower()
    return _mutated(draw, raw), fmt, sep


@st.composite
def ibmi_time_args(draw):
    fmt = draw(st.sampled_from(sorted(ib.TIME_FORMATS)))
    sep = draw(st.sampled_from((None, *ib.SEPARATORS)))
    t = draw(st.times())
    if fmt == "*USA":
        t = t.replace(second=0)
    raw = ib.time_bytes(t, fmt, sep or ":")
    if draw(st.integers(0, 9)) == 0:  # hour 24 and the like
        raw = b"\xf2\xf4" + raw[2:]
    return _mutated(draw, raw), fmt, sep


@st.composite
def ibmi_timestamp_args(draw):
    p = draw(st.integers(0, 12))
    ts = draw(st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59, 59)))
    digits = "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=p, max_size=p)))
    return _mutated(draw, ib.timestamp_bytes(ts, digits, draw(ccsids) or 37)), draw(ccsids)


@st.composite
def float_args(draw):
    width = draw(st.sampled_from((4, 8, 8, 3)))
    if draw(st.booleans()):
        return (draw(st.binary(min_size=width, max_size=width)),)
    x = draw(st.floats(width=32 if width == 4 else 64))
    return (ib.float_bytes(x, 4 if width == 4 else 8) if width != 3 else b"\x3f\xc0\x00",)


text_ccsids = st.sampled_from((None, *SUPPORTED_CCSIDS, 1208, 1200, 13488))


@st.composite
def varchar_args(draw):
    cc = draw(text_ccsids)
    width = draw(st.integers(0, 12))
    if draw(st.integers(0, 3)) == 0:
        payload = draw(st.binary(min_size=0, max_size=width))
    else:
        enc = {1208: "utf-8", 1200: "utf-16-be", 13488: "utf-16-be"}.get(cc)
        alphabet = (
            st.characters(codec="utf-8", exclude_categories=("Cs",))
            if enc
            else st.sampled_from([ch for ch in decode_table(cc or 37)])
        )
        txt = draw(st.text(alphabet=alphabet, max_size=6))
        payload = txt.encode(enc) if enc else bytes(decode_table(cc or 37).index(ch) for ch in txt)
    raw = ib.varying(payload, max(width, len(payload)))
    return _mutated(draw, raw) if draw(st.integers(0, 3)) == 0 else raw, cc


@st.composite
def null_flag_args(draw):
    nvi = bytes(draw(st.lists(st.sampled_from((0xF0, 0xF1, 0xF0, 0xF1, 0x40, 0x00)), max_size=10)))
    return nvi, draw(st.sampled_from((None, 0, 1, 3, 10, 12, -1, 8000, 8001)))


SIGN_FORMS = ("trailing", "leading", "trailing separate", "leading separate")
PICTURES = (
    "+9(8)",
    "9(8)+",
    "-9(5)",
    "Z(8)-",
    "Z(6)VZZ-",
    "9(6).99-",
    "9(4).99",
    "S9(3).99",
    "ZZ9CR",
    "Z,ZZ9DB",
    "99,999",
    "9(38)",
    " z(3)9 ",
)


@st.composite
def zoned_args(draw):
    """Valid fields of every sign form from tests/support/copybook/cobol_fields.py, then mutated; sometimes any
    bytes."""
    from support.copybook import cobol_fields as cf

    sign = draw(st.sampled_from((None, *SIGN_FORMS)))
    if draw(st.integers(0, 5)) == 0:
        return draw(zoned()), sign
    n = draw(st.integers(1, 38))
    raw = cf.zoned(draw(st.integers(-(10**n - 1), 10**n - 1)), n, sign or "trailing")
    return _mutated(draw, raw), sign


@st.composite
def edited_args(draw):
    from support.copybook import cobol_fields as cf

    picture = draw(st.sampled_from(PICTURES))
    n = sum(c in "9Z" for c in cf.expand(picture.strip()))
    raw = cf.edited(draw(st.integers(-(10**n - 1), 10**n - 1)), picture.strip())
    return _mutated(draw, raw), picture, draw(st.sampled_from((None, 37, 1047, 273)))


@st.composite
def bin_decimal_args(draw):
    width = draw(st.integers(0, 17))
    if width in (9, 16) and draw(st.booleans()):  # near +-10^38, where DECIMAL(38,0) ends
        v = draw(st.integers(10**38 - 3, 10**38 + 3)) * draw(st.sampled_from((1, -1)))
        return (v.to_bytes(16, "big", signed=True), draw(st.sampled_from((None, True, False))))
    return draw(st.binary(min_size=width, max_size=width)), draw(st.sampled_from((None, True, False)))


# function -> (strategy of argument tuples, hand-picked edge cases)
CASES = {
    "ebcdic_str": (
        ebcdic_args(),
        [
            (b"", None),
            (b"\x40\x40", 37),
            (b"\x00", 1047),
            (bytes(range(256)), 37),
            # NL (Java: LF), 273's overline (Java: macron), a NUL before trailing blanks
            (b"\xc1\x15\x25", None),
            (b"\xbc\xc1", 273),
            (b"\xc1\x00\x40", 500),
            (b"\xc1\x40\x00\x40", 37),
            (b"\x00\xc1", 37),
            (b"\x05\xc1\x05", 1047),
            *((bytes(range(256)), c) for c in SUPPORTED_CCSIDS),  # every byte, exact path
            *((bytes(range(1, 256)), c) for c in SUPPORTED_CCSIDS),
        ],
    ),  # no NUL: Java's path
    "unpack_zoned": (
        zoned_args(),
        [
            (b"",),
            (b"\xf9" * 38,),
            (b"\xf9" * 37 + b"\xd9",),
            (b"\xf9" * 39,),
            (b"\xd0",),
            (b"\x60" + b"\xf9" * 38, "leading separate"),
            (b"\x60", "trailing separate"),
            (b"\xd1\xf2", "leading"),
            (b"\xf1\x4e", "trailing separate"),
        ],
    ),
    "unpack_bin_decimal": (
        bin_decimal_args(),
        [
            (b"\xff" * 16, None),
            (b"\xff" * 16, False),
            (b"\x80" + bytes(15), True),
            (bytes.fromhex("4B3B4CA85A86C47A098A223FFFFFFFFF"), None),
            (bytes.fromhex("B4C4B357A5793B85F675DDC000000001"), None),
            (bytes.fromhex("B4C4B357A5793B85F675DDC000000000"), None),
            (b"\x80", False),
            (bytes(9), True),
        ],
    ),
    "unpack_edited": (
        edited_args(),
        [
            (b"\x40" * 9, "Z(8)-", None),
            (b"\xf1\xf2\xf3\xc3\xd9", "999CR", None),
            (b"\xf1\xf2\xf3\x40\x40", "999CR", 37),
            (b"\xf1\xf2\xf3", None, None),
            (b"\xf1\xf2\xf3\x4b\xf0\xd3", "s9(3).99", None),
        ],
    ),
    "unpack_hfp": (
        st.tuples(
            st.one_of(st.binary(min_size=4, max_size=4), st.binary(min_size=8, max_size=8), st.binary(max_size=9))
        ),
        [(bytes(4),), (b"\xff" * 8,), (b"\x7f" * 4,), (bytes.fromhex("C276A000"),), (b"\x80" + bytes(7),)],
    ),
    "unpack_packed": (
        st.tuples(packed()),
        [
            (b"",),
            (b"\x99" * 15 + b"\x9c",),
            (b"\x99" * 15 + b"\x9d",),
            (b"\x99" * 16 + b"\x9c",),
            (b"\x0c",),
            (b"\x0b",),
            (b"\xc0",),
            (b"\x09" + b"\x99" * 18 + b"\x9d",),
            (b"\x19" + b"\x99" * 18 + b"\x9c",),
            (b"\x99" * 20 + b"\x9c",),
        ],
    ),
    "unpack_bin": (
        bin_args,
        [
            (b"", None),
            (b"\xff" * 8, False),
            (b"\x7f" + b"\xff" * 7, False),
            (b"\x80" + bytes(7), True),
            (b"\x80" + bytes(7), False),
            (b"\xff" * 9, True),
            (b"\x80", None),
            (b"\x80", False),
        ],
    ),
    "parse_lrsn": (
        lrsn_args(),
        [
            (bytes.fromhex("CA670FBBF3D3"), None),
            (bytes.fromhex("00CA670FBBF3D3000000"), None),
            (bytes(6), bytes.fromhex("000000000001")),
            (bytes.fromhex("01000000000000000000"), bytes(8)),
            (bytes.fromhex("01000000000000000000"), bytes.fromhex("0000000000000001")),
            (bytes.fromhex("CA670FBBF3D3"), bytes(8)),
            (bytes(8), None),
        ],
    ),
    "parse_tod": (
        st.tuples(tod_bytes()),
        [(bytes(8),), (b"\xff" * 8,), (bytes(16),), (b"\xff" * 16,), (bytes.fromhex("CA670FBBF3D30000"),)],
    ),
    "parse_timestamp17": (
        st.tuples(ts17()),
        [
            (bytes.fromhex("2024022923595912345678901200000000"),),
            (bytes.fromhex("2023022923595900000000000000000000"),),
            (bytes.fromhex("2024123123596000000000000000000000"),),
            (bytes.fromhex("0000010100000000000000000000000000"),),
            (bytes.fromhex("9999123123595999999999999999999999"),),
        ],
    ),
    "parse_ibmi_timestamp": (
        ibmi_ts(),
        [
            (b"2024-02-29-12.34.56.123456".decode().encode("cp037"), None),
            (b"2024-12-31-23.59.60.000000".decode().encode("cp037"), 273),
            (b"0000-01-01-00.00.00.000000".decode().encode("cp037"), None),
            (b"2023-02-29-00.00.00.000000".decode().encode("cp037"), 1047),
        ],
    ),
    "ibmi_date": (
        ibmi_date_args(),
        [
            (b"\xf2\xf4\x4b\xf0\xf6\xf0", "*JUL", "."),
            (b"\xf0\xf0\x61\xf3\xf6\xf6", "*JUL", None),
            (b"\xf9\xf9\xf9\xf9\x60\xf1\xf2\x60\xf3\xf1", " *iso", None),
        ],
    ),
    "ibmi_time": (
        ibmi_time_args(),
        [
            (b"\xf1\xf2\x7a\xf0\xf0\x40\xc1\xd4", "*USA", None),
            (b"\xf0\xf0\x7a\xf0\xf0\x40\xc1\xd4", "*USA", None),
            (b"\xf2\xf4\x4b\xf0\xf0\x4b\xf0\xf0", "*EUR", None),
        ],
    ),
    "unpack_float": (
        float_args(),
        [
            (bytes.fromhex("7FF8000000000000"),),
            (bytes.fromhex("0000000000000001"),),
            (bytes.fromhex("80000000"),),
            (bytes.fromhex("7F800000"),),
            (bytes.fromhex("00000001"),),
        ],
    ),
    "ibmi_varchar": (
        varchar_args(),
        [
            (b"\x00\x02\xd8\x3d", 1200),
            (b"\x00\x04\xd8\x3d\xde\x00", 13488),
            (b"\x00\x02\xc0\xaf", 1208),
            (b"\x00\x03\xed\xa0\x80", 1208),
            (b"\x00\x03\xc1\x15\x25", 37),
            (b"\x00\x01\xbc", 273),
        ],
    ),
    "ibmi_varbinary": (st.tuples(st.builds(lambda a: a[0], varchar_args())), [(b"\x00\x00",), (b"\xff\xff",)]),
    "ibmi_null_flags": (null_flag_args(), [(b"", 0), (b"\xf1", 2)]),
}
CASES["parse_ibmi_timestamp"] = (st.one_of(ibmi_ts(), ibmi_timestamp_args()), CASES["parse_ibmi_timestamp"][1])
CASES["ebcdic_str"] = (
    st.one_of(ebcdic_args(), varchar_args()),
    CASES["ebcdic_str"][1] + [("é ".encode(), 1208), (b"\x00A\x00 ", 1200), (b"\xd8\x00", 13488)],
)
CASES["parse_timestamp17_fraction"] = CASES["parse_timestamp17"]


def draw_examples(strategy, n: int) -> list[tuple]:
    """n inputs from a strategy, gathered without checking: the check is one Spark query for all of them."""
    out: list[tuple] = []

    @settings(
        max_examples=n, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck)
    )
    @given(strategy)
    def gather(x):
        out.append(x)

    gather()
    return out


def with_nulls(fn_name: str, rows: list[tuple]) -> list[tuple]:
    """NULL in every argument position, alone and together."""
    arity = len(BY_NAME[fn_name].args)
    first = rows[0]
    extra = [(None,) + tuple(first[1:])]
    for j in range(1, arity):
        extra.append(first[:j] + (None,) + first[j + 1 :])
    extra.append((None,) * arity)
    return rows + extra


# ---- the two engines ---------------------------------------------------------------------------------------


def _arrow_arg(fn_name: str, j: int, values: list) -> pa.Array:
    if j in BINARY_ARGS[fn_name]:
        return pa.array(values, pa.binary())
    if is_string_arg(fn_name, j):
        return pa.array(values, pa.string())
    if fn_name in ("unpack_bin", "unpack_bin_decimal"):
        return pa.array(values, pa.bool_())
    return pa.array(values, pa.int32())


def kernel_values(fn_name: str, rows: list[tuple]) -> list:
    fn = BY_NAME[fn_name]
    arity = len(rows[0])
    cols = [_arrow_arg(fn_name, j, [r[j] for r in rows]) for j in range(arity)]
    out = fn.kernel(*cols)
    if pa.types.is_timestamp(out.type):
        return out.cast(pa.int64()).to_pylist()
    return out.to_pylist()


def _spark_type(fn_name: str, j: int):
    from pyspark.sql.types import BinaryType, BooleanType, IntegerType, StringType

    if j in BINARY_ARGS[fn_name]:
        return BinaryType()
    if is_string_arg(fn_name, j):
        return StringType()
    return BooleanType() if fn_name in ("unpack_bin", "unpack_bin_decimal") else IntegerType()


def _comparable(fn_name: str, call: str) -> str:
    returns = BY_NAME[fn_name].returns
    if returns == "TIMESTAMP":
        return f"unix_micros({call})"
    if returns == "TIMESTAMP_NTZ":  # the session is UTC: the wall clock's microseconds
        return f"unix_micros(CAST({call} AS TIMESTAMP))"
    return call


def spark_values(spark, fn_name: str, rows: list[tuple], arity: int) -> dict[tuple[str, str], list]:
    """{(created in ANSI mode, called in ANSI mode): values} for the rows, in one query per calling mode."""
    from pyspark.sql.types import IntegerType, StructField, StructType

    schema = StructType(
        [StructField("i", IntegerType(), False)] + [StructField(f"a{j}", _spark_type(fn_name, j)) for j in range(arity)]
    )
    df = spark.createDataFrame([(i, *r) for i, r in enumerate(rows)], schema)
    df.createOrReplaceTempView("diff_inputs")
    args = ", ".join(f"a{j}" for j in range(arity))
    cols = ", ".join(f"{_comparable(fn_name, f'{s}.{fn_name}({args})')} AS {mode}" for mode, s in SCHEMAS.items())
    out = {}
    for caller in ("true", "false"):
        spark.conf.set("spark.sql.ansi.enabled", caller)
        spark.conf.set("spark.sql.legacy.javaCharsets", "false")  # callers need no setting: stored at CREATE
        try:
            got = spark.sql(f"SELECT i, {cols} FROM diff_inputs ORDER BY i").collect()
        finally:
            spark.conf.unset("spark.sql.ansi.enabled")
            spark.conf.unset("spark.sql.legacy.javaCharsets")
        for mode in SCHEMAS:
            out[(mode, caller)] = [r[mode] for r in got]
    return out


@pytest.fixture(scope="module")
def installed(spark):
    from udfs.spark.function_install import install

    for mode, schema in SCHEMAS.items():
        spark.conf.set("spark.sql.ansi.enabled", "false" if mode == "off" else "true")
        try:
            install(spark, schema, force=True, engine="jvm" if mode == "jvm" else "sql")
        finally:
            spark.conf.unset("spark.sql.ansi.enabled")
    yield spark
    for schema in SCHEMAS.values():
        spark.sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def _same(a, b) -> bool:
    """Equal, NaN equal to NaN (a DOUBLE column may hold it)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def _show(v) -> str:
    return v.hex().upper() if isinstance(v, (bytes, bytearray)) else repr(v)


@pytest.mark.parametrize("fn_name", [f.name for f in sf.PER_FIELD])
def test_sql_function_equals_its_kernel_created_and_called_in_either_ansi_mode(installed, fn_name):
    strategy, edges = CASES[fn_name]
    arity = len(BY_NAME[fn_name].args)
    drawn = draw_examples(strategy, EXAMPLES)
    assert len(drawn) == EXAMPLES, f"{fn_name}: hypothesis drew {len(drawn)} inputs, not {EXAMPLES}"
    rows = with_nulls(fn_name, [tuple(r) for r in edges] + drawn)
    rows = [r + (None,) * (arity - len(r)) for r in rows]
    expected = kernel_values(fn_name, rows)
    got = spark_values(installed, fn_name, rows, arity)
    print(
        f"{fn_name}: {len(rows)} inputs ({len(edges)} hand-picked, {len(drawn)} drawn, the rest NULLs), "
        f"each through {len(got)} engine/mode pairs"
    )  # shown with -s
    for key, values in got.items():
        bad = [(rows[i], expected[i], v) for i, v in enumerate(values) if not _same(v, expected[i])]
        shown = "; ".join(f"{tuple(map(_show, r))}: kernel {e!r}, sql {v!r}" for r, e, v in bad[:5])
        assert not bad, (
            f"{fn_name} (engine {'jvm' if key[0] == 'jvm' else 'sql created with ANSI ' + key[0]}, called ANSI "
            f"{key[1]}): {len(bad)} of {len(rows)} differ: {shown}"
        )
    assert any(e is not None for e in expected) and any(e is None for e in expected), "inputs must cover both"


def test_default_arguments_equal_the_kernels_defaults(installed):
    q = (
        "SELECT jcat_diff_ansi_on.ebcdic_str(X'4A5A') a, jcat_diff_ansi_on.unpack_bin(X'FFFE') b, "
        "unix_micros(jcat_diff_ansi_on.parse_lrsn(X'CA670FBBF3D3')) c, "
        "unix_micros(CAST(jcat_diff_ansi_on.parse_ibmi_timestamp("
        "X'F2F0F2F460F0F260F2F960F1F24BF3F44BF5F64BF1F2F3F4F5F6') AS TIMESTAMP)) d"
    )
    r = installed.sql(q).collect()[0]
    assert r.a == "¢!" and r.b == -2
    assert r.c == kernel_values("parse_lrsn", [(bytes.fromhex("CA670FBBF3D3"), None)])[0]
    assert (
        r.d
        == kernel_values(
            "parse_ibmi_timestamp", [(bytes.fromhex("F2F0F2F460F0F260F2F960F1F24BF3F44BF5F64BF1F2F3F4F5F6"), None)]
        )[0]
    )


@pytest.mark.parametrize("fn_name", ["ebcdic_str", "parse_ibmi_timestamp", "ibmi_varchar"])
def test_unsupported_ccsid_is_an_error_naming_the_supported_ones(installed, fn_name):
    from udfs.core.kernels.ebcdic import UnsupportedCcsid

    with pytest.raises(UnsupportedCcsid):
        kernel_values(fn_name, [(b"\xc1", 1209)])
    for schema in SCHEMAS.values():
        with pytest.raises(
            Exception, match="CCSID 1209 is not supported; supported single-byte EBCDIC CCSIDs: 37, 273"
        ):
            installed.sql(f"SELECT {schema}.{fn_name}(X'C1', 1209)").collect()


def test_persistent_functions_give_the_golden_values(installed):
    """Also through `jcat.*`, which session start installed: hand-written expectations, not the kernels'."""
    from udfs.spark.function_install import describe_function

    assert describe_function(installed, "jcat", "ebcdic_str") is not None
    calls = {}  # one query per function: a query per row cost 43 s
    for fn, args, expected in GOLDEN:
        lits = []
        for j, a in enumerate(args):
            if a is None:
                lits.append(
                    "CAST(NULL AS BINARY)"
                    if j in BINARY_ARGS[fn]
                    else (
                        "CAST(NULL AS STRING)"
                        if is_string_arg(fn, j)
                        else ("CAST(NULL AS BOOLEAN)" if isinstance(a, bool) else "CAST(NULL AS INT)")
                    )
                )
            elif j in BINARY_ARGS[fn]:
                lits.append(f"X'{a}'")
            elif isinstance(a, str):
                lits.append(f"'{a}'")
            else:
                lits.append(("true" if a else "false") if isinstance(a, bool) else str(a))
        calls.setdefault(fn, []).append((f"jcat.{fn}({', '.join(lits)})", args, expected))
    for fn, rows in calls.items():
        got = installed.sql("SELECT " + ", ".join(f"{c} AS v{i}" for i, (c, _, _) in enumerate(rows))).collect()[0]
        for i, (_, args, expected) in enumerate(rows):
            assert got[f"v{i}"] == expected, (fn, args)


def _sql_literal(a) -> str:
    if isinstance(a, bool):
        return "true" if a else "false"
    return sf.sql_string(a)


@pytest.mark.heavy  # the same calls, rendered from the copybook, run in the suite (the test after this one)
def test_cobrix_test6_through_the_persistent_functions_equals_cobrix(installed):
    """Every field of Cobrix's test 6 (tests/support/copybook/cobrix_test6.py) decoded in SQL by the persistent
    functions, one query over the 100 records, the scale applied to the unscaled result as the kernel test does: all
    equal."""
    from pyspark.sql.types import BinaryType, IntegerType, StructField, StructType
    from support.copybook.cobrix_test6 import EXACT, expected_rows, fields, records, same

    recs, rows, schema = records(), expected_rows(), SCHEMAS["on"]
    table = StructType([StructField("i", IntegerType(), False), StructField("record", BinaryType())])
    installed.createDataFrame([(i, bytes(r)) for i, r in enumerate(recs)], table).createOrReplaceTempView("test6")
    calls = [
        f"{schema}.{fn}({', '.join([f'substr(record, {at + 1}, {length})', *map(_sql_literal, args)])}) AS {column}"
        for column, fn, args, _, at, length in fields()
    ]
    got = installed.sql(f"SELECT i, {', '.join(calls)} FROM test6 ORDER BY i").collect()
    wrong = []
    for column, fn, args, scale, _, _ in fields():
        values = [r[column] for r in got]
        if scale is not None:
            values = [None if v is None else EXACT.scaleb(Decimal(v), -scale) for v in values]
        bad = [(i, v, row[column]) for i, (v, row) in enumerate(zip(values, rows)) if not same(v, row[column])]
        if bad:
            wrong.append(f"{column} ({fn}{args}): {len(bad)} records, first {bad[0]}")
    assert len(got) == 100 and not wrong, "\n".join(wrong)


@pytest.mark.parametrize("engine", ["on", "jvm"])
def test_cobrix_test6_through_its_copybook_in_sql_equals_cobrix(installed, engine):
    """Test 6's copybook parsed and written as a SELECT over the record column (udfs/render/copybook_sql.py: each
    field typed by its picture, scaled exactly): every value of the 100 records equals Cobrix's, typed as it is."""
    from pyspark.sql.types import BinaryType, IntegerType, StructField, StructType
    from support.copybook.cobrix_test6 import DATA, expected_rows, records, same

    from udfs.core.copybook import parse_copybook
    from udfs.render.copybook_sql import record_query

    table = StructType([StructField("i", IntegerType(), False), StructField("record", BinaryType())])
    installed.createDataFrame([(i, bytes(r)) for i, r in enumerate(records())], table).createOrReplaceTempView("test6")
    book = parse_copybook((DATA / "test6_copybook.cob").read_text(encoding="latin-1"))
    query = record_query(book, "test6", schema=SCHEMAS[engine], float_format="ieee")  # Cobrix's test: IEEE floats
    got = installed.sql(query.replace("SELECT\n", "SELECT\n    i,\n", 1) + " ORDER BY i").collect()
    rows = expected_rows()
    wrong = [
        f"{c}: {[(i, r[c], row[c]) for i, (r, row) in enumerate(zip(got, rows)) if not same(r[c], row[c])][:1]}"
        for c in rows[0]
        if any(not same(r[c], row[c]) for r, row in zip(got, rows))
    ]
    assert len(got) == 100 and len(got[0]) == 1 + 195 + 1 and not wrong, "\n".join(wrong)
    # a field Cobrix gives no value is named in the row's decode_errors, and only those
    assert [r["decode_errors"] for r in got] == [[c for c in row if row[c] is None] for row in rows]


def test_a_copybook_with_occurs_depending_on_and_groups_reads_as_arrays_and_structs(installed):
    """OCCURS DEPENDING ON: an array of as many elements as its counter says (the record holds the most); groups are
    structs. The bytes written here from COBOL's rules: zoned 'F2', packed 01 23 4C = +123.4, 00 05 0D = -5.0."""
    from decimal import Decimal

    from udfs.core.copybook import parse_copybook
    from udfs.render.copybook_sql import record_query

    book = parse_copybook(
        "\n".join(
            " " * 7 + e
            for e in (
                "01 R.",
                "05 N PIC 9.",
                "05 T OCCURS 0 TO 3 TIMES DEPENDING ON N.",
                "10 K PIC X(2).",
                "10 V PIC S9(3)V9 COMP-3.",
                "05 G.",
                "10 A PIC X.",
                "10 FILLER PIC X.",
                "05 H PIC 9(2)PP.",
            )
        )
    )
    record = (
        b"\xf2"
        + "AB".encode("cp037")
        + b"\x01\x23\x4c"
        + "CD".encode("cp037")
        + b"\x00\x05\x0d"
        + b"\xff" * 5
        + "Z?".encode("cp037")
        + b"\xf4\xf2"
    )
    bad_sign = record[:5] + b"\x41" + record[6:]  # the first element's packed sign nibble 1: no value
    too_many = b"\xf4" + record[1:]  # a count of 4, past OCCURS 0 TO 3: no array, named
    installed.createDataFrame(
        [(0, record), (1, bad_sign), (2, None), (3, too_many)], "i INT, record BINARY"
    ).createOrReplaceTempView("odo")
    query = record_query(book, "odo", schema=SCHEMAS["on"])
    row, bad, none, many = installed.sql(query.replace("SELECT\n", "SELECT\n    i,\n", 1) + " ORDER BY i").collect()
    assert many["N"] == 4 and many["T"] is None and many["decode_errors"] == ["T"]
    assert row["N"] == 2 and [(e["K"], e["V"]) for e in row["T"]] == [("AB", Decimal("123.4")), ("CD", Decimal("-5.0"))]
    assert row["G"].asDict() == {"A": "Z"} and row["H"] == 4200 and row["decode_errors"] == []
    assert bad["T"][0]["V"] is None and bad["decode_errors"] == ["T.V"] and none["decode_errors"] is None


def test_declared_decimal_columns_scale_the_38_digit_results_exactly(installed):
    """A declared column's DECIMAL(31, s) from unpack_packed's DECIMAL(38,0) (udfs/render/decimal_sql.py), every
    scale, ANSI on: Spark's division of DECIMAL(38,0) keeps 6 places, so a wider scale must not divide."""
    from udfs.render.decimal_sql import typed_decimal

    digits = "-" + "9876543210" * 3 + "1"  # 31 digits
    raw = f"{SCHEMAS['on']}.unpack_packed(X'{digits[1:]}D')"
    cols = ", ".join(f"{typed_decimal(raw, 31, s)} AS s{s}" for s in range(13))
    installed.conf.set("spark.sql.ansi.enabled", "true")
    try:
        row = installed.sql(f"SELECT {cols}").collect()[0]
    finally:
        installed.conf.unset("spark.sql.ansi.enabled")
    assert [row[f"s{s}"] for s in range(13)] == [Decimal(digits).scaleb(-s, Context(prec=40)) for s in range(13)]


@pytest.mark.parametrize("engine", ["on", "jvm"])
def test_copybook_sql_equals_the_layout_function_on_cobrix_files_every_trim_and_mutated_records(installed, engine):
    """The two engines of a copybook record: the SQL through the persistent functions and the Arrow layout function
    give equal rows (values, nesting, decode_errors) on Cobrix's test 1 (OCCURS DEPENDING ON in groups), test 3
    under each trimming policy, test 9 in CCSID 273, and ORDER records with bytes changed (bad values inside
    OCCURS, counts out of range, short and NULL records)."""
    import random

    from support.copybook.cobrix_suite import CASES, DATA
    from support.copybook.records import ORDER, order
    from support.fuzz import mutate

    from udfs.core.copybook import parse_copybook
    from udfs.core.copybook.decode import decode_record
    from udfs.render.copybook_sql import record_query

    rng = random.Random(11)
    orders = [order(i, "N", [("A", i), ("B", -i)][: 1 + i % 2]) for i in range(200)]
    orders = [mutate(rng, r)[0] for r in orders] + [orders[0][:20], None]
    cases = [
        (c.copybook, c.records()[:300], c.ccsid, c.trim)
        for c in CASES
        if c.id in ("test1", "test9_cp273") or c.id.startswith("test3_")
    ]
    cases += [(None, orders, 37, "right")]
    for copybook, recs, ccsid, trim in cases:
        book = parse_copybook(ORDER if copybook is None else (DATA / copybook).read_text(encoding="latin-1"))
        installed.createDataFrame(list(enumerate(recs)), "i INT, record BINARY").createOrReplaceTempView("cpy")
        query = record_query(book, "cpy", schema=SCHEMAS[engine], ccsid=ccsid, trim=trim)
        got = [
            None if r["decode_errors"] is None else {k: v for k, v in r.asDict(recursive=True).items() if k != "i"}
            for r in installed.sql(query.replace("SELECT\n", "SELECT\n    i,\n", 1) + " ORDER BY i").collect()
        ]
        want = decode_record(pa.array(recs, pa.binary()), book, ccsid=ccsid, trim=trim).to_pylist()
        wrong = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
        assert len(got) == len(recs) and not wrong, f"{copybook} {trim}: {len(wrong)} rows differ, first {wrong[0]}"


@pytest.mark.parametrize(
    ("fn_name", "args"),
    [
        ("unpack_zoned", (b"\xf1", "it's \t\u00e9\u200b")),
        ("ibmi_date", (b"\xf1", '*X"Y\n', None)),
        ("unpack_edited", (b"\xf1", "9(2)\u00a0'", None)),
    ],
)
def test_an_argument_that_is_not_read_is_named_by_the_compiled_engine_as_by_the_kernel(installed, fn_name, args):
    """The error every mode raises for a sign, format or picture the function does not read quotes it as the Arrow
    kernel does (Python's repr: its quotes and escapes), through the JVM engine."""
    import re

    with pytest.raises(ValueError) as kernel:
        kernel_values(fn_name, [args])
    arity = len(BY_NAME[fn_name].args)
    values = tuple(args) + (None,) * (arity - len(args))
    types = ["BINARY"] + ["STRING" if is_string_arg(fn_name, j) else "INT" for j in range(1, arity)]
    schema = ", ".join(f"a{j} {t}" for j, t in enumerate(types))
    installed.createDataFrame([values], schema).createOrReplaceTempView("bad_args")
    call = f"{SCHEMAS['jvm']}.{fn_name}({', '.join(f'a{j}' for j in range(arity))})"
    with pytest.raises(Exception, match=re.escape(str(kernel.value))):
        installed.sql(f"SELECT {call} FROM bad_args").collect()

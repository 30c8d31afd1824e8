"""IBM i record-buffer values: encoder (tests/support/ibmi/encoders.py, from IBM's text) -> kernel -> the value."""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import REPO
from support.ibmi import encoders as ib

from udfs.core import kernels as k
from udfs.core.kernels.batch import DecodeError
from udfs.core.kernels.ebcdic import SUPPORTED_CCSIDS, decode_table

settings.register_profile("jcat", max_examples=150, deadline=None)
settings.load_profile("jcat")


def test_encoders_follow_the_copied_table():
    table = (REPO / "tests/data/sources/ibmi_date_time_formats.md").read_text()
    for fmt, form in ib.DATE_FORMATS.items():
        assert fmt in table and form.split("/")[0] in table
        assert len(ib.date_text(dt.date(2024, 2, 29), fmt)) == len(form)
    for fmt in ib.TIME_FORMATS:
        assert fmt in table and len(ib.time_text(dt.time(13, 5), fmt)) == 8


@given(
    st.lists(
        st.tuples(
            st.sampled_from(sorted(ib.DATE_FORMATS)),
            st.sampled_from(ib.SEPARATORS),
            st.dates(min_value=dt.date(1, 1, 1), max_value=dt.date(9999, 12, 31)),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_date_roundtrip_every_format_and_separator(cases):
    cases = [
        (
            f,
            s,
            d
            if f not in ib.TWO_DIGIT_YEARS
            else d.replace(year=1940 + d.year % 100)
            if not (d.month == 2 and d.day == 29)
            else dt.date(2000, 2, 29),
        )
        for f, s, d in cases
    ]
    raw = pa.array([ib.date_bytes(d, f, s) for f, s, d in cases], pa.binary())
    got = k.ibmi_date(raw, pa.array([f for f, _, _ in cases]), pa.array([s for _, s, _ in cases]))
    assert got.to_pylist() == [d for _, _, d in cases]


@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(ib.TIME_FORMATS)), st.sampled_from(ib.SEPARATORS), st.times()),
        min_size=1,
        max_size=30,
    )
)
def test_time_roundtrip_every_format_and_separator(cases):
    cases = [(f, s, t.replace(microsecond=0, second=0 if f == "*USA" else t.second)) for f, s, t in cases]
    raw = pa.array([ib.time_bytes(t, f, s) for f, s, t in cases], pa.binary())
    got = k.ibmi_time(raw, pa.array([f for f, _, _ in cases]), pa.array([s for _, s, _ in cases]))
    assert got.to_pylist() == [t.strftime("%H:%M:%S") for _, _, t in cases]


@given(
    st.lists(
        st.tuples(
            st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59, 59)),
            st.integers(0, 12),
            st.integers(0, 10**12 - 1),
        ),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from(SUPPORTED_CCSIDS),
)
def test_timestamp_roundtrip_every_precision(cases, ccsid):
    raw, want = [], []
    for ts, p, f in cases:
        digits = f"{f:012d}"[:p]
        raw.append(ib.timestamp_bytes(ts.replace(microsecond=0), digits, ccsid))
        want.append(ts.replace(microsecond=int(digits[:6].ljust(6, "0"))))  # past the microsecond: dropped
    got = k.parse_ibmi_timestamp(pa.array(raw, pa.binary()), pa.array([ccsid] * len(raw), pa.int32()))
    assert got.to_pylist() == want


@given(
    st.lists(
        st.one_of(st.floats(width=32).map(lambda x: (x, 4)), st.floats().map(lambda x: (x, 8))), min_size=1, max_size=30
    )
)
def test_float_roundtrip_both_widths(cases):
    got = k.unpack_float(pa.array([ib.float_bytes(x, w) for x, w in cases], pa.binary())).to_pylist()
    for (x, _), g in zip(cases, got):
        assert (math.isnan(x) and math.isnan(g)) or (g == x and math.copysign(1, g) == math.copysign(1, x))


unicode_text = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12)


@given(st.lists(st.tuples(st.sampled_from((*SUPPORTED_CCSIDS, 1208, 1200, 13488)), st.data()), min_size=1, max_size=20))
def test_varchar_roundtrip_every_ccsid_untrimmed(cases):
    raw, want, ccsids = [], [], []
    for cc, data in cases:
        if cc in (1208, 1200, 13488):
            text = data.draw(unicode_text)
            payload = text.encode("utf-8" if cc == 1208 else "utf-16-be")
        else:
            text = data.draw(st.text(alphabet=st.sampled_from(decode_table(cc)), max_size=12))
            payload = bytes(decode_table(cc).index(ch) for ch in text)
        raw.append(ib.varying(payload, len(payload) + data.draw(st.integers(0, 5)), fill=0x40))
        want.append(text)
        ccsids.append(cc)
    got = k.ibmi_varchar(pa.array(raw, pa.binary()), pa.array(ccsids, pa.int32()))
    assert got.to_pylist() == want


@given(st.lists(st.binary(max_size=20), min_size=1, max_size=20), st.integers(0, 5))
def test_varbinary_roundtrip(payloads, spare):
    raw = pa.array([ib.varying(p, len(p) + spare) for p in payloads], pa.binary())
    assert k.ibmi_varbinary(raw).to_pylist() == payloads


@given(st.lists(st.tuples(st.integers(1, 31), st.integers(0, 31), st.data()), min_size=1, max_size=20))
def test_zoned_and_packed_with_scale_are_the_integer_the_models_divide(cases):
    """unpack_zoned/unpack_packed give value * 10^scale: dividing by 10^scale (jcat_scale) is the value."""
    for precision, scale, data in cases:
        scale = min(scale, precision)
        n = data.draw(st.integers(-(10**precision - 1), 10**precision - 1))
        value = Decimal(n).scaleb(-scale, ib.EXACT)
        z = k.unpack_zoned(pa.array([ib.zoned_scaled(value, precision, scale)])).to_pylist()[0]
        p = k.unpack_packed(pa.array([ib.packed_scaled(value, precision, scale)])).to_pylist()[0]
        assert z.scaleb(-scale, ib.EXACT) == value == p.scaleb(-scale, ib.EXACT)


def test_null_flags_by_byte():
    got = k.ibmi_null_flags(pa.array([b"\xf1\xf0\x40", b"\xf0", None]), pa.array([3, 2, 1], pa.int32()))
    assert got.to_pylist() == [[True, False, None], [False, None], None]


def test_utf8_that_is_not_well_formed_is_null():
    # overlong, surrogate, above U+10FFFF, a lone continuation, a cut sequence; then valid ones around them
    bad = [b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82", b"A\xe2"]
    good = ["€".encode(), "\U0010ffff".encode(), b"", "é".encode()]
    raw = [ib.varying(x, len(x)) for x in bad + good]
    got = k.ibmi_varchar(pa.array(raw, pa.binary()), pa.array([1208] * len(raw), pa.int32())).to_pylist()
    assert got == [None] * len(bad) + ["€", "\U0010ffff", "", "é"]


def test_strict_mode_names_the_function_and_a_bad_format_is_an_error_in_every_mode():
    with pytest.raises(DecodeError, match="ibmi_date"):
        k.ibmi_date(pa.array([b"\xf2\xf0"]), pa.array(["*ISO"]), strict=True)
    with pytest.raises(DecodeError, match="ibmi_varchar"):
        k.ibmi_varchar(pa.array([b"\x00\x05\xc1"]), strict=True)
    with pytest.raises(DecodeError, match="ebcdic_str.*CCSID 1208"):
        k.ebcdic_str(pa.array([b"A", b"\xff"]), pa.array([1208, 1208], pa.int32()), strict=True)
    with pytest.raises(ValueError, match="DATFMT"):
        k.ibmi_date(pa.array([b"\xf2\xf0"]), pa.array(["*XYZ"]))
    with pytest.raises(ValueError, match="separator"):
        k.ibmi_time(pa.array([b"\xf2\xf0"]), pa.array(["*HMS"]), pa.array([";"]))

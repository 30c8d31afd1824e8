"""Property tests: encoder -> kernel gives back what was encoded, for every type."""

from __future__ import annotations

import datetime as dt

import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from udfs.core import encoders as enc
from udfs.core import kernels as k
from udfs.core.kernels.ebcdic import SUPPORTED_CCSIDS, decode_table

settings.register_profile("jcat", max_examples=150, deadline=None)
settings.load_profile("jcat")

digits = st.integers(min_value=1, max_value=31)


@st.composite
def number_and_digits(draw, max_digits=31):
    n = draw(st.integers(min_value=1, max_value=max_digits))
    value = draw(st.integers(min_value=-(10**n - 1), max_value=10**n - 1))
    return value, n


@given(st.lists(number_and_digits(), min_size=1, max_size=40))
def test_zoned_roundtrip(cases):
    arr = pa.array([enc.zoned(v, n) for v, n in cases], pa.binary())
    assert [int(x) for x in k.unpack_zoned(arr).to_pylist()] == [v for v, _ in cases]


@given(
    st.lists(number_and_digits(), min_size=1, max_size=40),
    st.sampled_from([(0xC, 0xD), (0xF, 0xB), (0xA, 0xD), (0xE, 0xB)]),
)
def test_packed_roundtrip_any_sign_nibbles(cases, signs):
    arr = pa.array([enc.packed(v, n, *signs) for v, n in cases], pa.binary())
    assert [int(x) for x in k.unpack_packed(arr).to_pylist()] == [v for v, _ in cases]


@given(st.lists(st.tuples(st.integers(1, 8), st.booleans(), st.data()), min_size=1, max_size=30).map(lambda x: x))
def test_bin_roundtrip(cases):
    values, raws, flags = [], [], []
    for width, signed, data in cases:
        lo, hi = (
            (-(2 ** (8 * width - 1)), 2 ** (8 * width - 1) - 1) if signed else (0, min(2 ** (8 * width) - 1, 2**63 - 1))
        )
        v = data.draw(st.integers(lo, hi))
        values.append(v)
        raws.append(enc.binary(v, width, signed))
        flags.append(signed)
    got = k.unpack_bin(pa.array(raws, pa.binary()), pa.array(flags)).to_pylist()
    assert got == values


printable = st.sampled_from(sorted({ch for cc in (37,) for ch in decode_table(cc) if ch.isprintable() and ch != " "}))


@given(st.sampled_from(SUPPORTED_CCSIDS), st.lists(st.data(), min_size=1, max_size=20))
def test_ebcdic_roundtrip_every_ccsid(ccsid, draws):
    alphabet = sorted(ch for ch in decode_table(ccsid) if ch.isprintable() and not ch.isspace())
    texts = []
    for d in draws:
        t = d.draw(st.text(alphabet=st.sampled_from(alphabet + [" "]), max_size=30)).rstrip(" ")
        texts.append(t)
    width = max(len(t) for t in texts) + 3
    arr = pa.array([enc.ebcdic(t, width, ccsid) for t in texts], pa.binary())
    assert k.ebcdic_str(arr, pa.array([ccsid] * len(texts), pa.int32())).to_pylist() == texts


instants = st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2042, 9, 17))
wall = st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59, 59))


@given(st.lists(instants, min_size=1, max_size=20))
def test_tod_and_lrsn_roundtrip(times):
    utc = [t.replace(tzinfo=dt.timezone.utc) for t in times]
    assert k.parse_tod(pa.array([enc.stck(t) for t in times])).to_pylist() == utc
    assert k.parse_tod(pa.array([enc.stcke(t) for t in times])).to_pylist() == utc
    assert k.parse_lrsn(pa.array([enc.lrsn(t) for t in times])).to_pylist() == utc
    # the basic LRSN keeps TOD bits 0-47: a 16-microsecond unit
    basic = [t.replace(microsecond=t.microsecond - t.microsecond % 16) for t in utc]
    got = k.parse_lrsn(pa.array([enc.lrsn(t, extended=False) for t in times])).to_pylist()
    assert all(abs((g - b).total_seconds()) < 16e-6 for g, b in zip(got, basic))


@given(st.lists(wall, min_size=1, max_size=20))
def test_timestamp17_and_ibmi_roundtrip(times):
    assert k.parse_timestamp17(pa.array([enc.timestamp17(t) for t in times])).to_pylist() == times
    assert k.parse_ibmi_timestamp(pa.array([enc.ibmi_timestamp(t) for t in times])).to_pylist() == times


@given(st.lists(st.text(alphabet="0123456789", min_size=12, max_size=20), min_size=1, max_size=10))
def test_timestamp17_fraction_keeps_every_digit(fracs):
    ts = dt.datetime(2024, 5, 6, 7, 8, 9)
    got = k.parse_timestamp17_fraction(pa.array([enc.timestamp17(ts, f) for f in fracs])).to_pylist()
    for f, g in zip(fracs, got):
        assert g.rstrip("0") == f.rstrip("0") and len(g) >= 12 and f.startswith(g.rstrip("0"))


# ---- COBOL fields: the tests' own encoders and readers (tests/support/copybook/cobol_fields.py, support/hfp.py) ----

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
    "Z(37)9",
)


def _mutated(data, raw: bytes) -> bytes:
    """A valid field with one byte replaced by one a field may hold (or any byte), often unchanged."""
    raw = bytearray(raw)
    if raw and data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(
            st.sampled_from(
                (0x40, 0x4E, 0x60, 0x4B, 0x6B, 0xC3, 0xD9, 0xC0, 0xD5, 0xF0, 0xFA, data.draw(st.integers(0, 255)))
            )
        )
    return bytes(raw)


@given(st.sampled_from(SIGN_FORMS), st.lists(st.tuples(number_and_digits(38), st.data()), min_size=1, max_size=30))
def test_zoned_sign_forms_round_trip_and_mutations_read_as_the_rules_say(sign, cases):
    from support.copybook import cobol_fields as cf

    raws = [_mutated(data, cf.zoned(v, n, sign)) for (v, n), data in cases]
    got = k.unpack_zoned(pa.array(raws, pa.binary()), pa.array([sign] * len(raws))).to_pylist()
    assert [None if g is None else int(g) for g in got] == [cf.read_zoned(r, sign) for r in raws]
    clean = [cf.zoned(v, n, sign) for (v, n), _ in cases]
    assert [int(g) for g in k.unpack_zoned(pa.array(clean), sign).to_pylist()] == [v for (v, _), _ in cases]


@given(st.sampled_from(PICTURES), st.lists(st.data(), min_size=1, max_size=30))
def test_edited_round_trip_and_mutations_read_as_the_rules_say(picture, draws):
    from support.copybook import cobol_fields as cf

    n = sum(c in "9Z" for c in cf.expand(picture))
    signed = any(s in picture for s in "+-SCD")
    values = [d.draw(st.integers(-(10**n - 1) if signed else 0, 10**n - 1)) for d in draws]
    clean = [cf.edited(v, picture) for v in values]
    assert [int(g) for g in k.unpack_edited(pa.array(clean), picture).to_pylist()] == values
    raws = [_mutated(d, r) for d, r in zip(draws, clean)]
    got = k.unpack_edited(pa.array(raws, pa.binary()), picture).to_pylist()
    assert [None if g is None else int(g) for g in got] == [cf.read_edited(r, picture) for r in raws]


@given(st.lists(st.tuples(st.integers(1, 16), st.booleans(), st.data()), min_size=1, max_size=30))
def test_bin_decimal_round_trip(cases):
    values, raws, flags = [], [], []
    for width, signed, data in cases:
        lo, hi = (-(2 ** (8 * width - 1)), 2 ** (8 * width - 1) - 1) if signed else (0, 2 ** (8 * width) - 1)
        v = data.draw(st.integers(lo, hi))
        values.append(v if abs(v) < 10**38 else None)  # DECIMAL(38,0) holds up to 38 digits
        raws.append(enc.binary(v, width, signed))
        flags.append(signed)
    got = k.unpack_bin_decimal(pa.array(raws, pa.binary()), pa.array(flags)).to_pylist()
    assert [None if g is None else int(g) for g in got] == values


@given(st.lists(number_and_digits(38), min_size=1, max_size=30))
def test_packed_38_digits_round_trip(cases):
    arr = pa.array([enc.packed(v, n) for v, n in cases], pa.binary())
    assert [int(x) for x in k.unpack_packed(arr).to_pylist()] == [v for v, _ in cases]


@given(st.lists(st.tuples(st.sampled_from((4, 8)), st.binary(min_size=8, max_size=8)), min_size=1, max_size=30))
def test_hfp_reads_what_the_bytes_encode(cases):
    from support import hfp

    raws = [b[:w] for w, b in cases]
    got = k.unpack_hfp(pa.array(raws, pa.binary())).to_pylist()
    assert all(hfp.same(v, r) for v, r in zip(got, raws))


def test_edited_characters_are_the_same_bytes_in_every_supported_ccsid():
    """unpack_edited reads '+' X'4E', '-' X'60', '.' X'4B', ',' X'6B', blank, digits and C R D B by byte in every
    CCSID."""
    chars = {
        "+": 0x4E,
        "-": 0x60,
        ".": 0x4B,
        ",": 0x6B,
        " ": 0x40,
        "C": 0xC3,
        "R": 0xD9,
        "D": 0xC4,
        "B": 0xC2,
        **{str(d): 0xF0 + d for d in range(10)},
    }
    for ccsid in SUPPORTED_CCSIDS:
        assert {ch: decode_table(ccsid).index(ch) for ch in chars} == chars, ccsid

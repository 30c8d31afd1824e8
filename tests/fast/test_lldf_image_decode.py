"""The layout function of a declared LLDF table (`decode_<name>_image`): row images written from seed 002's text by
the tests' encoders (support.lldf.project: a null byte before each nullable column, a VARCHAR's 2-byte length after
it, packed DECIMAL, ISO characters for dates and times), decoded on whole batches; the values are what the encoder
wrote, and an image that does not end where its columns do has every column NULL and named.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.lldf.images import ANN, DDL, EMPTY, NAMES, encode, expected
from support.lldf.project import chars, varchar

from udfs.core.ddl import parse_text
from udfs.core.kernels.batch import DecodeError
from udfs.core.tables.declaration import DeclaredTable
from udfs.core.tables.lldf_decode import decode_lldf_image, layout_function
from udfs.core.tables.lldf_image import image_columns
from udfs.core.tables.options import LldfOptions


@cache
def table(float_format: str = "ieee") -> DeclaredTable:
    return DeclaredTable(
        "staff",
        "lldf",
        parse_text(DDL, "staff.sql"),
        "staff.sql",
        ("ID",),
        lldf=LldfOptions("PAYROLL", "STAFF", float_format=float_format),
    )


def decode(images: list, t: DeclaredTable | None = None, strict: bool = False) -> list[dict]:
    return decode_lldf_image(
        pa.array(images, pa.binary()), image_columns(t or table()), (t or table()).lldf.float_format, strict=strict
    ).to_pylist()


def test_each_column_is_the_value_the_encoder_wrote_and_null_where_its_null_byte_says():
    assert decode([encode(ANN), encode(EMPTY)]) == [expected(ANN), expected(EMPTY)]


NOT_WHOLE = {**{n: None for n in NAMES}, "decode_errors": NAMES}


@pytest.mark.parametrize(
    "image, why",
    [
        (encode(ANN)[:-1], "one byte short"),
        (encode(ANN) + b"\x40", "one byte more"),
        (encode(ANN)[:7], "cut inside a VARCHAR's data"),
        (encode(ANN)[:5], "cut inside a VARCHAR's length"),
        (b"", "empty"),
        (None, "no image"),
        (encode(ANN).replace(varchar("Ann"), b"\x00\x04" + chars("Ann"), 1), "a VARCHAR length one too long"),
    ],
)
def test_an_image_not_ending_where_its_columns_do_gives_every_column_null_and_named(image, why):
    assert decode([image, encode(ANN)]) == [NOT_WHOLE, expected(ANN)], why


def _with_byte(image: bytes, at: int, byte: int) -> bytes:
    return image[:at] + bytes([byte]) + image[at + 1 :]


DEPT_NULL_BYTE = 4 + 5 + 1 + 7  # ID, NAME (2 + 3), NICK's null byte, NICK (2 + 5)


def test_a_null_byte_neither_x00_nor_xff_gives_null_named_and_leaves_the_other_columns():
    image = _with_byte(encode(ANN), DEPT_NULL_BYTE, 0x01)
    assert decode([image]) == [{**expected(ANN), "DEPT": None, "decode_errors": ["DEPT"]}]
    said_null = _with_byte(encode(ANN), DEPT_NULL_BYTE, 0xFF)
    assert decode([said_null]) == [{**expected(ANN), "DEPT": None}]


RATE_AT = DEPT_NULL_BYTE + 4 + 6  # DEPT (1 + 3), PAY (1 + 5)


@pytest.mark.parametrize(
    "rate, why",
    [
        (bytes.fromhex("0123456789012345AC"), "a digit nibble above 9"),
        (bytes.fromhex("12345678901234567C"), "the pad half-byte: a 17th digit past DECIMAL(16,9)"),
    ],
)
def test_a_not_null_column_whose_bytes_do_not_decode_is_null_and_named(rate, why):
    image = encode(ANN)
    image = image[:RATE_AT] + rate + image[RATE_AT + 9 :]
    assert decode([image]) == [{**expected(ANN), "RATE": None, "decode_errors": ["RATE"]}], why


def test_strict_mode_names_the_column_and_leaves_images_that_are_not_whole_alone():
    bad = encode(ANN)[:RATE_AT] + bytes.fromhex("0000000000000000AC") + encode(ANN)[RATE_AT + 9 :]
    with pytest.raises(DecodeError, match=r"decode_lldf_image column RATE \(column 6 of the image\) unpack_packed"):
        decode([encode(ANN), bad], strict=True)
    assert decode([encode(ANN)[:-1]], strict=True) == [NOT_WHOLE]  # the model's strict guard names it


# seed 002 leaves the float form open; System/390 hexadecimal: sign, base-16 exponent excess 64, 24/56-bit fraction
HFP = [
    (bytes.fromhex("41100000"), bytes.fromhex("4144000000000000"), 1.0, 4.25),
    (bytes.fromhex("C0800000"), bytes.fromhex("C110000000000000"), -0.5, -1.0),
    (bytes.fromhex("00000000"), bytes.fromhex("3F10000000000000"), 0.0, 16.0**-2),
]


@pytest.mark.parametrize("score, rating, real, double", HFP)
def test_hfp_floats_read_as_the_s390_form_says(score, rating, real, double):
    (row,) = decode([encode({**ANN, "SCORE": score, "RATING": rating}, "hfp")], table("hfp"))
    assert (row["SCORE"], row["RATING"], row["decode_errors"]) == (real, double, [])


def test_the_layout_function_declares_the_struct_it_returns():
    f = layout_function(table(), "decode_staff_image")
    assert f.returns == (
        "STRUCT<`ID`: INT, `NAME`: STRING, `NICK`: STRING, `DEPT`: STRING, `PAY`: DECIMAL(9,2), "
        "`RATE`: DECIMAL(16,9), `HIRED`: DATE, `SHIFT`: STRING, `LEVEL`: SMALLINT, `BIG`: BIGINT, "
        "`SCORE`: FLOAT, `RATING`: DOUBLE, `TAG`: BINARY, `BLOB`: BINARY, `UPDATED`: TIMESTAMP_NTZ, "
        "`decode_errors`: ARRAY<STRING>>"
    )
    got = f.kernel(pa.array([encode(ANN)]))
    assert [f"{f.name}: {f.type}" for f in got.type] == [
        "ID: int32",
        "NAME: string",
        "NICK: string",
        "DEPT: string",
        "PAY: decimal128(9, 2)",
        "RATE: decimal128(16, 9)",
        "HIRED: date32[day]",
        "SHIFT: string",
        "LEVEL: int16",
        "BIG: int64",
        "SCORE: float",
        "RATING: double",
        "TAG: binary",
        "BLOB: binary",
        "UPDATED: timestamp[us]",
        "decode_errors: list<item: string>",
    ]


TEXT = st.text("ABCXYZ019 .-", max_size=10)


def _maybe(s):
    return st.none() | s


ROWS = st.fixed_dictionaries(
    {
        "ID": st.integers(-(2**31), 2**31 - 1),
        "NAME": st.text("ABCXYZ019 .-", max_size=20),
        "NICK": _maybe(TEXT),
        "DEPT": _maybe(st.text("ABC019", min_size=1, max_size=3).filter(lambda s: s == s.rstrip())),
        "PAY": _maybe(st.decimals(-(10**7) + 1, 10**7 - 1, places=2)),
        "RATE": st.decimals(-(10**6) + 1, 10**6 - 1, places=9),
        "HIRED": _maybe(st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31))),
        "SHIFT": _maybe(st.times()),
        "LEVEL": st.integers(-(2**15), 2**15 - 1),
        "BIG": _maybe(st.integers(-(2**63), 2**63 - 1)),
        "SCORE": _maybe(st.floats(width=32, allow_nan=False)),
        "RATING": _maybe(st.floats(allow_nan=False)),
        "TAG": _maybe(st.binary(min_size=2, max_size=2)),
        "BLOB": _maybe(st.binary(max_size=6)),
        "UPDATED": st.datetimes(dt.datetime(1000, 1, 1), dt.datetime(9999, 12, 31)),
    }
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ROWS, min_size=1, max_size=8))
def test_a_batch_of_images_gives_every_value_the_encoder_wrote(rows):
    """Rows of every length in one batch: the running positions are each row's own."""
    assert decode([encode(r) for r in rows]) == [expected(r) for r in rows]

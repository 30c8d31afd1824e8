"""The fuzz tests' own encoders (tests/support/fuzz.py) against hand-written bytes: a judge that mis-encodes
reports a correct decoder as wrong, or lets a wrong one pass."""

from __future__ import annotations

from decimal import Decimal

from support.fuzz import bin_ok, packed_ok

# IBM i ESD table 40: Identity Value, DECIMAL(31,0) = 16 bytes packed, 31 digits (beyond the 28 of Python's
# default decimal context)
IDENTITY = bytes.fromhex("0012345678901234567890123456789C")
FULL = bytes.fromhex("9999999999999999999999999999999D")


def test_packed_31_digits_exact():
    assert packed_ok(Decimal("12345678901234567890123456789"), IDENTITY)
    assert not packed_ok(Decimal("12345678901234567890123456788"), IDENTITY)
    assert not packed_ok(Decimal("12345678901234567890123456790"), IDENTITY)
    assert packed_ok(Decimal("-" + "9" * 31), FULL)
    assert not packed_ok(Decimal("9" * 31), FULL)


def test_packed_scale_is_exact():
    raw = bytes.fromhex("12345F")  # DECIMAL(5,2)
    assert packed_ok(Decimal("123.45"), raw, 2)
    assert not packed_ok(Decimal("123.451"), raw, 2)
    assert not packed_ok(Decimal("1234.5"), raw, 2)


def test_u64_above_2_63():
    assert bin_ok(Decimal(2**64 - 1), b"\xff" * 8, False)
    assert not bin_ok(Decimal(2**64 - 2), b"\xff" * 8, False)

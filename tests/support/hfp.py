"""System/390 hexadecimal floating point, the tests' own encoder and reader (no tests here), written from the
format as z/Architecture Principles of Operation defines it: bit 0 the sign, bits 1-7 the characteristic (a power
of 16, excess 64), then the fraction (a hexadecimal fraction 0.f: 24 bits short, 4 bytes; 56 bits long, 8 bytes).
Db2 for z/OS keeps REAL and DOUBLE in this form."""

from __future__ import annotations

import math
from fractions import Fraction

FRACTION_BITS = {4: 24, 8: 56}


def value(raw: bytes) -> Fraction:
    """What the bytes encode, exactly."""
    bits = FRACTION_BITS[len(raw)]
    n = int.from_bytes(raw, "big")
    sign = -1 if n >> (8 * len(raw) - 1) else 1
    characteristic = (n >> bits) & 0x7F
    return sign * Fraction(n & ((1 << bits) - 1), 1 << bits) * Fraction(16) ** (characteristic - 64)


def encode(x: float, width: int) -> bytes:
    """A normalized HFP number (0.0: all zeros); `x` must be exact in `width`'s fraction."""
    if x == 0:
        return bytes(width)
    bits, v, characteristic = FRACTION_BITS[width], abs(Fraction(x)), 64
    while v >= 1:
        v, characteristic = v / 16, characteristic + 1
    while v < Fraction(1, 16):
        v, characteristic = v * 16, characteristic - 1
    fraction = v * (1 << bits)
    assert fraction.denominator == 1, f"{x} is not exact in {width} bytes"
    n = (1 if x < 0 else 0) << (8 * width - 1) | characteristic << bits | int(fraction)
    return n.to_bytes(width, "big")


def same(v: float, raw: bytes) -> bool:
    """`v` is the number the bytes encode, to the precision of REAL (4 bytes) or DOUBLE (8 bytes): a 56-bit fraction
    has more digits than a double keeps."""
    if v is None or math.isnan(v) or math.isinf(v):
        return False
    exact = value(raw)
    if exact == 0:
        return v == 0
    return abs(Fraction(v) - exact) <= abs(exact) * Fraction(1, 2 ** (23 if len(raw) == 4 else 52))

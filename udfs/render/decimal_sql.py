"""A packed or zoned field's digits typed as the DDL's DECIMAL(p, s) in Spark SQL, exactly, for every declared
table's renderer (per-field SQL and the layout function's raw digits alike)."""

from __future__ import annotations

EXACT_DIVISION_SCALE = 6  # Spark divides DECIMAL(38,0) by 10^s into DECIMAL(38,6): exact up to scale 6


def scaled_digits(raw: str, scale: int) -> str:
    """The digits (DECIMAL(38,0)) times 10^-scale, exactly: a division up to scale 6, else the digits read back with
    an exponent (Spark's division would round to 6 places). A declared column has at most 31 digits, so its
    quotient's 32 integer digits fit DECIMAL(38,6)."""
    if not scale:
        return raw
    if scale <= EXACT_DIVISION_SCALE:
        return f"{raw} / {10**scale}"
    return f"concat(cast({raw} as string), 'E-{scale}')"


def typed_decimal(raw: str, precision: int, scale: int) -> str:
    """DECIMAL(precision, scale); NULL when the digits pass the precision (a digit in a packed field's pad
    half-byte): try_cast, so the same in ANSI mode and out of it, whatever session reads the view."""
    return f"try_cast({scaled_digits(raw, scale)} as decimal({precision}, {scale}))"

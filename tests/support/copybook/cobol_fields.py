"""COBOL DISPLAY and binary fields, the tests' own encoders and row-by-row readers (no tests here), written from
the COBOL rules (IBM Enterprise COBOL: SIGN LEADING/TRAILING [SEPARATE], numeric editing with 9 Z . , + - CR DB)
and Cobrix's reading of them (a '+' where a '-' edits reads positive). The readers decode one value in plain
Python, as an oracle for the vectorised kernels; the encoders make valid fields to mutate.
"""

from __future__ import annotations

import re

EBCDIC_DIGIT = 0xF0
BLANK, PLUS, MINUS, POINT, COMMA = 0x40, 0x4E, 0x60, 0x4B, 0x6B
LETTERS = {"CR": bytes([0xC3, 0xD9]), "DB": bytes([0xC4, 0xC2])}
POSITIVE_ZONES, NEGATIVE_ZONES = (0xA, 0xC, 0xE, 0xF), (0xB, 0xD)


def zoned(value: int, ndigits: int, sign: str = "trailing") -> bytes:
    """`value` in `ndigits` zoned digits, its sign as `sign` says (negative zone D, positive C; '+'/'-' bytes)."""
    digits = bytearray(EBCDIC_DIGIT | int(c) for c in str(abs(value)).zfill(ndigits))
    if sign.endswith("separate"):
        mark = bytes([MINUS if value < 0 else PLUS])
        return mark + bytes(digits) if sign.startswith("leading") else bytes(digits) + mark
    at = 0 if sign == "leading" else -1
    digits[at] = (0xD0 if value < 0 else 0xC0) | (digits[at] & 0x0F)
    return bytes(digits)


def read_zoned(raw: bytes, sign: str = "trailing") -> int | None:
    """The value of zoned bytes, or None where a byte breaks the rules of the sign form."""
    if sign.endswith("separate"):
        mark, body = (raw[:1], raw[1:]) if sign.startswith("leading") else (raw[-1:], raw[:-1])
        if not body or len(body) > 38 or mark not in (bytes([PLUS]), bytes([MINUS])):
            return None
        if any(b >> 4 != 0xF or b & 0xF > 9 for b in body):
            return None
        return int("".join(str(b & 0xF) for b in body)) * (-1 if mark[0] == MINUS else 1)
    if not 1 <= len(raw) <= 38:
        return None
    at = 0 if sign == "leading" else len(raw) - 1
    zone = raw[at] >> 4
    if zone not in POSITIVE_ZONES + NEGATIVE_ZONES or any(b & 0xF > 9 for b in raw):
        return None
    if any(b >> 4 != 0xF for i, b in enumerate(raw) if i != at):
        return None
    return int("".join(str(b & 0xF) for b in raw)) * (-1 if zone in NEGATIVE_ZONES else 1)


def expand(picture: str) -> str:
    """One character a byte: repeats written out, V (no byte) removed."""
    return re.sub(r"(CR|DB|.)\((\d+)\)", lambda m: m[1] * int(m[2]), picture.upper()).replace("V", "")


def edited(value: int, picture: str) -> bytes:
    """`value` (the unscaled digits) edited by `picture`: Z blanks leading zeros, '-' is blank when positive,
    CR/DB blank when positive, S overpunches the last digit."""
    chars = expand(picture)
    overpunch = chars.startswith("S")
    chars = chars.lstrip("S")
    n = sum(c in "9Z" for c in chars)
    digits = iter(str(abs(value)).zfill(n))
    out, leading = bytearray(), True
    for i, c in enumerate(chars):
        if c in "9Z":
            d = next(digits)
            leading = leading and d == "0" and c == "Z"
            out.append(BLANK if leading else EBCDIC_DIGIT | int(d))
        elif c in ".,":
            out.append(POINT if c == "." else COMMA)
        elif c in "+-":
            out.append(MINUS if value < 0 else (PLUS if c == "+" else BLANK))
        elif chars[i : i + 2] in LETTERS:
            out += LETTERS[chars[i : i + 2]] if value < 0 else b"\x40\x40"
    if overpunch:
        out[-1] = (0xD0 if value < 0 else 0xC0) | (out[-1] & 0x0F)
    return bytes(out)


def read_edited(raw: bytes, picture: str) -> int | None:
    """The unscaled value of edited bytes read by `picture`, or None where a byte is not one the picture allows."""
    chars = expand(picture)
    overpunch = chars.startswith("S")
    chars = chars.lstrip("S")
    if len(raw) != len(chars.replace("CR", "C").replace("DB", "D")) + chars.count("CR") + chars.count("DB"):
        return None
    digits, negative, seen_digit = "", False, False
    for i, (c, b) in enumerate(zip(chars, raw)):
        if c in "9Z":
            last = overpunch and i == max(j for j, x in enumerate(chars) if x in "9Z")
            if b == BLANK and c == "Z" and not seen_digit:
                digits += "0"
                continue
            zone_ok = (b >> 4) in POSITIVE_ZONES + NEGATIVE_ZONES if last else b >> 4 == 0xF
            if not zone_ok or b & 0xF > 9:
                return None
            negative = negative or (last and (b >> 4) in NEGATIVE_ZONES)
            digits, seen_digit = digits + str(b & 0xF), True
        elif c == "." and b != POINT or c == "," and b not in (COMMA, BLANK):
            return None
        elif c in "+-":
            if b not in (PLUS, MINUS, BLANK):
                return None
            negative = b == MINUS
    for mark, letters in LETTERS.items():
        if chars.endswith(mark):
            if raw[-2:] not in (letters, b"\x40\x40"):
                return None
            negative = raw[-2:] == letters
    return int(digits) * (-1 if negative else 1)

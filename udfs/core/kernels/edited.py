"""Numeric edited DISPLAY fields (COBOL `+9(8)`, `Z(8)-`, `Z(6)VZZ-`, `9(4).99`, `-9(5)`, `9(5)CR`) and the
explicit-point unedited form (`S9(3).99`: the sign overpunched in the last digit's zone), read by their picture
to the unscaled integer of their digits, DECIMAL(38,0). The caller applies the scale (the digits after V or '.').

One byte a character of the picture, V none. 9 a digit; Z a digit or, before the first digit, a blank (a zero);
'.' the point; ',' a comma or a blank; one sign symbol: '+' or '-' (first or last; Cobrix, whose expected output
these rules follow, reads '+', '-' or a blank in either), CR or DB last (the letters: negative; two blanks:
positive), or S first (overpunched: C, A, E, F positive, D, B negative). The characters are invariant EBCDIC,
the same bytes in every supported CCSID.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pyarrow as pa

from .batch import binary_batch, int_argument, raise_if_strict
from .decimal import MAX_DIGITS, SIGN_CLASS, _Digits
from .ebcdic import DEFAULT_CCSID, SUPPORTED_CCSIDS
from .ibmi import string_argument

SYMBOLS = "9, Z, V, '.', ',', one sign: '+' or '-' first or last, CR or DB last, S first; n repeats as X(n)"
BLANK, PLUS, MINUS, POINT, COMMA = 0x40, 0x4E, 0x60, 0x4B, 0x6B
LETTERS = {"C": 0xC3, "R": 0xD9, "D": 0xC4, "B": 0xC2}
_TOKEN = re.compile(r"(CR|DB|[9ZV.,+\-S])(?:\(([0-9]{1,3})\))?")  # a repeat of up to 999


class PictureProblem(ValueError):
    """A picture unpack_edited does not read: an error in every mode (a wrong argument, not a wrong byte)."""


@dataclass(frozen=True)
class Picture:
    chars: str  # one character a byte (V removed, repetitions expanded)
    sign: str | None  # '+', '-', 'CR', 'DB', 'S' or None

    @property
    def digits(self) -> list[int]:
        return [i for i, c in enumerate(self.chars) if c in "9Z"]


def _count(chars: str, symbols: str) -> int:
    return sum(chars.count(c) for c in symbols)


@lru_cache(maxsize=256)
def parse_picture(picture: str) -> Picture:
    """The picture's characters a byte, and its sign symbol; PictureProblem for anything else. The rules are on the
    expanded characters (CR and DB give C R and D B), written the same in the SQL twin."""
    text = picture.strip(" ").upper()
    tokens = _TOKEN.findall(text)
    chars = "".join(s * (int(n) if n else 1) for s, n in tokens).replace("V", "")
    ok = "".join(s + (f"({n})" if n else "") for s, n in tokens) == text and _count(chars, "+-SCD") <= 1
    ok = ok and chars.count(".") <= 1 and 1 <= _count(chars, "9Z") <= MAX_DIGITS
    ok = ok and (chars.count("+") + chars.count("-") == 0 or chars[0] in "+-" or chars[-1] in "+-")
    ok = ok and ("S" not in chars or chars[0] == "S") and (_count(chars, "CD") == 0 or chars.endswith(("CR", "DB")))
    if not ok:
        raise PictureProblem(
            f"unpack_edited: picture {picture!r} is not read: the symbols read are {SYMBOLS}, 1 to {MAX_DIGITS} digits"
        )
    sign = next((s for s in ("+", "-", "S", "CR", "DB") if s in chars), None)
    return Picture(chars.replace("S", ""), sign)


def _digit_values(mat: np.ndarray, pic: Picture) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(digits, ok, negative from an overpunched S) of the digit positions: 9 a digit, Z a digit or a leading blank."""
    pos = pic.digits
    d = mat[:, pos]
    blank = d == BLANK
    z = np.array([pic.chars[i] == "Z" for i in pos])
    leading = np.cumsum(~blank, axis=1) == 0  # no digit before it
    ok_each = ((d >> 4) == 0xF) & ((d & 0x0F) <= 9) | (blank & z & leading)
    neg = np.zeros(len(mat), dtype=bool)
    if pic.sign == "S":  # the last digit's zone is the sign
        last = d[:, -1]
        cls = SIGN_CLASS[last >> 4]
        ok_each[:, -1] = (cls > 0) & ((last & 0x0F) <= 9)
        neg = cls == 2
    return np.where(blank, 0, d & 0x0F), ok_each.all(axis=1), neg


def _edited_parts(mat: np.ndarray, pic: Picture) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(digits, negative, ok) of a (rows, bytes) matrix read by its picture."""
    digits, ok, neg = _digit_values(mat, pic)
    for i, c in enumerate(pic.chars):
        byte = mat[:, i]
        if c == ".":
            ok &= byte == POINT
        elif c == ",":
            ok &= (byte == COMMA) | (byte == BLANK)
        elif c in "+-":
            ok &= (byte == PLUS) | (byte == MINUS) | (byte == BLANK)
            neg = byte == MINUS
    if pic.sign in ("CR", "DB"):
        pair = mat[:, -2:]
        letters = (pair[:, 0] == LETTERS[pic.sign[0]]) & (pair[:, 1] == LETTERS[pic.sign[1]])
        ok &= letters | (pair == BLANK).all(axis=1)
        neg = letters
    return digits, neg, ok


def check_ccsid(ccsid: np.ndarray) -> None:
    """Only the supported EBCDIC CCSIDs: an error in every mode for another one."""
    wrong = sorted(set(np.unique(ccsid).tolist()) - set(SUPPORTED_CCSIDS))
    if wrong:
        raise ValueError(
            f"unpack_edited: CCSID {wrong[0]} is not supported; supported single-byte EBCDIC CCSIDs: "
            + ", ".join(map(str, SUPPORTED_CCSIDS))
        )


def unpack_edited(b, picture=None, ccsid=None, strict: bool = False) -> pa.Array:
    """An edited numeric DISPLAY field read by its picture to the unscaled integer of its digits, DECIMAL(38,0)."""
    batch = binary_batch(b)
    idx, pictures = string_argument(picture, batch.n, None)
    check_ccsid(int_argument(ccsid, batch.n, DEFAULT_CCSID))
    parsed = [None if v is None else parse_picture(v) for v in pictures]  # every picture given, as the SQL twin
    acc = _Digits(batch.n)
    for p in np.unique(idx[batch.valid]).tolist():
        pic = parsed[p]
        if pic is None:
            continue
        for width, rows, mat in batch.width_groups(idx == p):
            if width == len(pic.chars):
                acc.put(rows, *_edited_parts(mat, pic))
    has_picture = np.array([v is not None for v in pictures])[idx]
    raise_if_strict(
        strict,
        "unpack_edited",
        batch,
        batch.valid & has_picture & ~acc.ok,
        lambda r: f"not a value of picture {pictures[idx[r]]!r} (its width, digits, blanks and sign)",
    )
    return acc.to_arrow()

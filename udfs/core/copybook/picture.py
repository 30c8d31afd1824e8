"""A PICTURE clause read: what the field holds (text, a number, an edited number), its digits and scale.

COBOL's rules (Enterprise COBOL Language Reference, "PICTURE clause"): X any character, A a letter, 9 a digit,
S a sign (no byte of its own unless SIGN ... SEPARATE), V the assumed decimal point (no byte), P an assumed digit
position: P's left of the digits put the point before them (PP99 is .00dd), P's right of them scale up (99PP is
dd00). A numeric-edited picture (Z . , + - CR DB) is read by `unpack_edited`, whose picture rules decide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..kernels.decimal import MAX_DIGITS
from ..kernels.edited import PictureProblem, parse_picture

_REPEAT = re.compile(r"(CR|DB|.)\((\d+)\)")
EDITING = set("Z.,+-")
UNREAD = {
    "N": "national (PIC N)",
    "G": "DBCS (PIC G)",
    "E": "floating-point display (PIC E)",
    "*": "check protection (*)",
    "$": "currency symbol ($)",
    "B": "insertion of blanks (B)",
    "0": "insertion of zeros (0)",
    "/": "insertion of slashes (/)",
}


@dataclass(frozen=True)
class Picture:
    text: str  # as written, upper case, without blanks
    kind: str  # 'char', 'numeric' or 'edited'
    digits: int = 0  # digit positions (9, and Z in an edited picture); bytes of text for 'char'
    scale: int = 0  # digits after the point; negative for P's right of the digits
    signed: bool = False  # S (a numeric picture)
    display_length: int = 0  # bytes as DISPLAY (an edited picture: one a symbol, V none)

    @property
    def precision(self) -> int:
        """Digits of the value as a DECIMAL: P's count as digits of the value."""
        return max(self.digits, self.scale) if self.scale >= 0 else self.digits - self.scale


class PictureNotRead(ValueError):
    """construct, what to do: the parser adds the copybook's line."""

    def __init__(self, construct: str, todo: str):
        self.construct, self.todo = construct, todo
        super().__init__(f"{construct}: {todo}")


def expand(text: str) -> str:
    """X(3)9(2) -> XXX99; CR and DB stay two letters."""

    def one(m: re.Match) -> str:
        if int(m.group(2)) == 0:
            raise PictureNotRead(f"PIC {text}", "a repeat count of 0: give at least 1")
        return m.group(1) * int(m.group(2))

    return _REPEAT.sub(one, text)


def read_picture(written: str) -> Picture:
    text = written.upper().replace(" ", "")
    chars = expand(text)
    plain = chars.replace("CR", "").replace("DB", "")
    for symbol, what in UNREAD.items():
        if symbol in plain:
            raise PictureNotRead(
                f"PIC {written} ({what})", "not read by jcat: describe the field as PIC X(n) and decode it in SQL"
            )
    if set(chars) <= set("XA9") and set(chars) & set("XA"):
        return Picture(text, "char", digits=len(chars), display_length=len(chars))
    if set(plain) & EDITING or "CR" in chars or "DB" in chars:
        return _edited(text, chars)
    return _numeric(text, chars)


def _numeric(text: str, chars: str) -> Picture:
    if not re.fullmatch(r"S?(9+|9*V9*|V?P+9+|9+P+V?)", chars) or "9" not in chars:
        raise PictureNotRead(f"PIC {text}", "not a numeric picture COBOL allows: S, 9, V and P in that order")
    digits = chars.count("9")
    if digits > MAX_DIGITS:
        raise PictureNotRead(f"PIC {text} ({digits} digits)", f"jcat reads up to {MAX_DIGITS} digits")
    body = chars.lstrip("S")
    left_p, right_p = body[: body.find("9")].count("P"), body[body.rfind("9") + 1 :].count("P")
    if right_p:  # 99PP: the value is the digits times 10^2
        scale = -right_p
    elif left_p:  # PP99 or VPP99: the value is .00dd
        scale = left_p + digits
    else:
        scale = body.split("V", 1)[1].count("9") if "V" in body else 0
    return Picture(text, "numeric", digits=digits, scale=scale, signed=chars.startswith("S"), display_length=digits)


def _edited(text: str, chars: str) -> Picture:
    try:
        parsed = parse_picture(text)
    except PictureProblem:
        raise PictureNotRead(
            f"PIC {text} (numeric edited)",
            "jcat reads 9, Z, V, '.', ',' and one sign (+ or - "
            "first or last, CR or DB last, S first): describe the field as PIC X(n)",
        ) from None
    after = chars.split(".", 1)[1] if "." in chars else (chars.split("V", 1)[1] if "V" in chars else "")
    scale = sum(after.count(c) for c in "9Z")
    return Picture(
        text,
        "edited",
        digits=len(parsed.digits),
        scale=scale,
        signed=parsed.sign is not None,
        display_length=len(parsed.chars),
    )

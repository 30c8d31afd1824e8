"""Cobrix's test 6 (every numeric type of its type-variety copybook): the fields, how each is decoded by a
per-field catalog function, and Cobrix's own output to compare with (no tests here).

The field places come from Cobrix's layout listing (tests/data/cobrix/test6_layout.txt); the pictures below are the
copybook's text (test6_copybook.cob, one line a field, continuation lines joined); the decoding of each picture is
this test's own (COBOL's rules), not the copybook parser's. Cobrix read the file with floating_point_format
IEEE754 and strict_sign_overpunching, so COMP-1 and COMP-2 are IEEE here (`unpack_float`), not hexadecimal.
Rules of Cobrix's output followed: a COMP-1 prints as the shortest float text (compared as a float32), a
scaled field is its digits times 10^-scale (P before the digits adds to the scale, after them makes it negative),
text loses its trailing blanks, a '+' in a '-' edited position is positive, an unsigned picture with a
separate sign (99V99 SIGN LEADING SEPARATE) keeps a '-' (negative), COMP-5 is big-endian as COMP.
"""

from __future__ import annotations

import json
import re
from decimal import Context, Decimal

import numpy as np
import pyarrow as pa

from support import TESTS
from udfs.core.catalog import BY_NAME

DATA = TESTS / "data" / "cobrix"
RECORD = 1493
EXACT = Context(prec=80)  # Decimal's default 28 digits would round a 37-digit value

# test6_copybook.cob: name, then PIC and USAGE as written
PICTURES = """
ID                   9(7) BINARY
STRING-VAL           X(10)
NUM-STR-INT01        9(1)
NUM-STR-INT02        9(2)
NUM-STR-INT03        9(3)
NUM-STR-INT04        9(4)
NUM-STR-INT05        9(5)
NUM-STR-INT06        9(8)
NUM-STR-INT07        9(9)
NUM-STR-INT08        9(10)
NUM-STR-INT09        9(11)
NUM-STR-INT10        9(17)
NUM-STR-INT11        9(18)
NUM-STR-INT12        9(19)
NUM-STR-INT13        9(20)
NUM-STR-INT14        9(37)
NUM-STR-SINT02       S9(2)
NUM-STR-SINT03       S9(3)
NUM-STR-SINT04       S9(4)
NUM-STR-SINT05       S9(5)
NUM-STR-SINT06       S9(8)
NUM-STR-SINT07       S9(9)
NUM-STR-SINT08       S9(10)
NUM-STR-SINT09       S9(11)
NUM-STR-SINT10       S9(17)
NUM-STR-SINT11       S9(18)
NUM-STR-SINT12       S9(19)
NUM-STR-SINT13       S9(20)
NUM-STR-SINT14       S9(37)
NUM-STR-DEC01        99V9
NUM-STR-DEC02        99V99
NUM-STR-DEC03        9(3)V99
NUM-STR-DEC04        9(4)V9(4)
NUM-STR-DEC05        9(5)V9(4)
NUM-STR-DEC06        9(5)V9(5)
NUM-STR-DEC07        9(15)V99
NUM-STR-DEC08        9(16)V99
NUM-STR-DEC09        9(17)V99
NUM-STR-DEC10        9(18)V9(10)
NUM-STR-SDEC01       S99V9
NUM-STR-SDEC02       S99V99
NUM-STR-SDEC03       S9(3)V99
NUM-STR-SDEC04       S9(4)V9(4)
NUM-STR-SDEC05       S9(5)V9(4)
NUM-STR-SDEC06       S9(5)V9(5)
NUM-STR-SDEC07       S9(15)V99
NUM-STR-SDEC08       S9(16)V99
NUM-STR-SDEC09       S9(17)V99
NUM-STR-SDEC10       S9(18)V9(10)
NUM-STR-EDEC03       S9(3).99
NUM-STR-EDEC04       S9(4).9(4)
NUM-STR-EDEC05       S9(5).9(4)
NUM-STR-EDEC06       S9(5).9(5)
NUM-BIN-INT01        9(1) COMP
NUM-BIN-INT02        9(2) COMP
NUM-BIN-INT03        9(3) COMP-0
NUM-BIN-INT04        9(4) COMP-4
NUM-BIN-INT05        9(5) COMP-5
NUM-BIN-INT06        9(8) BINARY
NUM-BIN-INT07        9(9) BINARY
NUM-BIN-INT08        9(10) BINARY
NUM-BIN-INT09        9(11) BINARY
NUM-BIN-INT10        9(17) BINARY
NUM-BIN-INT11        9(18) BINARY
NUM-BIN-INT12        9(19) BINARY
NUM-BIN-INT13        9(20) BINARY
NUM-BIN-INT14        9(37) BINARY
NUM-SBIN-SINT01      S9(1) COMP
NUM-SBIN-SINT02      S9(2) COMP
NUM-SBIN-SINT03      S9(3) COMP
NUM-SBIN-SINT04      S9(4) COMP
NUM-SBIN-SINT05      S9(5) COMP
NUM-SBIN-SINT06      S9(8) BINARY
NUM-SBIN-SINT07      S9(9) BINARY
NUM-SBIN-SINT08      S9(10) BINARY
NUM-SBIN-SINT09      S9(11) BINARY
NUM-SBIN-SINT10      S9(17) BINARY
NUM-SBIN-SINT11      S9(18) BINARY
NUM-SBIN-SINT12      S9(19) BINARY
NUM-SBIN-SINT13      S9(20) BINARY
NUM-SBIN-SINT14      S9(37) BINARY
NUM-BIN-DEC01        99V9 COMP
NUM-BIN-DEC02        99V99 COMP
NUM-BIN-DEC03        9(3)V99 COMP
NUM-BIN-DEC04        9(4)V9(4) COMP
NUM-BIN-DEC05        9(5)V9(4) COMP
NUM-BIN-DEC06        9(5)V9(5) COMP
NUM-BIN-DEC07        9(15)V99 COMP
NUM-BIN-DEC08        9(16)V99 COMP
NUM-BIN-DEC09        9(17)V99 COMP
NUM-BIN-DEC10        9(18)V9(10) COMP
NUM-SBIN-DEC01       S99V9 COMP
NUM-SBIN-DEC02       S99V99 COMP
NUM-SBIN-DEC03       S9(3)V99 COMP
NUM-SBIN-DEC04       S9(4)V9(4) COMP
NUM-SBIN-DEC05       S9(5)V9(4) COMP
NUM-SBIN-DEC06       S9(5)V9(5) COMP
NUM-SBIN-DEC07       S9(15)V99 COMP
NUM-SBIN-DEC08       S9(16)V99 COMP
NUM-SBIN-DEC09       S9(17)V99 COMP
NUM-SBIN-DEC10       S9(18)V9(10) COMP
NUM-BCD-INT01        9(1) COMP-3
NUM-BCD-INT02        9(2) COMP-3
NUM-BCD-INT03        9(3) COMP-3
NUM-BCD-INT04        9(4) COMP-3
NUM-BCD-INT05        9(5) COMP-3
NUM-BCD-INT06        9(8) COMP-3
NUM-BCD-INT07        9(9) COMP-3
NUM-BCD-INT08        9(10) COMP-3
NUM-BCD-INT09        9(11) COMP-3
NUM-BCD-INT10        9(17) COMP-3
NUM-BCD-INT11        9(18) COMP-3
NUM-BCD-INT12        9(19) COMP-3
NUM-BCD-INT13        9(20) COMP-3
NUM-BCD-INT14        9(37) COMP-3
NUM-BCD-SINT01       S9(1) COMP-3
NUM-BCD-SINT02       S9(2) COMP-3
NUM-BCD-SINT03       S9(3) COMP-3
NUM-BCD-SINT04       S9(4) COMP-3
NUM-BCD-SINT05       S9(5) COMP-3
NUM-BCD-SINT06       S9(8) COMP-3
NUM-BCD-SINT07       S9(9) COMP-3
NUM-BCD-SINT08       S9(10) COMP-3
NUM-BCD-SINT09       S9(11) COMP-3
NUM-BCD-SINT10       S9(17) COMP-3
NUM-BCD-SINT11       S9(18) COMP-3
NUM-BCD-SINT12       S9(19) COMP-3
NUM-BCD-SINT13       S9(20) COMP-3
NUM-BCD-SINT14       S9(37) COMP-3
NUM-BCD-DEC01        99V9 COMP-3
NUM-BCD-DEC02        99V99 COMP-3
NUM-BCD-DEC03        9(3)V99 COMP-3
NUM-BCD-DEC04        9(4)V9(4) COMP-3
NUM-BCD-DEC05        9(5)V9(4) COMP-3
NUM-BCD-DEC06        9(5)V9(5) COMP-3
NUM-BCD-DEC07        9(15)V99 COMP-3
NUM-BCD-DEC08        9(16)V99 COMP-3
NUM-BCD-DEC09        9(17)V99 COMP-3
NUM-BCD-DEC10        9(18)V9(10) COMP-3
NUM-BCD-SDEC01       S99V9 COMP-3
NUM-BCD-SDEC02       S99V99 COMP-3
NUM-BCD-SDEC03       S9(3)V99 COMP-3
NUM-BCD-SDEC04       S9(4)V9(4) COMP-3
NUM-BCD-SDEC05       S9(5)V9(4) COMP-3
NUM-BCD-SDEC06       S9(5)V9(5) COMP-3
NUM-BCD-SDEC07       S9(15)V99 COMP-3
NUM-BCD-SDEC08       S9(16)V99 COMP-3
NUM-BCD-SDEC09       S9(17)V99 COMP-3
NUM-BCD-SDEC10       S9(18)V9(10) COMP-3
NUM-SL-STR-INT01     S9(9) SIGN IS LEADING SEPARATE
NUM-SL-STR-DEC01     99V99 SIGN IS LEADING SEPARATE CHARACTER
NUM-ST-STR-INT01     S9(9) SIGN IS TRAILING SEPARATE
NUM-ST-STR-DEC01     99V99 SIGN TRAILING SEPARATE
NUM-SLI-STR-DEC01    SV9(7) SIGN LEADING
NUM-STI-STR-DEC01    SV9(7) SIGN TRAILING
NUM-SLI-DEBUG        X(7)
NUM-STI-DEBUG        X(7)
FLOAT-01             COMP-1
DOUBLE-01            COMP-2
COMMON-8-BIN         9(8) BINARY
COMMON-S3-BIN        S9(3) BINARY
COMMON-S94COMP       S9(04) COMP
COMMON-S8-BIN        S9(8) BINARY
COMMON-DDC97-BIN     S9V9(7) BINARY
COMMON-97COMP3       9(07) COMP-3
COMMON-915COMP3      9(15) COMP-3
COMMON-S95COMP3      S9(5) COMP-3
COMMON-S999DCCOMP3   S9(09)V99 COMP-3
COMMON-S913COMP3     S9(13) COMP-3
COMMON-S913DCCOMP3   S9(13)V99 COMP-3
COMMON-S911DCC2      S9(11)V99 COMP-3
COMMON-S910DCC3      S9(10)V999 COMP-3
COMMON-S03DDC        SV9(5) COMP-3
COMMON-U03DDC        V9(5) COMP-3
COMMON-UPC5DDC       PPP9(5) COMP-3
COMMON-SPC5DDC       SPP99999 COMP-3
COMMON-UPI5DDC       9(5)PPP COMP-3
COMMON-SPI5DDC       S99999PPP COMP-3
COMMON-UPC5DISP      SPPP9(5)
COMMON-UPI5DISP      S9(5)PPP
COMMON-UPC1BIN       SPPP9 COMP
COMMON-UPI1BIN       S9PPP COMP
COMMON-UPC3BIN       SPPP9(3) COMP
COMMON-UPI3BIN       S9(3)PPP COMP
COMMON-UPC5BIN       SPPP9(5) COMP
COMMON-UPI5BIN       S9(5)PPP COMP
COMMON-UPC10BIN      SPPP9(10) COMP
COMMON-UPI10BIN      S9(10)PPP COMP
EX-NUM-INT01         +9(8)
EX-NUM-INT02         9(8)+
EX-NUM-INT03         -9(8)
EX-NUM-INT04         Z(8)-
EX-NUM-DEC01         +9(6)V99
EX-NUM-DEC02         Z(6)VZZ-
EX-NUM-DEC03         9(6).99-
"""

BINARY_USAGE = ("BINARY", "COMP", "COMP-0", "COMP-4", "COMP-5")


def layout() -> dict[str, tuple[int, int]]:
    """name -> (0-based offset, length), from Cobrix's layout listing (START and LENGTH columns)."""
    out = {}
    for line in (DATA / "test6_layout.txt").read_text(encoding="latin-1").splitlines():
        m = re.match(r"\s+10 (\S+)\s+\d+\s+(\d+)\s+\d+\s+(\d+)$", line)
        if m:
            out[m[1]] = (int(m[2]) - 1, int(m[3]))
    return out


def expand(picture: str) -> str:
    return re.sub(r"(.)\((\d+)\)", lambda m: m[1] * int(m[2]), picture)


def scale_of(picture: str) -> int:
    """Digits after V or the point; P before the digits: they are all fraction, P after them: a negative scale."""
    chars = expand(picture).lstrip("S+-")
    if chars.startswith(("P", "VP")):
        return chars.count("9") + chars.count("P")
    if chars.rstrip("+-").endswith("P"):
        return -chars.count("P")
    cut = max(chars.find("V"), chars.find("."))
    return 0 if cut < 0 else sum(c in "9Z" for c in chars[cut:])


def decoder(text: str, length: int) -> tuple[str, tuple, int | None]:
    """(catalog function, literal arguments after the bytes, scale or None for text and floats) of one field."""
    words = text.split()
    picture, usage = (words[0], words[1:]) if not words[0].startswith("COMP") else ("", words)
    if picture.startswith("X"):
        return "ebcdic_str", (), None
    if usage and usage[0] in ("COMP-1", "COMP-2"):
        return "unpack_float", (), None  # read with floating_point_format IEEE754
    signed = picture.startswith("S")
    if usage and usage[0] in BINARY_USAGE:
        return ("unpack_bin" if length <= 8 else "unpack_bin_decimal"), (signed,), scale_of(picture)
    if usage and usage[0] == "COMP-3":
        return "unpack_packed", (), scale_of(picture)
    if re.search(r"[+\-Z.]|CR|DB", picture):
        return "unpack_edited", (picture,), scale_of(picture)
    clause = " ".join(usage)
    sign = ("leading" if "LEADING" in clause else "trailing") + (" separate" if "SEPARATE" in clause else "")
    return "unpack_zoned", (sign,), scale_of(picture)


def fields() -> list[tuple[str, str, tuple, int | None, int, int]]:
    places = layout()
    out = []
    for line in PICTURES.strip().splitlines():
        name, text = line.split(None, 1)
        column = name.replace("-", "_")
        at, length = places[column]
        out.append((column, *decoder(text, length), at, length))
    return out


def records() -> np.ndarray:
    raw = np.frombuffer((DATA / "INTEGR.TYPES.NOV28.DATA.dat").read_bytes(), np.uint8)
    assert len(raw) % RECORD == 0
    return raw.reshape(-1, RECORD)


def expected_rows() -> list[dict]:
    lines = (DATA / "test6_expected.txt").read_text(encoding="utf-8").splitlines()
    return [json.loads(line, parse_float=Decimal) for line in lines]


def column_bytes(recs: np.ndarray, at: int, length: int) -> pa.Array:
    return pa.array([bytes(r) for r in recs[:, at : at + length]], pa.binary())


def decoded(fn: str, args: tuple, scale: int | None, values: pa.Array) -> list:
    out = BY_NAME[fn].kernel(values, *(pa.array([a] * len(values)) for a in args)).to_pylist()
    if scale is None:
        return out
    return [None if v is None else EXACT.scaleb(Decimal(v), -scale) for v in out]


def same(value, want) -> bool:
    if isinstance(value, float):  # a COMP-1 prints as the shortest float32 text, a COMP-2 as a double's
        return value == float(np.float32(want)) or value == float(want)
    return value == want

"""A copybook of groups, OCCURS DEPENDING ON and REDEFINES, and records written for it by the tests' own field
encoders (no tests here)."""

from __future__ import annotations

from support.copybook.cobol_fields import zoned


def cob(*lines: str) -> str:
    return "\n".join(" " * 7 + line for line in lines)


def packed(value: int, nbytes: int) -> bytes:
    digits = str(abs(value)).rjust(2 * nbytes - 1, "0")
    nibbles = [int(d) for d in digits] + [0xD if value < 0 else 0xC]
    return bytes(nibbles[i] << 4 | nibbles[i + 1] for i in range(0, len(nibbles), 2))


def text(s: str, width: int) -> bytes:
    return s.ljust(width).encode("cp037")


ORDER = cob(
    "01 ORDER-REC.",
    "   05 ORDER-ID     PIC 9(6).",
    "   05 CUSTOMER.",
    "      10 NAME      PIC X(8).",
    "      10 FILLER    PIC X(2).",
    "   05 LINE-COUNT   PIC S9(4) COMP.",
    "   05 ORDER-LINE   OCCURS 1 TO 3 DEPENDING ON LINE-COUNT.",
    "      10 ITEM      PIC X(4).",
    "      10 PRICE     PIC S9(5)V99 COMP-3.",
    "   05 TOTAL-ALT    REDEFINES ORDER-LINE PIC X(8).",
)


def order(order_id: int, name: str, lines: list[tuple[str, int]], count: int | None = None) -> bytes:
    body = b"".join(text(item, 4) + packed(cents, 4) for item, cents in lines)
    body = body.ljust(24, b"\x00")
    n = len(lines) if count is None else count
    return zoned(order_id, 6) + text(name, 8) + b"\x40\x40" + n.to_bytes(2, "big", signed=True) + body

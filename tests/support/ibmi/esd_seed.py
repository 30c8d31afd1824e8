"""Seed 001's tables, read from the copy in tests/data/sources/001_ibmi_esd_tables.txt: table n is the n-th table of
the seed (the n-th 'Relative offset | Field | Format | Description' heading), each fixed row as IBM prints it:
1-based position, field label, format and the width the format gives (reference/formats.md: Bin (15)/(16) = 2 bytes,
Bin (31)/(32) = 4, Bin (64) = 8, Zoned (n,0) = n, Char (n) = n). Nothing here reads udfs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from support import DATA

SOURCE = DATA / "sources" / "001_ibmi_esd_tables.txt"
HEADING = "Relative offset | Field | Format | Description |"
ROW = re.compile(r"^(\d+) \| ([^|]*?) *\| ([^|]*?) *\|")


@dataclass(frozen=True)
class Row:
    table: int
    pos: int
    label: str
    fmt: str  # as printed, a trailing footnote mark dropped ("Char (6) 1" -> "Char (6)")
    width: int | None  # None for Char (*) and formats that give no width


def clean_format(printed: str) -> str:
    return re.sub(r"(\))\s*\d+$", r"\1", printed.strip())


def width_of(fmt: str) -> int | None:
    """Bytes a seed format takes. `Bin (4)` (table 7) is 4 bytes: its rows sit at 1, 5 and 9."""
    if m := re.fullmatch(r"(?:Char|Text) ?\(?(\d+)\)?", fmt):
        return int(m[1])
    if m := re.fullmatch(r"Zoned \((\d+), ?0\)", fmt):
        return int(m[1])
    if m := re.fullmatch(r"Bin ?\((\d+)\)", fmt):
        return {4: 4, 15: 2, 16: 2, 31: 4, 32: 4, 64: 8}[int(m[1])]
    if m := re.fullmatch(r"DECIMAL\((\d+),0\)", fmt):
        return (int(m[1]) + 2) // 2  # packed: two digits a byte and the sign
    return None


@cache
def tables() -> dict[int, tuple[Row, ...]]:
    out: dict[int, list[Row]] = {}
    n = 0
    for line in SOURCE.read_text().splitlines():
        if line.startswith("#"):
            continue
        if line.startswith(HEADING):
            n += 1
            out[n] = []
        elif n and (m := ROW.match(line)):
            fmt = clean_format(m[3])
            out[n].append(Row(n, int(m[1]), m[2].strip().rstrip("."), fmt, width_of(fmt)))
    return {k: tuple(v) for k, v in out.items()}


def row(table: int, label: str) -> Row:
    """The row of `table` printed with `label`; 'label#k' is the k-th row with that label (1-based)."""
    name, _, k = label.partition("#")
    found = [r for r in tables()[table] if r.label == name]
    if not found:
        raise KeyError(f"seed 001 table {table} has no row {name!r}")
    return found[int(k or 1) - 1]

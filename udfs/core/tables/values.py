"""One column's value as an IBM i record buffer holds it: the DDL type with the file's formats, and its width.

The buffer layout (JOESD of an R entry, DSPJRN *TYPE5) is the physical file's: every column at a fixed offset,
VARCHAR/VARBINARY as a 2-byte length then the declared maximum of bytes (whatever ALLOCATE says), dates and times
as characters in the file's DATFMT/TIMFMT.
"""

from __future__ import annotations

from dataclasses import dataclass

# DATFMT -> characters in the buffer (IBM i: "Date formats", DDS DATFMT keyword)
DATE_WIDTHS = {"*ISO": 10, "*EUR": 10, "*USA": 10, "*JIS": 10, "*MDY": 8, "*DMY": 8, "*YMD": 8, "*JUL": 6}
# TIMFMT -> characters in the buffer
TIME_WIDTHS = {"*ISO": 8, "*EUR": 8, "*USA": 8, "*JIS": 8, "*HMS": 8}
# Formats whose separator the DATSEP/TIMSEP keyword chooses; the others have their own fixed separators.
DATE_SEPARATED = ("*MDY", "*DMY", "*YMD", "*JUL")
TIME_SEPARATED = ("*HMS",)
SEPARATORS = ("/", "-", ".", ",", " ", ":")
FIXED_DATE_SEPARATORS = {"*ISO": "-", "*EUR": ".", "*USA": "/", "*JIS": "-"}
FIXED_TIME_SEPARATORS = {"*ISO": ".", "*EUR": ".", "*USA": ":", "*JIS": ":"}

TEXT_TYPES = ("CHAR", "VARCHAR")
BINARY_TYPES = ("BINARY", "VARBINARY")
INTEGER_WIDTHS = {"SMALLINT": 2, "INTEGER": 4, "BIGINT": 8}
FLOAT_WIDTHS = {"REAL": 4, "DOUBLE": 8}


@dataclass(frozen=True)
class ValueSpec:
    """A column's type as declared, with what the buffer needs to read it."""

    type: str  # CHAR VARCHAR BINARY VARBINARY SMALLINT INTEGER BIGINT DECIMAL NUMERIC REAL DOUBLE DATE TIME TIMESTAMP
    length: int = 0  # CHAR/VARCHAR/BINARY/VARBINARY: bytes (the maximum for VAR*); DECIMAL/NUMERIC: precision
    scale: int = 0  # DECIMAL/NUMERIC
    fraction: int = 6  # TIMESTAMP(p): digits after the seconds, 0-12
    ccsid: int | None = None  # text: the column's CCSID (65535: bytes, no code page); None: the table's default
    datfmt: str = "*ISO"
    datsep: str | None = None  # for *MDY *DMY *YMD *JUL; None: "/"
    timfmt: str = "*ISO"
    timsep: str | None = None  # for *HMS; None: ":"

    @property
    def width(self) -> int:
        """Bytes the column takes in the record buffer."""
        t = self.type
        if t in TEXT_TYPES + BINARY_TYPES:
            return self.length + (2 if t.startswith("VAR") else 0)
        if t in INTEGER_WIDTHS:
            return INTEGER_WIDTHS[t]
        if t in FLOAT_WIDTHS:
            return FLOAT_WIDTHS[t]
        if t == "DECIMAL":  # packed: two digits a byte, the last half-byte the sign
            return self.length // 2 + 1
        if t == "NUMERIC":  # zoned: one digit a byte
            return self.length
        if t == "DATE":
            return DATE_WIDTHS[self.datfmt]
        if t == "TIME":
            return TIME_WIDTHS[self.timfmt]
        if t == "TIMESTAMP":  # yyyy-mm-dd-hh.mm.ss[.fff...]
            return 19 + (self.fraction + 1 if self.fraction else 0)
        raise ValueError(f"no buffer width for type {t}")

    @property
    def date_separator(self) -> str:
        """The separator the buffer holds: the format's own, else DATSEP (default /)."""
        return FIXED_DATE_SEPARATORS.get(self.datfmt) or self.datsep or "/"

    @property
    def time_separator(self) -> str:
        """The separator the buffer holds: the format's own, else TIMSEP (default :)."""
        return FIXED_TIME_SEPARATORS.get(self.timfmt) or self.timsep or ":"


def buffer_offsets(specs) -> list[int]:
    """0-based offset of each column in the record buffer: the columns one after another, in DDL order."""
    offsets, at = [], 0
    for s in specs:
        offsets.append(at)
        at += s.width
    return offsets

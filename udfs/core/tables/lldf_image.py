"""A Db2 for z/OS table's row image as BMC Log Master writes it in a logical log (LLDF DATA, seed 002).

Seed 002: columns in COLNO order (the DDL's order); "if a column (field) is nullable, the null byte precedes the
data for that column" (X'00' value, X'FF' NULL); variable-length columns carry a 2-byte length before the data,
after the null byte (NULL VARCHAR: X'FF0000'); numerics (INT, SMALLINT, DEC, FLOAT) in an external form:
two's complement binary, packed decimal, 4- or 8-byte floating point; DATE, TIME, TIMESTAMP as characters.
A NULL fixed-length column still takes its width. So a column's place depends on the null bytes and VARCHAR
lengths before it: `width` is None for a VARCHAR (its length says).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ddl import Column
from .declaration import DeclarationProblem, DeclaredTable
from .ibmi_image import BIT_DATA, MAX_DIGITS, TEXT_CCSIDS, UTF8, spark_type
from .values import ValueSpec

# The types seed 002's notes describe; BIGINT is read as the 8-byte form of INT (Db2 9 and later).
TYPES = ("CHAR", "VARCHAR", "SMALLINT", "INTEGER", "BIGINT", "DECIMAL", "REAL", "DOUBLE", "DATE", "TIME", "TIMESTAMP")
SAME_AS = {"NUMERIC": "DECIMAL"}  # Db2 for z/OS stores NUMERIC as DECIMAL
# The change's columns every image row carries; a DDL column of the same name would be ambiguous.
CHANGE_COLUMNS = (
    "CHANGE_TYPE",
    "UORID",
    "LOGRBA",
    "LOGLRSN",
    "TIMESTAMP",
    "stream_seq",
    "uor_seq",
    "is_committed",
    # the header fields the commit resolution (udfs/core/changes/lldf.py) reads
    "MEMBERID",
    "UORIDLRSN",
    "UORCOMMITLRSN",
    "UORCOMMITPOINT",
    "UORCOMMITTIMESTAMP",
    "UORDISP",
    "LOGRECDISP",
    "INCOMPLETETRANS",
    "RID",
    "SQLRIRBA",
    "LIMIT_KEYS",
)
# Change types whose DATA holds row images (seed 002): before (UB, D) and after (UB, I, IL).
BEFORE_IMAGE_TYPES = ("UB", "D")
AFTER_IMAGE_TYPES = ("UB", "I", "IL")
NULL_BYTE, NULL_VALUE = 0x00, 0xFF
# The normal range of FLOAT (IEEE binary32). A 4-byte hexadecimal REAL reaches 16^-65 to 16^63: outside this range
# a cast would give infinity, zero or a subnormal short of the value's digits, so such a REAL does not decode.
FLOAT_MIN, FLOAT_MAX = 1.1754943508222875e-38, 3.4028234663852886e38


@dataclass(frozen=True)
class LldfColumn:
    name: str
    colno: int  # 1-based: its place in the image
    spec: ValueSpec
    nullable: bool
    label: str = ""

    @property
    def width(self) -> int | None:
        """Bytes of the data after any null byte; None for a VARCHAR (2 + the length its first 2 bytes give)."""
        return None if self.spec.type == "VARCHAR" else self.spec.width

    @property
    def spark_type(self) -> str:
        return spark_type(self.spec)


def _where(table: DeclaredTable, c: Column) -> str:
    return f"{table.ddl.source_file}:{c.line or '?'}"


def _ccsid(table: DeclaredTable, c: Column, where: str) -> int:
    if c.for_bit_data:
        return BIT_DATA
    ccsid = c.ccsid or table.ddl.ccsid  # a column's own, else the table's (CCSID EBCDIC/UNICODE)
    if ccsid in (None, "EBCDIC"):
        return table.lldf.ccsid
    if ccsid == "UNICODE":
        return UTF8  # a Unicode table's CHAR and VARCHAR hold UTF-8
    if ccsid not in TEXT_CCSIDS:
        raise DeclarationProblem(
            f"{where}: column {c.name} has CCSID {ccsid}, which jcat does not read: use "
            f"{', '.join(map(str, sorted(TEXT_CCSIDS)))} or FOR BIT DATA in a copy of the DDL"
        )
    return int(ccsid)


def _spec(table: DeclaredTable, c: Column) -> ValueSpec:
    where = _where(table, c)
    t = SAME_AS.get(c.db2_type, c.db2_type)
    if t not in TYPES:
        raise DeclarationProblem(
            f"{where}: column {c.name} is {c.db2_type}, a type whose logical-log form seed 002 "
            f"does not describe (it reads {', '.join(TYPES)}): drop it from a copy of the DDL"
        )
    if t == "DECIMAL" and (c.length or 0) > MAX_DIGITS:
        raise DeclarationProblem(f"{where}: column {c.name} has {c.length} digits; jcat reads up to {MAX_DIGITS}")
    if t == "TIMESTAMP":
        return ValueSpec(t, fraction=6 if c.length is None else c.length)
    ccsid = _ccsid(table, c, where) if t in ("CHAR", "VARCHAR") else None
    return ValueSpec(t, c.length or 0, c.scale, ccsid=ccsid)


def image_columns(table: DeclaredTable) -> tuple[LldfColumn, ...]:
    """Every DDL column in COLNO order; refuses, in one line naming file, line and type, what seed 002 does not
    describe."""
    taken = {n.lower(): n for n in CHANGE_COLUMNS}
    for c in table.ddl.columns:
        if c.name.lower() in taken:
            raise DeclarationProblem(
                f"{_where(table, c)}: column {c.name} has the name of a change column jcat adds "
                f"({taken[c.name.lower()]}): rename it in a copy of the DDL"
            )
    return tuple(
        LldfColumn(c.name, i + 1, _spec(table, c), c.nullable, c.label or "") for i, c in enumerate(table.ddl.columns)
    )

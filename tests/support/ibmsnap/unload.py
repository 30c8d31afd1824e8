"""The tests' own Db2 unload encoder for the IBMSNAP tables, written from the unload format as seed 003's DDL and
docs/ibmsnap.md ("Record layout rules") state it, never from udfs/core/layouts/ibmsnap.py (not imported here: a
width or an order wrong there must disagree with the records built here).

Columns and their types come from IBM's CREATE TABLE statements in sql/ibmsnap (parsed by udfs.core.ddl: parsing is
not the layout under test); each column's bytes, width and position are computed below:

  CHAR(n)                n bytes EBCDIC, blank padded        CHAR(n) FOR BIT DATA   n raw bytes
  VARCHAR(n) [FBD]       2-byte big-endian length, then n bytes padded with X'00'
  SMALLINT / INT / BIGINT  2 / 4 / 8 bytes big-endian two's complement
  DECIMAL(p,s)           packed: p//2+1 bytes, a digit a nibble, sign nibble C (+) or D (-)
  TIMESTAMP              26 EBCDIC characters YYYY-MM-DD-HH.MM.SS.ffffff
  nullable column        1-byte null indicator (X'00' value, X'FF' NULL with binary zeros as data), before the
                         field (UNLOAD) or after it (DSNTIAUL format)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cache

from support import REPO
from udfs.core import ddl
from udfs.core.ddl import Column, TableDdl

PRESENT, NULL = "00", "FF"  # null indicator bytes, as hex
PLATFORMS = ("os390", "vmvse", "other")
# docs/ibmsnap.md, var ibmsnap_sequence_form: these CHAR(10) FOR BIT DATA columns become VARCHAR(16) FOR BIT DATA
SEQUENCE_COLUMNS = (
    "IBMSNAP_UOWID",
    "IBMSNAP_INTENTSEQ",
    "IBMSNAP_COMMITSEQ",
    "SYNCHPOINT",
    "CD_OLD_SYNCHPOINT",
    "CD_NEW_SYNCHPOINT",
    "CCD_OLD_SYNCHPOINT",
    "SEQ",
)


def ebcdic(text: str, width: int) -> str:
    """CHAR(width) as hex: EBCDIC (CCSID 37), blank padded."""
    return text.encode("cp037").ljust(width, b"\x40").hex().upper()


# ---- a CDEMPLOYEE row spelled byte by byte (the encoder below must write the same bytes) --------------------

# A user's CD table (not in seed 003; its shape is Figure 35's: the three IBMSNAP columns, then the registered
# columns), registered with BEFORE_IMG_PREFIX 'X': XDEPTNO and XSALARY hold before images. Declared, not built in.
CDEMPLOYEE_DDL = (
    "CREATE TABLE PAYROLL.CDEMPLOYEE ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, EMPNO CHAR(6) NOT NULL, LASTNAME VARCHAR(15) NOT NULL, "
    "DEPTNO CHAR(3), XDEPTNO CHAR(3), SALARY DECIMAL(9,2), XSALARY DECIMAL(9,2), HIRED TIMESTAMP, GRADE SMALLINT);\n"
)


def cd_employee_columns(sequence_form: str = "char10") -> tuple[Column, ...]:
    cols = ddl.parse_text(CDEMPLOYEE_DDL, "cdemployee.sql").columns
    return _sequence_form(cols, sequence_form)


def cd_employee(indicator: str = "leading", salary: str = "005275000C") -> str:
    """A CDEMPLOYEE row (CDEMPLOYEE_DDL): two CHAR(10) FOR BIT DATA, CHAR(1), CHAR(6), VARCHAR(15), then nullable
    CHAR(3) x2, DECIMAL(9,2) x2, TIMESTAMP, SMALLINT, each nullable one with its indicator byte."""

    def nullable(ni: str, data: str) -> str:
        return ni + data if indicator == "leading" else data + ni

    return "".join(
        [
            "00000000000000000A01",
            "00000000000000000A02",
            "E4",
            ebcdic("000010", 6),
            "0004" + "C8C1C1E2" + "00" * 11,  # VARCHAR(15) 'HAAS'
            nullable(PRESENT, "C1F0F0"),
            nullable(NULL, "000000"),  # DEPTNO 'A00', XDEPTNO NULL
            nullable(PRESENT, salary),
            nullable(PRESENT, "000012345D"),  # 52750.00, -123.45
            nullable(PRESENT, ebcdic("1995-01-01-00.00.00.000000", 26)),
            nullable(PRESENT, "FFFE"),  # SMALLINT -2
        ]
    )


EXPECTED = {
    "IBMSNAP_UOWID": bytes.fromhex("00000000000000000A01"),
    "IBMSNAP_INTENTSEQ": bytes.fromhex("00000000000000000A02"),
    "IBMSNAP_OPERATION": "U",
    "EMPNO": "000010",
    "LASTNAME": "HAAS",
    "DEPTNO": "A00",
    "XDEPTNO": None,
    "SALARY": Decimal("52750.00"),
    "XSALARY": Decimal("-123.45"),
    "HIRED": dt.datetime(1995, 1, 1),
    "GRADE": -2,
}


# ---- one column ---------------------------------------------------------------------------------------------


def data_width(c: Column) -> int:
    """Bytes of the field itself, without the null indicator."""
    if c.db2_type == "CHAR":
        return c.length
    if c.db2_type == "VARCHAR":
        return 2 + c.length
    if c.db2_type == "DECIMAL":
        return c.length // 2 + 1
    return {"SMALLINT": 2, "INTEGER": 4, "BIGINT": 8, "TIMESTAMP": 26}[c.db2_type]


def width(c: Column) -> int:
    return data_width(c) + (1 if c.nullable else 0)


def _packed(value: Decimal, c: Column) -> str:
    digits = str(abs(int(value.scaleb(c.scale))))
    nibbles = 2 * data_width(c) - 1
    assert len(digits) <= c.length, f"{c.name}: {value} has more than {c.length} digits"
    return digits.zfill(nibbles) + ("D" if value < 0 else "C")


def field(c: Column, value) -> str:
    """The field's bytes as hex (no null indicator); None gives binary zeros."""
    if value is None:
        return "00" * data_width(c)
    t = c.db2_type
    if t == "CHAR":
        out = bytes(value).hex().upper() if c.for_bit_data else ebcdic(value, c.length)
        assert len(out) == 2 * c.length, f"{c.name}: {value!r} is not {c.length} bytes"
        return out
    if t == "VARCHAR":
        raw = bytes(value) if c.for_bit_data else str(value).encode("cp037")
        assert len(raw) <= c.length
        return len(raw).to_bytes(2, "big").hex().upper() + raw.hex().upper() + "00" * (c.length - len(raw))
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        return value.to_bytes(data_width(c), "big", signed=True).hex().upper()
    if t == "DECIMAL":
        return _packed(Decimal(value), c)
    if t == "TIMESTAMP":
        return ebcdic(value.strftime("%Y-%m-%d-%H.%M.%S.%f"), 26)
    raise ValueError(f"{c.name}: no unload format for {t}")


def column_bytes(c: Column, value, indicator: str = "leading") -> str:
    data = field(c, value)
    if not c.nullable:
        assert value is not None, f"{c.name} is NOT NULL"
        return data
    ni = NULL if value is None else PRESENT
    return ni + data if indicator == "leading" else data + ni


# ---- tables -------------------------------------------------------------------------------------------------


@cache
def _all_ddls() -> tuple[TableDdl, ...]:
    return tuple(ddl.load_all(REPO / "sql" / "ibmsnap"))


def table_name(d: TableDdl) -> str:
    """Model suffix: IBMSNAP_UOW -> uow."""
    return d.name.lower().removeprefix("ibmsnap_")


def tables() -> list[str]:
    return sorted({table_name(d) for d in _all_ddls() if d.variant != "template"})


def table_ddl(table: str, platform: str = "os390") -> TableDdl:
    """The figure a platform uses (docs/ibmsnap.md, var ibmsnap_platform): its own, else 'all other platforms' (not
    OS/390), else 'all platforms', else the only one (CCPENQ is VM/VSE only)."""
    found = {d.variant: d for d in _all_ddls() if d.variant != "template" and table_name(d) == table}
    for v in (platform, "other" if platform != "os390" else None, "all"):
        if v in found:
            return found[v]
    (only,) = found.values()
    return only


def columns(table: str, platform: str = "os390", sequence_form: str = "char10") -> tuple[Column, ...]:
    return _sequence_form(table_ddl(table, platform).columns, sequence_form)


def _sequence_form(cols: tuple[Column, ...], sequence_form: str) -> tuple[Column, ...]:
    if sequence_form == "varchar16":
        cols = tuple(
            replace(c, db2_type="VARCHAR", length=16)
            if c.name in SEQUENCE_COLUMNS and c.db2_type == "CHAR" and c.for_bit_data
            else c
            for c in cols
        )
    return cols


def model_columns(table: str) -> list[Column]:
    """Every column any platform's figure has, first seen first: the model's columns."""
    seen: dict[str, Column] = {}
    for p in PLATFORMS:
        for c in table_ddl(table, p).columns:
            seen.setdefault(c.name, c)
    return list(seen.values())


@dataclass(frozen=True)
class Placed:
    """A column's bytes in a record: `pos` 1-based, hex including null indicator and VARCHAR length."""

    column: Column
    pos: int
    hex: str


def placed(cols: tuple[Column, ...], values: dict, indicator: str = "leading") -> list[Placed]:
    """The record column by column, in DDL order; every column must be given a value (None: NULL)."""
    assert set(values) == {c.name for c in cols}, sorted(set(values) ^ {c.name for c in cols})
    out, pos = [], 1
    for c in cols:
        h = column_bytes(c, values[c.name], indicator)
        assert len(h) == 2 * width(c)
        out.append(Placed(c, pos, h))
        pos += width(c)
    return out


def record(cols: tuple[Column, ...], values: dict, indicator: str = "leading") -> bytes:
    return bytes.fromhex("".join(p.hex for p in placed(cols, values, indicator)))


# ---- values -------------------------------------------------------------------------------------------------


def values(cols: tuple[Column, ...], row: int, nulls: bool = False) -> dict:
    """Deterministic values of each column's type (row 1, 2, ... differ); `nulls`: every nullable column NULL.
    Numbers use their sign and most of their width, so a byte too few or too many shows; text VARCHARs of odd rows
    end in blanks."""
    out = {}
    for i, c in enumerate(cols):
        n, t = 10 * row + i, c.db2_type
        if nulls and c.nullable:
            v = None
        elif t == "CHAR" and c.for_bit_data:
            v = bytes((n * 29 + j * 37 + 0x80 * (j % 2)) % 256 for j in range(c.length))
        elif t == "CHAR":
            v = (c.name[: c.length - 1] + str(row))[-c.length :] if c.length > 1 else "YN"[row % 2]
        elif t == "VARCHAR" and c.for_bit_data:
            v = bytes(range(n % 7 + 1))
        elif t == "VARCHAR":  # odd rows end in two blanks: Db2 keeps what the length counts, blanks too
            blanks = "  " if row % 2 and c.length > 2 else ""
            v = f"{c.name.lower()} {row}"[-(c.length - len(blanks)) :].lstrip() + blanks
        elif t == "SMALLINT":
            v = (-1) ** n * (300 + n)
        elif t == "INTEGER":
            v = (-1) ** n * (70_000 + n * 1_001)
        elif t == "BIGINT":
            v = (-1) ** n * (2**40 + n)
        elif t == "DECIMAL":
            digits = int(("123456789" * 4)[: c.length]) // (n % 3 + 1)
            v = Decimal((-1) ** n * digits).scaleb(-c.scale)
        elif t == "TIMESTAMP":
            v = dt.datetime(1999, 12, 31, 23, 59, 58, 123456) + dt.timedelta(days=row, minutes=i, microseconds=i)
        else:
            raise ValueError(f"{c.name}: no values for {t}")
        out[c.name] = v
    return out

"""What a Db2 DDL file declares, as jcat keeps it: the table (TableDdl), its columns and indexes; the problem a
file that does not parse raises. Plain data: the dialect, the statements and the files are in their own modules."""

from __future__ import annotations

from dataclasses import dataclass, field

SUPPORTED_TYPES = (
    "CHAR",
    "VARCHAR",
    "BINARY",
    "VARBINARY",
    "SMALLINT",
    "INTEGER",
    "BIGINT",
    "DECIMAL",
    "NUMERIC",
    "REAL",
    "DOUBLE",
    "DATE",
    "TIME",
    "TIMESTAMP",
    "GRAPHIC",
    "VARGRAPHIC",
)
DBCS_TYPES = ("GRAPHIC", "VARGRAPHIC")  # parsed so a message can name them; no DBCS decoding yet
BIT_DATA_CCSID = 65535  # FOR BIT DATA: bytes, no code page
TIMESTAMP_DEFAULT_PRECISION = 6


class DdlProblem(ValueError):
    """DDL that does not parse into a table declaration: one line naming the file, the line and the construct."""


@dataclass(frozen=True)
class Column:
    name: str
    db2_type: str  # one of SUPPORTED_TYPES
    length: int | None = None  # CHAR/VARCHAR/BINARY/GRAPHIC n, DECIMAL/NUMERIC precision, TIMESTAMP fraction digits
    scale: int = 0
    for_bit_data: bool = False
    nullable: bool = True
    with_default: bool = False
    ccsid: int | str | None = None  # CCSID n (FOR BIT DATA: 65535); z/OS: EBCDIC, ASCII or UNICODE
    label: str = ""  # LABEL ON ... TEXT IS, else COMMENT ON, else the column heading
    line: int = field(default=0, compare=False)  # 1-based line of its name in its file (not what it is)
    system_name: str | None = None  # FOR COLUMN name (IBM i)

    @property
    def declared(self) -> str:
        """The column's type as the DDL writes it, e.g. `CHAR(10) FOR BIT DATA NOT NULL`."""
        t = self.db2_type
        if t in ("CHAR", "VARCHAR", "BINARY", "VARBINARY", "GRAPHIC", "VARGRAPHIC"):
            t += f"({self.length})"
        elif t in ("DECIMAL", "NUMERIC"):
            t += f"({self.length},{self.scale})"
        elif t == "TIMESTAMP" and self.length != TIMESTAMP_DEFAULT_PRECISION:
            t += f"({self.length})"
        if self.for_bit_data:
            t += " FOR BIT DATA"
        if not self.nullable:
            t += " NOT NULL"
        if self.with_default:
            t += " WITH DEFAULT"
        return t


@dataclass(frozen=True)
class Index:
    name: str
    columns: tuple[str, ...]
    unique: bool


@dataclass(frozen=True)
class TableDdl:
    schema: str
    name: str  # e.g. IBMSNAP_UOW, EMPLOYEE
    columns: tuple[Column, ...]
    indexes: tuple[Index, ...] = ()
    source_file: str = ""
    variant: str = "all"  # os390, vmvse, other, all; `template` for Figures 35/36; `declared` for a user's table
    primary_key: tuple[str, ...] = ()
    system_name: str | None = None  # FOR SYSTEM NAME (IBM i)
    record_format: str | None = None  # RCDFMT (IBM i)
    ccsid: int | str | None = None  # IBM i: a number; z/OS: EBCDIC, ASCII or UNICODE
    label: str = ""  # LABEL ON TABLE, else COMMENT ON TABLE
    dialect: str = "db2"  # db2i, db2z, or db2 when nothing in the file belongs to one of them

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

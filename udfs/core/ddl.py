"""Db2 DDL -> table definitions, with sqlglot and a small Db2 dialect.

sqlglot has no Db2 dialect; the DataPropagator DDL of seed 003 needs five Db2-isms, added here as parser rules
rather than by rewriting the text (so the committed `sql/ibmsnap/*.sql` are what is parsed, verbatim):

* `CHAR(n) FOR BIT DATA` (a column attribute: the bytes carry no code page),
* `NOT NULL WITH DEFAULT` (the type's default: blanks, zero),
* `DATA CAPTURE CHANGES` after the column list,
* `CREATE TYPE 2 [UNIQUE] INDEX` (a DB2 for OS/390 V4 index type; no effect on the data),
* schema-qualified index names (`ASN.IBMSNAP_UOW_IDX`).

No Spark, no dbt. `udfs/core/layouts/ibmsnap.py` lays the parsed tables out as records; `jcat generate`
(udfs/render/ibmsnap.py) writes the dbt models from both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import sqlglot
from sqlglot import exp, parser
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import TokenType

from .project import source_root

REPO = source_root()
SQL_DIR = REPO / "sql" / "ibmsnap"

SUPPORTED_TYPES = ("CHAR", "VARCHAR", "SMALLINT", "INT", "BIGINT", "TIMESTAMP", "DECIMAL", "DATE", "TIME")


class DdlProblem(ValueError):
    """DDL that does not parse into a layout: the message names the file and the statement."""


def _for_bit_data(self: parser.Parser):
    if not self._match_text_seq("BIT", "DATA"):
        return None
    return exp.CharacterSetColumnConstraint(this=exp.var("BIT DATA"))


def _with_default(self: parser.Parser):
    # Db2 `WITH DEFAULT` without a value: the type's own default (blanks, zero, current timestamp).
    if not self._match(TokenType.DEFAULT):
        return None
    return exp.DefaultColumnConstraint(this=exp.var("TYPE DEFAULT"))


def _data_capture(self: parser.Parser):
    self._match_text_seq("CAPTURE")
    value = self._parse_var(any_token=True)
    return exp.Property(this=exp.var("DATA CAPTURE"), value=value)


class Db2(Dialect):
    class Parser(parser.Parser):
        CONSTRAINT_PARSERS = {**parser.Parser.CONSTRAINT_PARSERS, "FOR": _for_bit_data, "WITH": _with_default}
        PROPERTY_PARSERS = {**parser.Parser.PROPERTY_PARSERS, "DATA": _data_capture}

        def _parse_create(self):
            index = self._index
            type2 = self._match_text_seq("TYPE") and self._match(TokenType.NUMBER)
            unique = self._match(TokenType.UNIQUE)
            if not self._match(TokenType.INDEX):
                self._retreat(index)
                return super()._parse_create()
            name = self._parse_table_parts()  # schema-qualified index name
            this = self._parse_index(index=name, anonymous=False)
            create = self.expression(exp.Create(this=this, kind="INDEX", unique=unique))
            if type2:
                create.set("properties", exp.Properties(expressions=[exp.Property(this=exp.var("TYPE"), value=exp.Literal.number(2))]))
            return create


@dataclass(frozen=True)
class Column:
    name: str
    db2_type: str  # one of SUPPORTED_TYPES
    length: int | None = None  # CHAR/VARCHAR n, DECIMAL precision
    scale: int = 0
    for_bit_data: bool = False
    nullable: bool = True
    with_default: bool = False

    @property
    def declared(self) -> str:
        """The column's type as the DDL writes it, e.g. `CHAR(10) FOR BIT DATA NOT NULL`."""
        t = self.db2_type
        if t in ("CHAR", "VARCHAR"):
            t += f"({self.length})"
        elif t == "DECIMAL":
            t += f"({self.length},{self.scale})"
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
    name: str  # e.g. IBMSNAP_UOW, CDEMPLOYEE
    columns: tuple[Column, ...]
    indexes: tuple[Index, ...] = ()
    source_file: str = ""
    variant: str = "all"  # os390, vmvse, other, all; `cd` for a user's CD table; `template` for Figures 35/36
    directives: dict = field(default_factory=dict, hash=False, compare=False)  # `-- jcat: key = value` lines

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


_TYPE_NAMES = {
    exp.DataType.Type.CHAR: "CHAR", exp.DataType.Type.NCHAR: "CHAR",
    exp.DataType.Type.VARCHAR: "VARCHAR", exp.DataType.Type.NVARCHAR: "VARCHAR",
    exp.DataType.Type.SMALLINT: "SMALLINT", exp.DataType.Type.INT: "INT", exp.DataType.Type.BIGINT: "BIGINT",
    exp.DataType.Type.TIMESTAMP: "TIMESTAMP", exp.DataType.Type.DECIMAL: "DECIMAL",
    exp.DataType.Type.DATE: "DATE", exp.DataType.Type.TIME: "TIME",
}


def _column(col: exp.ColumnDef, where: str) -> Column:
    dtype: exp.DataType = col.args["kind"]
    db2_type = _TYPE_NAMES.get(dtype.this)
    if db2_type is None:
        raise DdlProblem(f"{where}: column {col.name} has type {dtype.sql()}, not one jcat lays out ({', '.join(SUPPORTED_TYPES)})")
    params = [int(p.name) for p in dtype.expressions]
    length = params[0] if params else None
    scale = params[1] if len(params) > 1 else 0
    if db2_type == "CHAR" and length is None:
        length = 1  # Db2: CHAR means CHAR(1)
    if db2_type == "VARCHAR" and length is None:
        raise DdlProblem(f"{where}: VARCHAR column {col.name} needs a length")
    if db2_type == "DECIMAL" and length is None:
        length = 5  # Db2 default DECIMAL(5,0)
    nullable, fbd, default = True, False, False
    for c in col.args.get("constraints") or []:
        kind = c.args.get("kind")
        if isinstance(kind, exp.NotNullColumnConstraint) and not kind.args.get("allow_null"):
            nullable = False
        elif isinstance(kind, exp.CharacterSetColumnConstraint) and kind.name.upper() == "BIT DATA":
            fbd = True
        elif isinstance(kind, exp.DefaultColumnConstraint):
            default = True
    if fbd and db2_type not in ("CHAR", "VARCHAR"):
        raise DdlProblem(f"{where}: FOR BIT DATA on {db2_type} column {col.name}")
    return Column(col.name.upper(), db2_type, length, scale, fbd, nullable, default)


_DIRECTIVE = re.compile(r"^\s*--\s*jcat:\s*(\w+)\s*=\s*(.*?)\s*$", re.M)


def parse_text(text: str, where: str = "<text>", variant: str = "all") -> TableDdl:
    """One CREATE TABLE and any CREATE INDEX statements on it."""
    try:
        statements = [s for s in sqlglot.parse(text, dialect=Db2) if s is not None]
    except sqlglot.errors.ParseError as e:
        raise DdlProblem(f"{where}: {e}") from None
    tables = [s for s in statements if isinstance(s, exp.Create) and s.kind == "TABLE"]
    if len(tables) != 1:
        raise DdlProblem(f"{where}: expected one CREATE TABLE, found {len(tables)}")
    for s in statements:
        if not isinstance(s, exp.Create):
            raise DdlProblem(f"{where}: not a CREATE TABLE / CREATE INDEX statement: {s.sql()[:80]}")
    schema_expr: exp.Schema = tables[0].this
    table: exp.Table = schema_expr.this
    cols = tuple(_column(c, where) for c in schema_expr.expressions if isinstance(c, exp.ColumnDef))
    others = [c for c in schema_expr.expressions if not isinstance(c, exp.ColumnDef)]
    if others or not cols:
        raise DdlProblem(f"{where}: the column list of {table.name} holds something that is not a column definition")
    names = [c.name for c in cols]
    if len(set(names)) != len(names):
        raise DdlProblem(f"{where}: duplicate column names in {table.name}")
    indexes = []
    for s in statements:
        if s.kind == "INDEX":
            idx: exp.Index = s.this
            on = idx.args["table"].name.upper()
            if on != table.name.upper():
                raise DdlProblem(f"{where}: index {idx.this.sql()} is on {on}, not {table.name}")
            idx_cols = tuple(o.this.name.upper() for o in idx.args["params"].args["columns"])
            missing = set(idx_cols) - set(names)
            if missing:
                raise DdlProblem(f"{where}: index {idx.this.sql()} names unknown columns {sorted(missing)}")
            indexes.append(Index(idx.this.sql(), idx_cols, bool(s.args.get("unique"))))
    directives = {k.lower(): v for k, v in _DIRECTIVE.findall(text)}
    return TableDdl(table.db.upper(), table.name.upper(), cols, tuple(indexes), where, variant, directives)


def parse_file(path: Path) -> TableDdl:
    """`<table>.<variant>.sql`: variant os390, vmvse, other or all; `<name>.cd.sql` is a user's CD table."""
    parts = path.name.split(".")
    if len(parts) != 3 or parts[2] != "sql":
        raise DdlProblem(f"{path.name}: expected <table>.<variant>.sql")
    variant = "template" if parts[0] == "cd_template" else parts[1]
    try:
        rel = str(path.relative_to(REPO))
    except ValueError:
        rel = str(path)
    return parse_text(path.read_text(), rel, variant)


def load_all(sql_dir: Path = SQL_DIR) -> list[TableDdl]:
    return [parse_file(p) for p in sorted(sql_dir.glob("*.sql"))]



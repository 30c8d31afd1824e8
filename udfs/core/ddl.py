"""Db2 DDL -> table declarations: Db2 for i (QSYS2.GENERATE_SQL), Db2 for z/OS (catalog tools) and seed 003's
DataPropagator DDL (IBM SQL Replication's control and CD tables).

A small tokenizer and a parser for the statements those tools write, read verbatim: every column keeps the line
it is declared on, so a problem names `<file>:<line>`, the construct, and what to do. What jcat cannot lay out
(LOBs, XML, distinct types, `LIKE`, `AS (SELECT ...)`, a statement it does not know) is refused, never guessed.

Read and kept: the column list (types, CCSID, FOR BIT/SBCS/MIXED DATA, NOT NULL, defaults, FOR COLUMN system
names), the primary key (in the column list, as a named constraint or by ALTER TABLE), indexes, `LABEL ON` and
`COMMENT ON` texts, the table's system name, record format and CCSID. Read and skipped, having no effect on the
row's bytes: `SET PATH`, `SET CURRENT SQLID`, `COMMIT`, `GRANT`, storage and logging options (`IN db.ts`,
`AUDIT`, `DATA CAPTURE`, `APPEND`, `VOLATILE`, `WITH RESTRICT ON DROP`, index `USING STOGROUP ...`),
identity and row-change generation, `ALLOCATE(n)`, `IMPLICITLY HIDDEN`, unique/foreign/check constraints.

No Spark, no dbt. `udfs/core/layouts/ibmsnap.py` lays the seed 003 tables out as records; `jcat generate`
(udfs/render/ibmsnap.py) writes the dbt models from both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .project import source_root

REPO = source_root()
SQL_DIR = REPO / "sql" / "ibmsnap"

SUPPORTED_TYPES = ("CHAR", "VARCHAR", "BINARY", "VARBINARY", "SMALLINT", "INTEGER", "BIGINT", "DECIMAL", "NUMERIC",
                   "REAL", "DOUBLE", "DATE", "TIME", "TIMESTAMP", "GRAPHIC", "VARGRAPHIC")
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
    name: str  # e.g. IBMSNAP_UOW, CDEMPLOYEE
    columns: tuple[Column, ...]
    indexes: tuple[Index, ...] = ()
    source_file: str = ""
    variant: str = "all"  # os390, vmvse, other, all; `cd` for a user's CD table; `template` for Figures 35/36
    directives: dict = field(default_factory=dict, hash=False, compare=False)  # `-- jcat: key = value` lines
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


# --- tokens ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    kind: str  # word, quoted, string, number, punct
    text: str  # words upper-cased; quoted identifiers and strings as written, quotes removed
    line: int

    def is_(self, *words: str) -> bool:
        return self.kind == "word" and self.text in words


_TOKEN = re.compile(r"""
    (?P<space>\s+) | (?P<comment>--[^\n]*) | (?P<block>/\*.*?\*/)
  | (?P<string>[Xx]?'(?:[^']|'')*')
  | (?P<quoted>"(?:[^"]|"")*")
  | (?P<number>\d+(?:\.\d*)?(?:[Ee][+-]?\d+)?)
  | (?P<word>[A-Za-z_#@$][A-Za-z0-9_#@$]*)
  | (?P<punct>[(),;.=/*+\-<>|:!?])
""", re.VERBOSE | re.DOTALL)


def tokens(text: str, where: str) -> list[Token]:
    out, at, line = [], 0, 1
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            raise DdlProblem(f"{where}:{line}: character {text[at]!r} is not Db2 SQL — remove it or quote it")
        kind, raw = m.lastgroup, m.group()
        if kind == "word":
            out.append(Token("word", raw.upper(), line))
        elif kind == "quoted":
            out.append(Token("quoted", raw[1:-1].replace('""', '"'), line))
        elif kind == "string":
            out.append(Token("string", raw[raw.index("'") + 1:-1].replace("''", "'"), line))
        elif kind in ("number", "punct"):
            out.append(Token(kind, raw, line))
        line += raw.count("\n")
        at = m.end()
    return out


def statements(toks: list[Token]) -> list[list[Token]]:
    out, current = [], []
    for t in toks:
        if t.kind == "punct" and t.text == ";":
            if current:
                out.append(current)
            current = []
        else:
            current.append(t)
    if current:
        out.append(current)
    return out


# --- a statement's reader ---------------------------------------------------------------------------------------

class Reader:
    """Tokens of one statement, read left to right; `fail` raises the one-line problem at the current token."""

    def __init__(self, toks: list[Token], where: str):
        self.toks, self.at, self.where = toks, 0, where

    @property
    def peek(self) -> Token | None:
        return self.toks[self.at] if self.at < len(self.toks) else None

    def ahead(self, n: int) -> Token | None:
        return self.toks[self.at + n] if self.at + n < len(self.toks) else None

    @property
    def line(self) -> int:
        t = self.peek or self.toks[-1]
        return t.line

    def fail(self, what: str, todo: str, line: int | None = None):
        raise DdlProblem(f"{self.where}:{line or self.line}: {what} — {todo}")

    def done(self) -> bool:
        return self.at >= len(self.toks)

    def words(self, *words: str) -> bool:
        """Consume these words if they come next."""
        for i, w in enumerate(words):
            t = self.ahead(i)
            if t is None or not t.is_(w):
                return False
        self.at += len(words)
        return True

    def punct(self, p: str) -> bool:
        t = self.peek
        if t is not None and t.kind == "punct" and t.text == p:
            self.at += 1
            return True
        return False

    def expect_punct(self, p: str, after: str):
        if not self.punct(p):
            self.fail(f"expected {p!r} {after}, found {self.shown()}", "correct the statement")

    def expect_words(self, *words: str):
        if not self.words(*words):
            self.fail(f"expected {' '.join(words)}, found {self.shown()}", "correct the statement")

    def shown(self) -> str:
        t = self.peek
        return "the end of the statement" if t is None else repr(t.text)

    def at_punct(self, *ps: str) -> bool:
        t = self.peek
        return t is not None and t.kind == "punct" and t.text in ps

    def identifier(self, what: str) -> str:
        t = self.peek
        if t is None or t.kind not in ("word", "quoted"):
            self.fail(f"expected {what}, found {self.shown()}", "correct the statement")
        self.at += 1
        return t.text

    def dotted(self, what: str) -> list[str]:
        """`a.b.c`, parts joined by '.' (SQL naming) or '/' (system naming)."""
        parts = [self.identifier(what)]
        while self.punct(".") or self.punct("/"):
            parts.append(self.identifier(what))
        return parts

    def qualified(self, what: str) -> tuple[str, str]:
        """`[schema.]name`: (schema or "", name)."""
        line = self.line
        parts = self.dotted(what)
        if len(parts) > 2:
            self.fail(f"{'.'.join(parts)} has {len(parts)} parts, expected {what} as [schema.]name",
                      "write schema.name", line)
        return ("", *parts) if len(parts) == 1 else tuple(parts)

    def integer(self, what: str) -> int:
        t = self.peek
        if t is None or t.kind != "number" or not t.text.isdigit():
            self.fail(f"expected {what}, found {self.shown()}", "write a whole number")
        self.at += 1
        return int(t.text)

    def string(self, what: str) -> str:
        t = self.peek
        if t is None or t.kind != "string":
            self.fail(f"expected {what}, found {self.shown()}", "write it as a '...' string")
        self.at += 1
        return t.text

    def skip_group(self):
        """A parenthesized group, nested groups included (the opening parenthesis is next)."""
        self.expect_punct("(", "")
        depth = 1
        while depth:
            if self.done():
                self.fail("unbalanced parentheses", "close every '('")
            t = self.toks[self.at]
            self.at += 1
            if t.kind == "punct":
                depth += {"(": 1, ")": -1}.get(t.text, 0)

    def skip_element(self):
        """To the ',' or ')' that ends a column-list element (nested groups skipped)."""
        while not self.done() and not self.at_punct(",", ")"):
            if self.at_punct("("):
                self.skip_group()
            else:
                self.at += 1

    def name_list(self, what: str) -> list[tuple[str, int]]:
        """`( A [ASC|DESC|RANDOM] , B ... )`: names with their lines."""
        self.expect_punct("(", f"before the {what}")
        out = []
        while True:
            line = self.line
            out.append((self.identifier(f"a column of the {what}"), line))
            self.words("ASC") or self.words("DESC") or self.words("RANDOM")
            if self.punct(")"):
                return out
            self.expect_punct(",", f"between the columns of the {what}")


# --- types ------------------------------------------------------------------------------------------------------

_TYPE_WORDS = {
    ("CHAR",): "CHAR", ("CHARACTER",): "CHAR",
    ("VARCHAR",): "VARCHAR", ("CHARACTER", "VARYING"): "VARCHAR", ("CHAR", "VARYING"): "VARCHAR",
    ("GRAPHIC",): "GRAPHIC", ("VARGRAPHIC",): "VARGRAPHIC", ("GRAPHIC", "VARYING"): "VARGRAPHIC",
    ("BINARY",): "BINARY", ("VARBINARY",): "VARBINARY", ("BINARY", "VARYING"): "VARBINARY",
    ("SMALLINT",): "SMALLINT", ("INTEGER",): "INTEGER", ("INT",): "INTEGER", ("BIGINT",): "BIGINT",
    ("DECIMAL",): "DECIMAL", ("DEC",): "DECIMAL", ("NUMERIC",): "NUMERIC", ("NUM",): "NUMERIC",
    ("REAL",): "REAL", ("DOUBLE",): "DOUBLE", ("DOUBLE", "PRECISION"): "DOUBLE", ("FLOAT",): "FLOAT",
    ("DATE",): "DATE", ("TIME",): "TIME", ("TIMESTAMP",): "TIMESTAMP",
}
_UNSUPPORTED = {
    ("BLOB",): "BLOB", ("CLOB",): "CLOB", ("DBCLOB",): "DBCLOB", ("XML",): "XML", ("DATALINK",): "DATALINK",
    ("ROWID",): "ROWID", ("DECFLOAT",): "DECFLOAT", ("NCLOB",): "NCLOB", ("LONG", "VARCHAR"): "LONG VARCHAR",
    ("LONG", "VARGRAPHIC"): "LONG VARGRAPHIC", ("BINARY", "LARGE", "OBJECT"): "BLOB",
    ("CHARACTER", "LARGE", "OBJECT"): "CLOB", ("CHAR", "LARGE", "OBJECT"): "CLOB",
    ("TIMESTAMP", "WITH", "TIME", "ZONE"): "TIMESTAMP WITH TIME ZONE", ("BOOLEAN",): "BOOLEAN",
}
_NEEDS_LENGTH = ("VARCHAR", "VARBINARY", "VARGRAPHIC")
_TEXT_TYPES = ("CHAR", "VARCHAR")


def _match_words(r: Reader, table: dict) -> str | None:
    for words in sorted(table, key=len, reverse=True):
        if r.words(*words):
            return table[words]
    return None


def _params(r: Reader) -> list[int]:
    if not r.at_punct("("):
        return []
    r.punct("(")
    out = [r.integer("a length, precision or scale")]
    while r.punct(","):
        out.append(r.integer("a scale"))
    r.expect_punct(")", "after the type's length")
    return out


def _type(r: Reader, column: str) -> tuple[str, int | None, int]:
    """The column's type: (canonical name, length/precision/fraction digits, scale)."""
    line = r.line
    bad = _match_words(r, _UNSUPPORTED)
    if bad:
        r.fail(f"column {column} is {bad}, a type jcat does not decode",
               "drop the column from the declaration or cast it to a supported type in a view", line)
    name = _match_words(r, _TYPE_WORDS)
    if name is None:
        t = r.peek
        shown = "nothing" if t is None else t.text
        if r.ahead(1) is not None and r.ahead(1).kind == "punct" and r.ahead(1).text == ".":
            shown += "." + (r.ahead(2).text if r.ahead(2) else "")
        r.fail(f"column {column} has type {shown}, not a built-in Db2 type jcat decodes (a distinct type?)",
               f"declare it with its source type ({', '.join(t for t in SUPPORTED_TYPES if t not in DBCS_TYPES)})",
               line)
    params = _params(r)
    if len(params) > (2 if name in ("DECIMAL", "NUMERIC") else 1):
        r.fail(f"column {column}: {name} takes at most {2 if name in ('DECIMAL', 'NUMERIC') else 1} numbers",
               "correct the type", line)
    length = params[0] if params else None
    scale = params[1] if len(params) > 1 else 0
    if name == "FLOAT":  # FLOAT(n): single precision up to 24 bits of mantissa
        return ("REAL" if length is not None and length <= 24 else "DOUBLE"), None, 0
    if name in ("SMALLINT", "INTEGER", "BIGINT", "REAL", "DOUBLE", "DATE", "TIME") and params:
        r.fail(f"column {column}: {name} takes no length", "remove the number in parentheses", line)
    if name in _NEEDS_LENGTH and length is None:
        r.fail(f"{name} column {column} needs a length", f"write {name}(n)", line)
    if name in ("CHAR", "BINARY", "GRAPHIC") and length is None:
        length = 1  # Db2: CHAR means CHAR(1)
    if name in ("DECIMAL", "NUMERIC") and length is None:
        length = 5  # Db2 default DECIMAL(5,0)
    if name == "TIMESTAMP":
        length = TIMESTAMP_DEFAULT_PRECISION if length is None else length
        if length > 12:
            r.fail(f"column {column}: TIMESTAMP({length}) has more than 12 fraction digits", "write 0 to 12", line)
    return name, length, scale


# --- CREATE TABLE -----------------------------------------------------------------------------------------------

# Default values whose words are not literals: special registers and NULL.
_DEFAULT_WORDS = ("NULL", "USER", "SESSION_USER", "SYSTEM_USER", "CURRENT_USER", "CURRENT_DATE", "CURRENT_TIME",
                  "CURRENT_TIMESTAMP", "CURRENT_SERVER", "CURRENT_SCHEMA")
# Words of GENERATED ... AS IDENTITY / ROW BEGIN / ROW CHANGE TIMESTAMP / TRANSACTION START ID
_GENERATED_WORDS = ("ALWAYS", "BY", "DEFAULT", "AS", "IDENTITY", "ROW", "BEGIN", "END", "CHANGE", "TIMESTAMP",
                    "TRANSACTION", "START", "ID", "FOR", "EACH", "ON", "UPDATE", "IMPLICITLY", "HIDDEN")


class Seen:
    """Constructs only one of the two Db2s writes, with the line of the first: the file's dialect."""

    def __init__(self):
        self.db2i: tuple[str, int] | None = None
        self.db2z: tuple[str, int] | None = None

    def mark(self, dialect: str, construct: str, line: int):
        if getattr(self, dialect) is None:
            setattr(self, dialect, (construct, line))

    def dialect(self, where: str) -> str:
        if self.db2i and self.db2z:
            (ci, li), (cz, lz) = self.db2i, self.db2z
            raise DdlProblem(f"{where}:{max(li, lz)}: {ci} (line {li}) is Db2 for i, {cz} (line {lz}) is Db2 for "
                             "z/OS — declare the table from the DDL of the system whose log you read")
        return "db2i" if self.db2i else "db2z" if self.db2z else "db2"


@dataclass
class _Table:
    schema: str
    name: str
    line: int
    columns: list[Column] = field(default_factory=list)
    primary_key: list[tuple[str, int]] = field(default_factory=list)
    keys: list[tuple[str, int]] = field(default_factory=list)  # every constraint's columns, to check they exist
    system_name: str | None = None
    record_format: str | None = None
    ccsid: int | str | None = None


def _default_value(r: Reader):
    if r.at_punct("("):
        r.skip_group()
    elif r.at_punct("-", "+"):
        r.at += 1
        if r.peek is not None and r.peek.kind == "number":
            r.at += 1
    elif r.peek is not None and r.peek.kind in ("string", "number"):
        r.at += 1
    elif r.words("CURRENT"):
        r.identifier("a special register")
        r.words("TIMESTAMP") or r.words("ZONE")
    elif r.peek is not None and r.peek.kind == "word" and r.peek.text in _DEFAULT_WORDS:
        r.at += 1


def _skip_generated(r: Reader):
    """The rest of GENERATED ... AS IDENTITY (options) / ROW CHANGE TIMESTAMP / ...: values Db2 fills in."""
    while r.at_punct("(") or r.peek is not None and r.peek.is_(*_GENERATED_WORDS):
        if r.at_punct("("):
            r.skip_group()
        else:
            r.at += 1


def _ccsid(r: Reader, seen: Seen) -> int | str:
    line = r.line
    t = r.peek
    if t is not None and t.is_("EBCDIC", "ASCII", "UNICODE"):
        r.at += 1
        seen.mark("db2z", f"CCSID {t.text}", line)
        return t.text
    return r.integer("a CCSID")


def _column(r: Reader, table: _Table, seen: Seen) -> Column:
    line = r.line
    name = r.identifier("a column name")
    system_name = None
    if r.words("FOR", "COLUMN"):
        seen.mark("db2i", "FOR COLUMN", line)
        system_name = r.identifier("the column's system name")
    db2_type, length, scale = _type(r, name)
    nullable, with_default, fbd, ccsid = True, False, False, None
    while not r.done() and not r.at_punct(",", ")"):
        at = r.line
        if r.words("NOT", "NULL"):
            nullable = False
        elif r.words("NULL"):
            pass
        elif r.words("WITH", "DEFAULT") or r.words("DEFAULT"):
            with_default = True
            _default_value(r)
        elif r.words("CCSID"):
            ccsid = _ccsid(r, seen)
        elif r.words("FOR", "BIT", "DATA"):
            fbd, ccsid = True, BIT_DATA_CCSID
        elif r.words("FOR", "SBCS", "DATA") or r.words("FOR", "MIXED", "DATA"):
            pass
        elif r.words("ALLOCATE"):
            seen.mark("db2i", "ALLOCATE", at)
            r.skip_group()
        elif r.words("IMPLICITLY", "HIDDEN"):
            pass
        elif r.words("GENERATED"):
            _skip_generated(r)
        elif r.words("CONSTRAINT"):
            r.qualified("a constraint name")
        elif r.words("PRIMARY", "KEY"):
            if table.primary_key:
                r.fail(f"a second primary key on column {name}", "declare one primary key", at)
            table.primary_key = [(name, at)]
        elif r.words("UNIQUE"):
            pass
        elif r.words("REFERENCES"):
            r.qualified("the referenced table")
            if r.at_punct("("):
                r.skip_group()
            while r.words("ON", "DELETE") or r.words("ON", "UPDATE"):
                r.words("NO", "ACTION") or r.words("SET", "NULL") or r.words("SET", "DEFAULT") or r.identifier("a rule")
        elif r.words("CHECK"):
            r.skip_group()
        else:
            r.fail(f"column {name}: {r.peek.text!r} is not a column attribute jcat reads",
                   "put the ',' that ends the column before it, or remove it")
    if fbd and db2_type not in _TEXT_TYPES:
        r.fail(f"FOR BIT DATA on {db2_type} column {name}", "write BINARY/VARBINARY or drop FOR BIT DATA", line)
    return Column(name, db2_type, length, scale, fbd, nullable, with_default, ccsid, "", line, system_name)


def _constraint(r: Reader, table: _Table) -> bool:
    """A table constraint in the column list, if one is next."""
    start = r.at
    line = r.line
    if r.words("CONSTRAINT"):
        r.qualified("a constraint name")
    if r.words("PRIMARY", "KEY"):
        if table.primary_key:
            r.fail("a second primary key", "declare one primary key", line)
        table.primary_key = r.name_list("primary key")
    elif r.words("UNIQUE") or r.words("FOREIGN", "KEY"):
        table.keys += r.name_list("key")
        r.skip_element()  # REFERENCES ... ON DELETE ...
    elif r.words("CHECK"):
        r.skip_group()
    elif r.words("PERIOD"):
        r.skip_element()
    else:
        r.at = start
        return False
    return True


_TABLE_OPTIONS = {  # option words -> how many more tokens (qualified names counted by the reader)
    ("AUDIT",): 1, ("DATA", "CAPTURE"): 1, ("APPEND",): 1, ("VOLATILE",): 0, ("NOT", "VOLATILE"): 0,
    ("WITH", "RESTRICT", "ON", "DROP"): 0, ("COMPRESS",): 1, ("NOT", "LOGGED", "INITIALLY"): 0,
}
_DB2Z_OPTIONS = ("AUDIT", "APPEND", "VOLATILE", "NOT VOLATILE", "WITH RESTRICT ON DROP", "COMPRESS")


def _table_options(r: Reader, table: _Table, seen: Seen):
    while not r.done():
        line = r.line
        if r.words("RCDFMT"):
            seen.mark("db2i", "RCDFMT", line)
            table.record_format = r.identifier("a record format name")
        elif r.words("IN"):
            schema, _ = r.qualified("a table space")
            if schema:
                seen.mark("db2z", "IN database.tablespace", line)
        elif r.words("CCSID"):
            table.ccsid = _ccsid(r, seen)
        elif r.words("CARDINALITY"):
            pass
        else:
            for words, n in _TABLE_OPTIONS.items():
                if r.words(*words):
                    if " ".join(words) in _DB2Z_OPTIONS:
                        seen.mark("db2z", " ".join(words), line)
                    r.at += n
                    break
            else:
                r.fail(f"table option {r.peek.text!r} is not one jcat reads", "remove it or ask for it to be supported")


def _create_table(r: Reader, seen: Seen) -> _Table:
    line = r.line
    schema, name = r.qualified("the table name")
    table = _Table(schema, name, line)
    if r.words("FOR", "SYSTEM", "NAME"):
        seen.mark("db2i", "FOR SYSTEM NAME", line)
        table.system_name = r.identifier("the table's system name")
    if r.words("LIKE"):
        r.fail(f"CREATE TABLE {name} LIKE copies another table's columns, which this file does not hold",
               "declare the table from the other table's own DDL", line)
    if r.words("AS") or r.at_punct("(") and r.ahead(1) is not None and r.ahead(1).is_("SELECT", "WITH"):
        r.fail(f"CREATE TABLE {name} AS (SELECT ...) takes its columns from a query",
               "declare the table from its DDL as QSYS2.GENERATE_SQL or the catalog writes it", line)
    r.expect_punct("(", f"after CREATE TABLE {name}")
    while True:
        if not _constraint(r, table):
            table.columns.append(_column(r, table, seen))
        if r.punct(")"):
            break
        r.expect_punct(",", "between column definitions")
    _table_options(r, table, seen)
    return table


# --- the other statements ---------------------------------------------------------------------------------------

def _create_index(r: Reader, seen: Seen) -> tuple[Index, str, int]:
    line = r.line
    if r.words("TYPE"):  # CREATE TYPE 2 INDEX: a DB2 for OS/390 V4 index type, no effect on the data
        r.integer("the index type")
    unique = r.words("UNIQUE")
    if r.words("TYPE"):
        r.integer("the index type")
    r.words("WHERE", "NOT", "NULL")
    r.words("ENCODED", "VECTOR")
    r.expect_words("INDEX")
    schema, name = r.qualified("the index name")
    r.expect_words("ON")
    _, on = r.qualified("the indexed table")
    cols = r.name_list("index")
    # the rest (USING STOGROUP, PRIQTY, BUFFERPOOL, CLUSTER, RCDFMT ...) places the index, not the row
    if any(t.is_("STOGROUP") for t in r.toks[r.at:]):
        seen.mark("db2z", "USING STOGROUP", line)
    r.at = len(r.toks)
    return Index(f"{schema}.{name}" if schema else name, tuple(c for c, _ in cols), bool(unique)), on, line


@dataclass
class _Texts:
    """LABEL ON / COMMENT ON texts: (table, column or None) -> {kind: text}, and where each was written."""
    by: dict = field(default_factory=dict)
    named: list = field(default_factory=list)  # (table, column, line)

    def put(self, table: str, column: str | None, kind: str, text: str, line: int):
        self.by.setdefault((table, column), {})[kind] = text
        self.named.append((table, column, line))

    def best(self, table: str, column: str | None, order: tuple[str, ...]) -> str:
        got = self.by.get((table, column), {})
        return next((got[k] for k in order if k in got), "")


# Objects a LABEL ON / COMMENT ON may name that are not the table or its columns.
_OTHER_OBJECTS = ("INDEX", "CONSTRAINT", "ALIAS", "SEQUENCE", "PACKAGE", "TRIGGER", "TYPE", "DISTINCT", "VARIABLE",
                  "FUNCTION", "PROCEDURE", "SPECIFIC", "MASK", "PERMISSION", "XSROBJECT", "TABLESPACE", "DATABASE",
                  "STOGROUP", "PLAN", "ROLE", "TRUSTED", "SCHEMA", "MODULE")


def _label_or_comment(r: Reader, texts: _Texts, kind: str):
    """LABEL ON / COMMENT ON: TABLE t IS; COLUMN t.c [TEXT] IS; [COLUMN] t ( c [TEXT] IS '...', ... )."""
    line = r.line
    if r.peek is not None and r.peek.is_(*_OTHER_OBJECTS):
        r.at = len(r.toks)  # a text on an index, constraint, alias ...: not part of the row
        return
    if r.words("TABLE"):
        _, name = r.qualified("the table name")
        r.expect_words("IS")
        texts.put(name, None, kind, r.string("the text"), line)
        return
    r.words("COLUMN")
    parts = r.dotted("a table or column name")
    if not r.at_punct("("):
        if len(parts) < 2:
            r.fail(f"{kind.upper()} ON COLUMN {parts[0]} names no table", "write table.column", line)
        text_kind = f"{kind}_text" if r.words("TEXT") else kind
        r.expect_words("IS")
        texts.put(parts[-2], parts[-1], text_kind, r.string("the text"), line)
        return
    r.punct("(")
    while True:
        line = r.line
        column = r.identifier("a column name")
        text_kind = f"{kind}_text" if r.words("TEXT") else kind
        r.expect_words("IS")
        texts.put(parts[-1], column, text_kind, r.string("the text"), line)
        if r.punct(")"):
            return
        r.expect_punct(",", "between column texts")


def _alter_table(r: Reader, table: _Table):
    line = r.line
    _, name = r.qualified("the table name")
    if name != table.name:
        r.fail(f"ALTER TABLE {name} names a table this file does not create", "declare one table per file", line)
    if not r.words("ADD") or not _constraint(r, table):
        r.fail(f"ALTER TABLE {name} does more than add a constraint", "apply it to the CREATE TABLE or remove it",
               line)


# --- the file ----------------------------------------------------------------------------------------------------

# Statements that change nothing in the row: authority, transaction, the session's path/SQLID, storage objects.
_IGNORED = (("GRANT",), ("REVOKE",), ("COMMIT",), ("SET",), ("CREATE", "DATABASE"), ("CREATE", "TABLESPACE"),
            ("CREATE", "LOB", "TABLESPACE"))
_INDEX_STARTS = ("UNIQUE", "INDEX", "TYPE", "WHERE", "ENCODED")


@dataclass
class _File:
    tables: list = field(default_factory=list)
    indexes: list = field(default_factory=list)  # (Index, on table, line)
    alters: list = field(default_factory=list)  # their Readers, read once the table is known
    texts: _Texts = field(default_factory=_Texts)
    seen: Seen = field(default_factory=Seen)


def _statement(r: Reader, f: _File):
    line = r.line
    if r.words("CREATE", "OR", "REPLACE", "TABLE"):
        f.seen.mark("db2i", "CREATE OR REPLACE", line)
        f.tables.append(_create_table(r, f.seen))
    elif r.words("CREATE", "TABLE"):
        f.tables.append(_create_table(r, f.seen))
    elif r.toks[0].is_("CREATE") and r.ahead(1) is not None and r.ahead(1).is_(*_INDEX_STARTS):
        r.words("CREATE")
        f.indexes.append(_create_index(r, f.seen))
    elif r.words("LABEL", "ON"):
        f.seen.mark("db2i", "LABEL ON", line)
        _label_or_comment(r, f.texts, "label")
    elif r.words("COMMENT", "ON"):
        _label_or_comment(r, f.texts, "comment")
    elif r.words("ALTER", "TABLE"):
        f.alters.append(r)
        return
    elif any(r.words(*w) for w in _IGNORED):
        if r.toks[0].is_("SET") and r.words("CURRENT", "SQLID"):
            f.seen.mark("db2z", "SET CURRENT SQLID", line)
        return
    else:
        shown = " ".join(t.text for t in r.toks[:3])
        r.fail(f"'{shown} ...' is not a statement jcat reads", "remove it from the file", line)
    if not r.done():
        r.fail(f"unexpected {r.shown()}", "correct the statement or remove what follows")


def _read(text: str, where: str) -> _File:
    f = _File()
    for stmt in statements(tokens(text, where)):
        _statement(Reader(stmt, where), f)
    if not f.tables:
        raise DdlProblem(f"{where}:1: no CREATE TABLE in the file — give the DDL that creates the table")
    if len(f.tables) > 1:
        first, second = f.tables[:2]
        raise DdlProblem(f"{where}:{second.line}: a second CREATE TABLE ({second.name}; the first is {first.name}, "
                         f"line {first.line}) — declare one table per file")
    for r in f.alters:
        _alter_table(r, f.tables[0])
        if not r.done():
            r.fail(f"unexpected {r.shown()}", "correct the statement or remove what follows")
    return f


def _check_names(t: _Table, f: _File, where: str):
    """Every column once; every key, index and text names a column of the table."""
    lines = {}
    for c in t.columns:
        if c.name in lines:
            raise DdlProblem(f"{where}:{c.line}: column {c.name} is declared twice (first on line {lines[c.name]}) "
                             "— remove one")
        lines[c.name] = c.line
    for name, line in t.primary_key + t.keys:
        if name not in lines:
            raise DdlProblem(f"{where}:{line}: the key names column {name}, which {t.name} does not have "
                             "— correct the key's column list")
    for index, on, line in f.indexes:
        if on != t.name:
            raise DdlProblem(f"{where}:{line}: index {index.name} is on {on}, not {t.name} — declare one table per file")
        missing = [c for c in index.columns if c not in lines]
        if missing:
            raise DdlProblem(f"{where}:{line}: index {index.name} names column {missing[0]}, which {t.name} does "
                             "not have — correct the index's column list")
    for table, column, line in f.texts.named:
        if table != t.name or column is not None and column not in lines:
            shown = table if column is None else f"{table}.{column}"
            raise DdlProblem(f"{where}:{line}: a text on {shown}, which this file does not create "
                             "— correct the name or remove the statement")


_DIRECTIVE = re.compile(r"^\s*--\s*jcat:\s*(\w+)\s*=\s*(.*?)\s*$", re.MULTILINE)
_COLUMN_TEXTS = ("label_text", "comment", "label")  # TEXT IS, then COMMENT ON, then the column heading
_TABLE_TEXTS = ("label", "comment")


def _heading(text: str) -> str:
    # a column heading is three 20-character lines; one space between its words reads as one line
    return " ".join(text.split())


def parse_text(text: str, where: str = "<text>", variant: str = "all") -> TableDdl:
    """One CREATE TABLE with its keys, indexes and texts. GRAPHIC/VARGRAPHIC columns are returned (see `dbcs`)."""
    f = _read(text, where)
    t = f.tables[0]
    _check_names(t, f, where)
    columns = tuple(replace(c, label=_heading(f.texts.best(t.name, c.name, _COLUMN_TEXTS))) for c in t.columns)
    return TableDdl(
        schema=t.schema, name=t.name, columns=columns, indexes=tuple(i for i, _, _ in f.indexes),
        source_file=where, variant=variant, directives={k.lower(): v for k, v in _DIRECTIVE.findall(text)},
        primary_key=tuple(c for c, _ in t.primary_key), system_name=t.system_name, record_format=t.record_format,
        ccsid=t.ccsid, label=f.texts.best(t.name, None, _TABLE_TEXTS), dialect=f.seen.dialect(where))


def dbcs_columns(t: TableDdl) -> list[Column]:
    return [c for c in t.columns if c.db2_type in DBCS_TYPES]


def refuse_dbcs(t: TableDdl):
    """GRAPHIC/VARGRAPHIC hold double-byte text jcat cannot decode yet: one line naming the first such column."""
    for c in dbcs_columns(t):
        raise DdlProblem(f"{t.source_file}:{c.line}: column {c.name} is {c.declared}, which is not supported until "
                         f"DBCS decoding exists — declare it as BINARY({_bytes(c)}) or "
                         f"VARBINARY({_bytes(c)}) to keep its bytes, or drop the column")


def _bytes(c: Column) -> int:
    return 2 * (c.length or 1)  # two bytes a DBCS character


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def parse_declared(path: Path) -> TableDdl:
    """A user's own table from its DDL file (any name): Db2 for i or Db2 for z/OS, as their tools write it."""
    t = parse_text(path.read_text(), _relative(path), "declared")
    refuse_dbcs(t)
    return t


def parse_file(path: Path) -> TableDdl:
    """`<table>.<variant>.sql`: variant os390, vmvse, other or all; `<name>.cd.sql` is a user's CD table."""
    parts = path.name.split(".")
    if len(parts) != 3 or parts[2] != "sql":
        raise DdlProblem(f"{path.name}: expected <table>.<variant>.sql")
    variant = "template" if parts[0] == "cd_template" else parts[1]
    t = parse_text(path.read_text(), _relative(path), variant)
    refuse_dbcs(t)
    return t


def load_all(sql_dir: Path = SQL_DIR) -> list[TableDdl]:
    return [parse_file(p) for p in sorted(sql_dir.glob("*.sql"))]

"""Db2 DDL -> table declarations: Db2 for i (QSYS2.GENERATE_SQL), Db2 for z/OS (catalog tools) and seed 003's
DataPropagator DDL (IBM SQL Replication's control and CD tables).

sqlglot reads the statements, with a `Db2` dialect for the clauses those tools write; the files are read
verbatim. Every column keeps the line it is declared on (sqlglot's tokens and identifiers carry it), so a problem
names `<file>:<line>`, the construct, and what to do. What jcat cannot lay out (LOBs, XML, distinct types, `LIKE`,
`AS (SELECT ...)`, a statement it does not know) is refused, never guessed.

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

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import ClassVar

from sqlglot import exp, parser, tokens
from sqlglot.dialects.dialect import Dialect, NormalizationStrategy
from sqlglot.errors import ParseError, TokenError
from sqlglot.tokens import Token, TokenType

from .project import source_root

REPO = source_root()
SQL_DIR = REPO / "sql" / "ibmsnap"

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


# --- the Db2 dialect ------------------------------------------------------------------------------------------

# The written type words (sqlglot folds REAL into FLOAT, NUMERIC into DECIMAL ...): canonical name, or refused.
_TYPE_WORDS = {
    ("CHAR",): "CHAR",
    ("CHARACTER",): "CHAR",
    ("VARCHAR",): "VARCHAR",
    ("CHARACTER", "VARYING"): "VARCHAR",
    ("CHAR", "VARYING"): "VARCHAR",
    ("GRAPHIC",): "GRAPHIC",
    ("VARGRAPHIC",): "VARGRAPHIC",
    ("GRAPHIC", "VARYING"): "VARGRAPHIC",
    ("BINARY",): "BINARY",
    ("VARBINARY",): "VARBINARY",
    ("BINARY", "VARYING"): "VARBINARY",
    ("SMALLINT",): "SMALLINT",
    ("INTEGER",): "INTEGER",
    ("INT",): "INTEGER",
    ("BIGINT",): "BIGINT",
    ("DECIMAL",): "DECIMAL",
    ("DEC",): "DECIMAL",
    ("NUMERIC",): "NUMERIC",
    ("NUM",): "NUMERIC",
    ("REAL",): "REAL",
    ("DOUBLE",): "DOUBLE",
    ("DOUBLE", "PRECISION"): "DOUBLE",
    ("FLOAT",): "FLOAT",
    ("DATE",): "DATE",
    ("TIME",): "TIME",
    ("TIMESTAMP",): "TIMESTAMP",
}
_UNSUPPORTED = {
    ("BLOB",): "BLOB",
    ("CLOB",): "CLOB",
    ("DBCLOB",): "DBCLOB",
    ("XML",): "XML",
    ("DATALINK",): "DATALINK",
    ("ROWID",): "ROWID",
    ("DECFLOAT",): "DECFLOAT",
    ("NCLOB",): "NCLOB",
    ("LONG", "VARCHAR"): "LONG VARCHAR",
    ("LONG", "VARGRAPHIC"): "LONG VARGRAPHIC",
    ("BINARY", "LARGE", "OBJECT"): "BLOB",
    ("CHARACTER", "LARGE", "OBJECT"): "CLOB",
    ("CHAR", "LARGE", "OBJECT"): "CLOB",
    ("TIMESTAMP", "WITH", "TIME", "ZONE"): "TIMESTAMP WITH TIME ZONE",
    ("BOOLEAN",): "BOOLEAN",
}
# Words of GENERATED ... AS IDENTITY / ROW BEGIN / ROW CHANGE TIMESTAMP / TRANSACTION START ID
_GENERATED_WORDS = (
    "ALWAYS",
    "BY",
    "DEFAULT",
    "AS",
    "IDENTITY",
    "ROW",
    "BEGIN",
    "END",
    "CHANGE",
    "TIMESTAMP",
    "TRANSACTION",
    "START",
    "ID",
    "FOR",
    "EACH",
    "ON",
    "UPDATE",
    "IMPLICITLY",
    "HIDDEN",
)
# Objects a LABEL ON / COMMENT ON may name that are not the table or its columns.
_OTHER_OBJECTS = (
    "INDEX",
    "CONSTRAINT",
    "ALIAS",
    "SEQUENCE",
    "PACKAGE",
    "TRIGGER",
    "TYPE",
    "DISTINCT",
    "VARIABLE",
    "FUNCTION",
    "PROCEDURE",
    "SPECIFIC",
    "MASK",
    "PERMISSION",
    "XSROBJECT",
    "TABLESPACE",
    "DATABASE",
    "STOGROUP",
    "PLAN",
    "ROLE",
    "TRUSTED",
    "SCHEMA",
    "MODULE",
)
_CCSID_NAMES = ("EBCDIC", "ASCII", "UNICODE")


def _word(t: Token) -> str:
    """A token as messages show it: words upper-cased, quoted names as written."""
    return t.text if t.token_type in (TokenType.IDENTIFIER, TokenType.STRING) else t.text.upper()


def _prop(name: str, value: exp.Expr | None = None) -> exp.Property:
    return exp.Property(this=exp.var(name), value=value)


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
            raise DdlProblem(
                f"{where}:{max(li, lz)}: {ci} (line {li}) is Db2 for i, {cz} (line {lz}) is Db2 for "
                "z/OS — declare the table from the DDL of the system whose log you read"
            )
        return "db2i" if self.db2i else "db2z" if self.db2z else "db2"


class Db2Parser(parser.Parser):
    """sqlglot's parser plus the Db2 clauses; `fail` raises the one-line problem at the current token."""

    where = "<text>"
    seen: Seen
    _columns_next = False  # the next parenthesis opens a CREATE TABLE's column list

    CONSTRAINT_PARSERS: ClassVar = {
        **parser.Parser.CONSTRAINT_PARSERS,
        "CCSID": lambda self: _prop("CCSID", self._parse_ccsid()),
        "FOR": lambda self: self._parse_for_data(),
        "ALLOCATE": lambda self: self._skipped("ALLOCATE", "db2i", wrapped=True),
        "IMPLICITLY": lambda self: self._match_text_seq("HIDDEN") and _prop("IMPLICITLY HIDDEN"),
        "WITH": lambda self: self._match(TokenType.DEFAULT) and self._parse_db2_default(),
        "DEFAULT": lambda self: self._parse_db2_default(),
        "GENERATED": lambda self: self._parse_generated(),
        "PERIOD": lambda self: self._skipped("PERIOD", words=1, wrapped=True),
    }
    PROPERTY_PARSERS: ClassVar = {
        **parser.Parser.PROPERTY_PARSERS,
        "RCDFMT": lambda self: (
            self._mark("db2i", "RCDFMT") and _prop("RCDFMT", self._parse_name("a record format name"))
        ),
        "IN": lambda self: self._parse_in_tablespace(),
        "CCSID": lambda self: _prop("CCSID", self._parse_ccsid()),
        "AUDIT": lambda self: self._skipped("AUDIT", "db2z", words=1),
        "APPEND": lambda self: self._skipped("APPEND", "db2z", words=1),
        "COMPRESS": lambda self: self._skipped("COMPRESS", "db2z", words=1),
        "VOLATILE": lambda self: self._skipped("VOLATILE", "db2z"),
        "CARDINALITY": lambda self: _prop("CARDINALITY"),
        "DATA": lambda self: self._match_text_seq("CAPTURE") and self._skipped("DATA CAPTURE", words=1),
        "NOT": lambda self: (
            self._match_text_seq("VOLATILE")
            and self._skipped("NOT VOLATILE", "db2z")
            or self._match_text_seq("LOGGED", "INITIALLY")
            and _prop("NOT LOGGED INITIALLY")
        ),
        "WITH": lambda self: (
            self._match_text_seq("RESTRICT", "ON", "DROP") and self._skipped("WITH RESTRICT ON DROP", "db2z")
        ),
    }
    STATEMENT_PARSERS: ClassVar = {
        **parser.Parser.STATEMENT_PARSERS,
        TokenType.COMMENT: lambda self: self._parse_texts(),
    }  # LABEL ON too

    # -- the parser's helpers

    def fail(self, what: str, todo: str, line: int | None = None):
        line = line or (self._curr or self._prev).line
        raise DdlProblem(f"{self.where}:{line}: {what} — {todo}")

    def _shown(self) -> str:
        return repr(_word(self._curr)) if self._curr else "the end of the statement"

    def _mark(self, dialect: str, construct: str) -> bool:
        self.seen.mark(dialect, construct, self._prev.line)
        return True

    def _skipped(self, name: str, dialect: str | None = None, words: int = 0, wrapped: bool = False):
        """An option that changes nothing in the row: its words, then a parenthesized group if `wrapped`."""
        if dialect:
            self._mark(dialect, name)
        for _ in range(words):
            self._curr or self.fail(f"{name} ends the statement", "complete the option or remove it")
            self._advance()
        if wrapped and self._match(TokenType.L_PAREN, advance=False):
            self._skip_wrapped()
        return _prop(name)

    def _skip_wrapped(self):
        depth = 0
        while self._curr:
            depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(self._curr.token_type, 0)
            self._advance()
            if depth <= 0:
                return
        self.fail("unbalanced parentheses", "close every '('")

    def _parse_name(self, what: str) -> exp.Identifier:
        return self._parse_id_var(any_token=False) or self.fail(
            f"expected {what}, found {self._shown()}", "correct the statement"
        )

    def _parse_dotted(self) -> exp.Table:
        """[[catalog.]schema.]name, never a table function: `T (A IS 'x')` and `ON T (A)` follow names here."""
        parts = [self._parse_id_var(any_token=False)]
        while self._match(TokenType.DOT):
            parts.append(self._parse_id_var(any_token=True))
        if parts[-1] is None:
            self.fail(f"expected a name, found {self._shown()}", "correct the statement")
        names = dict(zip(("this", "db", "catalog"), reversed(parts)))
        return exp.Table(**names)

    def parse_one_statement(self, toks: list[Token], sql: str) -> exp.Expr | None:
        """One statement's tokens (no ';'); what follows what sqlglot reads is an error, not ignored."""
        self.reset()
        self.sql, self._tokens, self._tokens_size, self._index = sql, toks, len(toks), -1
        self._advance()
        try:
            statement = self._parse_statement()
        except ParseError as e:
            error = e.errors[0]
            self.fail(error["description"], "correct the statement", error["line"])
        if self._curr:
            self.fail(f"unexpected {self._shown()}", "correct the statement or remove what follows")
        return statement

    # -- CREATE TABLE

    def _parse_create(self) -> exp.Create | exp.Command:
        start = self._index
        if self._match_pair(TokenType.OR, TokenType.REPLACE):
            self._mark("db2i", "CREATE OR REPLACE")
        self._columns_next = self._match(TokenType.TABLE, advance=False)
        index = None if self._columns_next else self._parse_db2_index()
        if index is None:
            self._retreat(start)
            return super()._parse_create()
        return index

    def _parse_schema(self, this: exp.Expr | None = None) -> exp.Expr | None:
        if not self._columns_next:
            return super()._parse_schema(this)
        self._columns_next = False
        options = []
        if self._match_text_seq("FOR", "SYSTEM", "NAME"):
            self._mark("db2i", "FOR SYSTEM NAME")
            options.append(_prop("SYSTEM NAME", self._parse_name("the table's system name")))
        if not self._match(TokenType.L_PAREN, advance=False) or self._next.text.upper() in ("SELECT", "WITH"):
            return this  # LIKE or AS (SELECT ...): refused with the table's name once parsed
        self._advance()
        columns = []
        while True:
            columns.append(self._parse_constraint() or self._parse_db2_column())
            if self._match(TokenType.R_PAREN):
                break
            if not self._match(TokenType.COMMA):
                self.fail(f"expected ',' between column definitions, found {self._shown()}", "correct the statement")
        while self._curr:
            option = self._parse_property()
            if not option:
                self.fail(
                    f"table option {self._shown()} is not one jcat reads", "remove it or ask for it to be supported"
                )
            options.append(option)
        return exp.Schema(this=this, expressions=columns, options=options)

    def _parse_constraint(self) -> exp.Expr | None:
        if not self._match(TokenType.CONSTRAINT):
            return self._parse_unnamed_constraint(constraints=self.SCHEMA_UNNAMED_CONSTRAINTS)
        name = self._parse_dotted()  # Db2 for i qualifies constraint names: SALES.Q_SALES_...
        return exp.Constraint(this=name, expressions=self._parse_unnamed_constraints())

    def _parse_db2_column(self) -> exp.ColumnDef:
        """name [FOR COLUMN system-name] type attributes..., up to the ',' or ')' that ends it."""
        t = self._curr
        if not t or t.token_type != TokenType.IDENTIFIER and not (t.text[:1].isalpha() or t.text[:1] in "_#@$"):
            self.fail(f"expected a column name, found {self._shown()}", "correct the statement")
        name = self._parse_id_var(any_token=True)
        system_name = (
            self._match_text_seq("FOR", "COLUMN")
            and self._mark("db2i", "FOR COLUMN")
            and self._parse_name("the column's system name")
        )
        db2_type = self._db2_type(_name(name))
        column = self._parse_column_def(name)
        if self._curr and self._curr.token_type not in (TokenType.COMMA, TokenType.R_PAREN):
            self.fail(
                f"column {_name(name)}: {self._shown()} is not a column attribute jcat reads",
                "put the ',' that ends the column before it, or remove it",
            )
        column.set("db2_type", db2_type)
        column.set("system_name", system_name or None)
        return column

    def _db2_type(self, column: str) -> str:
        """The type as written, looked at before sqlglot reads it (the words it folds, the types jcat refuses)."""
        # sqlglot's token for CHARACTER VARYING is one, with a space
        words = tuple(w for t in self._tokens[self._index : self._index + 4] for w in _word(t).split())
        line = (self._curr or self._prev).line
        bad, key = (
            max((k for k in table if words[: len(k)] == k), key=len, default=None)
            for table in (_UNSUPPORTED, _TYPE_WORDS)
        )
        if bad:
            self.fail(
                f"column {column} is {_UNSUPPORTED[bad]}, a type jcat does not decode",
                "drop the column from the declaration or cast it to a supported type in a view",
                line,
            )
        if key:
            return _TYPE_WORDS[key]
        shown = ".".join(words[:3:2]) if words[1:2] == (".",) else (words or ("nothing",))[0]
        self.fail(
            f"column {column} has type {shown}, not a built-in Db2 type jcat decodes (a distinct type?)",
            f"declare it with its source type ({', '.join(t for t in SUPPORTED_TYPES if t not in DBCS_TYPES)})",
            line,
        )

    # -- column attributes and table options

    def _parse_ccsid(self) -> exp.Expr:
        if self._curr and _word(self._curr) in _CCSID_NAMES:
            self._advance()
            self._mark("db2z", f"CCSID {_word(self._prev)}")
            return exp.var(_word(self._prev))
        if not self._match(TokenType.NUMBER) or not self._prev.text.isdigit():
            self.fail(f"expected a CCSID, found {self._shown()}", "write a whole number")
        return exp.Literal.number(self._prev.text)

    def _parse_for_data(self) -> exp.Expr | None:
        if self._match_text_seq("BIT", "DATA"):
            return _prop("FOR BIT DATA")
        if self._match_text_seq("SBCS", "DATA") or self._match_text_seq("MIXED", "DATA"):
            return _prop("FOR SBCS DATA")  # one byte a character, the column's CCSID
        return None

    def _parse_db2_default(self) -> exp.DefaultColumnConstraint:
        """DEFAULT value, or WITH DEFAULT alone (the type's own default); Db2 writes CURRENT TIMESTAMP spaced."""
        if not self._curr or self._curr.token_type in (TokenType.COMMA, TokenType.R_PAREN, TokenType.NOT):
            value = None
        elif self._match_text_seq("CURRENT") and self._curr:
            self._advance()
            value = exp.var(f"CURRENT {_word(self._prev)}")
        else:
            value = self._parse_bitwise()
        return exp.DefaultColumnConstraint(this=value)

    def _parse_generated(self) -> exp.Expr:
        """The rest of GENERATED ... AS IDENTITY (options) / ROW CHANGE TIMESTAMP / ...: values Db2 fills in."""
        while self._curr and (self._curr.token_type == TokenType.L_PAREN or _word(self._curr) in _GENERATED_WORDS):
            if self._curr.token_type == TokenType.L_PAREN:
                self._skip_wrapped()
            else:
                self._advance()
        return _prop("GENERATED")

    def _parse_in_tablespace(self) -> exp.Expr:
        space = self._parse_dotted()
        if space.args.get("db"):
            self.seen.mark("db2z", "IN database.tablespace", space.this.meta.get("line", 0))
        return _prop("IN", space)

    # -- CREATE INDEX, LABEL ON / COMMENT ON

    def _parse_db2_index(self) -> exp.Create | None:
        """[TYPE 2] [UNIQUE] [WHERE NOT NULL] [ENCODED VECTOR] INDEX [schema.]name ON table (columns) ..."""
        self._match_text_seq("TYPE") and self._match(TokenType.NUMBER)  # DB2 for OS/390 V4: no effect on data
        unique = self._match(TokenType.UNIQUE)
        self._match_text_seq("WHERE", "NOT", "NULL") or self._match_text_seq("ENCODED", "VECTOR")
        if not self._match(TokenType.INDEX):
            return None
        name = self._parse_dotted()
        self._match(TokenType.ON) or self.fail(f"expected ON, found {self._shown()}", "correct the statement")
        on = self._parse_dotted()
        columns = self._parse_wrapped_csv(self._parse_ordered)
        # the rest (USING STOGROUP, PRIQTY, BUFFERPOOL, CLUSTER ...) places the index, not the row
        if any(_word(t) == "STOGROUP" for t in self._tokens[self._index :]):
            self.seen.mark("db2z", "USING STOGROUP", self._tokens[0].line)
        self._advance(self._tokens_size - self._index)
        index = exp.Index(this=name, table=on, params=exp.IndexParameters(columns=columns))
        return exp.Create(this=index, kind="INDEX", unique=bool(unique))

    def _parse_texts(self) -> exp.Tuple:
        """LABEL ON / COMMENT ON: TABLE t IS; COLUMN t.c [TEXT] IS; [COLUMN] t ( c [TEXT] IS '...', ... )."""
        kind = self._prev.text.lower()
        if kind == "label":
            self._mark("db2i", "LABEL ON")
        self._match(TokenType.ON)
        if self._curr and _word(self._curr) in _OTHER_OBJECTS:  # an index, constraint, alias ...: not the row
            self._advance(self._tokens_size - self._index)
            return exp.Tuple(expressions=[])
        if self._match(TokenType.TABLE):
            return exp.Tuple(expressions=[self._parse_text(kind, self._parse_dotted())])
        self._match_text_seq("COLUMN")
        target = self._parse_dotted()
        if self._match(TokenType.L_PAREN):
            texts = self._parse_csv(lambda: self._parse_text(kind, exp.Column(this=self._parse_id_var(), table=target)))
            self._match_r_paren()
            return exp.Tuple(expressions=texts)
        if not target.args.get("db"):
            self.fail(f"{kind.upper()} ON COLUMN {_name(target.this)} names no table", "write table.column")
        column = exp.Column(this=target.this, table=exp.Table(this=target.args["db"]))
        return exp.Tuple(expressions=[self._parse_text(kind, column)])

    def _parse_text(self, kind: str, target: exp.Expr) -> exp.Comment:
        kind = f"{kind}_text" if self._match_text_seq("TEXT") else kind
        self._match(TokenType.IS) or self.fail(f"expected IS, found {self._shown()}", "correct the statement")
        text = self._parse_string() or self.fail(
            f"expected the text, found {self._shown()}", "write it as a '...' string"
        )
        return exp.Comment(this=target, kind=kind, expression=text)


class Db2(Dialect):
    NORMALIZATION_STRATEGY = NormalizationStrategy.UPPERCASE

    class Tokenizer(tokens.Tokenizer):
        VAR_SINGLE_TOKENS: ClassVar = {"#", "@", "$"}  # ORD#, PRICE$: characters Db2 names may hold
        KEYWORDS: ClassVar = {**tokens.Tokenizer.KEYWORDS, "LABEL": TokenType.COMMENT}  # LABEL ON reads like COMMENT ON

    Parser = Db2Parser


# --- statements -> the table --------------------------------------------------------------------------------------


def _name(e: exp.Expr | None) -> str:
    """Db2 folds unquoted names to upper case."""
    if e is None:
        return ""
    if isinstance(e, (exp.Column, exp.Table, exp.Ordered)):
        return _name(e.this)
    return e.this if e.args.get("quoted") else e.this.upper()


def _line(e: exp.Expr) -> int:
    return (e.find(exp.Identifier) or e).meta.get("line", 0)


def _statements(text: str, where: str) -> list[list[Token]]:
    """sqlglot's tokens cut at each ';'. LIB/T (system naming) is LIB.T: a slash written tight between two names."""
    try:
        toks = Db2().tokenize(text)
    except TokenError as e:
        raise DdlProblem(f"{where}:1: {e} — correct the text") from None
    out = [[]]
    for i, t in enumerate(toks):
        if t.token_type == TokenType.SEMICOLON:
            out.append([])
            continue
        tight = 0 < i < len(toks) - 1 and toks[i - 1].end + 1 == t.start == toks[i + 1].start - 1
        if t.token_type == TokenType.SLASH and tight:
            t = Token(TokenType.DOT, ".", t.line, t.col, t.start, t.end)
        out[-1].append(t)
    return [s for s in out if s]


# Statements that change nothing in the row: authority, transaction, the session's path/SQLID, storage objects.
_IGNORED = (
    ("GRANT",),
    ("REVOKE",),
    ("COMMIT",),
    ("SET",),
    ("CREATE", "DATABASE"),
    ("CREATE", "TABLESPACE"),
    ("CREATE", "LOB", "TABLESPACE"),
)
_READ = {
    ("CREATE", "TABLE"): "table",
    ("CREATE", "OR", "REPLACE", "TABLE"): "table",
    ("ALTER", "TABLE"): "alter",
    ("LABEL", "ON"): "texts",
    ("COMMENT", "ON"): "texts",
    **{("CREATE", w): "index" for w in ("UNIQUE", "INDEX", "TYPE", "WHERE", "ENCODED")},
}


def _kind(toks: list[Token], where: str, seen: Seen) -> str:
    words = tuple(_word(t) for t in toks[:4])
    for start, kind in _READ.items():
        if words[: len(start)] == start:
            return kind
    if any(words[: len(start)] == start for start in _IGNORED):
        if words[:3] == ("SET", "CURRENT", "SQLID"):
            seen.mark("db2z", "SET CURRENT SQLID", toks[0].line)
        return "ignored"
    raise DdlProblem(
        f"{where}:{toks[0].line}: '{' '.join(words[:3])} ...' is not a statement jcat reads — remove it from the file"
    )


def _read(text: str, where: str) -> tuple[dict, Seen]:
    """The file's statements jcat reads, by kind, each with its first line; the dialect's marks."""
    p = Db2().parser()
    p.where, p.seen = where, Seen()
    read = {"table": [], "index": [], "alter": [], "texts": []}
    for toks in _statements(text, where):
        kind = _kind(toks, where, p.seen)
        if kind in read:
            read[kind].append((p.parse_one_statement(toks, text), toks[0].line))
    if not read["table"]:
        raise DdlProblem(f"{where}:1: no CREATE TABLE in the file — give the DDL that creates the table")
    return read, p.seen


@dataclass
class _Table:
    schema: str
    name: str
    line: int
    columns: list[Column] = field(default_factory=list)
    primary_key: list[tuple[str, int]] = field(default_factory=list)
    keys: list[tuple[str, int]] = field(default_factory=list)  # every constraint's columns, to check they exist
    options: dict = field(default_factory=dict)  # SYSTEM NAME, RCDFMT, CCSID


def _problem(where: str, line: int, what: str, todo: str) -> DdlProblem:
    return DdlProblem(f"{where}:{line}: {what} — {todo}")


def _table(create: exp.Expr, line: int, where: str) -> _Table:
    if not isinstance(create, exp.Create):
        raise _problem(where, line, "a CREATE TABLE jcat cannot read", "correct the statement")
    schema = create.this
    table = schema.this if isinstance(schema, exp.Schema) else schema
    t = _Table(_name(table.args.get("db")), _name(table), _line(table))
    if create.find(exp.LikeProperty):
        raise _problem(
            where,
            t.line,
            f"CREATE TABLE {t.name} LIKE copies another table's columns, which this file does not hold",
            "declare the table from the other table's own DDL",
        )
    if create.expression or not isinstance(schema, exp.Schema):
        raise _problem(
            where,
            t.line,
            f"CREATE TABLE {t.name} AS (SELECT ...) takes its columns from a query",
            "declare the table from its DDL as QSYS2.GENERATE_SQL or the catalog writes it",
        )
    t.options = {o.name: o.args.get("value") for o in schema.args["options"]}
    for e in schema.expressions:
        if isinstance(e, exp.ColumnDef):
            t.columns.append(_column(e, t, where))
        else:
            _constraint(e, t, where)
    return t


def _key(e: exp.Expr) -> list[tuple[str, int]]:
    return [(_name(i), _line(i)) for i in e.find_all(exp.Identifier)]


def _constraint(e: exp.Expr, t: _Table, where: str):
    """A table constraint: the primary key is kept, the other keys' columns must exist."""
    for c in e.expressions if isinstance(e, exp.Constraint) else [e]:
        if isinstance(c, exp.PrimaryKey):
            key = _key(c)
            if t.primary_key:
                raise _problem(where, key[0][1], "a second primary key", "declare one primary key")
            t.primary_key = key
        elif isinstance(c, (exp.UniqueColumnConstraint, exp.ForeignKey)):
            t.keys += (
                _key(c.this)
                if isinstance(c, exp.UniqueColumnConstraint)
                else [k for e in c.expressions for k in _key(e)]
            )


def _ccsid(value: exp.Expr | None) -> int | str | None:
    return None if value is None else int(value.name) if isinstance(value, exp.Literal) else value.name


def _column(cd: exp.ColumnDef, t: _Table, where: str) -> Column:
    name, line = _name(cd.this), _line(cd.this)
    db2_type = cd.args["db2_type"]
    length, scale, db2_type = _size(
        db2_type,
        [int(p.name) for p in cd.args["kind"].expressions],
        name,
        lambda what, todo: _problem(where, line, what, todo),
    )
    nullable, with_default, fbd, ccsid = True, False, False, None
    for c in cd.args.get("constraints") or []:
        kind = c.args.get("kind")
        if isinstance(kind, exp.NotNullColumnConstraint) and not kind.args.get("allow_null"):
            nullable = False
        elif isinstance(kind, exp.DefaultColumnConstraint):
            with_default = True
        elif isinstance(kind, exp.PrimaryKeyColumnConstraint):
            if t.primary_key:
                raise _problem(where, line, f"a second primary key on column {name}", "declare one primary key")
            t.primary_key = [(name, line)]
        elif isinstance(kind, exp.Property) and kind.name == "CCSID":
            ccsid = _ccsid(kind.args["value"])
        elif isinstance(kind, exp.Property) and kind.name == "FOR BIT DATA":
            fbd, ccsid = True, BIT_DATA_CCSID
    if fbd and db2_type not in ("CHAR", "VARCHAR"):
        raise _problem(
            where, line, f"FOR BIT DATA on {db2_type} column {name}", "write BINARY/VARBINARY or drop FOR BIT DATA"
        )
    system_name = cd.args.get("system_name")
    return Column(
        name,
        db2_type,
        length,
        scale,
        fbd,
        nullable,
        with_default,
        ccsid,
        "",
        line,
        _name(system_name) if system_name else None,
    )


_DEFAULT_LENGTH = {
    "CHAR": 1,
    "BINARY": 1,
    "GRAPHIC": 1,
    "DECIMAL": 5,
    "NUMERIC": 5,  # CHAR is CHAR(1), DECIMAL(5,0)
    "TIMESTAMP": TIMESTAMP_DEFAULT_PRECISION,
}


def _size(name: str, params: list[int], column: str, problem) -> tuple[int | None, int, str]:
    """(length/precision/fraction digits, scale, type) from the type's numbers, Db2's defaults filled in."""
    most = 2 if name in ("DECIMAL", "NUMERIC") else 1
    if len(params) > most:
        raise problem(f"column {column}: {name} takes at most {most} numbers", "correct the type")
    length = params[0] if params else _DEFAULT_LENGTH.get(name)
    if name == "FLOAT":  # FLOAT(n): single precision up to 24 bits of mantissa
        return None, 0, "REAL" if params and length <= 24 else "DOUBLE"
    if name in ("SMALLINT", "INTEGER", "BIGINT", "REAL", "DOUBLE", "DATE", "TIME") and params:
        raise problem(f"column {column}: {name} takes no length", "remove the number in parentheses")
    if length is None and name in ("VARCHAR", "VARBINARY", "VARGRAPHIC"):
        raise problem(f"{name} column {column} needs a length", f"write {name}(n)")
    if name == "TIMESTAMP" and length > 12:
        raise problem(f"column {column}: TIMESTAMP({length}) has more than 12 fraction digits", "write 0 to 12")
    return length, params[1] if len(params) > 1 else 0, name


def _alter(alter: exp.Expr, line: int, t: _Table, where: str):
    name = _name(alter.this) if isinstance(alter, exp.Alter) else ""
    if name != t.name:
        raise _problem(
            where, line, f"ALTER TABLE {name} names a table this file does not create", "declare one table per file"
        )
    for action in alter.args.get("actions") or []:
        if not isinstance(action, exp.AddConstraint):
            raise _problem(
                where,
                line,
                f"ALTER TABLE {name} does more than add a constraint",
                "apply it to the CREATE TABLE or remove it",
            )
        for c in action.expressions:
            _constraint(c, t, where)


def _index(create: exp.Create, line: int, t: _Table, names: dict, where: str) -> Index:
    index = create.this
    name = ".".join(_name(p) for p in index.this.parts)
    on = _name(index.args["table"])
    if on != t.name:
        raise _problem(where, line, f"index {name} is on {on}, not {t.name}", "declare one table per file")
    columns = tuple(_name(o.find(exp.Identifier)) for o in index.args["params"].args["columns"])
    for c in columns:
        if c not in names:
            raise _problem(
                where,
                line,
                f"index {name} names column {c}, which {t.name} does not have",
                "correct the index's column list",
            )
    return Index(name, columns, bool(create.args.get("unique")))


_COLUMN_TEXTS = ("label_text", "comment", "label")  # TEXT IS, then COMMENT ON, then the column heading
_TABLE_TEXTS = ("label", "comment")


def _texts(read: dict, t: _Table, names: dict, where: str) -> dict:
    """(column or None) -> {kind: text}; every text names the table or one of its columns."""
    out = {}
    for statement, _ in read["texts"]:
        for c in statement.expressions:
            table, column = (
                (_name(c.this.args["table"]), _name(c.this))
                if isinstance(c.this, exp.Column)
                else (_name(c.this), None)
            )
            if table != t.name or column is not None and column not in names:
                shown = table if column is None else f"{table}.{column}"
                raise _problem(
                    where,
                    _line(c.this),
                    f"a text on {shown}, which this file does not create",
                    "correct the name or remove the statement",
                )
            out.setdefault(column, {})[c.args["kind"]] = c.expression.name
    return out


def _columns(t: _Table, where: str) -> dict:
    """Each column's line, every column once; every key names a column of the table."""
    lines = {}
    for c in t.columns:
        if c.name in lines:
            raise _problem(
                where, c.line, f"column {c.name} is declared twice (first on line {lines[c.name]})", "remove one"
            )
        lines[c.name] = c.line
    for name, line in t.primary_key + t.keys:
        if name not in lines:
            raise _problem(
                where,
                line,
                f"the key names column {name}, which {t.name} does not have",
                "correct the key's column list",
            )
    return lines


def _one_table(read: dict, where: str) -> _Table:
    tables = [_table(create, line, where) for create, line in read["table"]]
    if len(tables) > 1:
        first, second = tables[:2]
        raise _problem(
            where,
            second.line,
            f"a second CREATE TABLE ({second.name}; the first is {first.name}, line {first.line})",
            "declare one table per file",
        )
    for alter, line in read["alter"]:
        _alter(alter, line, tables[0], where)
    return tables[0]


def _best(texts: dict, column: str | None, order: tuple[str, ...]) -> str:
    got = texts.get(column, {})
    return next((got[k] for k in order if k in got), "")


def _heading(text: str) -> str:
    # a column heading is three 20-character lines; one space between its words reads as one line
    return " ".join(text.split())


def parse_text(text: str, where: str = "<text>", variant: str = "all") -> TableDdl:
    """One CREATE TABLE with its keys, indexes and texts. GRAPHIC/VARGRAPHIC columns are returned (see `dbcs`)."""
    read, seen = _read(text, where)
    t = _one_table(read, where)
    names = _columns(t, where)
    indexes = tuple(_index(create, line, t, names, where) for create, line in read["index"])
    texts = _texts(read, t, names, where)
    system_name, ccsid = t.options.get("SYSTEM NAME"), t.options.get("CCSID")
    return TableDdl(
        schema=t.schema,
        name=t.name,
        columns=tuple(replace(c, label=_heading(_best(texts, c.name, _COLUMN_TEXTS))) for c in t.columns),
        indexes=indexes,
        source_file=where,
        variant=variant,
        primary_key=tuple(c for c, _ in t.primary_key),
        system_name=_name(system_name) if system_name else None,
        record_format=_name(t.options["RCDFMT"]) if "RCDFMT" in t.options else None,
        ccsid=_ccsid(ccsid),
        label=_best(texts, None, _TABLE_TEXTS),
        dialect=seen.dialect(where),
    )


def dbcs_columns(t: TableDdl) -> list[Column]:
    return [c for c in t.columns if c.db2_type in DBCS_TYPES]


def refuse_dbcs(t: TableDdl):
    """GRAPHIC/VARGRAPHIC hold double-byte text jcat cannot decode yet: one line naming the first such column."""
    for c in dbcs_columns(t):
        raise DdlProblem(
            f"{t.source_file}:{c.line}: column {c.name} is {c.declared}, which is not supported until "
            f"DBCS decoding exists — declare it as BINARY({_bytes(c)}) or "
            f"VARBINARY({_bytes(c)}) to keep its bytes, or drop the column"
        )


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
    """`<table>.<variant>.sql`: variant os390, vmvse, other or all (a user's CD table is declared: parse_declared)."""
    parts = path.name.split(".")
    if len(parts) != 3 or parts[2] != "sql":
        raise DdlProblem(f"{path.name}: expected <table>.<variant>.sql")
    variant = "template" if parts[0] == "cd_template" else parts[1]
    t = parse_text(path.read_text(), _relative(path), variant)
    refuse_dbcs(t)
    return t


def load_all(sql_dir: Path = SQL_DIR) -> list[TableDdl]:
    return [parse_file(p) for p in sorted(sql_dir.glob("*.sql"))]

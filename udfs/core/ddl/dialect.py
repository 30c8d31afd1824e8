"""The Db2 dialect: sqlglot's tokenizer and parser plus the clauses Db2 for i (QSYS2.GENERATE_SQL), Db2 for z/OS
(catalog tools) and DataPropagator's DDL write. `Db2Parser.fail` raises the one-line problem `<file>:<line>: what —
what to do`; `Seen` keeps the constructs only one of the two Db2s writes (the file's dialect)."""

from __future__ import annotations

from typing import ClassVar

from sqlglot import exp, parser, tokens
from sqlglot.dialects.dialect import Dialect, NormalizationStrategy
from sqlglot.errors import ParseError
from sqlglot.tokens import Token, TokenType

from .column_types import TYPE_WORDS, UNSUPPORTED_TYPES
from .model import DBCS_TYPES, SUPPORTED_TYPES, DdlProblem

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


def word(t: Token) -> str:
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
        return repr(word(self._curr)) if self._curr else "the end of the statement"

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
        db2_type = self._db2_type(db2_name(name))
        column = self._parse_column_def(name)
        if self._curr and self._curr.token_type not in (TokenType.COMMA, TokenType.R_PAREN):
            self.fail(
                f"column {db2_name(name)}: {self._shown()} is not a column attribute jcat reads",
                "put the ',' that ends the column before it, or remove it",
            )
        column.set("db2_type", db2_type)
        column.set("system_name", system_name or None)
        return column

    def _db2_type(self, column: str) -> str:
        """The type as written, looked at before sqlglot reads it (the words it folds, the types jcat refuses)."""
        # sqlglot's token for CHARACTER VARYING is one, with a space
        words = tuple(w for t in self._tokens[self._index : self._index + 4] for w in word(t).split())
        line = (self._curr or self._prev).line
        bad, key = (
            max((k for k in table if words[: len(k)] == k), key=len, default=None)
            for table in (UNSUPPORTED_TYPES, TYPE_WORDS)
        )
        if bad:
            self.fail(
                f"column {column} is {UNSUPPORTED_TYPES[bad]}, a type jcat does not decode",
                "drop the column from the declaration or cast it to a supported type in a view",
                line,
            )
        if key:
            return TYPE_WORDS[key]
        shown = ".".join(words[:3:2]) if words[1:2] == (".",) else (words or ("nothing",))[0]
        self.fail(
            f"column {column} has type {shown}, not a built-in Db2 type jcat decodes (a distinct type?)",
            f"declare it with its source type ({', '.join(t for t in SUPPORTED_TYPES if t not in DBCS_TYPES)})",
            line,
        )

    # -- column attributes and table options

    def _parse_ccsid(self) -> exp.Expr:
        if self._curr and word(self._curr) in _CCSID_NAMES:
            self._advance()
            self._mark("db2z", f"CCSID {word(self._prev)}")
            return exp.var(word(self._prev))
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
            value = exp.var(f"CURRENT {word(self._prev)}")
        else:
            value = self._parse_bitwise()
        return exp.DefaultColumnConstraint(this=value)

    def _parse_generated(self) -> exp.Expr:
        """The rest of GENERATED ... AS IDENTITY (options) / ROW CHANGE TIMESTAMP / ...: values Db2 fills in."""
        while self._curr and (self._curr.token_type == TokenType.L_PAREN or word(self._curr) in _GENERATED_WORDS):
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
        if any(word(t) == "STOGROUP" for t in self._tokens[self._index :]):
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
        if self._curr and word(self._curr) in _OTHER_OBJECTS:  # an index, constraint, alias ...: not the row
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
            self.fail(f"{kind.upper()} ON COLUMN {db2_name(target.this)} names no table", "write table.column")
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


def db2_name(e: exp.Expr | None) -> str:
    """Db2 folds unquoted names to upper case."""
    if e is None:
        return ""
    if isinstance(e, (exp.Column, exp.Table, exp.Ordered)):
        return db2_name(e.this)
    return e.this if e.args.get("quoted") else e.this.upper()

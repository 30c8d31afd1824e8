"""The statements of one DDL file -> one TableDdl: the CREATE TABLE's columns and options, the keys (in the column
list, as named constraints or by ALTER TABLE), the indexes and the LABEL ON / COMMENT ON texts, each checked against
the table it names."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlglot import exp

from .column_types import type_size
from .dialect import db2_name
from .model import BIT_DATA_CCSID, DBCS_TYPES, Column, DdlProblem, Index, TableDdl
from .statements import read_statements


def _line(e: exp.Expr) -> int:
    return (e.find(exp.Identifier) or e).meta.get("line", 0)


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
    t = _Table(db2_name(table.args.get("db")), db2_name(table), _line(table))
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
    return [(db2_name(i), _line(i)) for i in e.find_all(exp.Identifier)]


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
    name, line = db2_name(cd.this), _line(cd.this)
    db2_type = cd.args["db2_type"]
    length, scale, db2_type = type_size(
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
        db2_name(system_name) if system_name else None,
    )


def _alter(alter: exp.Expr, line: int, t: _Table, where: str):
    name = db2_name(alter.this) if isinstance(alter, exp.Alter) else ""
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
    name = ".".join(db2_name(p) for p in index.this.parts)
    on = db2_name(index.args["table"])
    if on != t.name:
        raise _problem(where, line, f"index {name} is on {on}, not {t.name}", "declare one table per file")
    columns = tuple(db2_name(o.find(exp.Identifier)) for o in index.args["params"].args["columns"])
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
                (db2_name(c.this.args["table"]), db2_name(c.this))
                if isinstance(c.this, exp.Column)
                else (db2_name(c.this), None)
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
    read, seen = read_statements(text, where)
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
        system_name=db2_name(system_name) if system_name else None,
        record_format=db2_name(t.options["RCDFMT"]) if "RCDFMT" in t.options else None,
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

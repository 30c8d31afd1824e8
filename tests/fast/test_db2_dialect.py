"""Clauses of the Db2 dialect (udfs.core.ddl.dialect) that the whole-file tests do not reach: attribute order, Db2's own
spellings of defaults, temporal periods, and sqlglot's own parse errors turned into one-line problems. Expected values
are written by hand from the DDL text."""

from __future__ import annotations

import pytest

from udfs.core import ddl

# (column definition, (type, nullable, with default))
COLUMNS = [
    ("A CHAR(3) WITH DEFAULT NOT NULL", ("CHAR", False, True)),  # NOT NULL after WITH DEFAULT is not its value
    ("A TIMESTAMP NOT NULL DEFAULT CURRENT TIMESTAMP", ("TIMESTAMP", False, True)),  # Db2 writes it spaced
    ("A DATE DEFAULT CURRENT_DATE NOT NULL", ("DATE", False, True)),
    ("A INTEGER DEFAULT -1", ("INTEGER", True, True)),
    ("A TIMESTAMP(12) NOT NULL GENERATED ALWAYS AS ROW BEGIN IMPLICITLY HIDDEN", ("TIMESTAMP", False, False)),
    ("A VARCHAR(20) CHECK (LENGTH(TRIM(A)) > 0) NOT NULL", ("VARCHAR", False, False)),
    ("A INTEGER NOT NULL CONSTRAINT PK PRIMARY KEY", ("INTEGER", False, False)),
]


@pytest.mark.parametrize("definition, want", COLUMNS)
def test_column_attributes_in_any_order(definition, want):
    (a,) = ddl.parse_text(f"CREATE TABLE T ({definition})").columns
    assert (a.db2_type, a.nullable, a.with_default) == want


def test_a_period_is_read_and_skipped():
    t = ddl.parse_text(
        "CREATE TABLE T (A TIMESTAMP(12) NOT NULL, B TIMESTAMP(12) NOT NULL,\n PERIOD SYSTEM_TIME (A, B), C INT)"
    )
    assert [c.name for c in t.columns] == ["A", "B", "C"]


# (DDL, line, what the message names)
REFUSALS = [
    ("CREATE TABLE T (A INT)\n RCDFMT;", 2, "expected a record format name, found the end of the statement"),
    ("CREATE TABLE T FOR SYSTEM NAME\n (A INT)", 2, "expected the table's system name"),
    ("CREATE TABLE T (A INT,\n B INT CHECK (B >))", 2, ""),  # sqlglot's own message, on the line it names
    ("CREATE TABLE T (A INT);\nCOMMENT ON COLUMN A IS 'x';", 2, "COMMENT ON COLUMN A names no table"),
    ("CREATE TABLE T (A INT);\nLABEL ON COLUMN T (A TEXT 'x');", 2, "expected IS, found 'x'"),
    ("CREATE TABLE T (A INT, B INT PRIMARY KEY,\n C INT PRIMARY KEY)", 2, "a second primary key on column C"),
]


@pytest.mark.parametrize("text, line, construct", REFUSALS)
def test_a_refusal_is_one_line_with_file_and_line(text, line, construct):
    with pytest.raises(ddl.DdlProblem) as e:
        ddl.parse_text(text, "t.sql")
    message = str(e.value)
    assert message.startswith(f"t.sql:{line}: ") and construct in message, message
    what, todo = message.split(" — ")
    assert what and todo and "\n" not in message

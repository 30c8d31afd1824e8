"""A user's own table from its DDL (udfs.core.ddl.parse_declared): Db2 for i as QSYS2.GENERATE_SQL writes it, Db2
for z/OS as its catalog tools write it. Expected values are written by hand from the DDL text; every refusal is
one line naming the file, the line and the construct."""

from __future__ import annotations

import pytest
from support import DATA

from udfs.core import ddl

SOURCES = DATA / "sources" / "ddl"


def declared(tmp_path, text: str):
    path = tmp_path / "t.sql"
    path.write_text(text)
    return ddl.parse_declared(path)


# ---- whole files --------------------------------------------------------------------------------------------

# (file, table attributes, columns as (line, name, system name, type, length, scale, nullable, default, ccsid, label))
WHOLE_FILES = [
    (
        "db2i_customer_orders.sql",
        {
            "schema": "SALES",
            "name": "CUSTOMER_ORDERS",
            "system_name": "CUSORD",
            "record_format": "CUSORDR",
            "ccsid": None,
            "label": "Customer orders",
            "dialect": "db2i",
            "primary_key": ("ORD#", "LINE_ID"),
            "indexes": (ddl.Index("SALES.CUSORD_BY_NAME", ("CUSTOMER_NAME", "@REGION"), False),),
        },
        [
            (14, "ORD#", "ORDNO", "NUMERIC", 7, 0, False, True, None, "Order number"),  # TEXT IS beats the heading
            (15, "CUSTOMER_NAME", "CUSNAM", "VARCHAR", 40, 0, False, True, 37, "Customer Name"),  # heading, one line
            (16, "@REGION", None, "CHAR", 2, 0, False, True, 37, "Sales region"),
            (17, "ORDER_TOKEN", "ORDTKN", "CHAR", 8, 0, True, True, 65535, "Token the web shop gave the order"),
            (18, "LINE_ID", None, "INTEGER", None, 0, True, False, None, ""),
            (23, "AMOUNT", None, "DECIMAL", 11, 2, False, True, None, "Order Amount"),
            (24, "ORDERED_AT", "ORDTS", "TIMESTAMP", 6, 0, False, True, None, ""),
            (25, "CHANGED_AT", "CHGTS", "TIMESTAMP", 12, 0, False, False, None, ""),
            (26, "PRICE$", "PRICE", "DOUBLE", None, 0, True, False, None, ""),
        ],
    ),
    (
        "db2z_payroll_employee.sql",
        {
            "schema": "PAYROLL",
            "name": "EMPLOYEE",
            "system_name": None,
            "record_format": None,
            "ccsid": "EBCDIC",
            "label": "Employees",
            "dialect": "db2z",
            "primary_key": ("EMPNO",),
            "indexes": (ddl.Index("PAYROLL.XEMP1", ("EMPNO",), True),),
        },
        [
            (8, "EMPNO", None, "CHAR", 6, 0, False, False, None, ""),
            (9, "LASTNAME", None, "VARCHAR", 15, 0, False, False, None, ""),
            (10, "DEPT", None, "CHAR", 3, 0, True, True, None, ""),
            (11, "SALARY", None, "DECIMAL", 9, 2, False, True, None, "Yearly salary"),
            (12, "BONUS", None, "DECIMAL", 5, 0, True, False, None, ""),
            (13, "HIRED", None, "DATE", None, 0, False, False, None, ""),
            (14, "SHIFT_START", None, "TIME", None, 0, True, False, None, ""),
            (15, "UPDATED", None, "TIMESTAMP", 0, 0, False, True, None, ""),
            (16, "HOURS", None, "SMALLINT", None, 0, True, False, None, ""),
            (17, "EMP_SEQ", None, "BIGINT", None, 0, False, False, None, ""),
            (18, "RATE", None, "REAL", None, 0, True, False, None, ""),
            (19, "photo_key", None, "BINARY", 4, 0, True, False, None, ""),
            (20, "BADGE", None, "VARBINARY", 16, 0, True, False, None, ""),
            (21, "Mixed Case", None, "VARCHAR", 10, 0, True, False, "EBCDIC", ""),
            (22, "RATIO", None, "DOUBLE", None, 0, True, False, None, ""),
            (23, "SCORE", None, "REAL", None, 0, True, False, None, ""),
            (24, "GRADE", None, "NUMERIC", 3, 1, True, False, None, ""),
        ],
    ),
]


@pytest.mark.parametrize("file, table, columns", WHOLE_FILES, ids=[f for f, _, _ in WHOLE_FILES])
def test_a_whole_file_is_read(file, table, columns):
    t = ddl.parse_declared(SOURCES / file)
    assert {k: getattr(t, k) for k in table} == table
    got = [
        (c.line, c.name, c.system_name, c.db2_type, c.length, c.scale, c.nullable, c.with_default, c.ccsid, c.label)
        for c in t.columns
    ]
    assert got == columns
    assert t.source_file.endswith(file) and t.variant == "declared"


# ---- types --------------------------------------------------------------------------------------------------

# (type as written, (canonical type, length, scale, for bit data, ccsid))
TYPES = [
    ("CHAR", ("CHAR", 1, 0, False, None)),
    ("CHARACTER(3)", ("CHAR", 3, 0, False, None)),
    ("CHAR(4) FOR BIT DATA", ("CHAR", 4, 0, True, 65535)),
    ("CHAR(5) FOR MIXED DATA", ("CHAR", 5, 0, False, None)),
    ("CHAR(6) CCSID 273", ("CHAR", 6, 0, False, 273)),
    ("CHAR VARYING(7)", ("VARCHAR", 7, 0, False, None)),
    ("CHARACTER VARYING(8) FOR BIT DATA", ("VARCHAR", 8, 0, True, 65535)),
    ("VARCHAR(9) CCSID UNICODE", ("VARCHAR", 9, 0, False, "UNICODE")),
    ("GRAPHIC(2)", ("GRAPHIC", 2, 0, False, None)),
    ("VARGRAPHIC(3)", ("VARGRAPHIC", 3, 0, False, None)),
    ("BINARY", ("BINARY", 1, 0, False, None)),
    ("VARBINARY(10)", ("VARBINARY", 10, 0, False, None)),
    ("SMALLINT", ("SMALLINT", None, 0, False, None)),
    ("INT", ("INTEGER", None, 0, False, None)),
    ("INTEGER", ("INTEGER", None, 0, False, None)),
    ("BIGINT", ("BIGINT", None, 0, False, None)),
    ("DECIMAL", ("DECIMAL", 5, 0, False, None)),
    ("DEC(7)", ("DECIMAL", 7, 0, False, None)),
    ("DECIMAL(31, 9)", ("DECIMAL", 31, 9, False, None)),
    ("NUMERIC(4,2)", ("NUMERIC", 4, 2, False, None)),
    ("NUM", ("NUMERIC", 5, 0, False, None)),
    ("REAL", ("REAL", None, 0, False, None)),
    ("DOUBLE", ("DOUBLE", None, 0, False, None)),
    ("DOUBLE PRECISION", ("DOUBLE", None, 0, False, None)),
    ("FLOAT", ("DOUBLE", None, 0, False, None)),
    ("FLOAT(24)", ("REAL", None, 0, False, None)),
    ("FLOAT(25)", ("DOUBLE", None, 0, False, None)),
    ("DATE", ("DATE", None, 0, False, None)),
    ("TIME", ("TIME", None, 0, False, None)),
    ("TIMESTAMP", ("TIMESTAMP", 6, 0, False, None)),
    ("TIMESTAMP(0)", ("TIMESTAMP", 0, 0, False, None)),
    ("TIMESTAMP(12)", ("TIMESTAMP", 12, 0, False, None)),
]


def test_every_type_is_read_to_its_canonical_name():
    text = "CREATE TABLE T (\n" + ",\n".join(f"C{i} {ty}" for i, (ty, _) in enumerate(TYPES)) + ")"
    t = ddl.parse_text(text)
    got = [(c.db2_type, c.length, c.scale, c.for_bit_data, c.ccsid) for c in t.columns]
    assert got == [want for _, want in TYPES]
    assert [c.line for c in t.columns] == list(range(2, 2 + len(TYPES)))
    assert [c.name for c in ddl.dbcs_columns(t)] == ["C8", "C9"]


# ---- names, keys, dialects --------------------------------------------------------------------------------

# (DDL, (schema, table, column names, primary key, dialect))
READS = [
    (
        'create table lib.t (a int, "b#" char(2), "ORD@" int, "Ab$" int, c$ int)',
        ("LIB", "T", ["A", "b#", "ORD@", "Ab$", "C$"], (), "db2"),
    ),
    ('CREATE TABLE "my lib"."My T" (A INT PRIMARY KEY, B INT)', ("my lib", "My T", ["A", "B"], ("A",), "db2")),
    ("CREATE TABLE T (A INT NOT NULL, B INT, PRIMARY KEY (B, A))", ("", "T", ["A", "B"], ("B", "A"), "db2")),
    (
        (
            "CREATE TABLE T (A INT NOT NULL, B INT, CONSTRAINT X.PK PRIMARY KEY (A), CONSTRAINT U UNIQUE (B), "
            "FOREIGN KEY (B) REFERENCES X.P (K) ON DELETE CASCADE ON UPDATE NO ACTION, CHECK (B > 0))"
        ),
        ("", "T", ["A", "B"], ("A",), "db2"),
    ),
    (
        "CREATE TABLE T (A INT NOT NULL);\nALTER TABLE T ADD CONSTRAINT P PRIMARY KEY (A);",
        ("", "T", ["A"], ("A",), "db2"),
    ),
    ("CREATE TABLE LIB/T (A INT) RCDFMT TR;", ("LIB", "T", ["A"], (), "db2i")),
    ("CREATE OR REPLACE TABLE T (A INT);", ("", "T", ["A"], (), "db2i")),
    ("CREATE TABLE T (A INT) IN DB1.TS1 AUDIT CHANGES DATA CAPTURE NONE;", ("", "T", ["A"], (), "db2z")),
    ("SET CURRENT SQLID = 'X';\nCREATE TABLE T (A INT);\nCOMMIT;", ("", "T", ["A"], (), "db2z")),
    ("CREATE TABLE T (A INT) DATA CAPTURE CHANGES;\nGRANT SELECT ON T TO PUBLIC;", ("", "T", ["A"], (), "db2")),
]


@pytest.mark.parametrize("text, want", READS)
def test_names_keys_and_dialect(tmp_path, text, want):
    t = declared(tmp_path, text)
    assert (t.schema, t.name, [c.name for c in t.columns], t.primary_key, t.dialect) == want


def test_texts_prefer_label_text_then_comment_then_heading(tmp_path):
    t = declared(
        tmp_path,
        "CREATE TABLE T (A INT, B INT, C INT);\n"
        "LABEL ON COLUMN T (A IS 'head a', B IS 'head   b', C IS 'head c');\n"
        "COMMENT ON COLUMN T.B IS 'comment b';\nCOMMENT ON T (C IS 'comment c');\n"
        "LABEL ON COLUMN T.C TEXT IS 'text c';\nCOMMENT ON TABLE T IS 'remark';\n"
        "LABEL ON INDEX X IS 'an index text';",
    )
    assert [c.label for c in t.columns] == ["head a", "comment b", "text c"]
    assert t.label == "remark"


# ---- refusals ------------------------------------------------------------------------------------------------

# (DDL, line, what the message names)
REFUSALS = [
    ("CREATE TABLE T (\n A INT,\n B BLOB(1M))", 3, "column B is BLOB"),
    ("CREATE TABLE T (\n A CLOB(10K))", 2, "column A is CLOB"),
    ("CREATE TABLE T (A INT,\n B DBCLOB(10))", 2, "column B is DBCLOB"),
    ("CREATE TABLE T (\n\n X XML)", 3, "column X is XML"),
    ("/* a comment\n over two lines */ CREATE TABLE T (\n X XML)", 3, "column X is XML"),
    ("CREATE TABLE T (D DATALINK(200))", 1, "column D is DATALINK"),
    ("CREATE TABLE T (R ROWID NOT NULL GENERATED ALWAYS)", 1, "column R is ROWID"),
    ("CREATE TABLE T (A INT,\n F DECFLOAT(34))", 2, "column F is DECFLOAT"),
    ("CREATE TABLE T (A INT,\n M MYLIB.MONEY)", 2, "type MYLIB.MONEY"),
    ("-- one\nCREATE TABLE T LIKE LIB.OTHER;", 2, "LIKE"),
    ("CREATE TABLE T AS (SELECT * FROM LIB.OTHER) WITH DATA;", 1, "AS (SELECT ...)"),
    ("CREATE INDEX I ON T (A);", 1, "no CREATE TABLE"),
    ("CREATE TABLE T (A INT);\n\nCREATE TABLE U (B INT);", 3, "a second CREATE TABLE (U"),
    ("CREATE TABLE T (A INT,\n B INT,\n a INT)", 3, "column A is declared twice"),
    ("CREATE TABLE T (A INT,\n CONSTRAINT P PRIMARY KEY (A,\n Z))", 3, "column Z"),
    ("CREATE TABLE T (A INT);\nALTER TABLE T ADD PRIMARY KEY (B);", 2, "column B"),
    ("CREATE TABLE T (A INT);\nCREATE UNIQUE INDEX I ON T (A, Q);", 2, "index I names column Q"),
    ("CREATE TABLE T (A INT);\nCREATE VIEW V AS SELECT A FROM T;", 2, "'CREATE VIEW V ...' is not a statement"),
    ("CREATE TABLE T (A INT);\nALTER TABLE T ALTER COLUMN A SET DATA TYPE BIGINT;", 2, "does more than add"),
    ("CREATE TABLE T (A INT,\n B CHAR(4) FIELDPROC X.P)", 2, "'FIELDPROC' is not a column attribute"),
    ("CREATE TABLE T (A INT)\n EDITPROC X.P", 2, "table option 'EDITPROC'"),
    ("CREATE TABLE T (A INT,\n G GRAPHIC(10))", 2, "column G is GRAPHIC(10), which is not supported until DBCS"),
    ("CREATE TABLE T (A INT,\n\n V VARGRAPHIC(5) NOT NULL)", 3, "column V is VARGRAPHIC(5) NOT NULL"),
    ("CREATE TABLE T (\n V VARCHAR)", 2, "VARCHAR column V needs a length"),
    ("CREATE TABLE T (\n S TIMESTAMP(13))", 2, "TIMESTAMP(13)"),
    ("CREATE TABLE T (\n I INTEGER FOR BIT DATA)", 2, "FOR BIT DATA on INTEGER column I"),
    ("CREATE TABLE T (A INT) RCDFMT TR\n IN DB.TS;", 2, "RCDFMT (line 1) is Db2 for i, IN database.tablespace"),
    ("CREATE TABLE T (A INT);\nLABEL ON COLUMN U (A IS 'x');", 2, "a text on U.A"),
    ("CREATE TABLE T (A INT);\nCOMMENT ON COLUMN T.B IS 'x';", 2, "a text on T.B"),
    ("CREATE TABLE T (A INT\n B INT)", 2, "column A: 'B' is not a column attribute"),
    ("CREATE TABLE T (A INT,\n B INT,)", 2, "expected a column name, found ')'"),
    ("CREATE TABLE T (A INT, B CHAR(2)\n;", 1, "expected ',' between column definitions, found the end"),
]


@pytest.mark.parametrize("text, line, construct", REFUSALS)
def test_a_mistake_is_one_line_naming_file_line_and_construct(tmp_path, text, line, construct):
    with pytest.raises(ddl.DdlProblem) as e:
        declared(tmp_path, text)
    message = str(e.value)
    assert message.startswith(f"{tmp_path / 't.sql'}:{line}: "), message
    assert construct in message, message
    what, todo = message.split(" — ")  # what is wrong — what to do
    assert what and todo and "\n" not in message


def test_dbcs_is_parsed_by_parse_text_and_refused_by_parse_declared(tmp_path):
    text = "CREATE TABLE T (A INT,\n G GRAPHIC(10) CCSID 835)"
    (g,) = ddl.dbcs_columns(ddl.parse_text(text))
    assert (g.name, g.db2_type, g.length, g.ccsid) == ("G", "GRAPHIC", 10, 835)
    with pytest.raises(ddl.DdlProblem, match=r"declare it as BINARY\(20\) or VARBINARY\(20\)"):
        declared(tmp_path, text)

"""Db2's type words as the DDL writes them: the canonical type each spelling names (sqlglot folds REAL into FLOAT,
NUMERIC into DECIMAL ...), the types jcat refuses, and a type's length and scale with Db2's defaults filled in."""

from __future__ import annotations

from .model import TIMESTAMP_DEFAULT_PRECISION

# The written type words: canonical name, or refused.
TYPE_WORDS = {
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
UNSUPPORTED_TYPES = {
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


DEFAULT_LENGTH = {
    "CHAR": 1,
    "BINARY": 1,
    "GRAPHIC": 1,
    "DECIMAL": 5,
    "NUMERIC": 5,  # CHAR is CHAR(1), DECIMAL(5,0)
    "TIMESTAMP": TIMESTAMP_DEFAULT_PRECISION,
}


def type_size(name: str, params: list[int], column: str, problem) -> tuple[int | None, int, str]:
    """(length/precision/fraction digits, scale, type) from the type's numbers, Db2's defaults filled in."""
    most = 2 if name in ("DECIMAL", "NUMERIC") else 1
    if len(params) > most:
        raise problem(f"column {column}: {name} takes at most {most} numbers", "correct the type")
    length = params[0] if params else DEFAULT_LENGTH.get(name)
    if name == "FLOAT":  # FLOAT(n): single precision up to 24 bits of mantissa
        return None, 0, "REAL" if params and length <= 24 else "DOUBLE"
    if name in ("SMALLINT", "INTEGER", "BIGINT", "REAL", "DOUBLE", "DATE", "TIME") and params:
        raise problem(f"column {column}: {name} takes no length", "remove the number in parentheses")
    if length is None and name in ("VARCHAR", "VARBINARY", "VARGRAPHIC"):
        raise problem(f"{name} column {column} needs a length", f"write {name}(n)")
    if name == "TIMESTAMP" and length > 12:
        raise problem(f"column {column}: TIMESTAMP({length}) has more than 12 fraction digits", "write 0 to 12")
    return length, params[1] if len(params) > 1 else 0, name

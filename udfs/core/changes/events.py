"""The rules of the two standard shapes a declared table's committed changes are also read in: Debezium's change
event envelope (jcat.change_events) and Delta Lake's change data feed (jcat.NAME_change_feed, jcat.change_feed).

Data only: udfs/spark/changes/events.py writes the views' SQL from it.
"""

from __future__ import annotations

from ..tables.declaration import DeclaredTable

# How Debezium's JSON converter (schemas disabled) writes a column's value, by the kind of value.
JSON_KINDS = {
    "decimal": "a string of the decimal value (decimal.handling.mode=string)",
    "date": "days since 1970-01-01, an integer",
    "time": "microseconds since midnight, an integer",
    "timestamp": "microseconds since 1970-01-01 00:00 of the wall-clock value, an integer",
    "binary": "base64 of the bytes (binary.handling.mode=base64)",
    "plain": "as it is: a string, a number, a boolean; a group or an array as a JSON object or array",
}


def json_kind(spark_type: str, db2_type: str | None = None) -> str:
    """One of JSON_KINDS for a column of `spark_type` (Spark's simpleString); `db2_type` the DDL's type, which tells
    a TIME (a STRING 'HH:MM:SS' in jcat: HiveServer2 clients have no TIME type) from text."""
    t = spark_type.lower()
    if db2_type == "TIME":
        return "time"
    if t.startswith("decimal"):
        return "decimal"
    if t == "date":
        return "date"
    if t in ("timestamp", "timestamp_ntz"):
        return "timestamp"
    if t == "binary":
        return "binary"
    return "plain"


# Which sides of a change give Debezium's `before` and `after` images.
AFTER_OPS = ("c", "u", "r")  # `after` NULL for 'd' and 't'
BEFORE_OPS = ("u", "d")  # and only with BEFORE_PRESENT: `before` NULL for 'c', 'r', 't' and a 'u' without before image

# The rows a change gives in a Delta change data feed: (its side, _change_type) per OP. A 'u' without a before image
# gives its postimage only; a 't' gives one delete per history version it closed (not listed here: not a side).
FEED_ROWS = {
    "AFTER": {"c": "insert", "r": "insert", "u": "update_postimage"},
    "BEFORE": {"u": "update_preimage", "d": "delete"},
}
FEED_METADATA = ("_change_type", "_commit_version", "_commit_timestamp")  # after the table's columns, as Delta's


def source_names(table: DeclaredTable) -> tuple[str | None, str]:
    """(schema, table) as the table's log names it: IBM i the journaled library and file, LLDF the header's
    TABLEOWNER and TABLENAME, IBMSNAP the CD table's DDL, IDMS no schema and the copybook's record."""
    if table.ibmi:
        return table.ibmi.library, table.ibmi.file
    if table.lldf:
        return table.lldf.owner, table.lldf.table
    if table.ddl is not None:
        return table.ddl.schema or None, table.ddl.name
    record = table.idms.record if table.idms else None
    if (
        table.copybook is not None
    ):  # the 01 level's name as Cobrix gives it (EMP-REC: EMP_REC), --record or the only one
        record = table.copybook.record(record).name
    return None, record or table.name.upper()


def db2_types(table: DeclaredTable) -> dict[str, str]:
    """The DDL's type per column name (none for a copybook's record)."""
    return {c.name: c.db2_type for c in table.ddl.columns} if table.ddl is not None else {}

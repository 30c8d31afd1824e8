"""Checks for the models that are persistent views (docs/relations.md): the relation is a VIEW in the metastore,
its stored SQL calls only the persistent functions (jcat.<fn>, never a temporary Arrow UDF or a layout function),
and it shows the same rows as its own SQL decoded by the Arrow UDFs (what a table build of it gives)."""

from __future__ import annotations

import re

from udfs.core.catalog import CATALOG

_NAMES = sorted({f.name for f in CATALOG}, key=len, reverse=True)


def view_text(spark, name: str) -> str:
    """The view's stored SQL (DESCRIBE TABLE EXTENDED's `View Text`); fails unless jcat.<name> is a VIEW."""
    assert spark.catalog.getTable(f"jcat.{name}").tableType == "VIEW", name
    rows = {r.col_name: r.data_type for r in spark.sql(f"DESCRIBE TABLE EXTENDED jcat.{name}").collect()}
    assert rows.get("Type") == "VIEW", (name, rows.get("Type"))
    return rows["View Text"]


def unqualified_calls(text: str) -> set[str]:
    """Catalog functions the SQL calls without the `jcat.` schema: the temporary Arrow UDFs."""
    return {m.group(1) for m in re.finditer(rf"(?<![\w.`])({'|'.join(_NAMES)})\s*\(", text)}


def assert_persistent_view(spark, name: str, calls: tuple[str, ...] = ()) -> str:
    """jcat.<name> is a VIEW whose SQL calls no temporary function and calls jcat.<fn> for each fn of `calls`."""
    text = view_text(spark, name)
    assert not unqualified_calls(text), (name, unqualified_calls(text))
    assert not re.search(r"(?<![\w.])decode_[a-z0-9]+\s*\(", text), name  # no layout function
    for fn in calls:
        assert f"jcat.{fn}(" in text, (name, fn)
    return text


def arrow_rows(spark, name: str) -> list[dict]:
    """The view's own SQL with each jcat.<fn> replaced by the temporary Arrow UDF <fn> (the table build's engine)."""
    text = re.sub(rf"(?<![\w.`])jcat\.({'|'.join(_NAMES)})\s*\(", r"\1(", view_text(spark, name))
    assert not re.search(rf"jcat\.({'|'.join(_NAMES)})\(", text)
    return sorted((r.asDict(recursive=True) for r in spark.sql(text).collect()), key=repr)


def view_rows(spark, name: str) -> list[dict]:
    return sorted((r.asDict(recursive=True) for r in spark.table(f"jcat.{name}").collect()), key=repr)


def drop_relation(spark, name: str) -> None:
    """Drop jcat.<name> whether a table or a view: Spark 4.0's DROP TABLE refuses a view (4.1 on drop either)."""
    kind = "TABLE"
    if spark.catalog.tableExists(name) and spark.catalog.getTable(name).tableType == "VIEW":
        kind = "VIEW"
    spark.sql(f"DROP {kind} IF EXISTS {name}")

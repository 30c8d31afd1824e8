"""Names a declared table's generated files and relations use (shared by the per-log renderers)."""

from __future__ import annotations

from pathlib import Path

MODELS = Path("models") / "jcat_tables"
MACROS = Path("macros") / "jcat_tables"


def layout_function_name(name: str) -> str:
    """The table's layout function, registered by `register(spark)` (udfs.spark.declared_tables)."""
    return f"decode_{name}_image"


def quote(name: str) -> str:
    """A Spark identifier: IBM i names may hold # @ $."""
    return "`" + name.replace("`", "``") + "`"

"""docs/functions.md: the function reference, rendered from the registry (udfs/core/catalog.py)."""

from __future__ import annotations

from ..core.catalog import CATALOG, STRICT_CONF
from ..core.project import source_root
from .markers import marker


def reference_markdown() -> str:
    """The function reference, generated; `docs/functions.md` must equal this."""
    lines = [
        marker("docs/functions.md", "udfs/core/catalog.py"),
        "# jcat function reference",
        "",
        "Every function is a vectorized (Arrow) UDF registered by `udfs.register(spark)`. Every per-field function",
        "is also a persistent function `jcat.<name>`, which views and any Spark session call with no Python. Its",
        "engine is chosen at install (`jcat functions --install --engine jvm|sql`, or `spark.jcat.functions.engine`):",
        "`jvm`, the default, calls the compiled twin `jcat.<name>_jvm` (a Hive GenericUDF from jcat's jar, which the",
        "install copies into the warehouse); `sql` is a pure Spark SQL body (`jcat functions --sql` prints the DDL),",
        "for a metastore that refuses jars. A differential test holds the three engines equal.",
        f"Strict mode: `SET {STRICT_CONF}=true` in a session makes undecodable bytes an error that names the",
        "function and shows the bytes in hex, instead of NULL (the Arrow UDFs and the `jvm` engine; the SQL bodies",
        "cannot read the setting and give NULL).",
        "",
        "| function | returns | summary |",
        "|---|---|---|",
    ]
    for f in CATALOG:
        lines.append(f"| [`{f.name}`](#{f.name}) | {f.returns} | {f.summary} |")
    for f in CATALOG:
        lines += ["", f"## {f.name}", "", f"`{f.signature}`", "", f.summary, ""]
        if f.details:
            lines += [f.details, ""]
        lines += ["| argument | type | meaning |", "|---|---|---|"]
        for a in f.args:
            lines.append(f"| {a.name}{' (optional)' if a.optional else ''} | {a.sql_type} | {a.doc} |")
        if f.examples:
            lines += ["", "| example | result |", "|---|---|"]
            for e in f.examples:
                lines.append(f"| `{e.sql}` | `{e.result}` |")
    return "\n".join(lines) + "\n"


def generated_files() -> dict:
    """For `jcat generate`: the function reference."""
    return {source_root() / "docs" / "functions.md": reference_markdown()}

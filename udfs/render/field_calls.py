"""How a declared table's per-column SQL calls a catalog function over a column's bytes, written once for every
engine that reads the columns one at a time.

A renderer (tables_lldf, tables_ibmsnap) writes its per-column SQL once, calling `call(fn, b, args, width)` where a
column is read by catalog function `fn` (None: the bytes themselves); what the call becomes depends on who reads:
- JINJA: `{{ jcat.jcat_fn('fn') }}(b, ...)`, the dbt macro (the session's Arrow UDF in jcat's own table build, the
  persistent function elsewhere);
- PERSISTENT: `jcat.fn(b, ...)`, the persistent SQL functions (a view's way);
- CATALOG: `fn(b, ...)`, the session's Arrow UDFs;
- SPARK: Spark's own expressions for what `fn` gives (udfs/render/ibmi_value_sql.py: the benchmark's baseline).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .ibmi_value_sql import spark_call
from .sql_functions import sql_string


class Calls(Protocol):
    def __call__(self, fn: str | None, b: str, args: tuple = (), width: int | None = None) -> str: ...


def literal(v) -> str:
    """An argument after the bytes as SQL: true/false, a number, or a string literal."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v) if isinstance(v, int) else sql_string(str(v))


def named(name: Callable[[str], str]) -> Calls:
    """Calls of the function by `name(fn)`, its arguments as literals."""

    def call(fn: str | None, b: str, args: tuple = (), width: int | None = None) -> str:
        return b if fn is None else f"{name(fn)}({', '.join([b] + [literal(a) for a in args])})"

    return call


JINJA = named(lambda fn: f"{{{{ jcat.jcat_fn('{fn}') }}}}")
PERSISTENT = named(lambda fn: f"jcat.{fn}")
CATALOG = named(lambda fn: fn)
SPARK: Calls = spark_call

"""A Log Master REAL/DOUBLE column's value outside dbt: macro jcat_lldf_float (macros/jcat_lldf_float.sql, the one
definition of the hexadecimal and IEEE forms in SQL) rendered with plain Jinja, its `unpack_bin` calls written by a
field_calls writer (the persistent functions, the session's Arrow UDFs, or Spark's own expressions)."""

from __future__ import annotations

from functools import lru_cache

from ..core.project import source_root

MARK = "\x01unpack_bin"  # what the macro's jcat_fn('unpack_bin') gives here, replaced by the writer's call


@lru_cache(maxsize=1)
def _macro():
    import jinja2

    text = (source_root() / "macros" / "jcat_lldf_float.sql").read_text()
    jcat = type("jcat", (), {"jcat_fn": staticmethod(lambda name: "\x01" + name)})
    return jinja2.Environment().from_string(text).make_module({"jcat": jcat}).jcat_lldf_float


def lldf_float(b: str, width: int, float_format: str, call) -> str:
    """The column's DOUBLE from its `width` bytes `b`, as the macro computes it, `unpack_bin` through `call`."""
    sql = str(_macro()(b, width, float_format)).strip()
    sql = sql.replace(f"{MARK}({b}, false)", call("unpack_bin", b, (False,), width))
    sql = sql.replace(f"{MARK}({b})", call("unpack_bin", b, (), width))
    if "\x01" in sql:
        raise ValueError("macro jcat_lldf_float calls a function other than unpack_bin over its bytes")
    return sql

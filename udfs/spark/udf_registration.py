"""The catalog's functions registered in a Spark session: each catalog kernel wrapped as an Arrow UDF and registered
by its SQL name, with the layout functions of the declared tables (`udfs.register(spark)`)."""

from __future__ import annotations

from ..core.catalog import CATALOG, STRICT_CONF, Function


def _strict() -> bool:
    # `SET spark.jcat.strict=true` reaches Python workers as a task-local property.
    from pyspark import TaskContext

    tc = TaskContext.get()
    value = tc.getLocalProperty(STRICT_CONF) if tc is not None else None
    return str(value).strip().lower() == "true"


def _arity_message(fn: Function, got: int) -> str:
    return f"{fn.name} takes {fn.min_args} to {len(fn.args)} arguments, got {got}: {fn.signature}"


def arrow_udf_for(fn: Function):
    from pyspark.sql.functions import arrow_udf

    kernel = fn.kernel

    def run(*columns):
        if not fn.min_args <= len(columns) <= len(fn.args):
            raise TypeError(_arity_message(fn, len(columns)))
        return kernel(*columns, strict=_strict())

    run.__name__ = fn.name
    run.__doc__ = fn.summary
    return arrow_udf(run, fn.returns)


def register(spark) -> list[str]:
    """Register every catalog function, and the layout function of each table declared in the project jcat
    builds, into this session's Spark SQL; idempotent. Returns the names."""
    from .declared_functions import declared_functions

    functions = [*CATALOG, *declared_functions()]
    for fn in functions:
        spark.udf.register(fn.name, arrow_udf_for(fn))
    return [fn.name for fn in functions]


def register_declared(spark) -> list[str]:
    """The declared tables' layout functions alone: a session started before `jcat tables add` gets them too."""
    from .declared_functions import declared_functions

    functions = declared_functions()
    for fn in functions:
        spark.udf.register(fn.name, arrow_udf_for(fn))
    return [fn.name for fn in functions]

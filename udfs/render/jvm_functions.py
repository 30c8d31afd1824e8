"""The JVM engine of the persistent functions, as text: for each per-field catalog function, the Hive GenericUDF
(`jcat.NAME_jvm`, a class in udfs/spark/java/jcat-functions.jar) and the body of `jcat.NAME` that calls it.

Views and models call `jcat.NAME` whatever the engine, so choosing one never touches a view: `jcat.NAME` is a SQL
function either way (its parameters, defaults, result type and COMMENT from the catalog), whose body is the pure SQL
expression (engine `sql`, udfs.render.sql_functions) or a call of the GenericUDF with the same arguments (engine
`jvm`). Spark inlines a SQL function's body when it analyses a query, so the wrapper costs nothing per row. The
GenericUDF returns what Hive's types carry exactly: a timestamp as its microseconds since 1970 (BIGINT) and a date as
its days (INT); the wrapper turns them into Spark's TIMESTAMP, TIMESTAMP_NTZ and DATE without reading the session's
time zone.

The class of each function follows the kernels' package layout: the kernel `udfs.core.kernels.<module>.<name>` is
`jcat.functions.<Module>Functions$<Name>` (its kernel in `jcat.kernels.<Module>`). This module imports no Spark.
"""

from __future__ import annotations

from functools import partial

from ..core.catalog import Function

ENGINES = ("jvm", "sql")
DEFAULT_ENGINE = "jvm"
ENGINE_CONF = "spark.jcat.functions.engine"  # per session or in spark-defaults.conf; `jcat functions --engine`
SUFFIX = "_jvm"
EPOCH_NTZ = "TIMESTAMP_NTZ'1970-01-01 00:00:00'"

# What the GenericUDF returns where Hive has no exact type of Spark's, and how the wrapper reads it.
CARRIERS: dict[str, tuple[str, str]] = {
    "TIMESTAMP": ("BIGINT", "timestamp_micros({})"),
    "TIMESTAMP_NTZ": ("BIGINT", "timestampadd(MICROSECOND, {}, " + EPOCH_NTZ + ")"),
    "DATE": ("INT", "date_from_unix_date({})"),
}


def _camel(snake: str) -> str:
    return "".join(part.capitalize() for part in snake.split("_"))


def kernel_module(fn: Function) -> str:
    kernel = fn.kernel
    while isinstance(kernel, partial):
        kernel = kernel.func
    return kernel.__module__.rsplit(".", 1)[-1]


def jvm_class(fn: Function) -> str:
    """The GenericUDF's binary class name, as CREATE FUNCTION ... AS takes it."""
    return f"jcat.functions.{_camel(kernel_module(fn))}Functions${_camel(fn.name)}"


def jvm_name(fn: Function) -> str:
    return fn.name + SUFFIX


def jvm_returns(fn: Function) -> str:
    """The type the GenericUDF returns."""
    return CARRIERS.get(fn.returns, (fn.returns, "{}"))[0]


def jvm_body(fn: Function, schema: str) -> str:
    """The body of `schema.NAME` under the JVM engine: the GenericUDF called with every argument."""
    call = f"{schema}.{jvm_name(fn)}({', '.join(a.name for a in fn.args)})"
    return CARRIERS.get(fn.returns, (fn.returns, "{}"))[1].format(call)


def jvm_create_statement(fn: Function, schema: str, jar_uri: str) -> str:
    return f"CREATE OR REPLACE FUNCTION {schema}.{jvm_name(fn)} AS '{jvm_class(fn)}' USING JAR '{jar_uri}'"


def check_engine(engine: str) -> str:
    value = (engine or DEFAULT_ENGINE).strip().lower()
    if value not in ENGINES:
        raise ValueError(
            f"{ENGINE_CONF}={engine!r}: the engines are {', '.join(ENGINES)} (jvm: compiled functions from jcat's jar "
            "in the warehouse; sql: SQL bodies, for a metastore that refuses jars)"
        )
    return value

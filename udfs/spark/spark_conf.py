"""`jcat spark-conf`: the `--conf key=value` arguments that let any Spark tool see jcat's metastore, warehouse and
persistent functions:

    spark-sql $(jcat spark-conf) -e "SELECT jcat.ebcdic_str(X'C8C5D3D3D6')"
    pyspark $(jcat spark-conf)

The functions live in the metastore (installed at every jcat start), so the tool needs no Python package, no
jar and no registration: only the metastore and the warehouse.
"""

from __future__ import annotations

import shlex

from .runtime import jcat_defaults, jcat_home


def metastore_service_uri() -> str | None:
    """Hook for the metastore service: make sure jcat's Hive metastore service is up and return its
    `thrift://host:port` URI, or None with JCAT_METASTORE=embedded (Derby in one process at a time)."""
    import os

    if os.environ.get("JCAT_METASTORE", "service") == "embedded":
        return None
    from .metastore import ensure_service

    return ensure_service(jcat_home())


def settings() -> dict[str, str]:
    """The Spark settings another process needs; the same values `udfs.spark.runtime.session_builder` uses (tested)."""
    home = jcat_home()
    out = {
        "spark.sql.catalogImplementation": "hive",
        "spark.sql.warehouse.dir": str(home / "warehouse"),
    }
    uri = metastore_service_uri()
    if uri:
        out["spark.hadoop.hive.metastore.uris"] = uri
    else:
        out["spark.hadoop.javax.jdo.option.ConnectionURL"] = (
            f"jdbc:derby:;databaseName={home / 'metastore_db'};create=true"
        )
    # Instants (parse_tod, parse_lrsn) print in the session zone: UTC, as in jcat's own sessions.
    out["spark.sql.session.timeZone"] = "UTC"
    # The views call dozens of functions in one projection; HotSpot never compiles a generated method over 8,000
    # bytes, so without this a view's stage runs in the bytecode interpreter (the 63 M7 fields through the SQL
    # functions: 5.2 s, 2.6 s with it; docs/bench.md). jcat's own sessions set it too (runtime.jcat_defaults).
    # and a view's wide projection is not even tried as whole-stage code (a failed compile costs 0.4-0.5 s a
    # query and logs an ERROR with a stack trace)
    for key in ("spark.sql.codegen.hugeMethodLimit", "spark.sql.codegen.maxFields"):
        out[key] = jcat_defaults(home)[key]
    return out


def arguments() -> list[str]:
    args = []
    for k, v in settings().items():
        args += ["--conf", f"{k}={v}"]
    return args


def command_line() -> str:
    """One line for `$(jcat spark-conf)`: word splitting keeps each argument whole only without blanks, so a
    JCAT_HOME with blanks is printed quoted (use it with eval)."""
    args = arguments()
    if any(any(c.isspace() for c in a) for a in args):
        return " ".join(shlex.quote(a) for a in args)
    return " ".join(args)


def jcat_home_has_metastore() -> bool:
    """Whether jcat has created its metastore under JCAT_HOME (its service runs, or its Derby database exists)."""
    return metastore_service_uri() is not None or (jcat_home() / "metastore_db").exists()

"""jcat: a SQL-first Spark function catalog for IBM mainframe and IBM i journals.

    from udfs import register
    register(spark)          # every catalog function, in this session's Spark SQL

Layers, bottom up (nothing imports a layer above it; CONTRIBUTING.md): udfs.core (data and kernels: no Spark,
no dbt, no rendering), udfs.render (every text jcat generate writes), udfs.spark, udfs.dbt, udfs.serve, udfs.demo
and udfs.bench, udfs.cli. `register` is looked up on first use, so importing
`udfs` (or anything in udfs.core) starts no Spark and imports no pyspark.
"""

from .core import __version__

__all__ = ["register", "__version__"]


def __getattr__(name: str):
    if name == "register":
        from .spark.udf_registration import register

        return register
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

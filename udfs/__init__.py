"""jcat: a SQL-first Spark function catalog for IBM mainframe and IBM i journals.

    from udfs import register
    register(spark)          # every catalog function, in this session's Spark SQL
"""

from .spark_catalog import register

__version__ = "0.1.0"
__all__ = ["register", "__version__"]

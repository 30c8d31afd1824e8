"""A user's own tables: their columns as the DDL declares them, laid out as each log writes a row image.

No Spark, no dbt, no rendering: the declaration's data and the kernels that decode row images.
"""

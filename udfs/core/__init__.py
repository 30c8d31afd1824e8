"""The bottom layer: field kinds (kinds.py: the one field type and table of kinds), kernels, layout
declarations, framing, DDL parsing, encoders and the function registry. Imports no pyspark, py4j or dbt
(tests/…: every module imports with them blocked)."""

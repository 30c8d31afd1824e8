"""The bottom layer, data and kernels: field kinds (kinds.py), kernels, layout declarations, framing, DDL parsing,
encoders, sample records (samples) and the function registry. Imports no pyspark, py4j or dbt, and renders no
text (udfs.render does; tests/fast/test_layers.py checks both)."""

__version__ = "0.1.0"

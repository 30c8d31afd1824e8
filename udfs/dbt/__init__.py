"""The dbt layer: running dbt in-process (runner), rendering dbt models, macros and docs from the declarations
(ibmsnap, layout_models) and `jcat generate` (generate). Imports udfs.core and udfs.spark only.
(A package, not a top-level module: dbt imports top-level `dbt_*` modules.)"""

"""The dbt layer: running dbt in-process on the jcat project (runner) and the dbt project a user's tables are
declared in (user_project). The files `jcat generate` writes are rendered by udfs.render. Imports the layers
below it only.
(A package, not a top-level module: dbt imports top-level `dbt_*` modules.)"""

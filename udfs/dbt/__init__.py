"""The dbt layer: dbt run in-process (runner), the dbt project a user's tables are declared in (user_project), and
after a selective build the models that had nothing to read (empty_sources). Imports udfs.core, udfs.render and
udfs.spark only. (A package, not a top-level module: dbt imports top-level `dbt_*` modules.)"""

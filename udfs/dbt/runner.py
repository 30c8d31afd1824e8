"""dbt in-process, on the jcat project (udfs.core.project.project_dir) and the session this process started."""

from __future__ import annotations

import os

from ..core.project import project_dir
from ..render.table_models import refresh_generated
from ..spark.failed_builds import clear_failed_builds
from ..spark.locks import queued
from ..spark.runtime import jcat_home, owns_metastore
from ..spark.udf_registration import register_declared


def run_dbt(spark, dbt_args: list[str], built: set[str] | None = None) -> bool:
    """dbt in-process on the `local` target: dbt-spark's session method picks up this session. `built`, when
    given, receives the names of the models the run built."""
    from dbt.cli.main import dbtRunner

    # Each JCAT_HOME keeps its own dbt artifacts: concurrent projects never share a manifest or parse cache.
    os.environ.setdefault("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target"))
    os.environ.setdefault("DBT_LOG_PATH", str(jcat_home() / "dbt" / "logs"))
    proj = str(project_dir())
    refresh_generated()  # the declared tables' models as this jcat writes them
    register_declared(spark)  # tables declared since this session started
    base = ["--project-dir", proj, "--profiles-dir", proj]
    target = _target(dbt_args)
    if target is None:
        base += ["--target", "local"]
    local = target in (None, "local")
    # The models call the session's Arrow UDFs by their short names only in this in-process run (macro jcat_fn);
    # anywhere else (dbt over Thrift, a user's own dbt, views) they call the persistent jcat.<name> functions.
    previous = {k: os.environ.get(k) for k in (ARROW_UDFS_ENV, COMMENTS_ENV)}
    os.environ[ARROW_UDFS_ENV] = "1"
    if local:
        os.environ[COMMENTS_ENV] = "1"  # tables' column comments: set below, one metastore call per table
    try:
        # One dbt run at a time per JCAT_HOME: a folder with no table may be another run's table being written.
        with queued(jcat_home() / "locks" / "dbt.lock", "dbt run"):
            if local:
                clear_failed_builds(spark, SCHEMA, model_names(), remove=owns_metastore(spark))
            result = dbtRunner().invoke(dbt_args[:1] + base + dbt_args[1:])
            if local and dbt_args[:1] in (["run"], ["build"]):
                comment_built_tables(spark, result)
            if built is not None:
                built |= built_models(result)
    finally:
        for k, v in previous.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return bool(result.success)


def built_models(result) -> set[str]:
    """The models a dbt run built."""
    return {
        r.node.name
        for r in getattr(result.result, "results", None) or []
        if getattr(r, "node", None) is not None and r.node.resource_type == "model" and str(r.status) == "success"
    }


def comment_built_tables(spark, result) -> None:
    """The column descriptions of every table or incremental model the run built, as the tables' column comments
    (what persist_docs does, one metastore call per table instead of one ALTER per column)."""
    from ..spark.column_comments import set_column_comments

    for r in getattr(result.result, "results", None) or []:
        node = getattr(r, "node", None)
        if node is None or node.resource_type != "model" or str(r.status) != "success":
            continue
        config = node.config
        if config.materialized not in ("table", "incremental") or not (config.persist_docs or {}).get("columns"):
            continue
        comments = {name: col.description for name, col in node.columns.items() if col.description}
        relation = f"{node.schema}.{node.alias or node.name}"
        if comments and spark.catalog.tableExists(relation):
            set_column_comments(spark, relation, comments)


def _target(dbt_args: list[str]) -> str | None:
    for i, a in enumerate(dbt_args):
        if a in ("--target", "-t") and i + 1 < len(dbt_args):
            return dbt_args[i + 1]
        if a.startswith("--target="):
            return a.split("=", 1)[1]
    return None


def model_names() -> list[str]:
    """The relations the project builds: one per model file (the project sets no aliases), its installed packages'
    (jcat's own models, in a home project) included."""
    root = project_dir()
    folders = [root / "models", *sorted((root / "dbt_packages").glob("*/models"))]
    return sorted({p.stem for folder in folders for p in folder.rglob("*.sql")})


ARROW_UDFS_ENV = "DBT_JCAT_ARROW_UDFS"
COMMENTS_ENV = "DBT_JCAT_COMMENTS_AFTER_RUN"  # macro spark__alter_column_comment leaves tables to jcat
SCHEMA = "jcat"  # the schema of profiles.yml's local target


def install_packages(project) -> bool:
    """`dbt deps` for a project listing jcat in packages.yml (no Spark session needed)."""
    from dbt.cli.main import dbtRunner

    os.environ.setdefault("DBT_LOG_PATH", str(jcat_home() / "dbt" / "logs"))
    p = str(project)
    return bool(dbtRunner().invoke(["deps", "--project-dir", p, "--profiles-dir", p, "--quiet"]).success)

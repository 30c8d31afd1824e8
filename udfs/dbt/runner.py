"""dbt in-process, on the jcat project (udfs.core.project.project_dir) and the session this process started."""

from __future__ import annotations

import os

from ..core.project import project_dir
from ..spark.runtime import jcat_home


def run_dbt(spark, dbt_args: list[str]) -> bool:
    """dbt in-process on the `local` target: dbt-spark's session method picks up this session."""
    from dbt.cli.main import dbtRunner

    # Each JCAT_HOME keeps its own dbt artifacts: concurrent projects never share a manifest or parse cache.
    os.environ.setdefault("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target"))
    os.environ.setdefault("DBT_LOG_PATH", str(jcat_home() / "dbt" / "logs"))
    proj = str(project_dir())
    base = ["--project-dir", proj, "--profiles-dir", proj]
    if "--target" not in dbt_args and "-t" not in dbt_args:
        base += ["--target", "local"]
    # The models call the session's Arrow UDFs by their short names only in this in-process run (macro jcat_fn);
    # anywhere else (dbt over Thrift, a user's own dbt, views) they call the persistent jcat.<name> functions.
    previous = os.environ.get(ARROW_UDFS_ENV)
    os.environ[ARROW_UDFS_ENV] = "1"
    try:
        result = dbtRunner().invoke(dbt_args[:1] + base + dbt_args[1:])
    finally:
        if previous is None:
            os.environ.pop(ARROW_UDFS_ENV, None)
        else:
            os.environ[ARROW_UDFS_ENV] = previous
    return bool(result.success)


ARROW_UDFS_ENV = "DBT_JCAT_ARROW_UDFS"

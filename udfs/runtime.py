"""The local runtime: a Spark session with Hive support whose warehouse and metastore live under JCAT_HOME.

The same code runs on a cluster: pass `--master` (or set JCAT_MASTER) and point JCAT_HOME, or
`spark.sql.warehouse.dir` and a shared metastore, at storage the cluster sees.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

DATABASE = "jcat"
DEFAULT_MASTER = "local[*]"


class RuntimeProblem(RuntimeError):
    """A start-up problem the user can fix; the CLI prints it without a stack trace."""


def jcat_home() -> Path:
    return Path(os.environ.get("JCAT_HOME", "./.jcat")).resolve()


def project_dir() -> Path:
    """The dbt project: JCAT_PROJECT_DIR, else the checkout this package was installed from."""
    env = os.environ.get("JCAT_PROJECT_DIR")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve().parent.parent
    if (here / "dbt_project.yml").exists():
        return here
    raise RuntimeProblem("cannot find the jcat dbt project: set JCAT_PROJECT_DIR to the folder holding dbt_project.yml")


def check_java() -> None:
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return
    if shutil.which("java") is None:
        raise RuntimeProblem("Java is needed to run Spark and was not found: install Java 17 (or set JAVA_HOME)")


def prepare_environment() -> None:
    # Python workers must run this interpreter, the one that has pandas and pyarrow.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)


def session_builder(master: str | None = None, app_name: str = "jcat", conf: dict[str, str] | None = None):
    check_java()
    prepare_environment()
    from pyspark.sql import SparkSession

    home = jcat_home()
    home.mkdir(parents=True, exist_ok=True)
    metastore = home / "metastore_db"
    log_config = os.environ.get("JCAT_LOG4J", str(Path(__file__).with_name("log4j2.properties")))
    settings = {
        "spark.sql.warehouse.dir": str(home / "warehouse"),
        "spark.hadoop.javax.jdo.option.ConnectionURL": f"jdbc:derby:;databaseName={metastore};create=true",
        "spark.driver.extraJavaOptions": f"-Dderby.system.home={home} -Dlog4j2.configurationFile=file:{log_config}",
        "spark.sql.session.timeZone": os.environ.get("JCAT_TIMEZONE", "UTC"),
        "spark.ui.showConsoleProgress": "false",
        "spark.sql.execution.arrow.pyspark.enabled": "true",
        "spark.ui.enabled": os.environ.get("JCAT_SPARK_UI", "false"),
    }
    settings.update(conf or {})
    builder = SparkSession.builder.appName(app_name).master(master or os.environ.get("JCAT_MASTER", DEFAULT_MASTER))
    for k, v in settings.items():
        builder = builder.config(k, v)
    return builder.enableHiveSupport()


def start(master: str | None = None, app_name: str = "jcat", conf: dict[str, str] | None = None, quiet: bool = True):
    """A session with the catalog registered and database `jcat` created and current."""
    from . import register

    check_java()
    try:
        spark = session_builder(master, app_name, conf).getOrCreate()
    except Exception as e:  # the JVM failed to start, or the metastore is locked by another process
        msg = str(e)
        if "Another instance of Derby" in msg or "XSDB6" in msg:
            raise RuntimeProblem(f"the metastore under {jcat_home()} is in use by another jcat process "
                                 "(the embedded Derby metastore admits one process at a time)") from e
        raise RuntimeProblem(f"Spark did not start: {msg.splitlines()[0] if msg else type(e).__name__}") from e
    if quiet:
        spark.sparkContext.setLogLevel("ERROR")
        # PySpark 4 also logs every failed query's context to stderr; the CLI prints its own one line.
        import logging

        logging.getLogger("SQLQueryContextLogger").setLevel(logging.CRITICAL)
    register(spark)
    if not spark.catalog.databaseExists(DATABASE):
        spark.sql(f"CREATE DATABASE IF NOT EXISTS {DATABASE}")
    spark.sql(f"USE {DATABASE}")
    return spark

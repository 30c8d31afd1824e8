"""One Spark session for the whole test run: local[2], UTC, UI off, its own JCAT_HOME."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def jcat_home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="jcat-test-home-"))
    os.environ["JCAT_HOME"] = str(home)
    return home


@pytest.fixture(scope="session")
def spark(jcat_home):
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from udfs.runtime import start

    session = start(master="local[2]", app_name="jcat-tests", conf={
        "spark.sql.session.timeZone": "UTC",
        "spark.ui.enabled": "false",
        "spark.sql.shuffle.partitions": "2",
    })
    yield session
    # not stopped: getOrCreate hands the same session to every test, and py4j shuts down at exit


@pytest.fixture(autouse=True, scope="module")
def _drop_hand_written_raw_tables():
    """Some model tests write `jcat.raw_<layout>` directly as a plain table; landing keeps a view of that name.
    Drop such tables after each module so one module's fixture data never stands in another's way."""
    yield
    from pyspark.sql import SparkSession

    spark = SparkSession.getActiveSession()
    if spark is None or not spark.catalog.databaseExists("jcat"):
        return
    for t in spark.catalog.listTables("jcat"):
        if t.name.startswith("raw_") and t.tableType != "VIEW" and not t.isTemporary:
            spark.sql(f"DROP TABLE IF EXISTS jcat.{t.name}")

"""The fixtures every test can ask for (tests/conftest.py imports them): one Spark session for the whole run
(local[2], UTC, UI off, its own JCAT_HOME), requested only by tests under tests/spark."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def jcat_home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="jcat-test-home-"))
    os.environ["JCAT_HOME"] = str(home)
    yield home
    from udfs.spark.metastore import stop_service

    stop_service(home)  # a metastore service started on demand for this home: no JVM left behind


# Every other JVM the suite starts lives seconds to minutes, and the suite is CPU-bound on 2 cores: with C1 only
# and the serial collector the same test spends about 40% less CPU (an M7 load, build and query in jcat
# subprocesses: 269 -> 157 busy core-seconds), most of it JIT compilation that a short JVM never repays. conftest
# gives it to drivers (spark-submit: every jcat subprocess), Spark's launcher, the standalone master and worker,
# and jcat's metastore service; users' commands keep the JVM's defaults. C1 alone shrinks the default code cache
# to 48 MB, which a `jcat serve` under the stress tests filled: the JVM then failed to link method handles and
# Spark stopped its context mid-test. The tiered default of 240 MB is only reserved address space.
SHORT_LIVED_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:ReservedCodeCacheSize=240m"
SESSION_JVM = "-XX:+UseSerialGC"  # the session fixture's JVM (below)


@pytest.fixture(scope="session")
def spark(jcat_home):
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from udfs.spark.runtime import start

    # The one JVM that lives the whole run keeps the JVM's default compilers: C2 repays itself here (C1 only made
    # the ESD build fixture 2.4x slower), while subprocesses keep conftest's short-lived options. It takes the
    # serial collector too: on 2 cores G1's concurrent threads take CPU from the other worker (the default suite,
    # quiet machine: 1,179 s with G1, 984 s serial).
    own = os.environ.get("SPARK_SUBMIT_OPTS") == SHORT_LIVED_JVM
    if own:
        os.environ["SPARK_SUBMIT_OPTS"] = SESSION_JVM
    try:
        session = start(
            master="local[2]",
            app_name="jcat-tests",
            conf={
                "spark.sql.session.timeZone": "UTC",
                "spark.ui.enabled": "false",
                "spark.sql.shuffle.partitions": "2",
            },
        )
    finally:
        if own:
            os.environ["SPARK_SUBMIT_OPTS"] = SHORT_LIVED_JVM
    yield session
    # not stopped: getOrCreate hands the same session to every test, and py4j shuts down at exit


@pytest.fixture
def java_charsets(spark):
    """Spark's own decode(b, 'IBM037') (the bench's baseline) for one test, then the setting back as it was: left
    on the shared session, it would let a persistent function that needs it pass in every later test."""
    from udfs.bench import java_charsets as setting

    with setting(spark):
        yield spark


@pytest.fixture(autouse=True, scope="module")
def _drop_hand_written_raw_tables():
    """Some model tests write `jcat.raw_<layout>` directly as a plain table; landing keeps a view of that name.
    Drop such tables after each module so one module's fixture data never stands in another's way."""
    yield
    if "pyspark.sql" not in sys.modules:  # no session in this process (the fast tier)
        return
    from pyspark.sql import SparkSession

    spark = SparkSession.getActiveSession()
    if spark is None or not spark.catalog.databaseExists("jcat"):
        return
    from udfs.spark.landing.store import LEDGER

    keep = {LEDGER.split(".")[-1]}  # the ledger is a table named raw_loads: landing's own, never fixture data
    for t in spark.catalog.listTables("jcat"):
        if t.name.startswith("raw_") and t.name not in keep and t.tableType != "VIEW" and not t.isTemporary:
            spark.sql(f"DROP TABLE IF EXISTS jcat.{t.name}")


@pytest.fixture(scope="session")
def standalone_cluster():
    """A Spark standalone master and a 1-core worker on 127.0.0.1 whose executors' Python has pandas,
    pyarrow and numpy but no jcat and no ebcdic (tests/support/standalone.py). Stopped at the end of the run."""
    from support.standalone import start_cluster

    cluster = start_cluster()
    yield cluster
    cluster.stop()

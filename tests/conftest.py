"""Test tiers by folder: tests/fast (no JVM, under 1 minute) and tests/spark (one session-scoped Spark).

Every test is marked `fast` or `spark` by the folder it is in; a test file anywhere else is an error. Big runs
are marked `heavy`, and the runs of hours (the million-record byte mutations) `million`; both are deselected by
default (pyproject's addopts: `-m "not heavy and not million"`); run them with `pytest -m heavy` or
`pytest -m million`. Fixtures live in tests/support/fixtures.py, helpers in tests/support/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.fixtures import (  # noqa: F401
    SHORT_LIVED_JVM,
    _drop_hand_written_raw_tables,
    java_charsets,
    jcat_home,
    spark,
    standalone_cluster,
)

# One process per JCAT_HOME is all most tests need: Derby inside the process, as before the shared service, spares
# a metastore JVM per test home. Tests of several processes at once ask for the service (JCAT_METASTORE=service),
# which then stops 30s after its last client leaves (and at least 5 minutes after the last process asked for it).
os.environ.setdefault("JCAT_METASTORE", "embedded")
os.environ.setdefault("JCAT_METASTORE_IDLE_SECONDS", "30")

# Short-lived JVMs: C1 only and the serial collector (why: support/fixtures.py). A test's own setting wins.
for _name in ("SPARK_SUBMIT_OPTS", "SPARK_LAUNCHER_OPTS", "SPARK_DAEMON_JAVA_OPTS", "JCAT_METASTORE_JAVA_OPTIONS"):
    os.environ.setdefault(_name, SHORT_LIVED_JVM)

TIERS = ("fast", "spark")
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        rel = Path(str(item.fspath)).resolve().relative_to(HERE)
        tier = rel.parts[0] if len(rel.parts) > 1 else None
        if tier not in TIERS:
            raise pytest.UsageError(f"{rel}: put the test file in tests/fast (no Spark) or tests/spark")
        item.add_marker(getattr(pytest.mark, tier))
    # With -n (one module per worker at a time, in this order) the longest modules start first and the fast tier's
    # small ones come last, filling the time one worker would otherwise wait for the other.
    items.sort(key=lambda item: 0 if item.get_closest_marker("long") else 2 if item.get_closest_marker("fast") else 1)


def pytest_runtest_logreport(report):
    """With JCAT_TEST_TIMES=FILE, append each test phase's seconds as it ends: a run cut off (a CI time limit, a
    timeout) still shows where its time went, which `--durations` prints only at the end."""
    path = os.environ.get("JCAT_TEST_TIMES")
    if path and report.duration >= 0.5:
        with open(path, "a") as out:
            out.write(f"{report.duration:9.2f} {report.when:8} {report.nodeid}\n")

"""The suite's own JVMs run with the options tests/support/fixtures.py chose for them (the suite's time rests on
them): the session's JVM with the serial collector and the default compilers, C2 included."""

from __future__ import annotations

import os

import pytest
from support.fixtures import SESSION_JVM, SHORT_LIVED_JVM

pytestmark = pytest.mark.spark


def test_the_session_jvm_runs_the_serial_collector_with_c2(spark):
    if os.environ.get("SPARK_SUBMIT_OPTS") != SHORT_LIVED_JVM:  # conftest and the fixture leave a user's own be
        pytest.skip("SPARK_SUBMIT_OPTS was set before the run: the session's JVM takes those options")
    jvm = spark.sparkContext._jvm
    args = list(jvm.java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments())
    collectors = {b.getName() for b in jvm.java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()}
    assert set(SESSION_JVM.split()) <= set(args), args
    assert collectors == {"Copy", "MarkSweepCompact"}, collectors  # the serial collector's young and old
    assert not any(a.startswith("-XX:TieredStopAtLevel") for a in args), args

"""The fast tier starts no JVM: asking for the `spark` fixture fails, and so does a test during which pyspark's
JVM gateway comes up (through runtime.start, SparkSession.builder or anything else)."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(scope="session")
def spark():
    pytest.fail("tests/fast starts no Spark: move this test to tests/spark")


def _jvm_running() -> bool:
    context = sys.modules.get("pyspark.core.context") or sys.modules.get("pyspark.context")
    return context is not None and getattr(context.SparkContext, "_gateway", None) is not None


@pytest.fixture(autouse=True)
def _no_jvm():
    before = _jvm_running()
    yield
    if not before and _jvm_running():
        pytest.fail("this test started Spark's JVM: tests/fast must not (move it to tests/spark)")

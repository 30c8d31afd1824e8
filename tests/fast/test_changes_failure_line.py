"""A failed changes build says what to do in one line."""

from __future__ import annotations

from udfs.spark.changes import failure_line

SPARK_TEXT = """An error occurred while calling o1431.getResult.
: org.apache.spark.SparkException: Exception thrown in awaitResult:
Caused by: org.apache.spark.SparkException: Job aborted due to stage failure: Total size of serialized results of 112 \
tasks (1028.2 MiB) is bigger than spark.driver.maxResultSize (1024.0 MiB)
"""


def test_a_driver_result_limit_names_the_settings_to_raise():
    line = failure_line(RuntimeError(SPARK_TEXT))
    assert "\n" not in line
    assert "1028.2 MiB" in line and "1024.0 MiB" in line
    assert "--conf spark.driver.maxResultSize=" in line and "--conf spark.driver.memory=" in line


def test_another_failure_is_its_first_line():
    assert failure_line(ValueError("orders: no key\nmore detail")) == "orders: no key"
    assert failure_line(KeyError()) == "KeyError"

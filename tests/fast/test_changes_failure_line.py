"""A failed changes build says what to do in one line."""

from __future__ import annotations

from udfs.spark.changes import failure_line

WORKER_TEXT = """An exception was thrown from the Python worker. Please see the stack trace below.
Traceback (most recent call last):
  File "/usr/lib/spark/python/pyspark/worker.py", line 2041, in main
    process()
  File "/work/udfs/core/changes/ibmi.py", line 127, in _in_journal_order
    raise ValueError("two entries share a journal position (RESET_EPOCH, SEQUENCE)")
ValueError: two entries share a journal position (RESET_EPOCH, SEQUENCE)

\tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:1097)
"""


def test_an_error_the_resolution_raised_on_an_executor_is_its_own_line():
    line = failure_line(RuntimeError(WORKER_TEXT))
    assert line == "ValueError: two entries share a journal position (RESET_EPOCH, SEQUENCE)"


def test_another_failure_is_its_first_line():
    assert failure_line(ValueError("orders: no key\nmore detail")) == "orders: no key"
    assert failure_line(KeyError()) == "KeyError"

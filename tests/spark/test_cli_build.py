"""`jcat build` with one format landed: every raw view exists (empty) from the first command, so every model
builds; dbt's own flags pass through `jcat build` and `jcat dbt` as dbt takes them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from udfs.core.samples import m7_records

REPO = Path(__file__).resolve().parents[2]


def test_build_with_only_m7_landed(tmp_path):
    # Derby inside each process: these commands run one after another, so no metastore service (and its JVM) is
    # needed here; several processes at once are tests/spark/test_concurrent.py.
    env = dict(os.environ, JCAT_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO), JCAT_METASTORE="embedded")
    data = tmp_path / "m7.bin"
    data.write_bytes(b"".join(m7_records(37)))

    def jcat(*argv):
        return subprocess.run([sys.executable, "-m", "udfs.cli", "--master", "local[2]", *argv], env=env,
                              capture_output=True, text=True, timeout=900)

    try:
        _build(jcat, data)
    finally:
        from udfs.spark.metastore import stop_service

        stop_service(tmp_path / "home")


def _build(jcat, data):
    run = jcat("load", "qasym7j5", str(data))
    assert run.returncode == 0, run.stderr[-3000:]
    # One model of every format: all but M7 read raw views that exist and are empty. dbt's own flag passes
    # through: the models and their unit tests run; the data tests (on empty relations here) are left to
    # test_concurrent's `jcat build` and the model tests, as each takes seconds.
    run = jcat("build", "--select", "audit_journal_m7", "journal_entries", "lldf_segments", "idms_journal",
               "ibmsnap_uow", "--exclude-resource-type", "test")
    assert run.returncode == 0, (run.stdout + run.stderr)[-5000:]
    finished = next(line for line in (run.stdout + run.stderr).splitlines() if "Finished running" in line)
    assert "unit tests" in finished and "data test" not in finished, finished
    said = [line for line in run.stderr.splitlines() if "nothing to read" in line]
    assert sorted(line.split()[1] for line in said) == ["ibmsnap_uow", "idms_journal", "journal_entries",
                                                        "lldf_segments"]
    assert "jcat.raw_idms is empty (land files with `jcat load idms FILE`)" in run.stderr
    run = jcat("sql", "SELECT count(*), count(DISTINCT record_offset) FROM jcat.audit_journal_m7", "--format", "csv")
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines()[-1] == "37,37"

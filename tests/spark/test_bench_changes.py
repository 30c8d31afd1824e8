"""`jcat bench --changes N` end to end, as a user runs it: the figures it prints come from builds that applied every
change of its workload: N/10 keys, each inserted, updated twice, deleted and inserted again in turn (rounds), then
one more load of N/100 changes. `-m heavy`: it starts its own Spark and dbt (about a minute)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from support import REPO

pytestmark = [pytest.mark.spark, pytest.mark.heavy]


def expected_rows(n: int) -> dict[str, int]:
    """_changes, _current and _history row counts of the workload, round by round: round r of a key is an insert
    when r % 4 == 0, a delete when r % 4 == 3, else an update; every insert and update opens a version."""
    keys = max(10, n // 10)
    total = n + max(1, n // 100)
    rounds = [(i // keys) % 4 for i in range(total)]
    last = {}
    for i, r in enumerate(rounds):
        last[i % keys] = r
    return {
        "changes": total,
        "current": sum(1 for r in last.values() if r != 3),
        "history": sum(1 for r in rounds if r != 3),
    }


def test_the_figures_come_from_builds_that_applied_every_change(tmp_path):
    out = tmp_path / "changes.json"
    env = {**os.environ, "JCAT_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO)}
    env.pop("JCAT_PROJECT_DIR", None)
    done = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "bench", "--changes", "2000", "--json", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert figures["rows"] == expected_rows(2000)
    assert [r["changes"] for r in figures["runs"]] == [2000, 20]
    assert "| 2,000 |" in done.stdout
    for run in figures["runs"]:  # the driver's peaks are measured, not left out
        assert run["driver_heap_peak_mib"] > 0 and run["driver_python_peak_mib"] > 0, run

"""`jcat demo` as a new user runs it (README's first command, after the install): a fresh JCAT_HOME, a process of
its own. It builds the models it shows and leaves their tests to the suite and to `jcat build`, prints every query
of every format, and a second run prints the same answers with nothing new to build."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys

import pytest

from udfs.core.layouts.registry import AREAS

pytestmark = [pytest.mark.spark, pytest.mark.heavy]  # two runs of the whole demo: minutes
DBT_LOG = re.compile(r"^\S*\d\d:\d\d:\d\d  ")  # dbt's console lines, with their time
ROWS = re.compile(r"^\((\d+) rows?\)$")


def _demo(env, cwd) -> list[str]:
    r = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "demo"], env=env, cwd=cwd, capture_output=True, text=True, timeout=1200
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return r.stdout.splitlines()


def _answers(lines: list[str]) -> list[str]:
    """What the demo printed, without what changes from run to run (dbt's log, the loads' lines, the builds')."""
    return [ln for ln in lines if not DBT_LOG.match(ln) and not ln.startswith(("  load ", "jcat: ", "  declared "))]


def test_the_demo_builds_what_it_shows_without_tests_and_a_second_run_prints_the_same(tmp_path):
    env = dict(os.environ, JCAT_HOME=str(tmp_path / "home"), PYSPARK_PYTHON=sys.executable)
    env.pop("DBT_TARGET_PATH", None), env.pop("DBT_LOG_PATH", None)
    first = _demo(env, tmp_path)
    assert first[-1].startswith("jcat demo: every format generated, landed, built and queried")
    started = [ln for ln in first if DBT_LOG.match(ln) and " START " in ln]
    assert started and not [ln for ln in started if re.search(r" START (unit_test|test) ", ln)], started
    titles = [t for area in AREAS for t, _ in importlib.import_module(f"udfs.demo.{area}").QUERIES]
    for title in titles:
        heading = next(i for i, ln in enumerate(first) if ln.startswith("== ") and title in ln)
        counts = [int(m[1]) for ln in first[heading:] if (m := ROWS.match(ln.strip()))]
        assert counts and counts[0] > 0, title  # each query printed rows under its heading
    second = _demo(env, tmp_path)
    assert _answers(second) == _answers(first)
    assert any("up to date (no new load)" in ln for ln in second)

"""A load killed with SIGKILL halfway leaves nothing visible; the rerun lands every record once.

Runs `jcat load` in subprocesses with their own JCAT_HOME (the embedded Derby metastore admits one
process at a time), so it does not touch the test session's metastore.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import REPO

from udfs.core.samples.m7 import m7_records

pytestmark = [pytest.mark.spark, pytest.mark.long]  # minutes: loads in processes of their own

CHECK = """
import json, sys
from udfs.spark.landing import load
from udfs.spark.runtime import start
spark = start(master="local[2]")
count = lambda: spark.sql("SELECT count(*), count(DISTINCT record_offset) FROM jcat.raw_qasym7j5").first()
before = count()
result = load(spark, "qasym7j5", [sys.argv[1]])
after = count()
ledger = spark.sql("SELECT count(*) FROM jcat.raw_loads").first()[0]
parts = spark.sql("SHOW PARTITIONS jcat.landed_qasym7j5").count()
print(json.dumps({"before": list(before), "after": list(after), "ledger": ledger, "partitions": parts,
                  "recovered": result.recovered, "records": result.records}))
"""


@pytest.mark.heavy  # since the suite passed 20 minutes; the kill at commit below stays in the suite
def test_kill_mid_load_then_rerun_lands_every_record_once(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, JCAT_HOME=str(home), PYTHONPATH=str(REPO))
    n = 72_000  # ~70 MB: above the split threshold, so the byte-range path is the one killed
    data = tmp_path / "big.m7"
    block = b"".join(m7_records(1000))
    with open(data, "wb") as out:
        for _ in range(n // 1000):
            out.write(block)

    proc = subprocess.Popen(
        [sys.executable, "-m", "udfs.cli", "--master", "local[2]", "load", "qasym7j5", str(data)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    landing = home / "warehouse" / "jcat_landing" / "qasym7j5"
    deadline = time.time() + 400
    try:
        while time.time() < deadline and proc.poll() is None:
            if landing.exists() and any(p.name.startswith("load_id=") for p in landing.iterdir()):
                break  # the load's write job has started
            time.sleep(0.2)
        assert proc.poll() is None, "the load finished before it could be killed:\n" + proc.stdout.read().decode()
        time.sleep(1.0)
        os.killpg(proc.pid, signal.SIGKILL)  # the CLI, its JVM and Python workers, all at once
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)

    run = subprocess.run([sys.executable, "-c", CHECK, str(data)], env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["before"] == [0, 0]  # the killed load is not visible
    assert len(report["recovered"]) == 1  # its leftovers were dropped
    assert report["records"] == n
    assert report["after"] == [n, n]  # every record once
    assert report["ledger"] == 1 and report["partitions"] == 1


# ---- SIGKILL at named points of the commit, and while another load runs ----------------------------------
# The suite runs the small version (two kill points, one load in flight, one home and metastore service); the
# `heavy` tests kill at every point in turn and run the in-flight case on its own.
# JCAT_TEST_PAUSE_AT=<point> stops a real `jcat load` there (udfs.spark.landing.store.pause) and writes a marker
# file, so the kill lands at a known moment; deleting the marker lets a paused load go on.

REPORT = """
import json, sys
from udfs.spark.runtime import start
spark = start(master="local[1]")
spark.catalog.refreshTable("jcat.raw_loads")
rows = spark.sql("SELECT source_file, count(*), count(DISTINCT record_offset) FROM jcat.raw_qasym7j5 "
                 "GROUP BY 1").collect()
rejects = spark.sql("SELECT count(*) FROM jcat.raw_rejects").first()[0]
parts = sorted(r[0] for r in spark.sql("SHOW PARTITIONS jcat.landed_qasym7j5").collect())
ledger = sorted(r[0] for r in spark.sql("SELECT load_id FROM jcat.raw_loads").collect())
print(json.dumps({"files": {r[0].rsplit('/', 1)[1]: [r[1], r[2]] for r in rows}, "rejects": rejects,
                  "partitions": parts, "ledger": ledger}))
"""


def _env(home, **extra):
    return dict(os.environ, JCAT_HOME=str(home), PYTHONPATH=str(REPO), JCAT_METASTORE="service", **extra)


def _start_load(home, path, point=None, marker=None):
    extra = {"JCAT_TEST_PAUSE_AT": point, "JCAT_TEST_PAUSE_FILE": str(marker)} if point else {}
    return subprocess.Popen(
        [sys.executable, "-m", "udfs.cli", "--master", "local[1]", "load", "qasym7j5", "--quiet", str(path)],
        env=_env(home, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def _wait_for(marker: Path, proc, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if marker.exists():
            return
        assert proc.poll() is None, "the load ended before its pause point:\n" + proc.stdout.read().decode()[-3000:]
        time.sleep(0.2)
    raise AssertionError(f"no marker {marker} within {timeout}s")


def _kill(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)


def _jcat(home, *argv, timeout=600):
    return subprocess.run(
        [sys.executable, "-m", "udfs.cli", "--master", "local[1]", *argv],
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _report(home):
    run = subprocess.run([sys.executable, "-c", REPORT], env=_env(home), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def _stop_metastore(home):
    from udfs.spark.metastore import stop_service

    stop_service(home)


def _m7_file(path: Path, n: int, tail: bytes = b"") -> Path:
    path.write_bytes(b"".join(m7_records(n)) + tail)
    return path


def _kill_loads_at(home, path: Path, points, tmp_path, tag: str) -> None:
    """A `jcat load` of `path` paused at each point in turn and SIGKILLed there; each recovers what the one
    before it left."""
    for point in points:
        marker = tmp_path / f"pause-{tag}-{point}"
        proc = _start_load(home, path, point, marker)
        try:
            _wait_for(marker, proc)
            os.killpg(proc.pid, signal.SIGKILL)  # the CLI, its JVM and Python workers, all at once
        finally:
            _kill(proc)


def _rerun_drops_one(home, path: Path) -> None:
    run = _jcat(home, "load", "qasym7j5", str(path))  # no lock left behind blocks it
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stderr.count("dropped uncommitted load") == 1


def _report_then_rerun(home, path: Path) -> tuple[dict, int]:
    """What another process sees, then a load of `path` by that process: (the report, how many uncommitted loads
    its load dropped)."""
    script = (
        REPORT
        + f"""
from udfs.spark.landing import load
print(json.dumps({{"recovered": len(load(spark, "qasym7j5", [{str(path)!r}]).recovered)}}))
"""
    )
    run = subprocess.run([sys.executable, "-c", script], env=_env(home), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    seen, rerun = (json.loads(ln) for ln in run.stdout.strip().splitlines()[-2:])
    return seen, rerun["recovered"]


def _release(marker: Path, proc) -> None:
    marker.unlink()  # the paused load goes on and commits
    out, _ = proc.communicate(timeout=600)
    assert proc.returncode == 0, out.decode()[-3000:]


@pytest.mark.heavy
def test_kill_at_each_commit_point_then_rerun_lands_once(tmp_path):
    home = tmp_path / "home"
    data = _m7_file(tmp_path / "a.m7", 40, tail=b"\x40" * 100)  # 100 bytes short of a record: one reject
    try:
        _kill_loads_at(home, data, ("staged", "registered", "commit"), tmp_path, "a")
        seen = _report(home)
        assert seen["files"] == {} and seen["rejects"] == 0 and seen["ledger"] == [], seen  # nothing visible
        # Each killed load dropped the one killed before it; the last, killed after registering, is there unseen.
        assert len(seen["partitions"]) == 1
        _rerun_drops_one(home, data)
        seen = _report(home)
        assert seen["files"] == {"a.m7": [40, 40]}
        assert seen["rejects"] == 1
        assert len(seen["ledger"]) == 1 and seen["partitions"] == [f"load_id={seen['ledger'][0]}"]
    finally:
        _stop_metastore(home)


@pytest.mark.heavy
def test_kill_one_load_while_another_runs(tmp_path):
    home = tmp_path / "home"
    a = _m7_file(tmp_path / "a.m7", 30)
    b = _m7_file(tmp_path / "b.m7", 20)
    try:
        marker_a = tmp_path / "pause-a"
        load_a = _start_load(home, a, "registered", marker_a)  # stays in flight, uncommitted, until released
        try:
            _wait_for(marker_a, load_a)
            marker_b = tmp_path / "pause-b"
            load_b = _start_load(home, b, "commit", marker_b)
            try:
                _wait_for(marker_b, load_b)
                os.killpg(load_b.pid, signal.SIGKILL)
            finally:
                _kill(load_b)
            # The rerun of b recovers b's leftovers but leaves a's partition alone: a still holds its lease.
            _rerun_drops_one(home, b)
            _release(marker_a, load_a)
        finally:
            _kill(load_a)
        seen = _report(home)
        assert seen["files"] == {"a.m7": [30, 30], "b.m7": [20, 20]}
        assert len(seen["ledger"]) == 2 and len(seen["partitions"]) == 2
    finally:
        _stop_metastore(home)


def test_kill_at_commit_while_another_load_is_in_flight(tmp_path):
    """The small version of the two heavy tests above, in one home: a load paused in flight keeps its lease while
    a load of another file is killed at `commit` (its ledger file staged, not yet renamed); nothing shows, the
    rerun drops only the killed load's leftovers, and both files then land once with the one reject."""
    home = tmp_path / "home"
    a = _m7_file(tmp_path / "a.m7", 30)
    b = _m7_file(tmp_path / "b.m7", 20, tail=b"\x40" * 100)  # 100 bytes short of a record: one reject
    try:
        marker_a = tmp_path / "pause-a"
        load_a = _start_load(home, a, "registered", marker_a)  # stays in flight, uncommitted, until released
        try:
            _wait_for(marker_a, load_a)
            _kill_loads_at(home, b, ("commit",), tmp_path, "b")  # the heavy tests kill at every point
            seen, recovered = _report_then_rerun(home, b)  # one process: each costs a JVM
            assert seen["files"] == {} and seen["rejects"] == 0 and seen["ledger"] == [], seen  # nothing visible
            assert recovered == 1  # the load killed at commit; a is leased
            _release(marker_a, load_a)
        finally:
            _kill(load_a)
        seen = _report(home)
        assert seen["files"] == {"a.m7": [30, 30], "b.m7": [20, 20]}
        assert seen["rejects"] == 1
        assert len(seen["ledger"]) == 2 and sorted(seen["partitions"]) == sorted(f"load_id={x}" for x in seen["ledger"])
    finally:
        _stop_metastore(home)

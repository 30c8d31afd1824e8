"""Locks between jcat processes: a second build waits its turn (saying so), and a holder killed by SIGKILL
leaves no lock behind. No Spark: real processes holding real kernel locks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HOLD = """
import sys, time
from pathlib import Path
from udfs.spark.locks import queued
with queued(Path(sys.argv[1]), "jcat build / jcat dbt"):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def holder(lock: Path, seconds: float):
    p = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(lock), str(seconds)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    assert p.stdout.readline().strip() == "held"
    return p


def test_second_build_waits_then_goes_ahead(tmp_path):
    lock = tmp_path / "locks" / "build.lock"
    first = holder(lock, 600)
    second = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(lock), "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    line = second.stderr.readline()  # it says whom it waits for, then waits
    assert line.startswith(f"jcat: waiting for jcat build / jcat dbt pid {first.pid}"), line
    time.sleep(1)
    assert second.poll() is None  # still waiting
    first.terminate()
    first.wait(10)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 0 and out.strip() == "held" and "went ahead" in err


def test_sigkilled_holder_leaves_no_lock(tmp_path):
    lock = tmp_path / "locks" / "build.lock"
    first = holder(lock, 600)
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    t = time.monotonic()
    second = subprocess.run(
        [sys.executable, "-c", HOLD, str(lock), "0"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
        timeout=60,
    )
    assert second.stdout.strip() == "held" and "waiting" not in second.stderr
    assert time.monotonic() - t < 30

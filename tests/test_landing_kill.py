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

from udfs.samples import m7_records

pytestmark = pytest.mark.spark

CHECK = """
import json, sys
from udfs.runtime import start
from udfs.landing import load
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


def test_kill_mid_load_then_rerun_lands_every_record_once(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, JCAT_HOME=str(home), PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    n = 72_000  # ~70 MB: above the split threshold, so the byte-range path is the one killed
    data = tmp_path / "big.m7"
    block = b"".join(m7_records(1000))
    with open(data, "wb") as out:
        for _ in range(n // 1000):
            out.write(block)

    proc = subprocess.Popen([sys.executable, "-m", "udfs.cli", "--master", "local[2]", "load", "qasym7j5", str(data)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
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

"""Several jcat processes at once on the embedded default, no set-up step: `jcat serve` runs while `jcat load`s
and a `jcat build` run in other processes, all through the metastore service the first of them started; a JDBC
client then counts the new rows through the server.

The build selects one model of every format with only M7 landed (every raw view exists, empty, from the first
command, so every model builds), and passes one of dbt's own flags through `jcat build`."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from udfs.core.samples.m7 import m7_records

# Under -m heavy since the suite passed 20 minutes (114 s): serve, loads and builds each in a process of their own stay
# in the suite (test_serve.py, test_landing_kill.py, test_cluster.py); what only this runs is all of them at once.
pytestmark = [pytest.mark.spark, pytest.mark.long, pytest.mark.heavy]
REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_load_load_build_at_once_then_jdbc_counts(tmp_path):
    from pyhive import hive

    from udfs.spark.metastore import read_state, stop_service

    home = tmp_path / "home"
    env = dict(os.environ, JCAT_HOME=str(home), PYTHONPATH=str(REPO), JCAT_METASTORE="service")
    cli = [sys.executable, "-m", "udfs.cli", "--master", "local[1]"]
    a, b = tmp_path / "a.m7", tmp_path / "b.m7"
    a.write_bytes(b"".join(m7_records(30)))
    b.write_bytes(b"".join(m7_records(20)))
    port = free_port()
    log = tmp_path / "serve.log"
    serve = subprocess.Popen(
        cli + ["serve", "--port", str(port)],
        env=env,
        stdout=open(log, "wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 600
        while not re.search(r"listening on 127\.0\.0\.1:\d+", log.read_text(errors="replace")):
            assert serve.poll() is None and time.time() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(1)
        # two files in one `jcat load` (two loads at once into one raw table: test_landing_kill's in-flight load)
        run = subprocess.run(
            cli + ["load", "qasym7j5", str(a), str(b)], env=env, capture_output=True, text=True, timeout=900
        )
        assert run.returncode == 0, run.stderr[-3000:]
        # One model of every format, with only M7 landed: every other raw view exists from the first command and
        # is empty, so every model builds and says so. dbt's own flags pass through as dbt takes them: the models
        # and their data tests run, the unit tests (run by each format's model tests) do not.
        build = subprocess.run(
            cli
            + [
                "build",
                "--select",
                "audit_journal_m7",
                "journal_entries",
                "lldf_segments",
                "idms_journal",
                "ibmsnap_uow",
                "--exclude-resource-type",
                "unit_test",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert build.returncode == 0, (build.stdout + build.stderr)[-5000:]
        finished = next(ln for ln in (build.stdout + build.stderr).splitlines() if "Finished running" in ln)
        assert "data test" in finished and "unit test" not in finished, finished
        said = [ln for ln in build.stderr.splitlines() if "nothing to read" in ln]
        assert sorted(ln.split()[1] for ln in said) == [
            "ibmsnap_uow",
            "idms_journal",
            "journal_entries",
            "lldf_segments",
        ]
        assert "jcat.raw_idms is empty (land files with `jcat load idms FILE`)" in build.stderr
        assert read_state(home)["uri"].startswith("thrift://127.0.0.1:")  # one service served them all

        cur = hive.connect("127.0.0.1", port, username="tester", database="jcat").cursor()
        time.sleep(3)  # the server's cached listings expire (spark.sql.metadataCacheTTLSeconds=2)
        cur.execute("SELECT count(*), count(DISTINCT source_file) FROM jcat.raw_qasym7j5")
        assert cur.fetchall() == [(50, 2)]
        cur.execute("SELECT count(*) FROM jcat.audit_journal_m7")
        assert cur.fetchall() == [(50,)]
        cur.close()
    finally:
        if serve.poll() is None:
            os.killpg(serve.pid, signal.SIGTERM)
            try:
                serve.wait(120)
            except subprocess.TimeoutExpired:
                os.killpg(serve.pid, signal.SIGKILL)
                serve.wait(30)
        stop_service(home)

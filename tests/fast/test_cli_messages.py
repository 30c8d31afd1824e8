"""Every user mistake is one line on stderr that says what to do, and none needs Spark to be told."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def jcat(tmp_path, *argv, **env):
    e = dict(os.environ, JCAT_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO), **env)
    t = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "udfs.cli", *argv], env=e, capture_output=True, text=True, timeout=120)
    return run, time.monotonic() - t


def one_line(run) -> str:
    lines = [x for x in run.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("jcat: ")
    return lines[0]


def test_unknown_layout_is_one_line_listing_the_layouts_before_anything_starts(tmp_path):
    from udfs.core.layouts.registry import LAYOUTS

    run, _ = jcat(tmp_path, "load", "qasym7j6", str(tmp_path))
    assert run.returncode == 1
    named = ", ".join(lay.name for lay in LAYOUTS if not lay.name.startswith("ibmsnap_"))  # qasym7j5, ..., idms
    expected = f"unknown layout 'qasym7j6': expected {named}, ibmsnap_<table>, snapshot_<table> or file_<table>"
    assert expected in one_line(run)
    assert not (tmp_path / "home").exists()  # told before anything started


def test_missing_file_is_one_line_naming_the_path(tmp_path):
    run, _ = jcat(tmp_path, "load", "qasym7j5", str(tmp_path / "nope.m7"))
    assert run.returncode == 1
    assert f"no such file or directory: {tmp_path / 'nope.m7'}" in one_line(run)


def test_port_in_use_is_one_line_naming_port_host_and_the_port_option(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        run, _ = jcat(tmp_path, "serve", "--port", str(port))
    assert run.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in one_line(run) and "--port" in run.stderr


def test_unreachable_metastore_is_one_line_naming_it_and_saying_start_it(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run, _ = jcat(tmp_path, "--conf", f"spark.hadoop.hive.metastore.uris=thrift://127.0.0.1:{port}", "sql", "select 1")
    assert run.returncode == 2
    line = one_line(run)
    assert f"the Hive metastore at thrift://127.0.0.1:{port} does not answer" in line and "start it" in line


def test_conf_without_equals_is_one_line_saying_it_takes_key_equals_value(tmp_path):
    run, _ = jcat(tmp_path, "--conf", "spark.sql.shuffle.partitions", "sql", "select 1")
    assert run.returncode == 2
    assert "--conf takes KEY=VALUE" in one_line(run)

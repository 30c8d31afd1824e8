"""jcat on a real standalone cluster (loopback) whose executors have never seen jcat: load, dbt run and
sql give the values local mode gives, and the catalog's Python functions run on the executors from the
archive jcat ships. Each driver is its own process (one SparkContext per JVM)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.standalone import importable

from udfs.core.samples.m7 import m7_records

pytestmark = [pytest.mark.cluster, pytest.mark.compat]
REPO = Path(__file__).resolve().parents[2]

M7_SQL = (
    "SELECT record_number, ebcdic_str(substring(record, 667, 10), 1047) AS name, "
    "unpack_bin(substring(record, 857, 8)) AS rule FROM jcat.raw_qasym7j5 {where} ORDER BY record_number"
)

# One driver process runs the same CLI commands a user types, in a row (the session is reused).
SCRIPT = r"""
import json, sys
from udfs.cli import main
master, data, rdw, m7_sql = sys.argv[1:5]
m = ["--master", master]
def run(*args):
    rc = main(m + list(args))
    print("@rc " + json.dumps([args[0], rc]), flush=True)
    if rc:
        sys.exit(0)
run("load", "qasym7j5", data, "--quiet")
run("load", "qjordje5", rdw, "--rdw", "--quiet")
run("dbt", "run", "--select", "audit_journal_m7")
run("sql", m7_sql, "--format", "json")
run("sql", "SELECT * EXCEPT (load_id) FROM jcat.audit_journal_m7 ORDER BY record_number", "--format", "json")
run("sql", "SELECT record_number, record_offset, hex(record) AS r FROM jcat.raw_qjordje5 ORDER BY record_offset",
    "--format", "json")
"""


def drive(master: str, home: Path, data: Path, rdw: Path, python: str | None) -> dict:
    env = dict(os.environ, JCAT_HOME=str(home), PYTHONPATH=str(REPO))
    env.pop("PYSPARK_PYTHON", None)
    if python:
        env["PYSPARK_PYTHON"] = python  # the user's choice of executor interpreter, honoured as given
    r = subprocess.run(
        [sys.executable, "-c", SCRIPT, master, str(data), str(rdw), M7_SQL.format(where="")],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    out = {"rc": [], "loads": [], "rows": [], "stderr": r.stderr}
    current = []
    for line in r.stdout.splitlines():  # rows a command prints come before its @rc line
        if line.startswith("{"):
            current.append(json.loads(line))
        elif line.startswith("@rc "):
            out["rc"].append(json.loads(line[4:]))
            out["rows"].append(current)
            current = []
        elif ": loaded" in line:
            out["loads"].append(line)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


def _files(tmp_path):
    from support.landing_data import rdw

    data = tmp_path / "m7.bin"
    data.write_bytes(b"".join(m7_records(40)) + b"\x40\x40")
    rdw_file = tmp_path / "v.rdw"
    rdw_file.write_bytes(b"".join(rdw(r[: 200 + i]) for i, r in enumerate(m7_records(25, seed=3))))
    return data, rdw_file


def _check_premise(py):
    # the executors' Python has what Arrow needs, and none of jcat's code
    assert importable(py, "pyarrow") and importable(py, "pandas") and importable(py, "numpy")
    assert not importable(py, "udfs") and not importable(py, "ebcdic")


def test_executors_without_jcat_run_load_dbt_and_sql(standalone_cluster, spark, tmp_path):
    """The suite's version: one driver on the cluster; local values from the test session (local[2])."""
    from udfs.spark.landing import load

    py = standalone_cluster.python
    _check_premise(py)
    data, rdw_file = _files(tmp_path)
    cluster = drive(standalone_cluster.url, tmp_path / "home-cluster", data, rdw_file, py)
    assert [rc for _, rc in cluster["rc"]] == [0] * 6, cluster["stderr"][-3000:]

    local_loads = [
        load(spark, "qasym7j5", [str(data)]).files[0].line(),
        load(spark, "qjordje5", [str(rdw_file)], framing="rdw").files[0].line(),
    ]
    assert cluster["loads"] == local_loads
    assert "40 records" in local_loads[0] and "short_tail: 2 bytes" in local_loads[0]
    local = [r.asDict() for r in spark.sql(M7_SQL.format(where=f"WHERE source_file = 'file:{data}'")).collect()]
    assert cluster["rows"][3] == local and len(local) == 40
    assert any(r["name"] for r in local)  # decoded on the executors, with ebcdic's code page 1047
    raw = spark.sql(
        f"SELECT record_number, record_offset, hex(record) AS r FROM jcat.raw_qjordje5 "
        f"WHERE source_file = 'file:{rdw_file}' ORDER BY record_offset"
    ).collect()
    assert cluster["rows"][5] == [r.asDict() for r in raw] and len(raw) == 25
    # dbt built the model on the cluster, from every landed record
    assert sorted(r["record_number"] for r in cluster["rows"][4]) == list(range(1, 41))
    # the executors imported jcat from the shipped archive: it is in the app's work directory
    assert list((standalone_cluster.home / "work").rglob("jcat-*.zip")), "no archive reached the executors"


@pytest.mark.heavy
def test_cluster_and_local_drivers_give_the_same_values(standalone_cluster, tmp_path):
    """Everything, twice: the same commands on the cluster and in local mode, each in its own driver."""
    py = standalone_cluster.python
    _check_premise(py)
    data, rdw_file = _files(tmp_path)
    cluster = drive(standalone_cluster.url, tmp_path / "home-cluster", data, rdw_file, py)
    local = drive("local[1]", tmp_path / "home-local", data, rdw_file, None)
    assert [rc for _, rc in cluster["rc"]] == [0] * 6, cluster["stderr"][-3000:]
    assert [rc for _, rc in local["rc"]] == [0] * 6, local["stderr"][-3000:]
    assert cluster["loads"] == local["loads"] and len(cluster["loads"]) == 2
    for on_cluster, on_local in zip(cluster["rows"][3:], local["rows"][3:]):
        assert on_cluster == on_local and len(on_cluster) > 0


def test_executors_missing_pandas_stop_with_one_line(standalone_cluster, tmp_path):
    bare = os.path.realpath(getattr(sys, "_base_executable", sys.executable))
    if importable(bare, "pandas"):
        pytest.skip(f"{bare} has pandas: no bare interpreter to point the executors at")
    env = dict(os.environ, JCAT_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO), PYSPARK_PYTHON=bare)
    r = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "--master", standalone_cluster.url, "sql", "SELECT 1"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 2
    lines = [ln for ln in r.stderr.splitlines() if ln.startswith("jcat:") and "warning" not in ln]
    assert len(lines) == 1, r.stderr[-2000:]
    assert "executors cannot run jcat" in lines[0] and bare in lines[0] and "no pandas" in lines[0], lines[0]
    assert "on " in lines[0] and "Traceback" not in r.stderr

"""A JCAT_HOME made by the previous version (git 21ce73b: Derby inside each process, no leases, ledger appended
by insertInto) keeps working: its metastore is served by the new shared service, its loads stay visible and
exactly once, and new loads and every raw view of the new version join it. Made by running the old code itself
(git archive of that commit), so no fixture can drift from what it really wrote."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from udfs.core.samples.m7 import m7_records

pytestmark = [pytest.mark.spark, pytest.mark.heavy]  # under -m heavy since the suite passed 20 minutes (47 s)
REPO = Path(__file__).resolve().parents[2]
PREVIOUS = "21ce73b"


def old_checkout(dest: Path) -> Path:
    have = subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{PREVIOUS}^{{commit}}"], capture_output=True)
    if have.returncode != 0:
        pytest.skip(f"commit {PREVIOUS} is not in this clone (shallow?): cannot run the previous version")
    blob = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", PREVIOUS], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as t:
        t.extractall(dest, filter="data")
    return dest


def test_home_of_previous_version_keeps_working(tmp_path):
    from udfs.spark.metastore import stop_service

    old = old_checkout(tmp_path / "old")
    home = tmp_path / "home"
    a, b = tmp_path / "a.m7", tmp_path / "b.m7"
    a.write_bytes(b"".join(m7_records(12)))
    b.write_bytes(b"".join(m7_records(8)))
    base = {k: v for k, v in os.environ.items() if not k.startswith("JCAT_")}
    run = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "--master", "local[1]", "load", "qasym7j5", str(a)],
        env=dict(base, JCAT_HOME=str(home), PYTHONPATH=str(old), JCAT_PROJECT_DIR=str(old)),
        capture_output=True,
        text=True,
        timeout=600,
        cwd=str(old),
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert (home / "metastore_db").is_dir() and not (home / "metastore").exists()  # the old layout

    env = dict(base, JCAT_HOME=str(home), PYTHONPATH=str(REPO), JCAT_METASTORE="service")
    # the new version's `jcat load` then `jcat sql`, as a user types them, in one process (a JVM start each spared)
    script = (
        "import sys\nfrom udfs.cli import main\nm = ['--master', 'local[1]']\n"
        "sys.exit(main(m + ['load', 'qasym7j5', sys.argv[1], sys.argv[2]]) or main(m + ['sql', sys.argv[3], "
        "'--format', 'csv']))"
    )
    query = "SELECT count(*), count(DISTINCT source_file), (SELECT count(*) FROM jcat.raw_idms) FROM jcat.raw_qasym7j5"
    try:
        run = subprocess.run(
            [sys.executable, "-c", script, str(a), str(b), query], env=env, capture_output=True, text=True, timeout=600
        )
        assert run.returncode == 0, run.stderr[-3000:]
        assert run.stdout.splitlines()[-1] == "20,2,0"  # a once (unchanged, not reloaded), b new; raw_idms exists
    finally:
        stop_service(home)

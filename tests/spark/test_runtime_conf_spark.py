"""--conf and spark-defaults.conf reach a real session: `jcat sql "select current_timezone()"` prints what they set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_timezone_from_conf_and_from_spark_defaults(tmp_path):
    # the embedded metastore: the two processes run one after the other, and no service JVM starts
    env = dict(os.environ, JCAT_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO), JCAT_METASTORE="embedded")
    env.pop("JCAT_TIMEZONE", None)
    cmd = [sys.executable, "-m", "udfs.cli", "--master", "local[1]"]
    try:
        run = subprocess.run(
            cmd
            + [
                "--conf",
                "spark.sql.session.timeZone=Asia/Tokyo",
                "sql",
                "select current_timezone()",
                "--format",
                "csv",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert run.returncode == 0, run.stderr[-3000:]
        assert run.stdout.splitlines()[-1] == "Asia/Tokyo"
        conf_dir = tmp_path / "conf"
        conf_dir.mkdir()
        (conf_dir / "spark-defaults.conf").write_text("spark.sql.session.timeZone Asia/Kolkata\n")
        run = subprocess.run(
            cmd + ["sql", "select current_timezone()", "--format", "csv"],
            env=dict(env, SPARK_CONF_DIR=str(conf_dir)),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert run.returncode == 0, run.stderr[-3000:]
        assert run.stdout.splitlines()[-1] == "Asia/Kolkata"
    finally:
        from udfs.spark.metastore import stop_service

        stop_service(tmp_path / "home")

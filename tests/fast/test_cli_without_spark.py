"""The `jcat` command: output formats, clear errors, the console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from udfs.spark.output import short_error

JCAT = str(Path(sys.executable).parent / "jcat")


def test_short_error_extracts_the_worker_error():
    wrapped = "org.apache.spark...\nTraceback...\n  File x\nDecodeError: unpack_bin: cannot decode X'00'\n\tat ..."
    assert short_error(Exception(wrapped)) == "DecodeError: unpack_bin: cannot decode X'00'"


def test_functions_command_runs_without_java():
    out = subprocess.run([JCAT, "functions"], capture_output=True, text=True, check=True).stdout
    assert "parse_lrsn(b BINARY[, delta BINARY]) -> TIMESTAMP" in out


def test_missing_java_is_a_clear_message(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "JAVA_HOME"}
    env["PATH"] = str(Path(sys.executable).parent)  # no java on it
    env["JCAT_HOME"] = str(tmp_path)
    assert shutil.which("java", path=env["PATH"]) is None
    proc = subprocess.run([JCAT, "sql", "SELECT 1"], capture_output=True, text=True, env=env)
    assert proc.returncode == 2
    assert (
        proc.stderr.strip() == "jcat: Java is needed to run Spark and was not found: install Java 17 (or set JAVA_HOME)"
    )

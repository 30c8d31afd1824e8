"""A wheel works outside a checkout: built from this repository, installed (not editable) into a fresh virtualenv,
run from a folder that is not the checkout, it finds the dbt project it ships (udfs/_project) and decodes.

The fresh virtualenv installs the wheel alone (--no-deps, --no-index); the dependencies come from the test's own
environment through a .pth line, so nothing is downloaded but the build backend (pip's isolated build)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

from support import REPO


def run(cmd, cwd, env, timeout=900):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, f"{cmd}: {r.stdout[-2000:]}\n{r.stderr[-3000:]}"
    return r.stdout


def test_installed_wheel_runs_from_any_folder(tmp_path):
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JCAT_PROJECT_DIR") and not k.startswith("DBT_")
    }
    env["JCAT_HOME"] = str(tmp_path / "home")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(REPO)], REPO, env)
    wheel = next((tmp_path / "dist").glob("jcat-*.whl"))
    venv = tmp_path / "venv"
    run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", str(venv)], tmp_path, env)
    site = Path(
        subprocess.check_output(
            [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (site / "_jcat_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        tmp_path,
        env,
    )

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import udfs, udfs.core.project as p; print(udfs.__file__); print(p.project_dir())",
        ],
        elsewhere,
        env,
    ).split()
    assert where[0].startswith(str(site)) and where[1] == str(site / "udfs" / "_project")
    assert (Path(where[1]) / "models" / "ibmi" / "audit_journal_m7.sql").is_file()
    assert (Path(where[1]) / "sql" / "ibmsnap").is_dir()
    assert "dbt build (models and their tests)" in run([str(venv / "bin" / "jcat"), "--help"], elsewhere, env)
    run([str(venv / "bin" / "jcat"), "build", "--help"], elsewhere, env)
    # one JVM: dbt parses the shipped project and runs a query through the registered catalog
    out = run(
        [
            str(venv / "bin" / "jcat"),
            "--master",
            "local[1]",
            "dbt",
            "show",
            "--inline",
            "select unpack_packed(X'12345C') as v, ebcdic_str(X'C8C5D3D3D6') as t",
        ],
        elsewhere,
        env,
    )
    assert re.search(r"\b12,?345\b", out) and "HELLO" in out, out[-2000:]

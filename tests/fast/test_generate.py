"""`jcat generate --check`: passes on the repository, fails naming the file when a generated model is edited by
hand, a generated file is missing, or a file with the marker has no target (no JVM)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from udfs.render import generate
from udfs.render.markers import TAG, is_generated, replace_section, section_begin, section_end

ROOT = Path(__file__).resolve().parents[2]


def _check(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-m", "udfs.cli", "generate", "--check"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("clone") / "jcat"
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "target", "logs", ".jcat", "__pycache__", "*.egg-info", "build", "dist"
    )
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def test_check_passes_on_the_repository():
    assert generate.problems() == []


def test_every_generated_file_begins_with_one_marker_line():
    for path, (_, text) in generate.all_files().items():
        first, rest = text.split("\n", 1)
        if is_generated(first):
            assert TAG not in rest.split("\n", 1)[0], path
        else:  # a generated section of a hand-written page
            assert section_begin(path, "x").split(" from ")[0] in text and section_end(path) in text, path


def test_check_fails_on_a_hand_edit_a_missing_file_and_an_orphan(copy):
    assert _check(copy).returncode == 0
    model = copy / "models" / "ibmi" / "audit_journal_m7.sql"  # a field moved by hand: 611 -> 612
    model.write_text(model.read_text().replace("'record', 611, 3", "'record', 612, 3", 1))
    esd = copy / "models" / "ibmi" / "esd" / "ibmi_esd_commit.yml"
    esd.unlink()
    orphan = copy / "models" / "ibmi" / "esd" / "ibmi_esd_gone.sql"
    shutil.copy(copy / "models" / "ibmsnap" / "ibmsnap_uow.sql", orphan)
    r = _check(copy)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "differs: models/ibmi/audit_journal_m7.sql" in r.stdout
    assert "missing: models/ibmi/esd/ibmi_esd_commit.yml" in r.stdout
    assert "orphan: models/ibmi/esd/ibmi_esd_gone.sql" in r.stdout
    # generate puts back what it owns; the orphan stays for a person to delete
    env = {**os.environ, "PYTHONPATH": str(copy)}
    subprocess.run([sys.executable, "-m", "udfs.cli", "generate"], cwd=copy, env=env, check=True, timeout=300)
    orphan.unlink()
    assert _check(copy).returncode == 0


def test_a_generated_section_keeps_the_hand_written_page():
    page = "# Title\n\nhand-written\n"
    once = replace_section("x.md", "src", page, "| a |\n")
    assert once.startswith(page) and "| a |" in once
    twice = replace_section("x.md", "src", once + "\nmore by hand\n", "| b |\n")
    assert "| a |" not in twice and "| b |" in twice and "more by hand" in twice and twice.count("BEGIN") == 1

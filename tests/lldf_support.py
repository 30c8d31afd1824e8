"""Helpers for the LLDF tests (no tests here).

`private_project` assembles a dbt project holding the shared macros, the sources and the LLDF models only:
the LLDF tests then parse and run in seconds and are not broken by other areas' work in progress in the same
working tree. `tests/test_lldf_roundtrip.py` lands a generated file and builds the LLDF models in the full project.
"""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_MACROS = ("jcat_bin", "jcat_char", "jcat_decode_errors", "jcat_hex", "jcat_ibmi_timestamp",
                 "jcat_new_records", "jcat_packed", "jcat_scale", "jcat_strict_guard", "jcat_zoned")


def private_project(target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    (target / "macros").mkdir(parents=True)
    (target / "models").mkdir()
    (target / "seeds").mkdir()
    for name in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(REPO / name, target / name)
    for m in SHARED_MACROS:
        shutil.copy(REPO / "macros" / f"{m}.sql", target / "macros")
    for m in (REPO / "macros").glob("jcat_lldf_*.sql"):
        shutil.copy(m, target / "macros")
    shutil.copy(REPO / "models" / "sources.yml", target / "models")
    shutil.copytree(REPO / "models" / "lldf", target / "models" / "lldf")
    for s in (REPO / "seeds").glob("lldf_*.csv"):
        shutil.copy(s, target / "seeds")
    return target

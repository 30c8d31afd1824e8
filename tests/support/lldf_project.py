"""Helpers for the LLDF tests (no tests here).

`private_project` assembles a dbt project holding the shared macros, the sources and the LLDF models only:
the LLDF tests then parse and run in seconds and are not broken by other areas' work in progress in the same
working tree. `tests/spark/test_lldf_roundtrip.py` lands a generated file and builds the LLDF models in the full project.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from . import REPO


def private_project(target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    (target / "macros").mkdir(parents=True)
    (target / "models").mkdir()
    (target / "seeds").mkdir()
    for name in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(REPO / name, target / name)
    # every macro: the field macros call shared helpers (jcat_fn, jcat_layout_field, the on-run-start hook)
    for m in (REPO / "macros").glob("*.sql"):
        shutil.copy(m, target / "macros")
    shutil.copy(REPO / "models" / "sources.yml", target / "models")
    shutil.copytree(REPO / "models" / "lldf", target / "models" / "lldf")
    for s in (REPO / "seeds").glob("lldf_*.csv"):
        shutil.copy(s, target / "seeds")
    return target


# ---- DATA written from seed 002's text (not from the layout's encoder, not from the models) ----------------------

def seed_data(parts: list[bytes]) -> bytes:
    """DATA as seed 002 words it, for the types whose content it describes.

    - DATA: "First 2 bytes are a halfword value that contains total length of the data segment (including
      2-byte length)".
    - "The row image begins with a two-byte length value that defines the length of the succeeding row image."
    - update: "The additional row image starts with a two-byte length field that begins immediately after the
      update action's before image"; "For UB records [...]: before data is first; after data is next".
    - exchange: "2-byte length of clone table owner, Owner of clone table, 2-byte length of clone table name,
      Name of clone table".
    """
    out = b""
    for part in parts:
        out += len(part).to_bytes(2, "big") + part  # the length does not count its own 2 bytes
    return (len(out) + 2).to_bytes(2, "big") + out  # the total does

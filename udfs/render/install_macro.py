"""The dbt `on-run-start` hook that installs jcat's persistent SQL functions, as a `jcat generate` target: the
macro holds every function's DDL and the catalog hash, so it changes whenever a body, a signature or the
version does, and `jcat generate --check` catches a stale copy."""

from __future__ import annotations

from pathlib import Path

from ..core import __version__
from ..core.project import source_root
from .sql_functions import MACRO_PATH, dbt_macro


def generated_files() -> dict[Path, str]:
    return {source_root() / MACRO_PATH: dbt_macro(__version__)}

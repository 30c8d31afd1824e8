"""Where the project's files are: the dbt project (dbt_project.yml, models, macros) and the DDL in sql/.

No Spark. `source_root()` is the copy this package came with: the checkout it runs from, else the copy installed
beside it (udfs/_project, in a wheel). `project_dir()` is the dbt project to run: JCAT_PROJECT_DIR when set (a
user's own project, or a test's copy), else the home project under JCAT_HOME once a table is declared there, else
`source_root()`.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # udfs/
INSTALLED = _PACKAGE / "_project"


class ProjectNotFound(RuntimeError):
    """No dbt project where jcat looks for one; the message says how to give one."""


def _is_project(path: Path) -> bool:
    return (path / "dbt_project.yml").is_file()


def source_root() -> Path:
    """The checkout holding this package, else the project files installed with it (checked by project_dir)."""
    checkout = _PACKAGE.parent
    return checkout if _is_project(checkout) else INSTALLED


def home_project() -> Path:
    """The project `jcat tables add` creates when no JCAT_PROJECT_DIR is set: under JCAT_HOME, jcat as a package."""
    return Path(os.environ.get("JCAT_HOME", "./.jcat")).resolve() / "project"


def project_dir() -> Path:
    """The dbt project: JCAT_PROJECT_DIR, else the home project (once `jcat tables add` created it), else the
    checkout this package runs from, else its installed copy."""
    env = os.environ.get("JCAT_PROJECT_DIR")
    if env:
        return Path(env).resolve()
    if _is_project(home_project()):
        return home_project()
    root = source_root()
    if not _is_project(root):
        raise ProjectNotFound(
            "cannot find the jcat dbt project: set JCAT_PROJECT_DIR to the folder holding dbt_project.yml"
        )
    return root

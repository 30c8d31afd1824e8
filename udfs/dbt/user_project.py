"""The dbt project a user's tables are declared in: JCAT_PROJECT_DIR, else the home project under JCAT_HOME,
created (with `dbt deps` for its jcat package) by the first declaration."""

from __future__ import annotations

from pathlib import Path

from ..core.project import home_project, project_dir, source_root
from ..core.tables.declaration import DeclarationProblem
from ..render import home_project as home
from .runner import install_packages


def user_project(create: bool) -> Path:
    """The user's project; a new home project when none exists and `create`."""
    root = project_dir()
    if root.resolve() != source_root().resolve():
        return root
    if not create:
        raise DeclarationProblem(
            "no table is declared yet: declare one with `jcat tables add NAME --log ibmi --ddl FILE`"
        )
    root = home_project()
    if home.create(root) and not install_packages(root):
        raise DeclarationProblem(f"created {root}, but `dbt deps` failed there: run `jcat dbt deps` to see why")
    return root

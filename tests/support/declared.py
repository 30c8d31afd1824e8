"""A user's own dbt project for the declared-table tests: the home project's files in a temporary folder, named by
JCAT_PROJECT_DIR, with the table's DDL beside it, and the table declared as a user declares it (`jcat tables add`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from udfs.cli import main
from udfs.render import home_project


def project_with_ddl(tmp_path: Path, monkeypatch, ddl_files: dict[str, str]) -> Path:
    """For the fast tier: the project (no dbt deps: nothing builds) and the DDL files in tmp_path."""
    root = tmp_path / "project"
    home_project.create(root)
    monkeypatch.setenv("JCAT_PROJECT_DIR", str(root))
    monkeypatch.setenv("JCAT_HOME", str(tmp_path / "home"))
    for name, text in ddl_files.items():
        (tmp_path / name).write_text(text)
    return root


@contextmanager
def declared_project(tmp_path_factory: pytest.TempPathFactory, name: str, ddl: str, *options: str) -> Iterator[Path]:
    """For a module's Spark tests: the project with jcat installed as its package (`dbt deps`) and table `name`
    declared from `ddl` with `jcat tables add NAME --ddl FILE OPTIONS`; JCAT_PROJECT_DIR names it until the end."""

    def argv(root: Path) -> list[str]:
        ddl_file = root.parent / f"{name}.sql"
        ddl_file.write_text(ddl)
        return ["--ddl", str(ddl_file), *options]

    with _declaring(tmp_path_factory, name, argv) as root:
        yield root


@contextmanager
def copybook_project(
    tmp_path_factory: pytest.TempPathFactory, name: str, copybook: Path, *options: str, log: str = "file"
) -> Iterator[Path]:
    """As declared_project, from a copybook: `jcat tables add NAME --log file|idms --copybook FILE OPTIONS`."""
    with _declaring(tmp_path_factory, name, lambda root: ["--log", log, "--copybook", str(copybook), *options]) as root:
        yield root


@contextmanager
def _declaring(tmp_path_factory: pytest.TempPathFactory, name: str, argv) -> Iterator[Path]:
    """A home project in a temporary folder with jcat as its package, table `name` declared with `jcat tables add
    NAME argv(root)`, named by JCAT_PROJECT_DIR until the end."""
    from udfs.dbt.runner import install_packages

    root = tmp_path_factory.mktemp(name) / "project"
    home_project.create(root)
    saved = os.environ.get("JCAT_PROJECT_DIR")
    os.environ["JCAT_PROJECT_DIR"] = str(root)
    try:
        assert install_packages(root)
        assert main(["tables", "add", name, *argv(root)]) == 0
        yield root
    finally:
        if saved is None:
            os.environ.pop("JCAT_PROJECT_DIR", None)
        else:
            os.environ["JCAT_PROJECT_DIR"] = saved

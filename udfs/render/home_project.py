"""The dbt project `jcat tables add` creates under JCAT_HOME when the user names none (JCAT_PROJECT_DIR).

It lists jcat as a package (packages.yml, the jcat project this package came with), so `jcat build` there builds
jcat's models and the user's tables together; the tables' own files go in tables/, models/ and macros/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ..core.project import source_root

DBT_PROJECT = """\
# Your jcat project: jcat's own models come from the jcat package (packages.yml); your tables are declared in
# tables/ (`jcat tables add`), and `jcat generate` writes their models into models/jcat_tables and macros/jcat_tables.
name: jcat_home
version: "1.0"
config-version: 2
profile: jcat

model-paths: ["models"]
macro-paths: ["macros"]
clean-targets: ["target", "dbt_packages"]
# jcat's versions of dbt's own macros (a view whose inputs did not change is kept as it is) apply here too
dispatch:
  - macro_namespace: dbt
    search_order: ["jcat_home", "jcat", "dbt"]
"""


def packages_yml(jcat_project: Path) -> str:
    return f'packages:\n  - local: "{jcat_project}"  # jcat\'s dbt project, as installed\n'


def create(root: Path) -> list[Path]:
    """The project's files, unless it exists; returns what was written."""
    if (root / "dbt_project.yml").exists():
        return []
    root.mkdir(parents=True, exist_ok=True)
    files = {root / "dbt_project.yml": DBT_PROJECT, root / "packages.yml": packages_yml(source_root())}
    for path, text in files.items():
        path.write_text(text)
    shutil.copyfile(source_root() / "profiles.yml", root / "profiles.yml")
    for folder in ("tables", "models", "macros"):
        (root / folder).mkdir(exist_ok=True)
    return [*files, root / "profiles.yml"]

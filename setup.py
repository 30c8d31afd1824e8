"""Build step: a wheel carries the dbt project (dbt_project.yml, profiles.yml, models, macros, sql) as package
data under udfs/_project, so `jcat build` and `jcat demo` work from any folder outside a checkout
(udfs.core.project.source_root finds it). Everything else is in pyproject.toml. An editable install reads the
checkout itself and copies nothing."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
PROJECT_FILES = ("dbt_project.yml", "profiles.yml", "models", "macros", "sql")


class build_py_with_project(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "udfs" / "_project"
        shutil.rmtree(target, ignore_errors=True)
        for name in PROJECT_FILES:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target / name)


setup(cmdclass={"build_py": build_py_with_project})

"""The dependency ranges pyproject.toml declares, and the constraints files CI installs at their ends: each file
pins every runtime dependency inside its range, the oldest at each range's lower bound, and dbt's own
require-dbt-version says what the package's range says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pip carries the same parser
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = sorted((ROOT / "constraints").glob("spark-*.txt"))
OLDEST = ROOT / "constraints" / "spark-4.2-python-3.10.txt"
MAIN = ROOT / "constraints" / "spark-4.3-python-3.11.txt"  # what the README's plain install takes: the suite's


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _runtime() -> dict[str, Requirement]:
    return {(r := Requirement(line)).name: r for line in _project()["dependencies"]}


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{path.name}: {line!r} is not a pin (name==version)"
            pins[name.strip()] = version.strip()
    return pins


def _lower(spec: SpecifierSet) -> str:
    (low,) = [s.version for s in spec if s.operator == ">="]
    return low


def test_every_dependency_is_a_range_not_a_pin():
    for name, req in _runtime().items():
        ops = {s.operator for s in req.specifier}
        assert ops == {">=", "<"}, f"{name}: {req.specifier} (a library declares a range: >=low,<high)"


def test_the_ends_are_the_oldest_spark_on_the_oldest_python_and_the_newest_on_each_newer_python():
    assert [p.name for p in CONSTRAINTS] == [
        "spark-4.2-python-3.10.txt",
        "spark-4.3-python-3.11.txt",
        "spark-4.3-python-3.12.txt",
    ]
    pythons = SpecifierSet(_project()["requires-python"])
    lowest, highest = sorted(_versions(pythons))[0], sorted(_versions(pythons))[-1]
    assert OLDEST.name.endswith(f"python-{lowest}.txt") and CONSTRAINTS[-1].name.endswith(f"python-{highest}.txt")


def _versions(pythons: SpecifierSet) -> list[str]:
    return [f"3.{minor}" for minor in range(8, 16) if pythons.contains(f"3.{minor}")]


@pytest.mark.parametrize("path", CONSTRAINTS, ids=lambda p: p.name)
def test_each_constraints_file_pins_every_runtime_dependency_inside_its_range(path):
    pins, runtime = _pins(path), _runtime()
    assert set(pins) == set(runtime), f"{path.name} pins {sorted(pins)}, pyproject declares {sorted(runtime)}"
    for name, version in pins.items():
        assert runtime[name].specifier.contains(version), f"{path.name}: {name}=={version} outside {runtime[name]}"
    spark = re.fullmatch(r"spark-(\d+\.\d+)-python-\d+\.\d+\.txt", path.name).group(1)
    assert pins["pyspark"].startswith(spark + "."), f"{path.name} pins pyspark {pins['pyspark']}"


def test_the_oldest_end_is_every_lower_bound():
    pins = _pins(OLDEST)
    for name, req in _runtime().items():
        assert SpecifierSet(f"=={_lower(req.specifier)}").contains(pins[name]), (
            f"{OLDEST.name} pins {name}=={pins[name]}, the range starts at {_lower(req.specifier)}"
        )


def test_ci_installs_every_other_end_with_its_python():
    """The suite runs on the README's plain install (MAIN's versions); CI installs each other end with its file,
    in a venv of the Python the file names."""
    ci = (ROOT / ".ci" / "run").read_text()
    for path in CONSTRAINTS:
        if path != MAIN:
            python = re.search(r"python-(\d+\.\d+)\.txt", path.name).group(1)
            run = rf"compat {python} constraints/{re.escape(path.name)}"
            assert re.search(run, ci), f".ci/run never runs {path.name}"


def test_dbt_require_version_is_the_packages_dbt_core_range():
    declared = yaml.safe_load((ROOT / "dbt_project.yml").read_text())["require-dbt-version"]
    assert SpecifierSet(",".join(declared)) == _runtime()["dbt-core"].specifier

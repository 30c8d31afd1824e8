"""jcat started beside a pyspark outside its declared range says so in one line, before any JVM starts."""

from __future__ import annotations

import pytest

from udfs.spark.runtime import RuntimeProblem, check_pyspark, declared_range


def test_the_installed_pyspark_is_in_the_declared_range_and_passes():
    import pyspark

    wanted = declared_range("pyspark")
    assert wanted is not None and wanted.contains(pyspark.__version__)
    check_pyspark()


@pytest.mark.parametrize("version", ["3.5.8", "4.1.4", "4.4.0"])
def test_a_pyspark_outside_it_is_one_line_naming_both_versions(monkeypatch, version):
    import pyspark

    monkeypatch.setattr(pyspark, "__version__", version)
    with pytest.raises(RuntimeProblem) as err:
        check_pyspark()
    line = str(err.value)
    assert "\n" not in line and f"has pyspark {version}" in line and str(declared_range("pyspark")) in line


def test_a_package_jcat_does_not_declare_has_no_range():
    assert declared_range("no-such-package") is None

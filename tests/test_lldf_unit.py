"""LLDF dbt unit tests (hex fixtures rendered by udfs.demos.lldf_unit): files in sync with the encoders, and passing."""

from __future__ import annotations

from udfs.cli import run_dbt
from udfs.demos import lldf_unit


def test_rendered_unit_tests_are_in_sync():
    stale = [str(p) for p, text in lldf_unit.rendered_files().items() if p.read_text() != text]
    assert not stale, "run `python -m udfs.demos.lldf_unit`: " + ", ".join(stale)


def test_every_lldf_model_has_unit_tests():
    assert {p.stem for p in lldf_unit.MODELS_DIR.glob("*.sql")} == set(lldf_unit.unit_tests())


def test_dbt_unit_tests(spark):
    # the seed first: lldf_rows_payroll_employee reads its column list from it when it compiles
    assert run_dbt(spark, ["seed", "--select", "lldf_columns"])
    assert run_dbt(spark, ["test", "--select", "test_type:unit,path:models/lldf"])

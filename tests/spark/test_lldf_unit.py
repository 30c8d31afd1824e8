"""LLDF dbt unit tests (hex fixtures rendered by tests/support/lldf/unit.py): files in sync with the encoders, and
passing."""

from __future__ import annotations

from udfs.dbt.runner import run_dbt


def test_lldf_models_pass_their_dbt_unit_tests(spark):
    assert run_dbt(spark, ["test", "--select", "test_type:unit,path:models/lldf"])

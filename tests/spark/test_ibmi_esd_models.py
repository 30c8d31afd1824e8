"""The ESD models' dbt unit tests (models/ibmi/esd/ibmi_esd_unit_tests.yml, rendered by tests/support/ibmi/esd_unit.py
from seed 001's tables): every one runs and passes."""

from __future__ import annotations

import json

from support.ibmi.esd_mapping import EXPECTED

from udfs.dbt.runner import run_dbt
from udfs.spark.runtime import jcat_home


def test_every_esd_model_decodes_each_column_at_its_seed_position_in_its_unit_test(spark):
    ok = run_dbt(spark, ["test", "--select", "test_type:unit,path:models/ibmi/esd"])
    ran = json.loads((jcat_home() / "dbt" / "target" / "run_results.json").read_text())["results"]
    status = {r["unique_id"].rsplit(".", 1)[-1]: r["status"] for r in ran if r["unique_id"].startswith("unit_test.")}
    want = {f"ibmi_esd_{m}_decodes_every_column_at_its_seed_position" for m in set(EXPECTED.values())}
    assert set(status) == want, sorted(set(status) ^ want)  # one per mapped model, none skipped by the selection
    failed = sorted(name for name, s in status.items() if s != "pass")
    assert ok and not failed, failed

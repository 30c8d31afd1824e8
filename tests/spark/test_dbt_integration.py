"""jcat's dbt integration project (integration_tests/, dbt-utils style): installed as a package by a project of its
own, jcat's field macros decode seed records, and a data test compares the actual rows to the expected rows."""

from __future__ import annotations

import json
import os
import shutil

from udfs.dbt.runner import run_dbt

from support import REPO


def test_macros_decode_the_seed_records_to_the_expected_rows(spark, tmp_path):
    project = tmp_path / "integration_tests"
    shutil.copytree(REPO / "integration_tests", project, ignore=shutil.ignore_patterns("target", "dbt_packages", "logs"))
    env = {"JCAT_PROJECT_DIR": str(project), "JCAT_PACKAGE_DIR": str(REPO), "DBT_TARGET_PATH": str(project / "target")}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        assert run_dbt(spark, ["deps"])
        ok = run_dbt(spark, ["build"])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    actual = sorted(tuple(r) for r in spark.table("jcat_integration.integration_actual").collect())
    expected = sorted(tuple(r) for r in spark.table("jcat_integration.integration_expected").collect())
    assert actual == expected  # says which values differ; the dbt data test below must agree
    results = json.loads((project / "target" / "run_results.json").read_text())["results"]
    status = {r["unique_id"].split(".")[-1]: r["status"] for r in results}
    assert ok, status
    assert status["integration_actual_equals_expected"] == "pass"
    assert {"integration_actual", "integration_expected", "integration_records", "integration_expected_rows"} <= set(status)
    # macros/jcat_row_rules.sql: one query per model; a broken rule is one returned row, named, with its row count
    rules = [r for r in results if "_row_rules_integration_actual_" in r["unique_id"]]
    assert sorted((r["status"], r["failures"]) for r in rules) == [("pass", 0), ("warn", 2)], rules
    (warned,) = [r for r in rules if r["status"] == "warn"]
    broken = sorted(tuple(r) for r in spark.sql(warned["compiled_code"]).collect())
    assert broken == [("char_value_is_hello", 2), ("char_value_not_null", 1)]
    types = {f.name: f.dataType.simpleString() for f in spark.table("jcat_integration.integration_actual").schema}
    assert types == {"id": "int", "char_value": "string", "zoned_value": "decimal(5,2)", "packed_value": "decimal(5,2)",
                     "bin_signed": "bigint", "bin_unsigned": "bigint", "ts_value": "timestamp_ntz"}
    assert spark.table("jcat_integration.integration_actual").count() == 3

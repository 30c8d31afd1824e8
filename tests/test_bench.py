"""`jcat bench` works end to end at a tiny size (speed itself is shown by running it, not by tests)."""

from __future__ import annotations

import argparse
import json

import pytest

from udfs.bench import check_agreement, jvm_expr, land, FIELDS

pytestmark = pytest.mark.spark


def test_bench_runs_and_writes_figures(spark, tmp_path, capsys):
    from udfs.bench import run_bench

    out = tmp_path / "bench.json"
    args = argparse.Namespace(master=None, records=3000, repeat=1, json_path=str(out))
    assert run_bench(args) == 0
    printed = capsys.readouterr().out
    for way in ("catalog", "catalog_per_field", "catalog_full_m7", "jvm_expressions", "row_udf", "arrow_floor"):
        assert way in printed
    figures = json.loads(out.read_text())
    assert figures["records"] == 3000 and figures["record_length"] == 971
    assert set(figures["ways"]) == {"catalog", "catalog_per_field", "catalog_full_m7", "jvm_expressions", "row_udf", "arrow_floor"}
    assert all(w["median_s"] > 0 and w["records_per_s"] > 0 for w in figures["ways"].values())


def test_baselines_decode_the_same_values(spark):
    """The JVM baseline is a correct decoder too: signed binary and negative zoned included."""
    spark.conf.set("spark.sql.legacy.javaCharsets", "true")
    row = spark.sql("SELECT " + ", ".join([
        jvm_expr("a", 1, 4, "bin"), jvm_expr("b", 5, 8, "bin"), jvm_expr("c", 13, 3, "zoned"), jvm_expr("d", 16, 2, "char"),
    ]) + " FROM (SELECT X'FFFFFFFE' || X'8000000000000001' || X'F1F2D3' || X'C1C2' AS record)").collect()[0]
    assert (row.a, row.b, int(row.c), row.d) == (-2, -(2**63) + 1, -123, "AB")
    land(spark, 500)
    check_agreement(spark, sample=500)

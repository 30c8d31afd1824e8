"""Files -> `jcat load ibmsnap_<table>` (landing's Python API) -> dbt build -> SQL: every value of the demo's
control tables as encoded. The demo's CD table is a declared table: test_ibmsnap_models builds it in a project that
declares it."""

from __future__ import annotations

import pytest
from support.views import drop_relation

from udfs.core.layouts import ibmsnap as L
from udfs.dbt.runner import run_dbt
from udfs.demo import ibmsnap as demo
from udfs.render.ibmsnap_ddl import control_tables

loader = pytest.importorskip("udfs.spark.landing.loader")


def test_demo_files_round_trip_through_landing(spark, tmp_path):
    spark.sql("create database if not exists jcat")
    for t in L.all_tables():  # raw tables of other test modules were made without landing
        drop_relation(spark, f"jcat.raw_ibmsnap_{t}")
    files = demo.generate(tmp_path)
    assert sorted(files) == sorted(demo.LAYOUTS)
    for layout, paths in files.items():
        if layout in demo.RECORD_LENGTHS:  # the declared CD table's file: this project declares no table
            continue
        result = loader.load(spark, layout, [str(p) for p in paths])  # record length from landing's lookup
        assert result.load_id
    assert run_dbt(spark, ["run", "--select", demo.MODELS, "--full-refresh"])
    scenario = demo.scenario()
    for t in L.all_tables():
        names = [s.name for s in control_tables().layout(t).slots]
        # other modules in this worker land files of their own (the landed tables outlive a raw table's drop)
        rows = spark.sql(
            f"select {', '.join(names)}, decode_errors, source_file, record_offset "
            f"from jcat.ibmsnap_{t} where source_file like 'file:{tmp_path}/%' "
            "order by record_offset"
        ).collect()
        assert len(rows) == len(scenario[t]), t
        for i, (row, values) in enumerate(zip(rows, scenario[t])):
            assert row.decode_errors == [], (t, i)
            assert row.record_offset == i * control_tables().layout(t).record_length
            assert row.source_file.endswith(f"ASN.{t.upper()}.UNLOAD.bin")
            for n in names:
                got = bytes(row[n]) if isinstance(row[n], (bytes, bytearray)) else row[n]
                assert got == values[n], (t, i, n)
    for _, sql in demo.QUERIES:
        if "cdemployee" in sql or "committed_changes" in sql:  # what the declared CD table gives
            continue
        assert spark.sql(sql).count() > 0

"""`jcat bench` works end to end at a tiny size (speed itself is shown by running it, not by tests), and its
baselines are correct decoders: a benchmark whose ways disagree would compare different work."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
from support.codegen import whole_stage_methods

from udfs.bench.kinds import jvm_sql
from udfs.bench.layouts import LAYOUTS
from udfs.core.kinds import Field

pytestmark = pytest.mark.long  # minutes: its processes start JVMs of their own

UTC = dt.timezone.utc

# kind, hex bytes, the model's column: every kind the benchmark times, in Spark's own expressions (the baseline)
BASELINE_ROWS = [
    ("char", "C1C2404040", "AB"),
    ("char", "4040", None),  # a blank field is no value
    ("zoned", "F1F2D3", Decimal(-123)),
    ("zoned", "F0F0F7", Decimal(7)),
    # a careful baseline validates: a digit above 9, a zone other than F before the sign, a bad sign zone
    ("zoned", "F1FAC3", None),
    ("zoned", "C1F2F3", None),
    ("zoned", "F1F273", None),
    ("packed", "12345C", Decimal(12345)),
    ("packed", "00001D", Decimal(-1)),
    ("packed", "1A345C", None),
    ("bin", "FFFFFFFE", -2),
    ("bin", "8000000000000001", -(2**63) + 1),
    ("ubin", "FFFF", 65535),
    ("ubin", "7FFFFFFFFFFFFFFF", 2**63 - 1),
    ("ibmi_ts", "F2F0F2F460F0F360F0F560F1F44BF0F74BF0F94BF1F2F3F4F5F6", dt.datetime(2024, 3, 5, 14, 7, 9, 123456)),
    ("ts17", "2024022911223344556677889900000000", dt.datetime(2024, 2, 29, 11, 22, 33, 445566)),
    # 10-byte extended LRSN of 2024-06-03 09:15:00.25 UTC: epoch 0, TOD = (micros since 1900) << 12
    (
        "lrsn",
        "00" + format(((1717406100_250000 + 2208988800_000000) << 12), "016X") + "00",
        dt.datetime(2024, 6, 3, 9, 15, 0, 250000, tzinfo=UTC),
    ),
    ("hex", "00FF10", "00FF10"),  # identifiers as hex text
]


def _norm(v):
    if isinstance(v, dt.datetime) and v.tzinfo is not None:
        return v.astimezone(UTC).replace(tzinfo=None)
    return v


def test_jvm_expressions_decode_every_row(spark, java_charsets):
    cols, expected = [], []
    for i, (kind, hexbytes, value) in enumerate(BASELINE_ROWS):
        f = Field(name=f"c{i}", pos=1, length=len(hexbytes) // 2, kind=kind)
        cols.append(jvm_sql(f).replace("record", f"(X'{hexbytes}')"))
        expected.append(value)
    row = spark.sql("SELECT " + ", ".join(cols)).collect()[0]
    assert [_norm(v) for v in row] == [_norm(v) for v in expected]


# The suite's run: the widest layout and the narrowest (each way of every layout: -m heavy)
@pytest.mark.parametrize(
    ("records", "layouts"), [(300, ["qasym7j5", "ibmsnap"]), pytest.param(1500, None, marks=pytest.mark.heavy)]
)
def test_bench_runs_each_layout_and_writes_figures(spark, tmp_path, capsys, records, layouts):
    from udfs.bench import run_bench

    out = tmp_path / "bench.json"
    args = argparse.Namespace(
        master=None, records=records, repeat=1, json_path=str(out), layouts=layouts, ways=None, scaling=None
    )
    before = spark.conf.get("spark.sql.legacy.javaCharsets", None)
    assert run_bench(args) == 0
    assert spark.conf.get("spark.sql.legacy.javaCharsets", None) == before  # the session it was handed, as it was
    printed = capsys.readouterr().out
    assert f"ways agree on {records:,} records" in printed
    figures = json.loads(out.read_text())
    got = {(r["layout"], r["way"]) for r in figures["results"]}
    assert got == {
        (layout, way)
        for layout in layouts or LAYOUTS
        for way in (
            "catalog",
            "catalog_per_field",
            "sql_functions",
            "jvm_functions",
            "jvm_expressions",
            "row_udf",
            "arrow_floor",
        )
    }
    assert all(r["median_s"] > 0 and r["records"] == records and r["peak_rss_bytes"] > 0 for r in figures["results"])
    assert set(figures["ratios"]) == set(layouts or LAYOUTS)
    assert all(
        set(r)
        >= {
            "catalog_vs_jvm_expressions",
            "catalog_vs_row_udf",
            "sql_functions_vs_jvm_expressions",
            "jvm_functions_vs_jvm_expressions",
        }
        for r in figures["ratios"].values()
    )
    assert "sql_functions vs JVM" in printed and "jvm_functions vs JVM" in printed


def test_bench_times_a_copybook_file_by_its_layout_function_and_its_sql(spark, tmp_path, capsys):
    """`--copybook` with Cobrix's test 3 file: its records, the ways agree (values and decode_errors), figures."""
    from udfs.bench import run_bench

    data = Path(__file__).resolve().parents[1] / "data" / "cobrix"
    out = tmp_path / "bench.json"
    args = argparse.Namespace(
        master=None,
        records=600,
        repeat=1,
        json_path=str(out),
        layouts=None,
        ways=None,
        scaling=None,
        isolate=False,
        copybook=str(data / "test3_copybook.cob"),
        data=str(data / "test3_TRAN2.AUG31.DATA.dat"),
        record=None,
        ccsid=37,
        float_format="hfp",
        trim="both",
    )
    assert run_bench(args) == 0
    assert "ways agree on 600 records" in capsys.readouterr().out
    figures = json.loads(out.read_text())
    assert {(r["layout"], r["way"]) for r in figures["results"]} == {
        ("cpy_test3_copybook", w) for w in ("catalog", "sql_functions", "jvm_functions", "arrow_floor")
    }
    assert all(r["records"] == 600 and r["bytes"] == 600 * 45 for r in figures["results"])


@pytest.mark.heavy  # its processes are `--isolate`'s (run below); tests/fast checks what it asks of them
@pytest.mark.parametrize("sizes", [(100, 200)])
def test_scaling_runs_each_size_in_its_own_process(tmp_path, capsys, sizes):
    from udfs.bench import run_bench

    out = tmp_path / "scaling.json"
    args = argparse.Namespace(
        master="local[1]",
        records=None,
        repeat=1,
        json_path=str(out),
        layouts=["ibmsnap"],
        ways=None,
        scaling=",".join(map(str, sizes)),
    )
    assert run_bench(args) == 0
    figures = json.loads(out.read_text())
    assert figures["sizes"] == list(sizes)
    assert [figures["runs"][str(s)]["records"] for s in sizes] == list(sizes)
    s = figures["scaling"]["ibmsnap/catalog"]
    assert len(s["us_per_record"]) == 2 and s["time_spread"] >= 1.0 and all(m > 0 for m in s["peak_rss_bytes"])


@pytest.mark.heavy  # a JVM per way and engine; tests/fast/test_bench_kinds.py checks the children --isolate starts
def test_isolate_times_each_way_and_model_engine_in_its_own_process(tmp_path, capfd):
    """Two ways and the model's three engines, each in a process of its own (every JVM start costs seconds)."""
    from udfs.bench import run_bench

    out = tmp_path / "isolated.json"
    args = argparse.Namespace(
        master="local[1]",
        records=300,
        repeat=1,
        json_path=str(out),
        layouts=["ibmsnap"],
        ways="jvm_expressions",
        scaling=None,
        isolate=True,
        models=True,
    )
    assert run_bench(args) == 0
    figures = json.loads(out.read_text())
    assert [(r["layout"], r["way"]) for r in figures["results"]] == [
        ("ibmsnap", "catalog"),
        ("ibmsnap", "jvm_expressions"),
        ("ibmsnap", "model_layout"),
        ("ibmsnap", "model_per_field"),
        ("ibmsnap", "model_spark"),
    ]
    pids = set(figures["pids"])
    assert figures["isolated"] and len(pids) == 5 and os.getpid() not in pids  # a process per way and engine
    assert "catalog_vs_jvm_expressions" in figures["ratios"]["ibmsnap"]
    printed = capfd.readouterr().out  # the children's output too
    assert "vs JVM" in printed
    assert printed.count("ways agree on 300 records") == 1  # the first process checks; the others only time
    assert printed.count("rows agree on 300 records") == 1  # likewise for the model's three engines
    assert "ibmsnap_uow_decoded" in printed and "1.0x" in printed  # the model report, IBMSNAP's target


HOTSPOT_HUGE_METHOD = 8000  # bytes of bytecode: HotSpot never JIT-compiles a longer method (DontCompileHugeMethods)


def test_model_bench_engines_agree_and_every_stage_can_be_jit_compiled(spark, java_charsets):
    """audit_journal_m7 compiled three ways gives the same rows; and no whole-stage-codegen stage of its plan has a
    method over HotSpot's limit: such a stage runs interpreted (the layout-function build was 2x slower than its
    decoding alone until runtime set spark.sql.codegen.hugeMethodLimit; maxFields spares generating it at all)."""
    from udfs.bench import models
    from udfs.bench.layouts import get
    from udfs.bench.measure import land
    from udfs.spark.udf_registration import register

    lay = get("qasym7j5")
    land(spark, lay, 300)
    register(spark)
    factories = models.ways(spark, lay)
    assert set(factories) == {"model_layout", "model_per_field", "model_spark"}
    assert models.check_agreement(spark, factories, sample=300) == 300
    # Spark compiles a whole stage, then runs it without whole-stage codegen when a method is over this limit;
    # and an operator of more than maxFields fields is not tried as whole-stage code at all
    limit = int(spark.conf.get("spark.sql.codegen.hugeMethodLimit"))
    assert limit <= HOTSPOT_HUGE_METHOD and spark.conf.get("spark.sql.codegen.maxFields") == "30"

    def sizes() -> list[int]:
        return whole_stage_methods(spark, factories["model_layout"])

    assert all(0 < s <= HOTSPOT_HUGE_METHOD for s in sizes())  # every stage tried compiles, and HotSpot compiles it
    spark.conf.set("spark.sql.codegen.maxFields", "100")  # Spark's default
    try:
        assert max(sizes()) > HOTSPOT_HUGE_METHOD  # why the limits matter: the model's stage is that big
    finally:
        spark.conf.set("spark.sql.codegen.maxFields", "30")
    plan = factories["model_layout"]()._jdf.queryExecution().executedPlan().toString()
    assert plan.count("ArrowEvalPython") == 1 and "decode_qasym7j5" in plan  # each record decoded once


# The suite runs one layout (the *TYPE5 heading); `-m heavy` all four. `jcat bench` itself refuses
# to time ways that disagree, so a wrong baseline of the other two fails every bench run.
@pytest.mark.parametrize(
    "layout",
    [
        "qjordje5",
        pytest.param("lldf", marks=pytest.mark.heavy),
        pytest.param("idms", marks=pytest.mark.heavy),
        pytest.param("ibmsnap", marks=pytest.mark.heavy),
    ],
)
def test_table_build_decodes_each_record_once_through_the_layout_function(spark, java_charsets, layout):
    """journal_entries (*TYPE5 heading), lldf_segments (LLDF header), idms_journal and ibmsnap_uow_decoded,
    each compiled three ways, give the same rows; a table build calls the layout function once per record, and
    Spark's own form calls none."""
    from udfs.bench import models
    from udfs.bench.layouts import get
    from udfs.bench.measure import land
    from udfs.spark.udf_registration import register

    lay = get(layout)
    land(spark, lay, 300)
    register(spark)
    model = models.MODELS[layout][0]
    # an earlier build of the model holding the bench's load id must not filter the bench's rows out
    stale = not spark.catalog.tableExists(f"jcat.{model}")
    if stale:
        spark.sql(f"CREATE TABLE jcat.{model} USING parquet AS SELECT 'L1' AS load_id")
    try:
        factories = models.ways(spark, lay)
        assert models.check_agreement(spark, factories, sample=300) == 300
    finally:
        if stale:
            spark.sql(f"DROP TABLE jcat.{model}")
    plan = factories["model_layout"]()._jdf.queryExecution().executedPlan().toString()
    function = "decode_ibmsnap_uow" if layout == "ibmsnap" else f"decode_{layout}"
    assert plan.count("ArrowEvalPython") == 1 and function in plan
    assert "ArrowEvalPython" not in factories["model_spark"]()._jdf.queryExecution().executedPlan().toString()

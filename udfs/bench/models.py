"""Model-build throughput: a dbt model's compiled SELECT, raw table to the model's columns (noop sink), in three
engines compiled from the same model by var jcat_field_engine (macros/jcat_layout_field.sql):

- model_layout: what a table build runs: each record decoded once by the layout function, columns from its struct;
- model_per_field: one catalog function per field (what the models did before; what a view will do);
- model_spark: the same model in Spark's own expressions (substr/decode/hex/conv/regexp), the baseline.

The three must give identical rows on a sample before anything is timed.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..core.layouts.registry import LAYOUTS
from .layouts import SNAP_TABLE, BenchLayout
from .measure import Result, raw_table, time_way

ENGINES = {"model_layout": "layout", "model_per_field": "function", "model_spark": "spark"}
# layout -> (dbt model, its source table): the models whose table build decodes through a layout function, from the
# registry (udfs/core/layouts/registry.py); the bench's "ibmsnap" is the control table its records are made for
MODELS = {layout.name: (layout.model, layout.raw_table) for layout in LAYOUTS}
MODELS["ibmsnap"] = MODELS[f"ibmsnap_{SNAP_TABLE}"]
TARGET_MODEL = 1.5  # model_layout at least 1.5x model_spark
TARGETS = {"ibmsnap": 1.0}  # IBMSNAP's narrow rows: at least as fast as Spark's own


def _model_raw(layout: str) -> str:
    return f"bench_model_raw_{layout}"


def compiled_sql(spark, model: str, engine: str) -> str:
    """The model's SELECT as dbt compiles it with var jcat_field_engine=`engine` (a full, not incremental, build)."""
    from ..dbt.runner import run_dbt
    from ..spark.runtime import jcat_home

    # --full-refresh: is_incremental() is false even where an earlier build left the table (its loads filtered out)
    args = ["compile", "--select", model, "--full-refresh", "--vars", json.dumps({"jcat_field_engine": engine})]
    # dbt prints a compiled model's SQL at every log level but none; on failure, again with its errors shown
    if not run_dbt(spark, args + ["--log-level", "none"]) and not run_dbt(spark, args + ["--log-level", "error"]):
        raise RuntimeError(f"dbt compile of {model} failed")
    target = Path(os.environ.get("DBT_TARGET_PATH") or jcat_home() / "dbt" / "target")
    found = list(target.glob(f"compiled/*/models/**/{model}.sql"))
    if not found:
        raise RuntimeError(f"no compiled SQL for {model} under {target}")
    return found[0].read_text()


def ways(spark, lay: BenchLayout, engines: tuple[str, ...] | None = None) -> dict:
    """Way -> DataFrame factory over the bench raw table, through the model's compiled SQL in each engine (or in
    `engines` only: each dbt compile costs seconds)."""
    model, source = MODELS[lay.name]
    spark.sql(
        f"CREATE OR REPLACE TEMP VIEW {_model_raw(lay.name)} AS SELECT 'bench.bin' AS source_file, "
        f"record_number * length(record) AS record_offset, record_number, 'L1' AS load_id, record "
        f"FROM {raw_table(lay.name)}"
    )
    out = {}
    for way, engine in ENGINES.items():
        if engines and way not in engines:
            continue
        sql = compiled_sql(spark, model, engine)
        # the source relation, however dbt quotes and qualifies it, becomes the bench's raw rows
        sql, n = re.subn(r"[`\w.]*`?" + source + r"`?", _model_raw(lay.name), sql)
        if not n:
            raise RuntimeError(f"{model}: source {source} not found in the compiled SQL")
        out[way] = (lambda s: lambda: spark.sql(s))(sql)
    return out


def check_agreement(spark, factories: dict, sample: int = 2000) -> int:
    base_way = "model_layout"
    got = {
        w: sorted(map(tuple, f().orderBy("record_number").limit(sample).collect()), key=lambda r: str(r))
        for w, f in factories.items()
    }
    cols = factories[base_way]().columns
    for way, rows in got.items():
        if rows != got[base_way]:
            bad = next(i for i, (a, b) in enumerate(zip(got[base_way], rows)) if a != b)
            diff = [f"{c}={a!r} vs {b!r}" for c, a, b in zip(cols, got[base_way][bad], rows[bad]) if a != b]
            raise AssertionError(f"{way} disagrees with {base_way}: " + ", ".join(diff[:5]))
    return len(got[base_way])


def time_models(
    spark,
    lay: BenchLayout,
    records: int,
    nbytes: int,
    repeat: int,
    log=print,
    engines: tuple[str, ...] | None = None,
    check: bool = True,
) -> list[Result]:
    """Time the model's engines (`engines`: a subset of ENGINES' ways, e.g. one per process with --isolate)."""
    factories = ways(spark, lay, None if check else engines)
    if check:
        checked = check_agreement(spark, factories)
        log(f"  {lay.name}: model {MODELS[lay.name][0]} compiled three ways; rows agree on {checked:,} records")
    out = []
    warm_rows = min(records, 100_000)
    for way, factory in factories.items():
        if engines and way not in engines:
            continue
        runs, peak = time_way(spark, factory, repeat, lambda f=factory: f().limit(warm_rows))
        r = Result(lay.name, way, runs, records, nbytes, peak)
        log(
            f"  {lay.name:<9} {way:<18} {r.records_per_s:>12,.0f} rec/s  median {r.seconds:7.2f} s  "
            f"runs {' '.join(f'{x:.2f}' for x in runs)}  peak {peak / 2**20:,.0f} MiB"
        )
        out.append(r)
    return out


def model_report(results: list[Result]) -> str:
    by = {(r.layout, r.way): r for r in results}
    lines = [f"{'layout':<9} {'model':<18} {'layout fn vs Spark':>19} {'target':>12} {'vs per-field':>13}"]
    for layout in dict.fromkeys(r.layout for r in results):
        if (layout, "model_layout") not in by:
            continue
        lay_s = by[(layout, "model_layout")].seconds
        spark_s = by.get((layout, "model_spark"))
        per = by.get((layout, "model_per_field"))
        ratio = spark_s.seconds / lay_s if spark_s else None
        target = TARGETS.get(layout, TARGET_MODEL)
        lines.append(
            f"{layout:<9} {MODELS[layout][0]:<18} {'-' if ratio is None else f'{ratio:.2f}x':>19} "
            f"{(f'{target}x met' if ratio >= target else f'{target}x MISSED') if ratio else '-':>12} "
            f"{'-' if per is None else f'{per.seconds / lay_s:.2f}x':>13}"
        )
    lines.append(
        f"target: a table build through the layout function >= {TARGET_MODEL}x the same model in Spark's own "
        "expressions (IBMSNAP: >= 1.0x), same run"
    )
    return "\n".join(lines)

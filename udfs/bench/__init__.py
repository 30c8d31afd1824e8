"""`jcat bench`: every layout decoded by the catalog, against Spark's own JVM expressions and a naive
row-at-a-time Python UDF, on the same rows and fields, raw table to decoded rows (`noop` sink).

    jcat bench [--records N] [--layout L ...] [--repeat R] [--json FILE]
    jcat bench --isolate [--records N] [--layout L ...] [--ways W,...]
    jcat bench --scaling 100000,1000000,10000000 [--layout L ...]
    jcat bench --load fixed,rdw,vb --sizes 100M,1G     (landing: udfs.bench.load)

Data is generated in-process with the encoders (`udfs.bench.layouts`) and landed as a Parquet raw table.
`--isolate` times each way of each layout in a fresh process: ways timed one after another in one JVM share
its JIT profile, and the order alone moved a way's time by up to 1.9x (docs/bench.md, "One process per way").
The scaling series runs each size in a fresh process (a JVM's heap never shrinks, so sizes measured in one
process would hide growth) and reports time per record and peak memory of the whole process tree.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .layouts import LAYOUTS, get
from .measure import WAYS, WAYS_DOC, Result, check_agreement, land, time_layout
from .models import ENGINES, MODELS, model_report, time_models
from .tables import project_env

MODEL_ENGINES = tuple(ENGINES)  # model_layout, model_per_field, model_spark

TARGET_JVM = 0.8  # catalog throughput at least 0.8x Spark's own expressions
TARGET_ROW = 5.0  # and at least 5x the row UDF
TARGET_SQL_FUNCTIONS = 1.0  # per-field persistent SQL functions at least as fast as Spark's own expressions
TARGET_SCALING_TIME = 1.2  # time per record within 20% across sizes
TARGET_SCALING_MEMORY = 1.3  # peak memory at the largest size within 1.3x the next size down

__all__ = ["run_bench", "ratios", "report", "markdown_rows", "scaling_report"]


def ratios(results: list[Result]) -> dict[str, dict[str, float]]:
    """Per layout: how many times faster the catalog is than each baseline (>1: the catalog is faster)."""
    out: dict[str, dict[str, float]] = {}
    by = {(r.layout, r.way): r for r in results}
    for layout in dict.fromkeys(r.layout for r in results):
        cat = by.get((layout, "catalog"))
        if cat is None:
            continue
        out[layout] = {
            f"catalog_vs_{w}": by[(layout, w)].seconds / cat.seconds
            for w in ("jvm_expressions", "row_udf", "catalog_per_field", "arrow_floor")
            if (layout, w) in by
        }
        jvm = by.get((layout, "jvm_expressions"))
        for w in ("sql_functions", "catalog_per_field"):  # per-field SQL against Spark's own expressions
            if jvm and (layout, w) in by:
                out[layout][f"{w}_vs_jvm_expressions"] = jvm.seconds / by[(layout, w)].seconds
    return out


def report(results: list[Result], nbytes_by_layout: dict[str, int]) -> str:
    lines = [
        f"{'layout':<9} {'way':<18} {'records/s':>12} {'MB/s':>8} {'us/rec':>7} {'median s':>9} {'peak MiB':>9}  runs"
    ]
    for r in results:
        lines.append(
            f"{r.layout:<9} {r.way:<18} {r.records_per_s:>12,.0f} {r.mb_per_s:>8.1f} {r.us_per_record:>7.2f} "
            f"{r.seconds:>9.2f} {r.peak_rss / 2**20:>9,.0f}  " + " ".join(f"{x:.2f}" for x in r.runs)
        )
    lines.append("")
    lines += [f"  {w}: {d}" for w, d in WAYS_DOC.items()]
    lines.append("")
    lines.append(
        f"{'layout':<9} {'vs JVM':>8} {'target':>7} {'vs row UDF':>11} {'target':>7} {'vs per-field':>13} "
        f"{'ceiling vs JVM':>15}"
    )
    by = {(r.layout, r.way): r for r in results}
    for layout, rs in ratios(results).items():
        jvm, row = rs.get("catalog_vs_jvm_expressions"), rs.get("catalog_vs_row_udf")
        floor = by.get((layout, "arrow_floor"))
        ceiling = (
            by[(layout, "jvm_expressions")].seconds / floor.seconds
            if floor and (layout, "jvm_expressions") in by
            else None
        )

        def times(x):
            return "-" if x is None else f"{x:.2f}x"

        lines.append(
            f"{layout:<9} {times(jvm):>8} {('met' if jvm >= TARGET_JVM else 'MISSED') if jvm else '-':>7} "
            f"{times(row):>11} {('met' if row >= TARGET_ROW else 'MISSED') if row else '-':>7} "
            f"{times(rs.get('catalog_vs_catalog_per_field')):>13} {times(ceiling):>15}"
        )
    per_field = [(layout, rs) for layout, rs in ratios(results).items() if "sql_functions_vs_jvm_expressions" in rs]
    if per_field:
        lines.append("")
        lines.append(f"{'layout':<9} {'sql_functions vs JVM':>21} {'target':>7} {'catalog_per_field vs JVM':>25}")
        for layout, rs in per_field:
            sq, pf = rs["sql_functions_vs_jvm_expressions"], rs.get("catalog_per_field_vs_jvm_expressions")
            lines.append(
                f"{layout:<9} {sq:>20.2f}x {'met' if sq >= TARGET_SQL_FUNCTIONS else 'MISSED':>7} "
                f"{'-' if pf is None else f'{pf:.2f}x':>25}"
            )
    lines.append(
        f"targets: catalog >= {TARGET_JVM}x JVM expressions and >= {TARGET_ROW}x row UDF; "
        f"sql_functions >= {TARGET_SQL_FUNCTIONS}x JVM expressions; "
        "'ceiling vs JVM' is the best any Python-worker decoder could do (arrow_floor decodes nothing)"
    )
    return "\n".join(lines)


def markdown_rows(results: list[Result]) -> str:
    """The ways' figures as a markdown table, as docs/bench.md shows them."""
    lines = ["| layout | way | median s | records/s | runs s | peak RSS MiB |", "|---|---|---:|---:|---|---:|"]
    lines += [
        f"| {r.layout} | `{r.way}` | {r.seconds:.2f} | {r.records_per_s:,.0f} | "
        f"{' '.join(f'{x:.2f}' for x in r.runs)} | {r.peak_rss / 2**20:,.0f} |"
        for r in results
    ]
    return "\n".join(lines)


def payload(results: list[Result], args, master: str) -> dict:
    return {
        "records": args.records,
        "repeat": args.repeat,
        "master": master,
        "results": [
            {
                "layout": r.layout,
                "way": r.way,
                "median_s": r.seconds,
                "runs_s": r.runs,
                "records": r.records,
                "bytes": r.bytes,
                "records_per_s": r.records_per_s,
                "mb_per_s": r.mb_per_s,
                "us_per_record": r.us_per_record,
                "peak_rss_bytes": r.peak_rss,
            }
            for r in results
        ],
        "ratios": ratios(results),
        "targets": {"catalog_vs_jvm_expressions": TARGET_JVM, "catalog_vs_row_udf": TARGET_ROW},
        "pid": os.getpid(),
    }


def _layouts(args) -> list[str]:
    names = args.layouts or list(LAYOUTS)
    for n in names:
        get(n)  # unknown names fail before any work
    return names


def _ways(args) -> tuple[str, ...]:
    ways = tuple(args.ways.split(",")) if args.ways else WAYS
    unknown = set(ways) - set(WAYS)
    if unknown:
        raise ValueError(f"unknown ways {sorted(unknown)}; choose from {', '.join(WAYS)}")
    if "catalog" not in ways and not getattr(args, "exact_ways", False):
        ways = ("catalog",) + ways
    return ways


JAVA_CHARSETS = "spark.sql.legacy.javaCharsets"


def run_bench(args) -> int:
    if getattr(args, "load", None):
        from .load import run_load_bench

        return run_load_bench(args)
    if getattr(args, "changes", None):
        from .changes import run_changes

        return run_changes(args)
    if getattr(args, "scaling", None):
        return run_scaling(args)
    if getattr(args, "copybook", None):
        _add_copybook(args)
    if getattr(args, "isolate", False):
        return run_isolated(args)
    from ..spark.runtime import start

    names, ways = _layouts(args), _ways(args)
    spark = start(master=args.master, app_name="jcat-bench")
    with java_charsets(spark):
        return _bench_in(spark, args, names, ways)


def _add_copybook(args) -> None:
    """`--copybook FILE --data FILE`: that layout alone, by the ways a copybook has (catalog and sql_functions)."""
    from .copybook import COPYBOOK_WAYS, add

    if not args.data:
        raise ValueError("jcat bench --copybook needs --data FILE: the records to time (a file of that copybook)")
    if args.isolate:
        raise ValueError(
            "jcat bench --copybook times in one process: run it once per way (--ways catalog, then "
            "--ways sql_functions) for figures of one way a process"
        )
    args.layouts = [
        add(args.copybook, args.data, args.record, ccsid=args.ccsid, float_format=args.float_format, trim=args.trim)
    ]
    ways = tuple(args.ways.split(",")) if args.ways else COPYBOOK_WAYS
    unknown = set(ways) - set(COPYBOOK_WAYS)
    if unknown:
        raise ValueError(
            f"a copybook is timed by the ways {', '.join(COPYBOOK_WAYS)}, not {', '.join(sorted(unknown))}"
        )
    args.ways, args.exact_ways = ",".join(ways), True


@contextmanager
def java_charsets(spark):
    """spark.sql.legacy.javaCharsets=true for the baseline's decode(b, 'IBM037') (Spark 4 refuses it otherwise),
    then put back as it was: start() hands back a session that may already exist (a notebook's, a test suite's)."""
    before = spark.conf.get(JAVA_CHARSETS, None)
    spark.conf.set(JAVA_CHARSETS, "true")
    try:
        yield spark
    finally:
        if before is None:
            spark.conf.unset(JAVA_CHARSETS)
        else:
            spark.conf.set(JAVA_CHARSETS, before)


def _bench_in(spark, args, names: list[str], ways: tuple[str, ...]) -> int:
    master = spark.sparkContext.master
    print(
        f"jcat bench: {args.records:,} records per layout ({', '.join(names)}), master {master}, "
        f"median of {args.repeat} runs after a warm-up",
        flush=True,
    )
    results, nbytes, model_results = [], {}, []
    for name in names:
        lay = get(name)
        nbytes[name] = land(spark, lay, args.records)
        if getattr(args, "no_check", False):  # --isolate: the layout's first process checked the same rows
            print(f"{name}: {lay.note}; agreement checked in another process", flush=True)
        elif getattr(args, "models_only", False):  # the model's engines are checked against each other below
            print(f"{name}: {lay.note}; {nbytes[name] / args.records:,.0f} bytes/record", flush=True)
        else:
            checked = check_agreement(spark, lay)
            print(
                f"{name}: {lay.note}; {len(lay.fields)} fields, {nbytes[name] / args.records:,.0f} bytes/record; "
                f"ways agree on {checked:,} records",
                flush=True,
            )
        if not getattr(args, "models_only", False):
            results += time_layout(
                spark, lay, args.records, nbytes[name], args.repeat, ways, log=lambda s: print(s, flush=True)
            )
        if (getattr(args, "models", False) or getattr(args, "models_only", False)) and name in MODELS:
            from ..spark.spark_catalog import register

            register(spark)
            engines = tuple(args.model_engines.split(",")) if getattr(args, "model_engines", None) else None
            model_results += time_models(
                spark,
                lay,
                args.records,
                nbytes[name],
                args.repeat,
                log=lambda s: print(s, flush=True),
                engines=engines,
                check=not getattr(args, "no_check", False),
            )
    _print_reports(results, model_results, nbytes)
    results += model_results
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(payload(results, args, master), indent=2))
        print(f"figures written to {args.json_path}")
    return 0


def _print_reports(results: list, model_results: list, nbytes: dict) -> None:
    """The ways' table and ratios, then the model builds' table (no ratio lines) and their targets."""
    if results:
        print()
        print(report(results, nbytes))
        print()
        print(markdown_rows(results))
    if model_results:
        print()
        print(report(model_results, nbytes).split("\n\n")[0])
        print()
        print(model_report(model_results))


# --- isolated ways -------------------------------------------------------------------------------------------


def _child(args, extra: list[str], json_out: Path, home: Path, records: int | None = None) -> dict | None:
    """One `jcat bench` in a fresh process with its own JCAT_HOME; its JSON figures, or None when it failed."""
    cmd = (
        [sys.executable, "-m", "udfs.cli"]
        + (["--master", args.master] if args.master else [])
        + ["bench", "--records", str(records or args.records), "--repeat", str(args.repeat), "--json", str(json_out)]
        + extra
    )
    print(f"--- {' '.join(cmd[3:])}", flush=True)
    # its own JCAT_HOME, the same project (a declared table's layout is read from it)
    done = subprocess.run(cmd, env={**os.environ, **project_env(), "JCAT_HOME": str(home)})
    if done.returncode != 0:
        print(f"jcat bench: `{' '.join(cmd[3:])}` failed (exit {done.returncode})", file=sys.stderr)
        return None
    return json.loads(json_out.read_text())


def run_isolated(args) -> int:
    """Each (layout, way) timed in a fresh process that lands the same generated rows, so no way runs in a JVM
    whose JIT profile another way shaped (the first process of a layout also checks that the ways agree); with
    --models, each model engine of each wired layout likewise."""
    names, ways = _layouts(args), _ways(args)
    print(
        f"jcat bench: {args.records:,} records per layout ({', '.join(names)}), each way in its own process", flush=True
    )
    models = getattr(args, "models", False) or getattr(args, "models_only", False)
    runs = (
        []
        if getattr(args, "models_only", False)
        else [(name, way, ["--layout", name, "--ways", way, "--exact-ways"]) for name in names for way in ways]
    )
    if models:  # each model engine in its own process too
        runs += [
            (name, way, ["--layout", name, "--models-only", "--model-engines", way])
            for name in names
            if name in MODELS
            for way in MODEL_ENGINES
        ]
    results, nbytes, pids, checked = [], {}, [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for name, way, extra in runs:
            # the rows are generated deterministically, so the agreement check of a layout's first process (every
            # way, or every model engine, on the same sample) holds for the others, which run only their own way
            kind = (name, "--models-only" in extra)
            extra = extra + (["--no-check"] if kind in checked else [])
            checked.add(kind)
            got = _child(args, extra, Path(tmp) / f"{name}-{way}.json", Path(tmp) / f"home-{name}")
            if got is None:
                return 1
            pids.append(got["pid"])
            for r in got["results"]:
                nbytes[r["layout"]] = r["bytes"]
                results.append(
                    Result(r["layout"], r["way"], r["runs_s"], r["records"], r["bytes"], r["peak_rss_bytes"])
                )
    _print_reports(
        [r for r in results if r.way not in MODEL_ENGINES], [r for r in results if r.way in MODEL_ENGINES], nbytes
    )
    if args.json_path:
        figures = payload(results, args, args.master or "default")
        figures.update(isolated=True, pids=pids)
        Path(args.json_path).write_text(json.dumps(figures, indent=2))
        print(f"figures written to {args.json_path}")
    return 0


# --- scaling -------------------------------------------------------------------------------------------------


def run_scaling(args) -> int:
    """Each size in a fresh `jcat bench` process; time per record and peak memory compared across sizes."""
    sizes = [int(s) for s in args.scaling.split(",")]
    names = _layouts(args)
    ways = args.ways or "catalog"
    print(
        f"jcat bench scaling: sizes {', '.join(f'{s:,}' for s in sizes)}; layouts {', '.join(names)}; "
        f"ways {ways}; each size in a fresh process",
        flush=True,
    )
    runs: dict[int, dict] = {}
    extra = ["--ways", ways] + sum((["--layout", n] for n in names), [])
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            # its own JCAT_HOME: a fresh metastore and warehouse, removed with the data when the run ends
            got = _child(args, extra, Path(tmp) / f"{size}.json", Path(tmp) / f"home-{size}", records=size)
            if got is None:
                return 1
            runs[size] = got
    text, figures = scaling_report(runs)
    print()
    print(text)
    if args.json_path:
        Path(args.json_path).write_text(
            json.dumps({"sizes": sizes, "runs": {str(k): v for k, v in runs.items()}, "scaling": figures}, indent=2)
        )
        print(f"figures written to {args.json_path}")
    return 0


def scaling_report(runs: dict[int, dict]) -> tuple[str, dict]:
    sizes = sorted(runs)
    rows = {}
    for size in sizes:
        for r in runs[size]["results"]:
            rows.setdefault((r["layout"], r["way"]), {})[size] = r
    lines = [
        f"{'layout':<9} {'way':<18} "
        + " ".join(f"{f'{s:,} us/rec':>17}" for s in sizes)
        + f" {'spread':>7} "
        + " ".join(f"{f'{s:,} MiB':>15}" for s in sizes)
        + f" {'mem ratio':>10}"
    ]
    figures = {}
    for (layout, way), by_size in rows.items():
        us = [by_size[s]["us_per_record"] for s in sizes if s in by_size]
        mem = [by_size[s]["peak_rss_bytes"] for s in sizes if s in by_size]
        spread = max(us) / min(us)
        mem_ratio = mem[-1] / mem[-2] if len(mem) > 1 else 1.0
        figures[f"{layout}/{way}"] = {
            "us_per_record": us,
            "peak_rss_bytes": mem,
            "time_spread": spread,
            "memory_ratio_largest": mem_ratio,
            "time_ok": spread <= TARGET_SCALING_TIME,
            "memory_ok": mem_ratio <= TARGET_SCALING_MEMORY,
        }
        lines.append(
            f"{layout:<9} {way:<18} "
            + " ".join(f"{u:>17.3f}" for u in us)
            + f" {spread:>6.2f}x "
            + " ".join(f"{m / 2**20:>15,.0f}" for m in mem)
            + f" {mem_ratio:>9.2f}x"
        )
    lines.append(
        f"targets: time per record within {TARGET_SCALING_TIME:.1f}x across sizes (spread = slowest / "
        f"fastest); peak memory of the whole process tree at the largest size within "
        f"{TARGET_SCALING_MEMORY:.1f}x the next size down"
    )
    missed = [k for k, v in figures.items() if not (v["time_ok"] and v["memory_ok"])]
    lines.append("all met" if not missed else "MISSED: " + ", ".join(missed))
    return "\n".join(lines), figures

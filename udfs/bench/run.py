"""`jcat bench` itself: the run its arguments ask for, and the ways and model builds of each layout timed in this
process (`--isolate` and `--scaling` start one process per run instead: udfs/bench/processes.py)."""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

from .figures import payload, print_reports
from .layouts import get
from .measure import check_agreement, land, time_layout
from .models import MODELS, time_models
from .processes import run_isolated, run_scaling
from .selection import add_copybook, chosen_layouts, chosen_ways

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
        add_copybook(args)
    if getattr(args, "isolate", False):
        return run_isolated(args)
    from ..spark.runtime import start

    names, ways = chosen_layouts(args), chosen_ways(args)
    spark = start(master=args.master, app_name="jcat-bench")
    with java_charsets(spark):
        return _bench_in(spark, args, names, ways)


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
            from ..spark.udf_registration import register

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
    print_reports(results, model_results, nbytes)
    results += model_results
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(payload(results, args, master), indent=2))
        print(f"figures written to {args.json_path}")
    return 0

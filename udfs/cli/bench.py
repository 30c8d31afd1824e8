"""`jcat bench`: the catalog timed against Spark's own expressions and a row UDF (or model builds, landing, a
declared table's changes, a copybook's records)."""

from __future__ import annotations

import argparse

from .registry import arguments, command


@arguments("bench")
def add_parser(sub) -> None:
    n = sub.add_parser("bench", help="time the catalog against Spark's own expressions and a row UDF")
    n.add_argument("--records", type=int, default=1_000_000)
    n.add_argument(
        "--models",
        action="store_true",
        help="also time model builds (the dbt model's SELECT through the layout function, per field, and "
        "in Spark's own expressions)",
    )
    n.add_argument("--models-only", dest="models_only", action="store_true", help="time model builds only")
    n.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (median), after a warm-up")
    n.add_argument("--json", dest="json_path", default=None, help="write the figures to this file")
    n.add_argument(
        "--layout",
        dest="layouts",
        action="append",
        default=None,
        help="only this layout (repeatable): qasym7j5, qjordje5, lldf, idms, ibmsnap, or the name of a "
        "table declared with `jcat tables add` (its row images); default every built-in layout",
    )
    n.add_argument(
        "--ways",
        default=None,
        help="comma-separated ways to time (catalog, catalog_per_field, sql_functions, jvm_expressions, row_udf, "
        "arrow_floor); default all, or catalog only with --scaling",
    )
    n.add_argument(
        "--isolate",
        action="store_true",
        help="time each way of each layout (and, with --models, each model engine) in a fresh process "
        "(no JIT profile shared between ways)",
    )
    n.add_argument("--exact-ways", dest="exact_ways", action="store_true", help=argparse.SUPPRESS)
    n.add_argument("--no-check", dest="no_check", action="store_true", help=argparse.SUPPRESS)
    n.add_argument("--model-engines", dest="model_engines", default=None, help=argparse.SUPPRESS)
    _bench_other_runs(n)


def _bench_other_runs(n) -> None:
    """The runs other than the layouts' ways: scaling, landing, changes, a copybook's records."""
    n.add_argument(
        "--scaling",
        default=None,
        metavar="N,N,...",
        help="record counts to run one after another, each in a fresh process, e.g. "
        "100000,1000000,10000000: time per record and peak memory across sizes",
    )
    n.add_argument(
        "--load",
        default=None,
        metavar="KIND,...",
        help="landing instead: load generated fixed, rdw and/or vb files (e.g. fixed,rdw,vb) and report "
        "MB/s, time per record, tasks and peak Python-worker memory",
    )
    n.add_argument(
        "--changes",
        default=None,
        metavar="N",
        help="the changes of a declared IBM i table instead: build time of its changes, current state and "
        "history for N committed changes, then of one more load of N/100 (in a JCAT_HOME of its own)",
    )
    n.add_argument(
        "--copybook",
        default=None,
        metavar="FILE",
        help="a copybook's records instead: those of --data, timed through its layout function and its SQL",
    )
    n.add_argument("--data", default=None, metavar="FILE", help="the record file --copybook describes (fixed length)")
    n.add_argument("--record", default=None, help="with --copybook: the 01 level, when it has several")
    n.add_argument("--ccsid", type=int, default=37, help="with --copybook: the CCSID of its text (default 37)")
    n.add_argument(
        "--float-format",
        dest="float_format",
        choices=("hfp", "ieee"),
        default="hfp",
        help="with --copybook: COMP-1/COMP-2 bytes (default hfp)",
    )
    n.add_argument(
        "--trim",
        choices=("right", "both", "left", "none"),
        default="right",
        help="with --copybook: text trimming (default right)",
    )
    n.add_argument("--sizes", default=None, metavar="SIZE,...", help="file sizes for --load, e.g. 100M,1G,5G")
    n.add_argument("--scratch", default=None, help="directory for --load's generated files (default: a temporary one)")


@command("bench")
def cmd_bench(args) -> int:
    from ..bench import run_bench

    return run_bench(args)

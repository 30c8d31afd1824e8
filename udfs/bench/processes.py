"""`jcat bench` runs of one process each: `--isolate` times each way of each layout in a fresh process, and
`--scaling` each size; both collect the children's JSON figures and report them as one run would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .figures import payload, print_reports, scaling_report
from .measure import Result
from .models import ENGINES, MODELS
from .selection import chosen_layouts, chosen_ways
from .tables import project_env

MODEL_ENGINES = tuple(ENGINES)  # model_layout, model_per_field, model_spark


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
    names, ways = chosen_layouts(args), chosen_ways(args)
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
    print_reports(
        [r for r in results if r.way not in MODEL_ENGINES], [r for r in results if r.way in MODEL_ENGINES], nbytes
    )
    if args.json_path:
        figures = payload(results, args, args.master or "default")
        figures.update(isolated=True, pids=pids)
        Path(args.json_path).write_text(json.dumps(figures, indent=2))
        print(f"figures written to {args.json_path}")
    return 0


def run_scaling(args) -> int:
    """Each size in a fresh `jcat bench` process; time per record and peak memory compared across sizes."""
    sizes = [int(s) for s in args.scaling.split(",")]
    names = chosen_layouts(args)
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

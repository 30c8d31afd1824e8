"""The figures a `jcat bench` run prints and writes: the ways' table with each layout's ratios against the targets,
the markdown rows docs/bench.md shows, the JSON payload of `--json`, and the table of a `--scaling` series."""

from __future__ import annotations

import os

from .measure import WAYS_DOC, Result
from .models import model_report

TARGET_JVM = 0.8  # catalog throughput at least 0.8x Spark's own expressions
TARGET_ROW = 5.0  # and at least 5x the row UDF
TARGET_SQL_FUNCTIONS = 1.0  # per-field persistent SQL functions at least as fast as Spark's own expressions
TARGET_JVM_FUNCTIONS = 1.2  # per-field compiled functions at least 1.2x Spark's own expressions
TARGET_SCALING_TIME = 1.2  # time per record within 20% across sizes
TARGET_SCALING_MEMORY = 1.3  # peak memory at the largest size within 1.3x the next size down


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
        for w in ("jvm_functions", "sql_functions", "catalog_per_field"):  # per field, against Spark's own
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
    per_field = [
        (layout, rs)
        for layout, rs in ratios(results).items()
        if {"sql_functions_vs_jvm_expressions", "jvm_functions_vs_jvm_expressions"} & set(rs)
    ]
    if per_field:

        def vs(x, target=None):
            if x is None:
                return "-"
            return f"{x:.2f}x" + ("" if target is None else (" met" if x >= target else " MISSED"))

        lines.append("")
        head = f"{'jvm_functions vs JVM':>26} {'sql_functions vs JVM':>26} {'per_field vs JVM':>17}"
        lines.append(f"{'layout':<9} {head}")
        for layout, rs in per_field:
            lines.append(
                f"{layout:<9} {vs(rs.get('jvm_functions_vs_jvm_expressions'), TARGET_JVM_FUNCTIONS):>26} "
                f"{vs(rs.get('sql_functions_vs_jvm_expressions'), TARGET_SQL_FUNCTIONS):>26} "
                f"{vs(rs.get('catalog_per_field_vs_jvm_expressions')):>17}"
            )
    lines.append(
        f"targets: catalog >= {TARGET_JVM}x JVM expressions and >= {TARGET_ROW}x row UDF; "
        f"jvm_functions >= {TARGET_JVM_FUNCTIONS}x and sql_functions >= {TARGET_SQL_FUNCTIONS}x JVM expressions; "
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


def print_reports(results: list, model_results: list, nbytes: dict) -> None:
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

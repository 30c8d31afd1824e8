"""`jcat bench` works end to end at a tiny size (speed itself is shown by running it, not by tests), and its
baselines are correct decoders: a benchmark whose ways disagree would compare different work."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pyarrow as pa
import pytest

from udfs.bench import scaling_report
from udfs.bench.kinds import BENCH_KINDS
from udfs.bench.layouts import LAYOUTS, get
from udfs.core.kernels.record import RECORD_DECODERS

UTC = dt.timezone.utc

# kind, hex bytes, expected value: every kind the benchmark times, through all three ways
BASELINE_ROWS = [
    ("char", "C1C2404040", "AB"),
    ("char", "4040", ""),
    ("zoned", "F1F2D3", Decimal(-123)),
    ("zoned", "F0F0F7", Decimal(7)),
    ("packed", "12345C", Decimal(12345)),
    ("packed", "00001D", Decimal(-1)),
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
    ("hex", "00FF10", bytes.fromhex("00FF10")),
]


def _norm(v):
    if isinstance(v, dt.datetime) and v.tzinfo is not None:
        return v.astimezone(UTC).replace(tzinfo=None)
    return v


@pytest.mark.parametrize("kind, hexbytes, expected", BASELINE_ROWS)
def test_row_decoder_and_catalog_kernel(kind, hexbytes, expected):
    raw = bytes.fromhex(hexbytes)
    assert BENCH_KINDS[kind].row(raw) == expected
    kernel = RECORD_DECODERS[kind][0]
    got = (pa.array([raw], pa.binary()) if kernel is None else kernel(pa.array([raw], pa.binary()))).to_pylist()[0]
    assert _norm(got) == _norm(expected)


def test_every_bench_layout_generates_records_its_fields_fit():
    for name in LAYOUTS:
        lay = get(name)
        pool = lay.pool(20)
        assert len(set(pool)) == 20, name
        shortest = min(len(r) for r in pool)
        assert all(f.pos + f.length - 1 <= shortest for f in lay.fields), name
        assert {f.kind for f in lay.fields} <= set(BENCH_KINDS), name
        pos, length, how = lay.unique
        assert pos + length - 1 <= shortest and how in ("digits", "bin"), name


def _run(layout, way, us, rss):
    return {"layout": layout, "way": way, "us_per_record": us, "peak_rss_bytes": rss}


def test_scaling_report_flags_time_and_memory_growth():
    runs = {
        100: {"results": [_run("a", "catalog", 2.0, 1000), _run("b", "catalog", 2.0, 1000)]},
        1000: {"results": [_run("a", "catalog", 2.2, 1000), _run("b", "catalog", 2.0, 1000)]},
        10000: {"results": [_run("a", "catalog", 2.1, 1250), _run("b", "catalog", 2.9, 1400)]},
    }
    text, figures = scaling_report(runs)
    assert figures["a/catalog"]["time_ok"] and figures["a/catalog"]["memory_ok"]
    assert figures["a/catalog"]["time_spread"] == pytest.approx(1.1)
    assert not figures["b/catalog"]["time_ok"] and not figures["b/catalog"]["memory_ok"]
    assert figures["b/catalog"]["memory_ratio_largest"] == pytest.approx(1.4)
    assert "MISSED: b/catalog" in text


def test_scaling_runs_each_size_as_a_child_of_its_own_and_reports_their_figures(monkeypatch, tmp_path):
    """--scaling starts one `jcat bench` per size (the process plumbing `--isolate` uses too), each with
    that size's records and its own JCAT_HOME, and reports the children's figures (the heavy Spark test runs it)."""
    import argparse
    import json

    import udfs.bench.processes as processes

    asked = []

    def child(args, extra, json_out, home, records=None):
        asked.append((records, extra, home.name))
        return {"results": [dict(_run("ibmsnap", "catalog", 1.0 + records / 1000, 1000), records=records)]}

    monkeypatch.setattr(processes, "_child", child)
    out = tmp_path / "scaling.json"
    args = argparse.Namespace(
        master="local[1]", records=None, repeat=1, json_path=str(out), layouts=["ibmsnap"], ways=None, scaling="100,200"
    )
    assert processes.run_scaling(args) == 0
    assert asked == [
        (100, ["--ways", "catalog", "--layout", "ibmsnap"], "home-100"),
        (200, ["--ways", "catalog", "--layout", "ibmsnap"], "home-200"),
    ]
    figures = json.loads(out.read_text())
    assert figures["sizes"] == [100, 200] and [figures["runs"][s]["results"][0]["records"] for s in ("100", "200")] == [
        100,
        200,
    ]
    assert figures["scaling"]["ibmsnap/catalog"]["time_spread"] == pytest.approx(1.2 / 1.1)
    monkeypatch.setattr(processes, "_child", lambda *a, **k: None)  # a child that failed
    assert processes.run_scaling(args) == 1


def test_isolate_runs_each_way_as_a_child_of_its_own_only_the_first_checking(monkeypatch, tmp_path):
    """--isolate starts one `jcat bench` per way (the Spark run is `-m heavy`): each times only its way, the first
    of a layout checks the ways agree, the others do not repeat it; the children's figures are reported with pids."""
    import argparse
    import json

    import udfs.bench.processes as processes

    asked = []

    def child(args, extra, json_out, home, records=None):
        asked.append(extra)
        way = extra[extra.index("--ways") + 1]
        return {
            "pid": 1000 + len(asked),
            "results": [dict(_run("ibmsnap", way, 1.0, 300), runs_s=[0.1], records=300, bytes=95 * 300)],
        }

    monkeypatch.setattr(processes, "_child", child)
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
        models=False,
    )
    assert processes.run_isolated(args) == 0
    assert asked == [
        ["--layout", "ibmsnap", "--ways", "catalog", "--exact-ways"],
        ["--layout", "ibmsnap", "--ways", "jvm_expressions", "--exact-ways", "--no-check"],
    ]
    figures = json.loads(out.read_text())
    assert figures["isolated"] and figures["pids"] == [1001, 1002]
    assert [(r["layout"], r["way"]) for r in figures["results"]] == [
        ("ibmsnap", "catalog"),
        ("ibmsnap", "jvm_expressions"),
    ]

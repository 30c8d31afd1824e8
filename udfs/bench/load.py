"""`jcat bench --load`: landing throughput and Python-worker memory for fixed, RDW and VB files.

    jcat bench --load fixed,rdw,vb --sizes 100M,1G,5G [--json FILE]

Each file is generated (M7 records, 971 bytes; RDW: the same records each behind its RDW; VB: blocks of
up to 27,998 bytes) in a scratch directory, loaded with `jcat load` semantics (`udfs.spark.landing.load`), and
dropped again. Reported per file: seconds, MB/s, microseconds per record, the Spark tasks that framed it
(against file size / spark.sql.files.maxPartitionBytes), and the peak RSS of any one Python worker
(sampled from /proc every 0.2 s: every python process under the driver's JVM, i.e. pyspark daemons and
workers) and of the driver. A small warm-up load runs first so the JVM's start-up is not counted.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from .measure import _children

FRAMINGS = ("fixed", "rdw", "vb")
RECORD = 971
VB_BLOCK = 27_998  # the half-track block size z/OS picks for VB data sets
TARGET_VAR_VS_FIXED = 1.0  # variable-length at least as fast as fixed-length
TARGET_TIME_SPREAD = 1.2
TARGET_MEMORY_RATIO = 1.3


def parse_size(text: str) -> int:
    t = text.strip().upper().rstrip("B")
    mult = {"K": 1 << 10, "M": 10**6, "G": 10**9, "T": 10**12}
    if t and t[-1] in mult:
        return int(float(t[:-1]) * mult[t[-1]])
    if t.endswith("GI"):
        return int(float(t[:-2]) * (1 << 30))
    return int(t)


def _pool(n: int = 1000) -> list[bytes]:
    from ..core.samples.m7 import m7_records

    return m7_records(n)


def write_file(path: Path, kind: str, size: int) -> int:
    """A file of about `size` bytes (whole records) of M7 records; returns the number of records."""
    pool = _pool()
    if kind == "fixed":
        unit = pool
    else:
        unit = [(len(r) + 4).to_bytes(2, "big") + b"\0\0" + r for r in pool]
    blob = b"".join(unit)
    per_blob = len(pool)
    records = 0
    with open(path, "wb", buffering=16 << 20) as out:
        written = 0
        if kind == "vb":
            per_block = (VB_BLOCK - 4) // len(unit[0])
            blocks = []
            for i in range(0, len(unit), per_block):
                body = b"".join(unit[i : i + per_block])
                blocks.append((len(body) + 4).to_bytes(2, "big") + b"\0\0" + body)
            blob = b"".join(blocks)
        while written + len(blob) <= size:
            out.write(blob)
            written += len(blob)
            records += per_blob
        if kind == "fixed":
            n = (size - written) // RECORD
            out.write(blob[: n * RECORD])
            records += n
    return records


@dataclass
class LoadFigure:
    kind: str
    size: int
    records: int
    seconds: float
    tasks: int
    expected_tasks: int
    worker_peak_rss: int
    driver_peak_rss: int
    workers_seen: int

    @property
    def mb_per_s(self) -> float:
        return self.size / 1e6 / self.seconds

    @property
    def us_per_record(self) -> float:
        return self.seconds / self.records * 1e6


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class WorkerSampler:
    """Peak RSS of each python process below this driver (the JVM's pyspark daemon and its workers)."""

    def __init__(self, interval: float = 0.2):
        self.interval, self.stop = interval, threading.Event()
        self.peak_worker = self.peak_driver = 0
        self.seen: set[int] = set()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def sample(self):
        me = os.getpid()
        self.peak_driver = max(self.peak_driver, _rss(me))
        kids = _children()
        stack = list(kids.get(me, []))
        while stack:
            pid = stack.pop()
            stack += kids.get(pid, [])
            if "python" in _cmdline(pid).split(" ")[0]:
                self.seen.add(pid)
                self.peak_worker = max(self.peak_worker, _rss(pid))

    def run(self):
        while not self.stop.wait(self.interval):
            self.sample()

    def __enter__(self):
        self.sample()
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        self.sample()


def _tasks(spark, group: str) -> int:
    tracker = spark.sparkContext.statusTracker()
    n = 0
    for job in tracker.getJobIdsForGroup(group):
        info = tracker.getJobInfo(job)
        for sid in info.stageIds if info else []:
            st = tracker.getStageInfo(sid)
            if st and st.name and "parquet" in st.name:
                n = max(n, st.numTasks)
    return n


def measure_load(spark, kind: str, size: int, scratch: Path, log=print) -> LoadFigure:
    from ..spark.landing import load, store
    from ..spark.landing.loader import partition_bytes

    path = scratch / f"bench-{kind}-{size}-{time.time_ns()}.bin"  # a new name: the ledger never calls it unchanged
    t0 = time.time()
    records = write_file(path, kind, size)
    actual = path.stat().st_size
    log(f"  wrote {path.name}: {actual:,} bytes, {records:,} records ({time.time() - t0:.1f}s)")
    layout, framing = ("qasym7j5", None) if kind == "fixed" else ("qjordje5", kind)
    group = f"jcat-bench-load-{kind}-{size}-{time.time_ns()}"
    spark.sparkContext.setJobGroup(group, f"jcat bench load {kind} {size}")
    try:
        with WorkerSampler() as sampler:
            t0 = time.time()
            result = load(spark, layout, [str(path)], framing=framing)
            seconds = time.time() - t0
    finally:
        spark.sparkContext.setJobGroup("", "")
    (fr,) = result.files
    if fr.status != "loaded" or fr.records != records or fr.rejected_bytes:
        raise RuntimeError(f"bench load of {path}: {fr.line()} (expected {records} records, no rejects)")
    landed = spark.sql(f"SELECT count(*) FROM jcat.raw_{layout} WHERE load_id = '{result.load_id}'").first()[0]
    if landed != records:
        raise RuntimeError(f"bench load of {path}: {landed} rows landed, {records} expected")
    fig = LoadFigure(
        kind,
        actual,
        records,
        seconds,
        _tasks(spark, group),
        math.ceil(actual / partition_bytes(spark)),
        sampler.peak_worker,
        sampler.peak_driver,
        len(sampler.seen),
    )
    store.drop_load(spark, layout, result.load_id)
    path.unlink()
    return fig


def load_report(figs: list[LoadFigure]) -> tuple[str, dict]:
    lines = [
        f"{'kind':<6} {'bytes':>15} {'records':>12} {'seconds':>8} {'MB/s':>7} {'us/rec':>7} "
        f"{'tasks':>5} {'~size/part':>10} {'worker MiB':>10} {'driver MiB':>10}"
    ]
    for f in figs:
        lines.append(
            f"{f.kind:<6} {f.size:>15,} {f.records:>12,} {f.seconds:>8.1f} {f.mb_per_s:>7.1f} "
            f"{f.us_per_record:>7.1f} {f.tasks:>5} {f.expected_tasks:>10} {f.worker_peak_rss / 2**20:>10,.0f} "
            f"{f.driver_peak_rss / 2**20:>10,.0f}"
        )
    verdict = {}
    by = {(f.kind, f.size): f for f in figs}
    sizes = sorted({f.size for f in figs if f.kind == "fixed"})
    for kind in ("rdw", "vb"):
        for f in (x for x in figs if x.kind == kind):
            fixed = min((by[("fixed", s)] for s in sizes), key=lambda g: abs(g.size - f.size), default=None)
            if fixed:
                verdict[f"{kind}@{f.size}/fixed MB/s"] = round(f.mb_per_s / fixed.mb_per_s, 2)
    for kind in FRAMINGS:
        fs = sorted((x for x in figs if x.kind == kind), key=lambda x: x.size)
        if len(fs) > 1:
            us = [x.us_per_record for x in fs]
            verdict[f"{kind} time/record spread"] = round(max(us) / min(us), 2)
            verdict[f"{kind} worker memory largest/smallest"] = round(
                fs[-1].worker_peak_rss / max(1, fs[0].worker_peak_rss), 2
            )
    lines.append("")
    lines += [f"  {k}: {v}" for k, v in verdict.items()]
    lines.append(
        f"targets: variable-length MB/s >= {TARGET_VAR_VS_FIXED:.1f}x fixed; time per record within "
        f"{TARGET_TIME_SPREAD}x across sizes; worker memory flat (within {TARGET_MEMORY_RATIO}x); "
        "tasks about size / maxPartitionBytes"
    )
    return "\n".join(lines), verdict


def run_load_bench(args) -> int:
    from ..spark.runtime import start

    kinds = [k.strip() for k in (args.load or "fixed,rdw,vb").split(",")]
    bad = set(kinds) - set(FRAMINGS)
    if bad:
        raise ValueError(f"unknown kinds {sorted(bad)}: choose from {', '.join(FRAMINGS)}")
    sizes = [parse_size(s) for s in (args.sizes or "100M").split(",")]
    spark = start(master=args.master, app_name="jcat-bench-load")
    master = spark.sparkContext.master
    scratch = (
        Path(args.scratch) if getattr(args, "scratch", None) else Path(tempfile.mkdtemp(prefix="jcat-bench-load-"))
    )
    scratch.mkdir(parents=True, exist_ok=True)
    print(
        f"jcat bench --load: {', '.join(kinds)} at {', '.join(f'{s:,}' for s in sizes)} bytes; master {master}; "
        f"maxPartitionBytes {spark.conf.get('spark.sql.files.maxPartitionBytes')}; scratch {scratch}",
        flush=True,
    )
    figs = []
    try:
        measure_load(spark, "rdw", 20 * 10**6, scratch, log=lambda s: None)  # warm-up, not reported
        for size in sizes:
            for kind in kinds:
                print(f"--- {kind} {size:,} bytes", flush=True)
                f = measure_load(spark, kind, size, scratch)
                print(
                    f"  {f.seconds:.1f}s, {f.mb_per_s:.1f} MB/s, {f.us_per_record:.1f} us/record, {f.tasks} tasks, "
                    f"python worker peak {f.worker_peak_rss / 2**20:,.0f} MiB",
                    flush=True,
                )
                figs.append(f)
    finally:
        if not getattr(args, "scratch", None):
            shutil.rmtree(scratch, ignore_errors=True)
    text, verdict = load_report(figs)
    print()
    print(text)
    if args.json_path:
        Path(args.json_path).write_text(
            json.dumps(
                {
                    "master": master,
                    "load": [dict(asdict(f), mb_per_s=f.mb_per_s, us_per_record=f.us_per_record) for f in figs],
                    "verdict": verdict,
                },
                indent=2,
            )
        )
        print(f"figures written to {args.json_path}")
    return 0

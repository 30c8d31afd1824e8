"""`load`: frame raw journal files into `jcat.raw_<layout>`, exactly once, every byte accounted for.

Steps: list the files (Hadoop FileSystem: local, HDFS, S3, globs, directories); fingerprint the ones
the ledger already knows, to skip unchanged files and refuse changed ones (unless replace); frame the
rest in Spark tasks, writing records, rejects and per-chunk summaries in one pass to the load's own
directory; check that every file's bytes are all accounted for; register; commit the ledger rows
(the one step that makes the load visible); then drop loads that a replace left unreferenced.

Reading: every file is cut into ranges of about `spark.sql.files.maxPartitionBytes`, each read by its own
task an interval (8 MiB) at a time: fixed-length files at whole records, variable-length ones at the cut
points of a sparse index, found by one sequential walk of the lengths on the driver (Cobrix-style; only the
length fields matter, nothing is kept but a cut point every 8 MiB), through `Reader` (any Hadoop FileSystem).
A local file (`file:`) is opened by the task itself; a file on another file system (HDFS, S3A...), which a
Python task cannot open, is read in the executor's JVM by jcat's landing jar (`RangeInputFormat`,
udfs/spark/java), which streams the range's bytes to the task in pieces, with block locations for locality.
The exceptions, non-local files only: big fixed-length files whose size is a whole number of records are split
through Hadoop's FixedLengthInputFormat; and in a session without the landing jar (one jcat did not start)
the others are read whole by one task through `binaryFiles` (under 2 GiB).
"""

from __future__ import annotations

import base64
import json
import secrets
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from ...core.framing.frames import Framing
from ...core.framing.layout_framing import check_layout, raw_table, resolve_framing
from ...core.framing.sparse_index import FileView, fixed_points, plan_ranges, sparse_index
from ..progress import SparkProgress
from . import store
from .problems import LoadProblem
from .sources import Reader, SourceFile, list_files
from .tasks import (
    CHUNK_DDL,
    READ_PIECE,
    STAGED_DDL,
    block_digests,
    fingerprint,
    frame_batches,
    local_path,
    read_end,
    scheme_block,
)

SPLIT_THRESHOLD = 64 << 20  # non-local fixed-length files above this are split by byte range
CHUNK_TARGET = 1 << 20
INDEX_STEP = 8 << 20  # a cut point every 8 MiB: what a task holds at once
MIN_RANGE = 1 << 20
RANGE_READS = True  # tasks read local files themselves (tests turn it off to exercise the other paths)
STREAM_BATCH = 16 << 20  # Arrow batches of streamed bytes a Python task holds at once (Spark's default: 64 MiB)
WHOLE_FILE_LIMIT = (1 << 31) - (1 << 24)  # a Spark binary value holds under 2 GiB
_EMPTY_SHA = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
EMPTY_FINGERPRINT = "sha256:" + _EMPTY_SHA


@dataclass
class FileResult:
    source_file: str
    size: int
    status: str  # loaded, unchanged, refused, empty
    records: int = 0
    record_bytes: int = 0
    framing_bytes: int = 0
    rejected_bytes: int = 0
    reasons: dict[str, int] = field(default_factory=dict)  # reject code -> bytes
    fingerprint: str | None = None
    message: str = ""

    def line(self) -> str:
        head = f"{self.source_file}: {self.status}"
        if self.status in ("unchanged", "refused"):
            return f"{head} ({self.message})"
        text = (
            f"{head}, {self.size} bytes = {self.record_bytes} in {self.records} records"
            f" + {self.framing_bytes} RDW/BDW + {self.rejected_bytes} rejected"
        )
        if self.reasons:
            text += " [" + ", ".join(f"{k}: {v} bytes" for k, v in sorted(self.reasons.items())) + "]"
        if self.message:
            text += f" ({self.message})"
        return text


@dataclass
class LoadResult:
    load_id: str
    layout: str
    table: str
    framing: Framing
    files: list[FileResult]
    recovered: list[str] = field(default_factory=list)  # uncommitted earlier loads that were dropped
    seconds: float = 0.0

    def by_status(self, status: str) -> list[FileResult]:
        return [f for f in self.files if f.status == status]

    @property
    def records(self) -> int:
        return sum(f.records for f in self.by_status("loaded"))

    @property
    def rejected_bytes(self) -> int:
        return sum(f.rejected_bytes for f in self.by_status("loaded"))

    @property
    def ok(self) -> bool:
        return not self.by_status("refused")

    def summary(self) -> str:
        counts = ", ".join(
            f"{len(self.by_status(s))} {s}" for s in ("loaded", "unchanged", "refused", "empty") if self.by_status(s)
        )
        return (
            f"load {self.load_id} into jcat.{self.table}: {counts or 'no files'}; {self.records} records, "
            f"{self.rejected_bytes} rejected bytes, {self.seconds:.1f}s"
        )


def new_load_id() -> str:
    """Sortable by time, so the newest ledger entry of a file is the one with the greatest id."""
    return (
        time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        + f"{time.time() % 1:.6f}"[1:].replace(".", "")
        + "-"
        + secrets.token_hex(3)
    )


def chunk_length(size: int, record_length: int) -> int:
    """Whole records, about CHUNK_TARGET bytes, dividing the file exactly (Hadoop's reader refuses a short last
    chunk)."""
    n = size // record_length
    for d in range(max(1, CHUNK_TARGET // record_length), 0, -1):
        if n % d == 0:
            return d * record_length
    return record_length


def is_split(f: SourceFile, framing: Framing, split_threshold: int) -> bool:
    """Non-local files only: a fixed-length file Hadoop's FixedLengthInputFormat can cut."""
    return framing.kind == "fixed" and f.size > split_threshold and f.size % framing.record_length == 0


def reads_ranges(f: SourceFile) -> bool:
    """Does a task open this file itself (a local path)? The others are read in the executors' JVM."""
    return RANGE_READS and local_path(f.path) is not None


def partition_bytes(spark) -> int:
    """spark.sql.files.maxPartitionBytes, as the session has it."""
    try:
        return int(spark._jsparkSession.sessionState().conf().filesMaxPartitionBytes())
    except Exception:  # not a classic session: the default
        return 128 << 20


def landing_jar() -> str:
    """udfs/spark/java/jcat-landing.jar: RangeInputFormat, which reads planned ranges in the executors' JVM."""
    from ..runtime import landing_jar as jar

    return str(jar())


def _landing_class(spark, name: str):
    """A class of jcat's landing jar in the driver JVM, or None when the session was started without the jar
    (a session jcat did not create: spark.jars lacks it)."""
    from py4j.java_gateway import JavaClass

    try:
        cls = getattr(spark.sparkContext._jvm.jcat.landing, name)
    except Exception:
        return None
    return cls if isinstance(cls, JavaClass) else None


def range_reader(spark):
    """jcat.landing.RangeInputFormat, or None without the landing jar."""
    return _landing_class(spark, "RangeInputFormat")


def jvm_walk(spark, f: SourceFile, step: int, window: int | None = None):
    """The common case of the sparse-index walk in the driver JVM (jcat.landing.LengthWalk), as
    `sparse_index` takes it, or None without the landing jar (Python walks it then, about 5x slower).
    window: the JVM's read window in bytes (default 8 MiB; tests use tiny ones)."""
    walker = _landing_class(spark, "LengthWalk")
    if walker is None:
        return None

    def walk(blocks: bool) -> tuple[int, int, list[tuple[int, int]]]:
        args = (f.path, spark._jsc.hadoopConfiguration(), f.size, step, blocks) + (() if window is None else (window,))
        out = [int(v) for v in walker.walk(*args).split()]
        return out[0], out[1], list(zip(out[2::2], out[3::2]))

    return walk


def plan_file(spark, f: SourceFile, framing: Framing, target: int, stream: bool = False) -> list[dict]:
    """The ranges of one file, each a task: fixed-length files cut at whole records, the others at the points
    of a sparse index walked here on the driver (lengths only, a page at a time: the common case in the driver
    JVM, the rest through `Reader`; any Hadoop FileSystem). A local file's task opens it itself; with stream=True the
    executor's JVM reads the range (and on to `read_end`) and streams it to the task."""
    step = min(INDEX_STEP, target)
    if framing.kind == "fixed":
        points, stop = fixed_points(f.size, framing.record_length, step), None
    else:
        # an interval runs from a cut to the first unit start a step later: a step and part of a unit. A step
        # 1/64 short (128 KiB of 8 MiB, more than an RDW or a VB block) lets 16 intervals fill a 128 MiB range,
        # not 15: 38 tasks for 5 GB, not 40, as for a fixed-length file.
        step -= step // 64
        with Reader(spark, f.path) as r:  # through the driver JVM: bigger pages, fewer round trips
            ix = sparse_index(
                FileView(r.read_at, 0, f.size, page=(1 << 20) if r.fd is not None else READ_PIECE),
                framing,
                step,
                fast_walk=jvm_walk(spark, f, step),
            )
        points, stop = ix.points, ix.stop
    if stream:
        return [{"size": f.size, "stream": True, "intervals": ivs} for ivs in plan_ranges(points, stop, f.size, target)]
    local = local_path(f.path)
    return [{"size": f.size, "local": local, "intervals": ivs} for ivs in plan_ranges(points, stop, f.size, target)]


def chunk_frame(spark, files: list[SourceFile], framing: Framing, split_threshold: int | None = None):
    """A DataFrame of pieces, one task each: (source_file, chunk_offset, chunk, whole, plan)."""
    sc = spark.sparkContext
    target = max(MIN_RANGE, min(partition_bytes(spark), split_threshold or (1 << 62)))
    rdds, frames = [], []
    ranged = [f for f in files if reads_ranges(f)]
    pieces = [
        (f.path, p["intervals"][0][0], None, False, json.dumps(p))
        for f in ranged
        for p in plan_file(spark, f, framing, target)
    ]
    if pieces:
        # one task per range; small files' ranges packed together, still spread over every core
        bins = _bins(
            [_span(json.loads(p[4])) for p in pieces], sum(f.size for f in ranged), target, sc.defaultParallelism
        )
        rdds.append(sc.parallelize([[pieces[i] for i in b] for b in bins], len(bins)).flatMap(lambda b: b))
    others = [f for f in files if not reads_ranges(f)]
    fixed_threshold = SPLIT_THRESHOLD if split_threshold is None else split_threshold
    cut = [f for f in others if is_split(f, framing, fixed_threshold)]
    rest = [f for f in others if not is_split(f, framing, fixed_threshold)]
    reader = range_reader(spark) if rest else None
    if reader is not None:
        frames.append(_streamed_frame(spark, reader, rest, framing, target))
        rest = []
    for f in rest:
        if f.size > WHOLE_FILE_LIMIT:
            raise LoadProblem(
                f"{f.path}: {f.size} bytes is too big to frame in one task, and this session lacks "
                f"jcat's landing jar, which reads such files in ranges: start the session with "
                f"spark.jars={landing_jar()} (sessions jcat starts have it)"
            )
    if rest:  # only without the landing jar: whole files, read by binaryFiles
        # binaryFiles names files its own way (file:/ vs file:///): map back to the listed name.
        names = {_norm(f.path): f.path for f in rest}
        joined = ",".join(f.path.replace(",", "\\,") for f in rest)
        rdds.append(
            sc.binaryFiles(joined, minPartitions=min(len(rest), sc.defaultParallelism * 4)).map(
                lambda kv, names=names: (names.get(_norm(kv[0]), kv[0]), 0, kv[1], True, None)
            )
        )
    for f in cut:
        c = chunk_length(f.size, framing.record_length)
        rdd = sc.newAPIHadoopFile(
            f.path,
            "org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat",
            "org.apache.hadoop.io.LongWritable",
            "org.apache.hadoop.io.BytesWritable",
            conf={"fixedlengthinputformat.record.length": str(c)},
        )
        rdds.append(rdd.map(lambda kv, p=f.path: (p, kv[0], bytes(kv[1]), False, None)))
    if rdds:
        frames.append(spark.createDataFrame(sc.union(rdds) if len(rdds) > 1 else rdds[0], CHUNK_DDL))
    out = frames[0]
    for df in frames[1:]:
        out = out.union(df)
    return out


def _span(plan: dict) -> int:
    return plan["intervals"][-1][1] - plan["intervals"][0][0]


def _bins(sizes: list[int], total: int, target: int, parallelism: int) -> list[list[int]]:
    """Ranges (by index, in order) packed into tasks of about `target` bytes (less when that would leave cores
    idle): one range per task unless ranges are small (small files)."""
    limit = min(target, max(MIN_RANGE, total // max(1, parallelism)))
    bins: list[list[int]] = []
    size = 0
    for i, n in enumerate(sizes):
        if not bins or size + n > limit:
            bins.append([])
            size = 0
        bins[-1].append(i)
        size += n
    return bins


def _streamed_frame(spark, reader, files: list[SourceFile], framing: Framing, target: int):
    """The pieces of files a Python task cannot open: planned here like local files, read in the executors'
    JVM (RangeInputFormat), one task per bin of ranges; the bytes reach Python in Arrow batches."""
    from pyspark.sql import DataFrame

    plans = [(f.path, p) for f in files for p in plan_file(spark, f, framing, target, stream=True)]
    bins = _bins(
        [_span(p) for _, p in plans], sum(f.size for f in files), target, spark.sparkContext.defaultParallelism
    )
    b64 = lambda text: base64.b64encode(text.encode()).decode()
    lines = []
    for b in bins:
        fields = []
        for i in b:
            path, p = plans[i]
            fields += [
                b64(path),
                str(p["intervals"][0][0]),
                str(p["intervals"][-1][1]),
                str(read_end(p)),
                b64(json.dumps(p)),
            ]
        lines.append("\t".join(fields))
    jdf = reader.frame(spark._jsparkSession, "\n".join(lines), READ_PIECE, CHUNK_DDL)
    return DataFrame(jdf, spark)


def _norm(path: str) -> str:
    return path.replace("file:///", "file:/")


def _digests(spark, files: list[SourceFile], stored: dict[str, str]) -> dict[str, str]:
    """Fingerprints of files the ledger knows, streamed through the driver a piece at a time, each in the
    scheme of its stored fingerprint (1 MiB blocks today; whole-file or chunk-length blocks from ledgers
    written before), so an unchanged file is recognised whatever version loaded it."""
    out = {}
    for f in files:
        with Reader(spark, f.path) as r:
            out[f.path] = fingerprint(block_digests(r.read_at, f.size, scheme_block(stored.get(f.path), f.size)))
    return out


def _summaries(spark, path: str) -> dict[str, dict]:
    """Per-file accounting from the load's summary rows, and the block digests for its fingerprint."""
    rows = (
        spark.read.parquet(path)
        .where("kind IN ('S', 'H')")
        .select(
            "kind",
            "source_file",
            "chunk_offset",
            "length",
            "records",
            "record_bytes",
            "framing_bytes",
            "rejected_bytes",
            "digest",
            "reasons",
        )
        .collect()
    )
    out: dict[str, dict] = {}
    for r in rows:
        s = out.setdefault(
            r["source_file"],
            {
                "records": 0,
                "record_bytes": 0,
                "framing_bytes": 0,
                "rejected_bytes": 0,
                "pieces": [],
                "chunks": [],
                "reasons": {},
            },
        )
        if r["kind"] == "H":
            s["chunks"].append((r["chunk_offset"], r["length"], r["digest"]))
            continue
        for k in ("records", "record_bytes", "framing_bytes", "rejected_bytes"):
            s[k] += r[k]
        s["pieces"].append((r["chunk_offset"], r["length"]))
        for code, n in json.loads(r["reasons"]).items():
            s["reasons"][code] = s["reasons"].get(code, 0) + n
    return out


def _tiles(spans: list[tuple[int, int]], size: int) -> bool:
    """Do the (offset, length) spans cover [0, size) exactly once?"""
    pos = 0
    for off, length in sorted(spans):
        if off != pos:
            return False
        pos += length
    return pos == size


def _check_accounting(f: SourceFile, s: dict | None) -> None:
    if s is None:
        raise LoadProblem(f"{f.path}: no task reported on this file (it changed or vanished during the load?)")
    covered = sum(length for _, length in s["pieces"])
    accounted = s["record_bytes"] + s["framing_bytes"] + s["rejected_bytes"]
    if (
        covered != f.size
        or accounted != f.size
        or not _tiles(s["pieces"], f.size)
        or not _tiles([(o, n) for o, n, _ in s["chunks"]], f.size)
    ):
        raise LoadProblem(
            f"{f.path}: accounting failed: size {f.size}, read {covered}, "
            f"records+framing+rejected {accounted} (did the file change during the load?)"
        )


def _strict_failure(spark, path: str) -> str:
    r = (
        spark.read.parquet(path)
        .where("kind = 'J'")
        .orderBy("source_file", "record_offset")
        .select("source_file", "record_offset", "length", "reason", "first_bytes_hex")
        .first()
    )
    return (
        f"strict: {r['source_file']} offset {r['record_offset']}: {r['reason']} "
        f"({r['length']} bytes, starting X'{r['first_bytes_hex']}')"
    )


@store.leased
def load(
    spark,
    layout: str,
    paths: list[str] | str,
    *,
    framing: str | None = None,
    record_length: int | None = None,
    replace: bool = False,
    strict: bool = False,
    split_threshold: int | None = None,
    progress: bool = False,
    out=None,
) -> LoadResult:
    """Land files of one layout. Returns the per-file accounting; raises LoadProblem when nothing may land.

    A file already loaded with the same content is skipped (`unchanged`); a file loaded before with
    different content is `refused` unless replace=True, which hides (and where possible drops) its
    earlier rows and rejects when the new load commits.

    split_threshold: the most bytes one task reads (default spark.sql.files.maxPartitionBytes; at least
    1 MiB); for files Python tasks cannot open, the size above which fixed-length files are split.
    """
    started = time.time()
    layout = check_layout(layout)
    spec = resolve_framing(layout, framing, record_length)
    paths = [paths] if isinstance(paths, str) else list(paths)
    if not paths:
        raise LoadProblem("give at least one file, directory or glob to load")
    files = list_files(spark, paths)
    store.ensure_tables(spark, layout)
    result = LoadResult(new_load_id(), layout, raw_table(layout), spec, [])
    store.take_lease(spark, result.load_id)  # before anything is written: recovery elsewhere leaves this load alone
    result.recovered = store.recover(spark, layout)
    say = (lambda s: print(s, file=out or sys.stderr, flush=True)) if progress else (lambda s: None)
    for load_id in result.recovered:
        say(f"dropped uncommitted load {load_id} (a load that did not finish)")

    known = store.current_entries(spark, layout)
    todo, superseded, notes = _triage(spark, files, known, replace, progress, say)
    framed = [f for f in todo if f.size > 0]
    staged = store.load_dir(spark, layout, result.load_id)
    summaries = _stage(spark, layout, spec, framed, split_threshold, result.load_id, staged, progress, say)
    results = dict(notes)
    entries = []
    for f in todo:
        results[f.path] = _file_result(f, summaries.get(f.path), known)
        entries.append(_ledger_entry(result.load_id, layout, spec, f, results[f.path]))
    result.files = [results[f.path] for f in files]
    any_rejects = any(results[f.path].rejected_bytes > 0 for f in todo)
    _publish(spark, result, staged, bool(framed), any_rejects, entries, strict)
    if superseded:
        for load_id in store.drop_superseded(spark, layout, superseded):
            say(f"dropped load {load_id}: every file of it was replaced")
    result.seconds = time.time() - started
    return result


def _triage(spark, files, known: dict, replace: bool, progress: bool, say):
    """(the files to frame, the loads they supersede, the results of those left alone): a file of the same size
    as its last load is fingerprinted (only it can be unchanged); a changed one is refused unless `replace`."""
    seen = [f for f in files if f.path in known and 0 < f.size == known[f.path]["size"]]
    digests = {f.path: EMPTY_FINGERPRINT for f in files if f.size == 0}
    if seen:
        say(f"fingerprinting {len(seen)} file(s) loaded before")
        with SparkProgress(spark, "fingerprinting", len(seen), sum(f.size for f in seen)) if progress else _Null():
            digests.update(_digests(spark, seen, {f.path: known[f.path]["fingerprint"] for f in seen}))
    todo, superseded, notes = [], set(), {}
    for f in files:
        prev = known.get(f.path)
        if prev is not None:
            fp = digests.get(f.path)
            if fp == prev["fingerprint"]:
                message = f"same content as load {prev['load_id']}: nothing to do"
                notes[f.path] = FileResult(f.path, f.size, "unchanged", fingerprint=fp, message=message)
                continue
            if not replace:
                message = (
                    f"content changed since load {prev['load_id']} ({prev['size']} -> {f.size} bytes): "
                    "use --replace to reload it"
                )
                notes[f.path] = FileResult(f.path, f.size, "refused", fingerprint=fp, message=message)
                continue
            superseded.add(prev["load_id"])
        todo.append(f)
    return todo, superseded, notes


def _stage(spark, layout: str, spec, framed, split_threshold, load_id: str, staged: str, progress: bool, say):
    """Frame the files with bytes into the load's staging folder; each file's summary (records, bytes, rejects)."""
    if not framed:
        return {}
    total = sum(f.size for f in framed)
    say(f"framing {len(framed)} file(s), {total} bytes")
    chunks = chunk_frame(spark, framed, spec, split_threshold)
    staged_rows = chunks.mapInArrow(frame_batches(spec, layout), STAGED_DDL)
    spark.sparkContext.setJobDescription(f"jcat load {layout} {load_id}")
    width = spec.record_length if spec.kind == "fixed" else None
    shown = SparkProgress(spark, f"landing {layout}", len(framed), total, width) if progress else _Null()
    with shown, _arrow_batch_bytes(spark, STREAM_BATCH):
        staged_rows.write.mode("errorifexists").parquet(staged)
    summaries = _summaries(spark, staged)
    store.pause("staged")
    return summaries


# An empty file: nothing to read, recorded in the ledger so it is accounted for, once.
_EMPTY_SUMMARY = {
    "records": 0,
    "record_bytes": 0,
    "framing_bytes": 0,
    "rejected_bytes": 0,
    "reasons": {},
    "pieces": [(0, 0)],
    "chunks": [(0, 0, _EMPTY_SHA)],
}


def _file_result(f, summary: dict | None, known: dict) -> FileResult:
    s = _EMPTY_SUMMARY if f.size == 0 else summary
    if f.size:
        _check_accounting(f, s)
    fr = FileResult(
        f.path,
        f.size,
        "empty" if f.size == 0 else "loaded",
        s["records"],
        s["record_bytes"],
        s["framing_bytes"],
        s["rejected_bytes"],
        s["reasons"],
        fingerprint(s["chunks"]),
    )
    if f.size == 0:
        fr.message = "empty file: nothing to frame"
    if f.path in known:
        fr.message = (fr.message + "; " if fr.message else "") + f"replaces load {known[f.path]['load_id']}"
    return fr


def _ledger_entry(load_id: str, layout: str, spec, f, fr: FileResult) -> dict:
    return {
        "load_id": load_id,
        "layout": layout,
        "source_file": f.path,
        "size": f.size,
        "fingerprint": fr.fingerprint,
        "framing": _describe(spec),
        "records": fr.records,
        "record_bytes": fr.record_bytes,
        "framing_bytes": fr.framing_bytes,
        "rejected_bytes": fr.rejected_bytes,
        "reasons": json.dumps(fr.reasons, sort_keys=True),
        "status": "loaded",
        "loaded_at": store.now(),
    }


def _publish(spark, result: LoadResult, staged: str, framed: bool, any_rejects: bool, entries, strict: bool):
    """Strict mode refuses a load with rejects; otherwise its rejects and data are registered and the ledger rows
    committed: the load becomes visible all at once."""
    layout = result.layout
    if strict and any_rejects:
        message = _strict_failure(spark, staged)
        store.drop_load(spark, layout, result.load_id)
        raise LoadProblem(message)
    if framed:
        if any_rejects:
            rejects = spark.read.parquet(staged).where("kind = 'J'").select(*store.REJECT_COLUMNS.split(", "))
            rejects.write.mode("errorifexists").parquet(store.rejects_dir(spark, result.load_id))
        store.register(spark, layout, result.load_id, any_rejects)
        store.pause("registered")
    store.commit(spark, entries)  # the load becomes visible here, all of it at once
    store.pause("committed")


@contextmanager
def _arrow_batch_bytes(spark, n: int):
    """spark.sql.execution.arrow.maxBytesPerBatch = n while the load's one job runs, then as it was: a streamed range's
    bytes reach its Python task in batches of this size (measured on a 200 MiB RDW file in two ranges: peak
    worker RSS 335 MiB with 64 MiB batches, 271 MiB with 16 MiB, 205 MiB for the same ranges read locally)."""
    key = "spark.sql.execution.arrow.maxBytesPerBatch"
    before = spark.conf.get(key, None)
    spark.conf.set(key, str(n))
    try:
        yield
    finally:
        if before is None:
            spark.conf.unset(key)
        else:
            spark.conf.set(key, before)


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _describe(spec: Framing) -> str:
    if spec.kind == "fixed":
        return f"fixed {spec.record_length}"
    text = spec.kind + (f" {spec.inner}" if spec.inner and spec.kind != "self" else "")
    if spec.kind == "self":
        text += f" {spec.inner}"
    return text

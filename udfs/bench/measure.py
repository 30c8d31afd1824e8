"""Land a layout's records as a raw table, check that the ways agree, and time each way end to end.

A way is a DataFrame over the raw table; its time is a write to Spark's `noop` sink (every row decoded,
nothing kept), the median of `repeat` runs after one warm-up run. Peak memory is sampled from /proc for the
whole process tree (this Python driver, the JVM, and the Python workers it starts) while the runs go on.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from dataclasses import dataclass, field

from .kinds import (
    BENCH_KINDS,
    SQL_ENGINE_SCHEMA,
    catalog_per_field_sql,
    jvm_function_sql,
    jvm_sql,
    layout_sql,
    row_udf_name,
    row_udf_sql,
    sql_function_sql,
)
from .layouts import POOL, BenchLayout

WAYS_DOC = {
    "catalog": "the layout's fields in one layout-function call per batch (as decode_<layout>)",
    "catalog_per_field": "one catalog function per field (as the dbt field macros call them)",
    "sql_functions": "one persistent function per field, SQL bodies (engine sql: pure Spark SQL expressions)",
    "jvm_functions": "one persistent function per field, compiled (engine jvm, the default: as views call them)",
    "jvm_expressions": "Spark's own substr/decode/conv/hex/regexp/to_timestamp expressions",
    "row_udf": "a naive row-at-a-time Python UDF per field",
    "arrow_floor": "an Arrow UDF that decodes nothing: the cost of any Python-worker path",
}
WAYS = tuple(WAYS_DOC)


def raw_table(layout: str) -> str:
    return f"bench_raw_{layout}"


def layout_function_name(layout: str) -> str:
    return f"bench_decode_{layout}"


@dataclass
class Result:
    layout: str
    way: str
    runs: list[float]
    records: int
    bytes: int
    peak_rss: int = 0  # bytes, whole process tree, during this way's runs

    @property
    def seconds(self) -> float:
        return statistics.median(self.runs)

    @property
    def records_per_s(self) -> float:
        return self.records / self.seconds

    @property
    def mb_per_s(self) -> float:
        return self.bytes / self.seconds / 1e6

    @property
    def us_per_record(self) -> float:
        return self.seconds / self.records * 1e6


# --- memory --------------------------------------------------------------------------------------------------


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d))
    return kids


def tree_rss(root: int | None = None) -> int:
    """Resident bytes of a process and all its descendants (driver, JVM, Python workers)."""
    root = root or os.getpid()
    kids = _children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            with open(f"/proc/{pid}/status") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            pass
    return total


@dataclass
class PeakSampler:
    """Samples tree_rss every `interval` seconds in a thread; `peak` is the largest seen."""

    interval: float = 0.25
    peak: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)

    def __enter__(self):
        self.peak = tree_rss()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self):
        while not self._stop.wait(self.interval):
            self.peak = max(self.peak, tree_rss())

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, tree_rss())


# --- data ----------------------------------------------------------------------------------------------------


def land(spark, lay: BenchLayout, records: int) -> int:
    """`records` rows of the layout's pool, each made unique by its row number; returns the bytes landed."""
    from pyspark.sql import functions as F

    pool = lay.pool(min(POOL, records))
    pool_df = spark.createDataFrame([(i, r) for i, r in enumerate(pool)], "k INT, record BINARY")
    if lay.unique is None:  # nothing to number: the pool repeated
        unique = "record"
    else:
        pos, length, how = lay.unique
        if how == "digits":
            number = f"encode(lpad(cast(record_number + 1 AS STRING), {length}, '0'), 'IBM037')"
        else:
            number = f"unhex(lpad(hex(record_number + 1), {2 * length}, '0'))"
        unique = f"overlay(record PLACING {number} FROM {pos} FOR {length})"
    (
        spark.range(records)
        .select(F.col("id").alias("record_number"), (F.col("id") % len(pool)).cast("int").alias("k"))
        .join(F.broadcast(pool_df), "k")
        .selectExpr("record_number", f"{unique} AS record")
        .write.mode("overwrite")
        .format("parquet")
        .saveAsTable(raw_table(lay.name))
    )
    return spark.table(raw_table(lay.name)).selectExpr("sum(length(record))").first()[0]


# --- ways ----------------------------------------------------------------------------------------------------


def _install_engines(spark) -> None:
    """The two engines of the persistent functions side by side: jcat (compiled) and the SQL bodies' schema."""
    from ..spark.function_install import ensure_installed

    ensure_installed(spark, "jcat", engine="jvm")
    ensure_installed(spark, SQL_ENGINE_SCHEMA, engine="sql")


def register(spark, lay: BenchLayout) -> None:
    """The layout function over exactly the bench fields, built the way the catalog builds decode_<layout>;
    and the floor UDF."""
    import pyarrow as pa
    from pyspark.sql.functions import arrow_udf, udf

    from ..core.catalog import Example, layout_function
    from ..core.layouts import Field
    from ..spark.udf_registration import arrow_udf_for

    spark.udf.register("bench_arrow_floor", arrow_udf(lambda b: pa.nulls(len(b), pa.int64()), "bigint"))
    _install_engines(spark)
    if hasattr(lay, "frames"):  # a declared table (udfs/bench/tables.py) registers its own functions
        lay.register(spark, layout_function_name(lay.name))
        return
    fields = tuple(Field(name=f.name, pos=f.pos, length=f.length, kind=f.kind) for f in lay.fields)
    fn = layout_function(f"bench_{lay.name}", fields, "benchmark fields", Example("", ""))
    spark.udf.register(layout_function_name(lay.name), arrow_udf_for(fn))
    for kind, spec in BENCH_KINDS.items():
        spark.udf.register(row_udf_name(kind), udf(spec.row, spec.row_type))


def ways(spark, lay: BenchLayout, table: str | None = None) -> dict:
    """Way name -> a DataFrame factory over the raw table (or `table`), all giving the same model columns."""
    raw = spark.table(table or raw_table(lay.name))
    if hasattr(lay, "frames"):
        own = lay.frames(layout_function_name(lay.name))
        return {
            **{way: (lambda f=f: f(raw)) for way, f in own.items()},
            "arrow_floor": lambda: raw.selectExpr("bench_arrow_floor(record) AS nothing"),
        }
    return {
        "catalog": lambda: raw.selectExpr(f"{layout_function_name(lay.name)}(record) AS d").selectExpr(
            *[layout_sql(f) for f in lay.fields]
        ),
        "catalog_per_field": lambda: raw.selectExpr(*[catalog_per_field_sql(f) for f in lay.fields]),
        "sql_functions": lambda: raw.selectExpr(*[sql_function_sql(f) for f in lay.fields]),
        "jvm_functions": lambda: raw.selectExpr(*[jvm_function_sql(f) for f in lay.fields]),
        "jvm_expressions": lambda: raw.selectExpr(*[jvm_sql(f) for f in lay.fields]),
        "row_udf": lambda: raw.selectExpr(*[row_udf_sql(f) for f in lay.fields]),
        "arrow_floor": lambda: raw.selectExpr("bench_arrow_floor(record) AS nothing"),
    }


def check_agreement(spark, lay: BenchLayout, sample: int = 2000) -> int:
    """The ways must give the same values, or the timings compare different work. Returns rows compared."""
    register(spark, lay)
    # the same raw rows for every way: cut the sample before decoding, not after
    spark.table(raw_table(lay.name)).orderBy("record_number").limit(sample).createOrReplaceTempView("bench_sample")
    got = {}
    for way, factory in ways(spark, lay, "bench_sample").items():
        if way != "arrow_floor":
            got[way] = [tuple(r) for r in factory().collect()]
    base = got["catalog"]
    names = [f.name for f in lay.fields]
    for way, rows in got.items():
        if rows != base:
            bad = next((i for i, (a, b) in enumerate(zip(base, rows)) if a != b), None)
            detail = (
                ""
                if bad is None
                else f": row {bad}, "
                + ", ".join(f"{n}={a!r} vs {b!r}" for n, a, b in zip(names, base[bad], rows[bad]) if a != b)
            )
            raise AssertionError(f"{lay.name}: {way} disagrees with catalog{detail}")
    # the layout function's own values (a blank text field is '' there, NULL in the model's column)
    decoded = [
        tuple(r)
        for r in spark.table("bench_sample")
        .selectExpr(f"{layout_function_name(lay.name)}(record) AS d")
        .selectExpr(*[f"d.`{n}`" for n in names])
        .collect()
    ]
    if not getattr(lay, "real_data", False) and any(v is None for row in decoded for v in row):
        nulls = sorted({n for row in decoded for n, v in zip(names, row) if v is None})
        raise AssertionError(f"{lay.name}: the bench data decodes to NULL in {nulls}: fix the generator")
    return len(base)


WARMUP_ROWS = 500_000  # enough to compile the plan and start the Python workers; 10M-row runs need not repeat it


def time_way(spark, factory, repeat: int, warmup) -> tuple[list[float], int]:
    """(run seconds, peak tree RSS) of `repeat` noop writes after one warm-up (`warmup`: the same way over the
    first WARMUP_ROWS raw rows; limiting the input, not the output, lets every Python worker finish its batches)."""
    warmup().write.format("noop").mode("overwrite").save()  # JIT, Python workers, file cache
    runs = []
    with PeakSampler() as mem:
        for _ in range(repeat):
            df = factory()
            t0 = time.perf_counter()
            df.write.format("noop").mode("overwrite").save()
            runs.append(time.perf_counter() - t0)
    return runs, mem.peak


def time_layout(
    spark, lay: BenchLayout, records: int, nbytes: int, repeat: int, which: tuple[str, ...] = WAYS, log=print
) -> list[Result]:
    register(spark, lay)
    ws = ways(spark, lay)
    spark.table(raw_table(lay.name)).limit(WARMUP_ROWS).createOrReplaceTempView("bench_warmup")
    warm = ways(spark, lay, "bench_warmup")
    out = []
    for way in which:
        runs, peak = time_way(spark, ws[way], repeat, warm[way])
        r = Result(lay.name, way, runs, records, nbytes, peak)
        log(
            f"  {lay.name:<9} {way:<18} {r.records_per_s:>12,.0f} rec/s  median {r.seconds:7.2f} s  "
            f"runs {' '.join(f'{x:.2f}' for x in runs)}  peak {peak / 2**20:,.0f} MiB"
        )
        out.append(r)
    return out

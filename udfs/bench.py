"""`jcat bench`: the catalog against Spark's own JVM expressions and a naive row-at-a-time Python UDF.

Data: deterministic QASYM7J5 records (971 bytes) built with the encoders, landed as a raw Parquet table.
Each way decodes the same fifteen fields of the same rows (EBCDIC text, 4- and 8-byte binary, zoned)
and writes them to Spark's `noop` sink, so the figures are raw table to decoded rows, end to end.
Each measurement is the median of `--repeat` timed runs after one warm-up run.
"""

from __future__ import annotations

import json
import statistics
import time
from decimal import Decimal
from dataclasses import dataclass

from .layouts import qasym7j5
from .samples import m7_records

POOL = 4096  # distinct generated records, repeated to the requested count
RAW_TABLE = "bench_raw_qasym7j5"

# (column, 1-based position, length, kind): the same fields for all three ways.
FIELDS: tuple[tuple[str, int, int, str], ...] = (
    ("JOENTL", 1, 5, "zoned"),
    ("JOB_NAME", 55, 10, "char"),
    ("JOB_USER", 65, 10, "char"),
    ("JOB_NUMBER", 75, 6, "zoned"),
    ("PROGRAM_NAME", 81, 10, "char"),
    ("PROGRAM_LIBRARY", 91, 10, "char"),
    ("USER_NAME", 187, 10, "char"),
    ("SYSTEM_NAME", 197, 8, "char"),
    ("RECEIVER_NAME", 241, 10, "char"),
    ("RULE_ID_4", 614, 4, "bin"),
    ("LIBRARY_NAME", 648, 10, "char"),
    ("OBJECT_NAME", 666, 10, "char"),
    ("NUMBER_OF_OBJECTS_4", 852, 4, "bin"),
    ("RULE_IDENTIFIER", 856, 8, "bin"),
    ("NUMBER_OF_OBJECTS", 864, 8, "bin"),
)


def catalog_expr(name: str, pos: int, length: int, kind: str) -> str:
    cut = f"substr(record, {pos}, {length})"
    fn = {"char": "ebcdic_str", "zoned": "unpack_zoned", "bin": "unpack_bin"}[kind]
    return f"{fn}({cut}) AS {name}"


def jvm_expr(name: str, pos: int, length: int, kind: str) -> str:
    """The same decode in Spark's built-in expressions, as a careful user would write it."""
    cut = f"substr(record, {pos}, {length})"
    if kind == "char":
        return f"rtrim(decode({cut}, 'IBM037')) AS {name}"
    if kind == "bin":
        bits = 8 * length
        unsigned = f"cast(conv(hex({cut}), 16, 10) AS DECIMAL(20,0))"
        return (f"cast(CASE WHEN {unsigned} >= {2 ** (bits - 1)} THEN {unsigned} - {2 ** bits} "
                f"ELSE {unsigned} END AS BIGINT) AS {name}")
    if kind == "zoned":
        h = f"hex({cut})"
        digits = f"cast(regexp_replace({h}, '(.)(.)', '$2') AS DECIMAL(31,0))"
        return f"CASE WHEN substr({h}, -2, 1) IN ('D', 'B') THEN -{digits} ELSE {digits} END AS {name}"
    raise ValueError(kind)


def _row_decoders():
    """Naive Python, one value at a time: what a user writes first."""

    def char(b):
        return None if b is None else b.decode("cp037").rstrip(" \x00")

    def binary(b):
        return None if b is None else int.from_bytes(b, "big", signed=True)

    def zoned(b):
        if b is None:
            return None
        digits = "".join(str(x & 0x0F) for x in b)
        value = Decimal(digits)
        return -value if (b[-1] >> 4) in (0xB, 0xD) else value

    return {"char": (char, "string"), "bin": (binary, "bigint"), "zoned": (zoned, "decimal(31,0)")}


@dataclass
class Result:
    way: str
    seconds: float
    runs: list[float]
    records: int
    bytes: int

    @property
    def records_per_s(self) -> float:
        return self.records / self.seconds

    @property
    def mb_per_s(self) -> float:
        return self.bytes / self.seconds / 1e6


def land(spark, records: int) -> None:
    pool = m7_records(POOL)
    pool_df = spark.createDataFrame([(i, r) for i, r in enumerate(pool)], "k INT, record BINARY")
    from pyspark.sql import functions as F

    spark.range(records).select(F.col("id").alias("record_number"), (F.col("id") % POOL).cast("int").alias("k")) \
        .join(F.broadcast(pool_df), "k").select("record_number", "record") \
        .write.mode("overwrite").format("parquet").saveAsTable(RAW_TABLE)


def time_query(spark, df_factory, repeat: int) -> list[float]:
    df_factory().write.format("noop").mode("overwrite").save()  # warm-up
    runs = []
    for _ in range(repeat):
        df = df_factory()
        t0 = time.perf_counter()
        df.write.format("noop").mode("overwrite").save()
        runs.append(time.perf_counter() - t0)
    return runs


BENCH_LAYOUT = "bench_m7_fields"  # the same 15 fields, as a layout function registered for the run


def register_bench_layout(spark) -> None:
    """A layout function over exactly the benchmark's fields, built the way the catalog builds decode_<layout>."""
    from .catalog import Example, layout_function
    from .layouts import Field
    from .spark_catalog import arrow_udf_for

    fields = tuple(Field(name, pos, length, kind) for name, pos, length, kind in FIELDS)
    fn = layout_function(BENCH_LAYOUT.removeprefix("decode_"), fields, "benchmark fields", Example("", ""))
    spark.udf.register(fn.name, arrow_udf_for(fn))


def register_floor(spark) -> None:
    """An Arrow UDF that decodes nothing: what shipping the records to Python workers and back costs alone."""
    import pyarrow as pa
    from pyspark.sql.functions import arrow_udf

    spark.udf.register("bench_arrow_floor", arrow_udf(lambda b: pa.nulls(len(b), pa.int64()), "bigint"))


def measure(spark, records: int, repeat: int) -> list[Result]:
    from pyspark.sql.functions import udf

    register_bench_layout(spark)
    register_floor(spark)
    raw = spark.table(RAW_TABLE)
    nbytes = records * qasym7j5.RECORD_LENGTH
    catalog_sql = [catalog_expr(*f) for f in FIELDS]
    jvm_sql = [jvm_expr(*f) for f in FIELDS]
    decoders = _row_decoders()
    row_udfs = {kind: udf(fn, typ) for kind, (fn, typ) in decoders.items()}

    def row_df():
        from pyspark.sql import functions as F

        cols = [row_udfs[kind](F.substring("record", pos, length)).alias(name) for name, pos, length, kind in FIELDS]
        return raw.select(*cols)

    names = [f[0] for f in FIELDS]
    ways = {
        "catalog": lambda: raw.selectExpr(f"decode_{BENCH_LAYOUT}(record) AS d").selectExpr(*[f"d.{n}" for n in names]),
        "catalog_per_field": lambda: raw.selectExpr(*catalog_sql),
        "catalog_full_m7": lambda: raw.selectExpr("decode_qasym7j5(record) AS d").selectExpr("d.*"),
        "jvm_expressions": lambda: raw.selectExpr(*jvm_sql),
        "row_udf": row_df,
        "arrow_floor": lambda: raw.selectExpr("bench_arrow_floor(record) AS nothing"),
    }
    results = []
    for way, factory in ways.items():
        runs = time_query(spark, factory, repeat)
        results.append(Result(way, statistics.median(runs), runs, records, nbytes))
    return results


def check_agreement(spark, sample: int = 2000) -> None:
    """The three ways must agree on the values, or the timing compares different work."""
    register_bench_layout(spark)
    raw = spark.table(RAW_TABLE).orderBy("record_number").limit(sample)
    a = raw.selectExpr(*[catalog_expr(*f) for f in FIELDS]).collect()
    b = raw.selectExpr(*[jvm_expr(*f) for f in FIELDS]).collect()
    c = raw.selectExpr(f"decode_{BENCH_LAYOUT}(record) AS d").selectExpr("d.*").collect()
    if not [tuple(r) for r in a] == [tuple(r) for r in b] == [tuple(r) for r in c]:
        raise AssertionError("catalog and JVM expressions disagree on the benchmark fields")


WAYS_DOC = {
    "catalog": "the 15 fields in one layout-function call per batch (decode_<layout>)",
    "catalog_per_field": "the 15 fields as 15 per-field catalog functions",
    "catalog_full_m7": "decode_qasym7j5: all 63 fields of the record (more work than the others)",
    "jvm_expressions": "Spark's own substr/decode/conv/hex/regexp expressions",
    "row_udf": "a naive row-at-a-time Python UDF per field",
    "arrow_floor": "an Arrow UDF that decodes nothing: the cost of any Python-worker path",
}


def report(results: list[Result]) -> str:
    by = {r.way: r for r in results}
    cat = by["catalog"]
    lines = [f"{'way':<18} {'records/s':>12} {'MB/s':>9} {'median s':>9}  runs"]
    for r in results:
        lines.append(f"{r.way:<18} {r.records_per_s:>12,.0f} {r.mb_per_s:>9.1f} {r.seconds:>9.2f}  "
                     + " ".join(f"{x:.2f}" for x in r.runs))
    lines.append("")
    lines += [f"  {w}: {d}" for w, d in WAYS_DOC.items()]
    jvm_ratio = by["jvm_expressions"].seconds / cat.seconds
    udf_ratio = by["row_udf"].seconds / cat.seconds
    lines.append("")
    lines.append(f"catalog vs JVM expressions: {jvm_ratio:.2f}x  (target >= 0.8x: {'met' if jvm_ratio >= 0.8 else 'MISSED'})")
    lines.append(f"catalog vs row UDF:         {udf_ratio:.2f}x  (target >= 5x:   {'met' if udf_ratio >= 5 else 'MISSED'})")
    floor = by["arrow_floor"]
    lines.append(f"ceiling for any Python-worker decoder: {by['jvm_expressions'].seconds / floor.seconds:.2f}x JVM, "
                 f"{by['row_udf'].seconds / floor.seconds:.2f}x row UDF (arrow_floor decodes nothing)")
    pf = by["catalog_per_field"]
    lines.append(f"per-field catalog vs JVM:   {by['jvm_expressions'].seconds / pf.seconds:.2f}x, "
                 f"vs row UDF: {by['row_udf'].seconds / pf.seconds:.2f}x")
    return "\n".join(lines)


def run_bench(args) -> int:
    from .runtime import start

    spark = start(master=args.master, app_name="jcat-bench")
    spark.conf.set("spark.sql.legacy.javaCharsets", "true")  # Spark 4 refuses decode(b, 'IBM037') otherwise
    records = args.records
    print(f"jcat bench: {records:,} QASYM7J5 records of {qasym7j5.RECORD_LENGTH} bytes, {len(FIELDS)} fields, "
          f"master {spark.sparkContext.master}, median of {args.repeat} after a warm-up")
    land(spark, records)
    check_agreement(spark)
    results = measure(spark, records, args.repeat)
    print(report(results))
    if args.json_path:
        by = {r.way: r for r in results}
        payload = {
            "layout": "qasym7j5", "records": records, "record_length": qasym7j5.RECORD_LENGTH,
            "fields": len(FIELDS), "master": spark.sparkContext.master, "repeat": args.repeat,
            "ways": {r.way: {"median_s": r.seconds, "runs_s": r.runs, "records_per_s": r.records_per_s,
                             "mb_per_s": r.mb_per_s} for r in results},
            "ratios": {"jvm_over_catalog": by["jvm_expressions"].seconds / by["catalog"].seconds,
                       "row_udf_over_catalog": by["row_udf"].seconds / by["catalog"].seconds},
        }
        with open(args.json_path, "w") as fh:
            json.dump(payload, fh, indent=2)
        print(f"figures written to {args.json_path}")
    return 0

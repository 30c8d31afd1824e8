"""A log's commit resolution on the executors: the build's entries grouped by transaction, each group resolved
where it lies by the log's kernel (udfs/core/changes/), which works on many transactions at once.

Whether an entry is committed is decided within its transaction, so entries are sent to buckets by a hash of
their transaction's identity (a grouped Arrow/pandas function per bucket: tens of thousands of entries a pandas
batch, never one call per transaction) and nothing proportional to the entries reaches the driver. Each bucket
gives one row per change, per entry held for a later build and per problem (ROLE says which), naming each entry by
its identity (load, file, offset and, where a record gives two image rows, image_kind). The driver reads only what
one aggregation gives: counts, the furthest commit position, and for each kind of problem how many and the first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from .batch import change_columns
from .history import BUCKET_CONF, BUCKET_ROWS

BUCKET = "_BUCKET"
ROLE = "ROLE"
CHANGE, HELD, PROBLEM = "change", "held", "problem"  # what an output row is
ROW = ("load_id", "source_file", "record_offset", "image_kind")  # an entry (image_kind NULL where a log has none)
ROW_TYPES = (T.StringType(), T.StringType(), T.LongType(), T.StringType())
CHANGE_FIELDS = (
    T.StructField("OP", T.StringType()),
    T.StructField("BEFORE_PRESENT", T.BooleanType()),
    T.StructField("COMMIT_TIMESTAMP", T.TimestampType()),
    T.StructField("COMMIT_POSITION", T.StringType()),
    T.StructField("CHANGE_POSITION", T.LongType()),
    T.StructField("TRANSACTION_ID", T.StringType()),
)


def schema(extra: tuple = ()) -> T.StructType:
    """What every bucket gives: ROLE, the change's columns, its images' entries (b_ before, a_ after), the entry of
    a held or problem row, the problem's REASON, then a log's own `extra` fields."""
    sides = [T.StructField(f"{s}_{c}", t) for s in ("b", "a") for c, t in zip(ROW, ROW_TYPES)]
    own = [T.StructField(c, t) for c, t in zip(ROW, ROW_TYPES)]
    return T.StructType(
        [T.StructField(ROLE, T.StringType()), *CHANGE_FIELDS, *sides, *own, T.StructField("REASON", T.StringType())]
        + list(extra)
    )


def rows(pdf, changes, pending, problems, out: T.StructType, per_change: dict | None = None) -> pd.DataFrame:
    """One bucket's output (in `out`'s columns) from its kernel's frame `pdf` (ROW_ID = position, with the ROW
    columns) and what the kernel gave: changes (frame.CHANGE_COLUMNS), pending ROW_IDs, problems (ROW_ID, REASON);
    `per_change`: a log's own columns of the changes (arrays in the changes' order)."""
    pdf = pdf if "image_kind" in pdf.columns else pdf.assign(image_kind=None)
    made = pd.DataFrame({**change_columns(pdf, changes, ROW), **(per_change or {})}).assign(**{ROLE: CHANGE})
    held = pdf.iloc[np.asarray(pending, dtype=np.int64)][list(ROW)].assign(**{ROLE: HELD})
    found = pdf.iloc[problems["ROW_ID"].to_numpy(dtype=np.int64)][list(ROW)]
    found = found.assign(**{ROLE: PROBLEM, "REASON": problems["REASON"].to_numpy(dtype=object)})
    return stacked([made, held, found], out)


def stacked(parts: list[pd.DataFrame], out: T.StructType) -> pd.DataFrame:
    """The parts as one frame of `out`'s columns, each of a pandas type Arrow takes as the field's (a column
    missing from a part is NULL there)."""
    names = [f.name for f in out.fields]
    kept = [p.reset_index(drop=True) for p in parts if len(p)]
    every = pd.concat(kept, ignore_index=True).reindex(columns=names) if kept else pd.DataFrame(columns=names)
    return pd.DataFrame({f.name: _typed(every[f.name], f.dataType) for f in out.fields})


def _typed(values: pd.Series, t) -> pd.Series:
    if isinstance(t, (T.LongType, T.IntegerType)):
        return values.astype("Int64")
    if isinstance(t, T.BooleanType):
        return values.astype("boolean")
    if isinstance(t, T.TimestampType):
        return pd.to_datetime(values)
    return values.astype(object).where(values.notna(), None)


def buckets(spark, entries: int) -> int:
    """As many buckets as hold BUCKET_ROWS entries each (another size: spark.jcat.changes.bucketRows), at most the
    session's shuffle partitions."""
    per_bucket = int(spark.conf.get(BUCKET_CONF, str(BUCKET_ROWS)))
    most = int(spark.conf.get("spark.sql.shuffle.partitions", "200"))
    return max(1, min(most, entries // max(per_bucket, 1)))


def bucket(cols: list[Column], n: int) -> Column:
    """The bucket (0 to n-1) `resolved` sends a row of these transaction columns to."""
    return F.pmod(F.hash(*cols), F.lit(n))


def resolved(
    entries: DataFrame,
    transaction: list[Column],
    run: Callable[..., pd.DataFrame],
    out: T.StructType,
    others: DataFrame | None = None,
    other_transaction: list[Column] | None = None,
    n: int | None = None,
) -> DataFrame:
    """`run(bucket's entries)` (or `run(entries, others)`, a cogroup: `others` keyed by `other_transaction`) over
    `n` buckets of `transaction` (by default as many as `buckets` gives for the entries), its rows computed once and
    kept by the executors."""
    n = n or buckets(entries.sparkSession, entries.count())

    def bucket_of(cols):
        return bucket(cols, n).alias(BUCKET)

    keyed = entries.select("*", bucket_of(transaction))
    if others is None:
        got = keyed.groupBy(BUCKET).applyInPandas(lambda pdf: run(pdf.drop(columns=[BUCKET])), out)
    else:
        theirs = others.select("*", bucket_of(other_transaction))
        got = (
            keyed.groupBy(BUCKET)
            .cogroup(theirs.groupBy(BUCKET))
            .applyInPandas(lambda a, b: run(a.drop(columns=[BUCKET]), b.drop(columns=[BUCKET])), out)
        )
    return got.localCheckpoint(eager=True)


@dataclass
class Summary:
    changes: int
    held: int
    through: str | None  # the furthest COMMIT_POSITION of the changes
    problems: list[tuple[str, int, str, int]]  # (reason, how many, first entry's file, its offset), by reason

    def lines(self, name: str) -> list[str]:
        return [
            f"jcat: {name}: {n} entries: {reason} (first: {file} offset {offset})"
            for reason, n, file, offset in self.problems
        ]


def summary(got: DataFrame) -> Summary:
    """What the driver reads of a resolution: one aggregation over every row with no grouping (so no sort of them:
    a grouped min or max of a text or struct is a sort aggregation, which spilled a 1 GB heap out of memory at 10
    million rows), then a row per kind of problem from the problem rows alone."""
    role = F.col(ROLE)
    totals = got.agg(
        F.count_if(role == CHANGE).alias("changes"),
        F.count_if(role == HELD).alias("held"),
        F.max(F.when(role == CHANGE, F.col("COMMIT_POSITION"))).alias("through"),
    ).first()
    first = F.min(F.struct("load_id", "source_file", "record_offset"))
    found = got.where(role == PROBLEM).groupBy("REASON").agg(F.count(F.lit(1)).alias("n"), first.alias("first"))
    problems = sorted(
        (r["REASON"], int(r["n"]), r["first"]["source_file"], r["first"]["record_offset"]) for r in found.collect()
    )
    return Summary(int(totals["changes"]), int(totals["held"]), totals["through"], problems)


def changes(got: DataFrame, own: tuple[str, ...] = ()) -> DataFrame:
    """The change rows, with their images' entries (b_ and a_ columns) to join the images to, and a log's `own`
    columns."""
    sides = [f"{s}_{c}" for s in ("b", "a") for c in ROW]
    return got.where(F.col(ROLE) == CHANGE).select(*[f.name for f in CHANGE_FIELDS], *sides, *own)


def held(entries: DataFrame, got: DataFrame, identity: tuple[str, ...]) -> DataFrame:
    """The entries the resolution held, in `entries`' own shape (identity: the ROW columns that name one)."""
    ids = got.where(F.col(ROLE) == HELD).select(*[F.col(c).alias(f"_h_{c}") for c in identity])
    same = [entries[c].eqNullSafe(ids[f"_h_{c}"]) for c in identity]
    return entries.join(ids, same, "left_semi")

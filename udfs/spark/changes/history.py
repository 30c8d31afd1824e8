"""The history versions a build opens and the closings of those it ends, computed where the changes are.

The SCD type 2 kernel (udfs.core.changes.state) runs on the executors, on buckets of keys: every change of a key
and its open version meet in one bucket (a cogroup on a hash of the key), so no change travels to the driver. A
key's versions depend only on its own changes and on the table's clears ('t', which end every row): the few
clears of a build are given to every bucket. An update that moves a row to another key is its delete (in the
bucket of the old key) and its insert (in the bucket of the new one), in that order, as state.split_key_changes
would make it.

Integral columns travel as DECIMAL(20,0): Arrow hands pandas a BIGINT column holding NULLs as float64, which
would make keys above 2**53 equal to their neighbours. Groups and arrays (a copybook's) travel as their JSON text,
which compares as their values do.
"""

from __future__ import annotations

import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import state
from ...render.table_names import quote

BUCKET = "_BUCKET"
BUCKET_ROWS = 50_000  # changes a bucket holds at least: fewer, bigger pandas batches for the vectorized kernel
BUCKET_CONF = "spark.jcat.changes.bucketRows"  # another size (the tests' small one sends small builds through many)
IS_NEW, IS_CLOSED = "_IS_NEW", "_IS_CLOSED"
INTEGRAL = (T.ByteType, T.ShortType, T.IntegerType, T.LongType)
NESTED = (T.StructType, T.ArrayType, T.MapType)
EXACT = T.DecimalType(20, 0)
HEAD = ("OP", "COMMIT_POSITION", "CHANGE_POSITION", "COMMIT_TIMESTAMP", "BEFORE_PRESENT")


def applied(spark, valued, open_versions, key: list[str], columns: list[str], since: str, rows: int):
    """(versions opened after `since`, closings), each (DataFrame, rows), and the persisted frame they read (to
    unpersist once written), from the `rows` valued changes (HEAD columns, BEFORE_<c> and AFTER_<c>) and the open
    versions of the keys they touch (columns and state.VALIDITY_COLUMNS)."""
    per_bucket = int(spark.conf.get(BUCKET_CONF, str(BUCKET_ROWS)))
    buckets = max(1, min(_buckets(spark), rows // per_bucket))
    types = {f.name[len("AFTER_") :]: f.dataType for f in valued.schema.fields if f.name.startswith("AFTER_")}
    travel = {c: _travel_type(t) for c, t in types.items()}
    clears = (
        valued.where(F.col("OP") == "t")
        .select(*[(F.col(c) * 2).alias(c) if c == "CHANGE_POSITION" else F.col(c) for c in HEAD])
        .toPandas()
    )
    keyed = _bucketed(_split_moves(valued.where(F.col("OP") != "t"), key), key, types, columns, buckets)
    versions = _bucketed_versions(open_versions, key, types, columns, buckets)
    schema = T.StructType(
        [T.StructField(c, travel[c]) for c in columns]
        + [
            T.StructField(state.VALID_FROM_POSITION, T.StringType()),
            T.StructField(state.VALID_TO_POSITION, T.StringType()),
            T.StructField(state.VALID_FROM, T.TimestampType()),
            T.StructField(state.VALID_TO, T.TimestampType()),
            T.StructField(IS_NEW, T.BooleanType()),
            T.StructField(IS_CLOSED, T.BooleanType()),
        ]
    )

    def apply_bucket(changes: pd.DataFrame, open_rows: pd.DataFrame) -> pd.DataFrame:
        return _apply_bucket(
            changes.drop(columns=[BUCKET]), open_rows.drop(columns=[BUCKET]), clears, key, columns, since, schema
        )

    out = keyed.groupBy(BUCKET).cogroup(versions.groupBy(BUCKET)).applyInPandas(apply_bucket, schema)
    out = out.select(
        [_arrived(F.col(quote(c)), types[c]).alias(c) for c in columns]
        + [F.col(c) for c in (*state.VALIDITY_COLUMNS, IS_NEW, IS_CLOSED)]
    ).localCheckpoint(eager=True)
    counts = out.agg(F.count_if(F.col(IS_NEW)).alias("new"), F.count_if(F.col(IS_CLOSED)).alias("closed")).first()
    opened = out.where(F.col(IS_NEW)).select(*[quote(c) for c in columns], state.VALID_FROM, state.VALID_FROM_POSITION)
    closings = out.where(F.col(IS_CLOSED)).select(
        *[quote(k) for k in key], state.VALID_FROM_POSITION, state.VALID_TO, state.VALID_TO_POSITION
    )
    return (opened, counts["new"]), (closings, counts["closed"]), out


def _apply_bucket(changes, open_rows, clears, key, columns, since, schema) -> pd.DataFrame:
    if clears is not None and len(clears):
        changes = pd.concat([changes, clears.reindex(columns=changes.columns)], ignore_index=True)
    got = state.apply(open_rows.reset_index(drop=True), changes, key, columns)
    closed = got.closed.assign(**{IS_CLOSED: True})
    still_open = got.open.assign(**{IS_CLOSED: False})
    every = pd.concat([f for f in (closed, still_open) if len(f)] or [closed], ignore_index=True)
    every[IS_NEW] = every[state.VALID_FROM_POSITION].to_numpy(dtype=object) > since
    every = every[every[IS_NEW] | every[IS_CLOSED]]
    return every.reindex(columns=[f.name for f in schema.fields])


def _split_moves(keyed, key: list[str]):
    """An update whose key changed as its delete then its insert (CHANGE_POSITION doubled to keep them in order)."""
    moved = (F.col("OP") == "u") & F.coalesce(F.col("BEFORE_PRESENT"), F.lit(False)) & ~_same_key(key)
    sides = [c for c in keyed.columns if c.startswith(("BEFORE_", "AFTER_")) and c != "BEFORE_PRESENT"]

    def as_(op: str, keep: str, position):
        cols = [
            F.lit(op).alias("OP") if op else F.col("OP"),
            F.col("COMMIT_POSITION"),
            position.alias("CHANGE_POSITION"),
            F.col("COMMIT_TIMESTAMP"),
            (F.lit(False) if op == "c" else F.col("BEFORE_PRESENT")).alias("BEFORE_PRESENT"),
        ]
        cols += [
            (F.col(quote(c)) if c.startswith(keep) else F.lit(None).cast(keyed.schema[c].dataType)).alias(c)
            for c in sides
        ]
        return cols

    doubled = F.col("CHANGE_POSITION") * 2
    return (
        keyed.where(~moved)
        .select(*as_("", "", doubled))
        .unionByName(keyed.where(moved).select(*as_("d", "BEFORE_", doubled)))
        .unionByName(keyed.where(moved).select(*as_("c", "AFTER_", doubled + 1)))
    )


def _same_key(key: list[str]):
    same = F.lit(True)
    for k in key:
        same = same & F.col(quote(f"BEFORE_{k}")).eqNullSafe(F.col(quote(f"AFTER_{k}")))
    return same


def _travel_type(t):
    return EXACT if isinstance(t, INTEGRAL) else T.StringType() if isinstance(t, NESTED) else t


def _travelling(col, t):
    return F.to_json(col) if isinstance(t, NESTED) else col.cast(_travel_type(t))


def _arrived(col, t):
    return F.from_json(col, t) if isinstance(t, NESTED) else col.cast(t)


def _bucket_of(cols, buckets: int):
    return F.pmod(F.hash(*cols), F.lit(buckets)).alias(BUCKET)


def _buckets(spark) -> int:
    return int(spark.conf.get("spark.sql.shuffle.partitions", "200"))


def _bucketed(keyed, key, types, columns, buckets: int):
    """The changes with the bucket of their key (a delete's before key, else the after key)."""
    key_cols = [
        F.when(F.col("OP") == "d", F.col(quote(f"BEFORE_{k}"))).otherwise(F.col(quote(f"AFTER_{k}"))) for k in key
    ]
    sides = [
        _travelling(F.col(quote(f"{s}_{c}")), types[c]).alias(f"{s}_{c}") for s in ("BEFORE", "AFTER") for c in columns
    ]
    return keyed.select(*HEAD, *sides, _bucket_of(key_cols, buckets))


def _bucketed_versions(open_versions, key, types, columns, buckets):
    cols = [_travelling(F.col(quote(c)), types[c]).alias(c) for c in columns]
    return open_versions.select(*cols, *state.VALIDITY_COLUMNS, _bucket_of([F.col(quote(k)) for k in key], buckets))

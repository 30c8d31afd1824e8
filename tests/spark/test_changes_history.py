"""The history of a build computed on the executors, in buckets of keys, equals the plain replay (scd2_oracle):
keys above 2**53 next to each other, NULL values, a group and an array (a copybook's), a row moved to another key,
a clear, over two builds (the second starting from the first's open versions)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from pyspark.sql import types as T
from support.scd2_oracle import Replay

from udfs.core.changes import state
from udfs.spark.changes import history

pytestmark = pytest.mark.spark

BIG = 2**60  # neighbours here are one apart: a float64 would make them one key
KEY, COLUMNS = ["K"], ["K", "V", "NOTE", "G", "ITEMS"]
GROUP = T.StructType([T.StructField("A", T.LongType()), T.StructField("B", T.StringType())])
ITEMS = T.ArrayType(T.LongType())
TYPES = (("K", T.LongType()), ("V", T.LongType()), ("NOTE", T.StringType()), ("G", GROUP), ("ITEMS", ITEMS))
SCHEMA = T.StructType(
    [
        T.StructField("OP", T.StringType()),
        T.StructField("COMMIT_POSITION", T.StringType()),
        T.StructField("CHANGE_POSITION", T.LongType()),
        T.StructField("COMMIT_TIMESTAMP", T.TimestampType()),
        T.StructField("BEFORE_PRESENT", T.BooleanType()),
        *[T.StructField(f"{side}_{c}", t) for side in ("BEFORE", "AFTER") for c, t in TYPES],
    ]
)
VERSIONS = T.StructType(
    [
        *[T.StructField(c, t) for c, t in TYPES],
        *[T.StructField(c, T.StringType()) for c in state.VALIDITY_COLUMNS[:2]],
        *[T.StructField(c, T.TimestampType()) for c in state.VALIDITY_COLUMNS[2:]],
    ]
)


def workload(seed: int, commits: int, first: int) -> list[dict]:
    """Commits of a few changes each on 12 neighbouring keys; one clear, one moved row, updates to NULL."""
    rng, rows, out = random.Random(seed), {}, []
    for n in range(first, first + commits):
        position, at = f"{n:08X}", dt.datetime(2025, 1, 1) + dt.timedelta(minutes=n)
        for i in range(1, rng.randint(1, 4) + 1):
            change = dict(
                OP=None,
                COMMIT_POSITION=position,
                CHANGE_POSITION=i,
                COMMIT_TIMESTAMP=at,
                BEFORE_PRESENT=False,
                **{f"{s}_{c}": None for s in ("BEFORE", "AFTER") for c in COLUMNS},
            )
            k = BIG + rng.randrange(12)
            after = (
                k,
                rng.choice([None, rng.randrange(3)]),
                rng.choice([None, "a", "b"]),
                rng.choice([None, (BIG + rng.randrange(2), "x"), (None, None)]),
                rng.choice([None, [], [BIG, None], [BIG + 1, 2]]),
            )
            if n == first + commits // 2 and i == 1:
                change["OP"], rows = "t", {}
            elif k in rows and rng.random() < 0.3:
                change.update(OP="d", BEFORE_PRESENT=True, **_side("BEFORE", rows.pop(k)))
            elif k in rows:
                target = k if rng.random() < 0.8 else BIG + 12 + n  # sometimes the row moves to a new key
                new = (target, *after[1:])
                change.update(OP="u", BEFORE_PRESENT=True, **_side("BEFORE", rows.pop(k)), **_side("AFTER", new))
                rows[target] = new
            else:
                change.update(OP="c", **_side("AFTER", after))
                rows[k] = after
            out.append(change)
    return out


def _side(side: str, row: tuple) -> dict:
    return {f"{side}_{c}": v for c, v in zip(COLUMNS, row)}


def _built(spark, changes: list[dict], open_rows: list[dict], since: str):
    valued = spark.createDataFrame([tuple(c[f.name] for f in SCHEMA.fields) for c in changes], SCHEMA)
    open_versions = spark.createDataFrame([tuple(v[f.name] for f in VERSIONS.fields) for v in open_rows], VERSIONS)
    (opened, _), (closings, _), frame = history.applied(spark, valued, open_versions, KEY, COLUMNS, since, len(changes))
    try:
        return [r.asDict() for r in opened.collect()], [r.asDict() for r in closings.collect()]
    finally:
        frame.unpersist()


def _sorted(rows: list[dict]) -> list[dict]:
    return sorted(rows, key=lambda r: (r["K"], r["VALID_FROM_POSITION"]))


def test_two_builds_in_buckets_equal_the_replay(spark):
    spark.conf.set(history.BUCKET_CONF, "4")  # as many buckets as the session's shuffle partitions allow
    try:
        first, second = workload(7, 30, 0), workload(8, 30, 30)
        replay = Replay(KEY, COLUMNS)
        replay.run(first)
        opened, closings = _built(spark, first, [], "")
        assert _sorted(opened) == _sorted(
            [
                {c: v[c] for c in (*COLUMNS, "VALID_FROM", "VALID_FROM_POSITION")}
                for v in [*replay.closed, *replay.open.values()]
            ]
        )
        open_then = [dict(v) for v in replay.open.values()]
        closed_before = len(replay.closed)
        replay.run(second)
        opened, closings = _built(spark, second, open_then, f"{29:08X}")
        want_open = [
            v for v in [*replay.closed[closed_before:], *replay.open.values()] if v["VALID_FROM_POSITION"] > f"{29:08X}"
        ]
        assert _sorted(opened) == _sorted(
            [{c: v[c] for c in (*COLUMNS, "VALID_FROM", "VALID_FROM_POSITION")} for v in want_open]
        )
        assert _sorted(closings) == _sorted(
            [
                {c: v[c] for c in ("K", "VALID_FROM_POSITION", "VALID_TO", "VALID_TO_POSITION")}
                for v in replay.closed[closed_before:]
            ]
        )
        assert len({r["K"] for r in opened}) > 10  # neighbouring big keys stayed apart
    finally:
        spark.conf.unset(history.BUCKET_CONF)

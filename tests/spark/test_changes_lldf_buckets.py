"""LLDF's resolution on the executors (udfs/spark/changes/lldf.py resolve_batch) over many buckets gives what one
kernel call over every row gives: random workloads landed twice in overlapping extracts
(support.lldf.workload.landed_twice, as in tests/fast/test_changes_lldf_groups.py), among them stops (a LOAD REPLACE,
an incomplete unit) in one bucket with units committed after them in others. The replays' workloads hold no stop:
this is where the stop crosses buckets."""

from __future__ import annotations

from types import SimpleNamespace

import pandas as pd
import pytest
from pyspark.sql import functions as F
from support.lldf import workload as wl

from udfs.core.changes import frame, lldf
from udfs.spark.changes import lldf as spark_lldf
from udfs.spark.changes.history import BUCKET_CONF

pytestmark = pytest.mark.spark


def entries_of(spark, rows: pd.DataFrame):
    """The rows in the twin's shape: a record per LANDING (file f, offset LANDING), binary fields from their hex,
    V the row's ROW_ID (the image's value, to tell the images apart)."""
    twin = rows.assign(
        load_id="L1",
        source_file="f",
        record_offset=rows["LANDING"].astype("int64"),
        image_kind=rows["IMAGE_KIND"],
        record_number=rows["LANDING"].astype("int64"),
        V=rows["ROW_ID"].astype("int64"),
        MEMBERID=rows["MEMBERID"].astype("int32"),
    ).drop(columns=["ROW_ID", "IMAGE_KIND", "LANDING"])
    df = spark.createDataFrame(twin)
    return df.select(
        *[F.unhex(c).alias(c) if c in lldf.HEX_FIELDS else F.col(c) for c in df.columns],
        F.array().cast("array<string>").alias("decode_errors"),
    )


def problem_lines(name: str, problems: pd.DataFrame) -> list[str]:
    """A line per reason: how many, and the first by ROW_ID (LANDING * 2 + 1 for an after image: offset LANDING)."""
    return [
        f"jcat: {name}: {len(g)} entries: {reason} (first: f offset {int(g['ROW_ID'].min()) // 2})"
        for reason, g in sorted(problems.groupby("REASON"), key=lambda x: x[0])
    ]


def change_tuples(rows) -> list[tuple]:
    return sorted(
        (r["COMMIT_POSITION"], r["CHANGE_POSITION"], r["OP"], r["TRANSACTION_ID"], r["BEFORE_V"], r["AFTER_V"])
        for r in rows
    )


@pytest.mark.parametrize("seed", [0, 10, 12, 24])
def test_buckets_on_the_executors_give_what_one_kernel_call_gives(spark, seed):
    rows = wl.landed_twice(seed).drop(columns=["VALUE"])
    whole = lldf.resolve(rows)
    saved = spark.conf.get("spark.sql.shuffle.partitions")
    spark.conf.set(BUCKET_CONF, "3")
    spark.conf.set("spark.sql.shuffle.partitions", "8")
    try:
        batch = spark_lldf.resolve_batch(
            spark, SimpleNamespace(name="lldfbuckets"), entries_of(spark, rows), None, ["V"]
        )
        got = batch.changes.collect()
        held = {r["V"] for r in batch.held.collect()}
    finally:
        spark.conf.unset(BUCKET_CONF)
        spark.conf.set("spark.sql.shuffle.partitions", saved)
    c = whole.changes
    want = [
        (p, n, op, t, None if pd.isna(b) else int(b), None if pd.isna(a) else int(a))
        for p, n, op, t, b, a in zip(
            c[frame.COMMIT_POSITION],
            c[frame.CHANGE_POSITION],
            c[frame.OP],
            c[frame.TRANSACTION_ID],
            c[frame.BEFORE_ROW],
            c[frame.AFTER_ROW],
        )
    ]
    assert change_tuples(got) == sorted(want) and batch.count == len(want)
    assert held == set(whole.pending.tolist()) and batch.pending == len(whole.pending)
    assert batch.lines == problem_lines("lldfbuckets", whole.problems)
    assert batch.through == (c[frame.COMMIT_POSITION].max() if len(c) else None)

"""CA IDMS's resolution on the executors (udfs/spark/changes/idms.py resolve_batch) against one kernel call over the
same records (udfs/core/changes/idms.py, itself checked against the oracle in the fast tier), in many buckets: random
journals with what the replays never hold (an RTSV stop, a second central version, records landed twice, a DCOM of
LIDs in different buckets): the same changes in the same order, the same records held, the same problem lines."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest
from pyspark.sql import functions as F
from support.idms import workload as wl

from udfs.core.changes import idms as kernel
from udfs.spark.changes import idms
from udfs.spark.changes.history import BUCKET_CONF

pytestmark = [pytest.mark.spark, pytest.mark.compat]
NAME = "idmsgrp"
VIEW = "idms_grouped_images"


class Table:
    name = NAME


def journals() -> dict[str, pd.DataFrame]:
    """ROW_ID the landing order: a copy landed twice comes in a later load."""
    stopped = next(
        s for s in range(100) if kernel.RTSV_STOP in set(kernel.resolve(wl.generate(s, 300)).problems.REASON)
    )
    one, other = wl.generate(21, 300), wl.generate(22, 150, cv="SYSTEM75", rare=False)
    other["ROW_ID"] += 100_000
    copies = one[np.random.default_rng(0).random(len(one)) < 0.3].copy()
    copies["ROW_ID"] += 200_000
    return {
        "split dcoms": split_dcoms(),
        "rtsv": wl.generate(stopped, 300),
        "twice and a second cv": pd.concat([one, other, copies]),
        "plain": wl.generate(23, 300),
    }


def split_dcoms() -> pd.DataFrame:
    """Ten distributed units of two LIDs each (an erase of one, a modify and a later-written modify of the other),
    in doubt, decided by one DCOM of both or by a DCOM of each: the two LIDs of some in different buckets."""
    rows = []
    for i in range(10):
        a, b, at = 10 + 2 * i, 11 + 2 * i, 100 * i
        unit = [
            ("BFOR", a, 1, 100),
            ("BFOR", b, 2, 100),
            ("AFTR", b, 2, 0),
            ("BFOR", a, 3, 100),
            ("AFTR", a, 3, 100),
            ("AFTR", a, 1, 100),
        ]
        for n, (kind, lid, key, length) in enumerate(unit):
            rows.append((at + n, kind, lid, None, key, length, 0))
        rows.append((at + 6, "DIND", None, [a, b], None, None, None))
        decisions = [[a, b]] if i % 2 else [[a], [b]]  # one commit, or each LID its own (the DIND then consumed)
        rows += [(at + 7 + n, "DCOM", None, lids, None, None, None) for n, lids in enumerate(decisions)]
    seq = [r[0] + 1 for r in rows]
    return pd.DataFrame(
        {
            "ROW_ID": range(len(rows)),
            "CV": "SYSTEM74",
            "SEQ": np.array(seq, dtype=np.uint64),
            "RECORD_TYPE": [r[1] for r in rows],
            "LID": pd.array([r[2] for r in rows], dtype="Int64"),
            "LIDS": [r[3] for r in rows],
            "GMT": wl.BASE_TIME + np.array(seq) * np.timedelta64(1, "s"),
            **{
                c: pd.array([r[i] for r in rows], dtype="Int64")
                for i, c in ((4, "DB_KEY"), (5, "IMAGE_LEN"), (6, "SPAN_OFFSET"))
            },
        }
    )


def entries(spark, records: pd.DataFrame):
    """The records as resolve_batch's entries (idms.ENTRY_SCHEMA): load L1 (a copy: L2), file f, offset ROW_ID."""
    rows = []
    for r in records.itertuples():
        image = {"BFOR": "before", "AFTR": "after"}.get(r.RECORD_TYPE)
        rows.append(
            (
                "L2" if r.ROW_ID >= 200_000 else "L1",
                "f",
                int(r.ROW_ID),
                int(r.ROW_ID),
                image,
                r.RECORD_TYPE,
                Decimal(int(r.SEQ)),
                pd.Timestamp(r.GMT).to_pydatetime(),
                r.CV,
                None if pd.isna(r.LID) else int(r.LID),
                None if r.LIDS is None else [int(x) for x in r.LIDS],
                *[None if pd.isna(v) else int(v) for v in (r.DB_KEY, r.IMAGE_LEN, r.SPAN_OFFSET)],
            )
        )
    return spark.createDataFrame(rows, idms.ENTRY_SCHEMA)


def expected_lines(res) -> list[str]:
    lines = []
    for reason, group in res.problems.groupby("REASON", sort=True):
        first = int(group["ROW_ID"].min())
        lines.append(f"jcat: {NAME}: {len(group)} entries: {reason} (first: f offset {first})")
    return lines


@pytest.fixture
def many_buckets(spark, monkeypatch):
    monkeypatch.setattr(idms, "twin", lambda table: VIEW)
    shuffle = spark.conf.get("spark.sql.shuffle.partitions")
    spark.conf.set(BUCKET_CONF, "3")
    spark.conf.set("spark.sql.shuffle.partitions", "7")
    yield spark
    spark.conf.unset(BUCKET_CONF)
    spark.conf.set("spark.sql.shuffle.partitions", shuffle)


@pytest.mark.parametrize("case", ["split dcoms", "rtsv", "twice and a second cv", "plain"])
def test_the_executors_give_what_one_kernel_call_gives(many_buckets, case):
    spark, records = many_buckets, journals()[case]
    given = entries(spark, records)
    images = given.where("image_kind IS NOT NULL").select(
        "load_id",
        "source_file",
        "record_offset",
        "record_number",
        "image_kind",
        "DB_KEY",
        F.array().alias("decode_errors"),
    )
    images.createOrReplaceTempView(VIEW)
    batch = idms.resolve_batch(spark, Table(), given, None, ["DB_KEY"])
    res = kernel.resolve(records)
    want = res.changes.assign(
        record_offset=res.changes["AFTER_ROW"].fillna(res.changes["BEFORE_ROW"]).astype(int),
        COMMIT_TIMESTAMP=res.changes["COMMIT_TIMESTAMP"].map(lambda t: pd.Timestamp(t).to_pydatetime()),
    )
    columns = ["OP", "BEFORE_PRESENT", "COMMIT_TIMESTAMP", "COMMIT_POSITION", "CHANGE_POSITION", "TRANSACTION_ID"]
    got = batch.changes.orderBy("COMMIT_POSITION", "CHANGE_POSITION").select(*columns, "record_offset").collect()
    assert [tuple(r) for r in got] == [tuple(r) for r in want[[*columns, "record_offset"]].itertuples(index=False)]
    assert batch.count == len(res.changes)
    held = sorted(r.record_offset for r in batch.held.select("record_offset").collect())
    assert held == res.pending.tolist() and batch.pending == len(res.pending)
    assert batch.lines == expected_lines(res)
    assert batch.through == (res.changes["COMMIT_POSITION"].max() if len(res.changes) else None)
    if case == "rtsv":
        assert kernel.RTSV_STOP in set(res.problems["REASON"])
    if case == "twice and a second cv":
        assert kernel.CV_STOP in set(res.problems["REASON"]) or kernel.RTSV_STOP in set(res.problems["REASON"])

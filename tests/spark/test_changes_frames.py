"""A kernel frame larger than one slice reaches Spark through parquet slices, and comes back row for row, NULLs
and types included, as the small frame's direct path gives it."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pandas as pd
import pytest
from pyspark.sql import types as T

from udfs.spark.changes.frames import to_spark

pytestmark = pytest.mark.spark

SCHEMA = T.StructType(
    [
        T.StructField("OP", T.StringType()),
        T.StructField("N", T.LongType()),
        T.StructField("AT", T.TimestampType()),
        T.StructField("AMOUNT", T.DecimalType(11, 2)),
    ]
)


def _frame(rows: int) -> pd.DataFrame:
    from decimal import Decimal

    n = np.arange(rows, dtype=np.int64)
    return pd.DataFrame(
        {
            "OP": np.where(n % 3 == 0, None, np.where(n % 2 == 0, "c", "u")).astype(object),
            "N": pd.array(np.where(n % 5 == 0, pd.NA, n), dtype="Int64"),
            "AT": pd.to_datetime(dt.datetime(2025, 1, 1)) + pd.to_timedelta(n, unit="s"),
            "AMOUNT": [None if i % 7 == 0 else Decimal(i) / 100 for i in range(rows)],
        }
    )


def _rows(df) -> list[tuple]:
    return sorted((tuple(r) for r in df.collect()), key=lambda r: r[2])


def test_a_frame_of_many_slices_equals_the_direct_path(spark, tmp_path):
    pdf = _frame(23)
    sliced = to_spark(spark, pdf, SCHEMA, str(tmp_path / "_staging"), slice_rows=5)
    direct = to_spark(spark, pdf, SCHEMA, str(tmp_path / "_unused"), slice_rows=100)
    assert sliced.schema == SCHEMA
    assert len(list((tmp_path / "_staging").glob("frame-*/*.parquet"))) >= 5  # it did go through the files
    assert not (tmp_path / "_unused").exists()
    got, want = _rows(sliced), _rows(direct)
    assert got == want and len(got) == 23
    assert got[0] == (None, None, dt.datetime(2025, 1, 1), None)  # row 0: every NULL kind

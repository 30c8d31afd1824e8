"""A kernel's pandas frame as a Spark DataFrame without holding it whole in the driver's JVM.

`createDataFrame` of a pandas frame becomes a local relation kept in the driver's heap until the query ends: a
million changes outgrew a 1 GB driver. Large frames are written instead, a slice at a time, as parquet under the
table's `_staging` folder (which the next build deletes), and read back as one DataFrame: the driver's heap holds
one slice, and executors read the files wherever the warehouse is.
"""

from __future__ import annotations

import uuid

import pandas as pd

SLICE_ROWS = 200_000  # rows converted at a time: tens of MB of JVM heap for a wide change row


def to_spark(spark, pdf: pd.DataFrame, schema, staging: str, slice_rows: int = SLICE_ROWS):
    """`pdf` (columns named as `schema`'s fields, NULL as None or NaN) as a DataFrame of `schema`; through parquet
    under `staging` when it has more than `slice_rows` rows."""
    if len(pdf) <= slice_rows:
        return spark.createDataFrame(_plain(pdf, schema), schema=schema)
    folder = f"{staging.rstrip('/')}/frame-{uuid.uuid4().hex}"
    for start in range(0, len(pdf), slice_rows):
        part = _plain(pdf.iloc[start:start + slice_rows], schema)
        spark.createDataFrame(part, schema=schema).write.mode("append").parquet(folder)
    return spark.read.schema(schema).parquet(folder)


def _plain(pdf: pd.DataFrame, schema) -> pd.DataFrame:
    part = pdf[[f.name for f in schema.fields]].astype(object)
    return part.where(part.notna(), None)

"""A kernel's pandas frame as a Spark DataFrame without holding it whole in the driver's JVM.

`createDataFrame` of a pandas frame becomes a local relation kept in the driver's heap until the query ends: a
million changes outgrew a 1 GB driver. Large frames are written instead, a slice at a time, as parquet under the
warehouse's `jcat_changes/_frames` folder (which the next build deletes: builds of one home run one at a time), and
read back as one DataFrame: the driver's heap holds one slice, and executors read the files wherever the warehouse
is.
"""

from __future__ import annotations

import uuid

import pandas as pd

SLICE_ROWS = 200_000  # rows converted at a time: tens of MB of JVM heap for a wide change row
SLICE_CONF = "spark.jcat.changes.sliceRows"  # another slice size (the tests' small one sends small builds through)


def staging(spark) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/") + "/jcat_changes/_frames"


def clear(spark) -> None:
    """Delete the slices of earlier builds (at the start of a build, under the build lock)."""
    from ..landing.sources import delete_path

    delete_path(spark, staging(spark))


def to_spark(spark, pdf: pd.DataFrame, schema, folder: str | None = None, slice_rows: int | None = None):
    """`pdf` (columns named as `schema`'s fields, NULL as None or NaN) as a DataFrame of `schema`; through parquet
    under `folder` (default: `staging(spark)`) when it has more than `slice_rows` rows."""
    if not len(pdf):
        return spark.createDataFrame([], schema=schema)
    slice_rows = slice_rows or int(spark.conf.get(SLICE_CONF, str(SLICE_ROWS)))
    if len(pdf) <= slice_rows:
        return spark.createDataFrame(_plain(pdf, schema), schema=schema)
    folder = f"{(folder or staging(spark)).rstrip('/')}/frame-{uuid.uuid4().hex}"
    for start in range(0, len(pdf), slice_rows):
        part = _plain(pdf.iloc[start : start + slice_rows], schema)
        spark.createDataFrame(part, schema=schema).write.mode("append").parquet(folder)
    return spark.read.schema(schema).parquet(folder)


def _plain(pdf: pd.DataFrame, schema) -> pd.DataFrame:
    part = pdf[[f.name for f in schema.fields]].astype(object)
    return part.where(part.notna(), None)

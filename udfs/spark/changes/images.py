"""Changes of a log whose twin holds one row per row image (IBMSNAP, LLDF): the kernel's changes with the twin
rows of their images, each row named by IDENTITY (load, file, offset, image_kind)."""

from __future__ import annotations

import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...render.table_names import quote
from . import frames
from .batch import change_columns

IDENTITY = ("load_id", "source_file", "record_offset", "image_kind")  # one image row of the twin

CHANGE_SCHEMA = T.StructType(
    [
        T.StructField("OP", T.StringType()),
        T.StructField("BEFORE_PRESENT", T.BooleanType()),
        T.StructField("COMMIT_TIMESTAMP", T.TimestampType()),
        T.StructField("COMMIT_POSITION", T.StringType()),
        T.StructField("CHANGE_POSITION", T.LongType()),
        T.StructField("TRANSACTION_ID", T.StringType()),
        *[
            T.StructField(f"{side}_{c}", t)
            for side in ("b", "a")
            for c, t in (
                ("load_id", T.StringType()),
                ("source_file", T.StringType()),
                ("record_offset", T.LongType()),
                ("image_kind", T.StringType()),
            )
        ],
    ]
)


def change_rows(spark, pdf: pd.DataFrame, changes: pd.DataFrame):
    """The change frame with, for each image, the identity of its twin row (to join the images to)."""
    out = change_columns(pdf, changes, IDENTITY)
    ordered = pd.DataFrame(out)[[f.name for f in CHANGE_SCHEMA.fields]]
    return frames.to_spark(spark, ordered, CHANGE_SCHEMA)


def with_images(rows, entries, columns: list[str]):
    """Each change with its before and after images' columns, lineage and decode errors (a change with no image,
    an LLDF mass delete: all NULL, no errors)."""
    b, a = entries.alias("b"), entries.alias("a")
    on_b = [F.col(f"r.b_{c}") == F.col(f"b.{c}") for c in IDENTITY]
    on_a = [F.col(f"r.a_{c}") == F.col(f"a.{c}") for c in IDENTITY]
    joined = rows.alias("r").join(b, on_b, "left").join(a, on_a, "left")

    def errors(side, prefix):
        return F.transform(
            F.coalesce(F.col(f"{side}.decode_errors"), F.array().cast("array<string>")),
            lambda e: F.concat(F.lit(prefix), e),
        )

    lineage = [
        F.coalesce(F.col(f"a.{c}"), F.col(f"b.{c}")).alias(c)
        for c in ("source_file", "record_offset", "record_number", "load_id")
    ]
    return joined.select(
        "r.OP",
        *[F.col(f"b.{quote(c)}").alias(f"BEFORE_{c}") for c in columns],
        *[F.col(f"a.{quote(c)}").alias(f"AFTER_{c}") for c in columns],
        "r.BEFORE_PRESENT",
        "r.COMMIT_TIMESTAMP",
        "r.COMMIT_POSITION",
        "r.CHANGE_POSITION",
        "r.TRANSACTION_ID",
        *lineage,
        F.concat(errors("b", "BEFORE_"), errors("a", "AFTER_")).alias("decode_errors"),
    )

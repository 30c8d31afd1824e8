"""Changes of a log whose twin holds one row per row image (IBMSNAP, LLDF, IDMS): the resolution's change rows
with the twin rows of their images, each row named by IDENTITY (load, file, offset, image_kind)."""

from __future__ import annotations

from pyspark.sql import functions as F

from ...render.table_names import quote

IDENTITY = ("load_id", "source_file", "record_offset", "image_kind")  # one image row of the twin


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

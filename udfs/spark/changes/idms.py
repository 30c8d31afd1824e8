"""CA IDMS: a declared record type's journal records for the commit resolution (udfs.core.changes.idms), and its
changes.

A build's loads are the journal's (layout idms) current loads. Its entries are the records of the new loads the
resolution reads, read from the view idms_journal (a narrow projection: the table twin of the journal is ephemeral,
and the twin of the images holds only the images present): every checkpoint and distributed record, and the
BFOR/AFTR records of the table's USER-REC-ID whatever their IMAGE-LEN (a null image, IMAGE-LEN 0, is what tells a
store or an erase from a modify); plus the entries the last build held, in the same shape (NAME_pending). A change's
images are the twin's rows of its BFOR and AFTR (image_kind 'before', 'after').
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import idms as resolution
from ...core.tables import copybook_table
from . import batch, frames
from .batch import Batch, problem_lines
from .images import IDENTITY, change_rows, with_images

JOURNAL = "jcat.idms_journal"  # every landed record of the current loads, decoded by the persistent functions
CURRENT = "jcat.raw_loads_current"  # the landing ledger's current entry of each landed file
LAYOUT = "idms"
DECIDING = ("BGIN", "COMT", "ENDJ", "ABRT", "RTSV", "DIND", "DCOM", "DBAK", "DPND", "DFGT")  # checkpoints, distributed
IMAGES = ("BFOR", "AFTR")
TWO_32 = 4294967296
LINEAGE = ("load_id", "source_file", "record_offset", "record_number")


def twin(table) -> str:
    return f"jcat.{table.name}_images_decoded"


def inputs(table) -> tuple[str, ...]:
    """Its images and the journal's records (the transactions' BGIN, ENDJ and ABRT)."""
    return (twin(table), JOURNAL)


def key(table) -> list[str]:
    return list(table.key) or ["DB_KEY"]


def unresolvable(table) -> str | None:
    """Never: a record without a declared key is keyed by its database key."""
    return None


def columns(spark, table) -> list[str]:
    """DB_KEY (when it keys the table and the copybook has no such field), then the copybook's columns, as the twin
    types them."""
    names = copybook_table.columns(table)
    lead = ["DB_KEY"] if "DB_KEY" in key(table) and "DB_KEY" not in names else []
    have = {f.name for f in spark.table(twin(table)).schema.fields}
    return [c for c in [*lead, *names] if c in have]


def history_columns(table, columns: list[str]) -> list[str]:
    return columns


def _current(spark):
    return spark.table(CURRENT).where(F.col("layout") == LAYOUT)


def current_loads(spark, table) -> set[str]:
    """The journal's loads the landing ledger holds current (a load `jcat load --replace` superseded is gone, though
    the incremental twin keeps its rows until a full refresh)."""
    return {r[0] for r in _current(spark).select("load_id").distinct().collect()}


def _images_of(table):
    return F.col("TYPE").isin(*IMAGES) & (F.col("USER_REC_ID") == table.idms.record_id)


def new_loads(spark, table, current: set[str], consumed: set[str]) -> tuple[list[str], list[str]]:
    """(loads not consumed yet, in load order; those of them with images of the record the twin lacks)."""
    loads = sorted(current - consumed)
    if not loads:
        return [], []
    images = spark.table(JOURNAL).where(_images_of(table) & (F.col("IMAGE_LEN") > 0))
    return loads, batch.not_decoded(spark, loads, batch.loads_holding(images, loads), (twin(table),))


def waiting_line(table, lagging: list[str]) -> str:
    return batch.waiting_line(table.name, lagging, (f"{table.name}_images_decoded",))


ENTRY_SCHEMA = T.StructType(
    [
        T.StructField("load_id", T.StringType()),
        T.StructField("source_file", T.StringType()),
        T.StructField("record_offset", T.LongType()),
        T.StructField("record_number", T.LongType()),
        T.StructField("image_kind", T.StringType()),
        T.StructField("TYPE", T.StringType()),
        T.StructField("SEQ", T.DecimalType(20, 0)),
        T.StructField("GMT", T.TimestampType()),
        T.StructField("QUAL_CV", T.StringType()),
        T.StructField("TRANSACT_ID", T.LongType()),
        T.StructField("LIDS", T.ArrayType(T.LongType())),
        T.StructField("DB_KEY", T.LongType()),
        T.StructField("IMAGE_LEN", T.LongType()),
        T.StructField("SPAN_OFFSET", T.LongType()),
    ]
)


def candidates(spark, table, loads: list[str], held):
    """The records of the new loads the resolution reads, and those held, narrow (ENTRY_SCHEMA), each once."""
    j = spark.table(JOURNAL).where(F.col("load_id").isin(loads) & (F.col("TYPE").isin(*DECIDING) | _images_of(table)))
    kind = F.when(F.col("TYPE") == "BFOR", "before").when(F.col("TYPE") == "AFTR", "after")
    new = j.select(
        [
            (kind if f.name == "image_kind" else F.col(f.name)).cast(f.dataType).alias(f.name)
            for f in ENTRY_SCHEMA.fields
        ]
    )
    every = new if held is None else held.select(new.columns).unionByName(new)
    return every.dropDuplicates(list(LINEAGE[:3]))


def resolve_batch(spark, table, entries, last, columns: list[str]) -> Batch:
    pdf, unordered = _kernel_frame(entries)
    lines = []
    if unordered:
        lines.append(
            f"jcat: {table.name}: {unordered} journal records without a type or sequence number left out "
            f"(decode_errors in idms_journal names the field)"
        )
    resolved = resolution.resolve(pdf[list(resolution.INPUT_COLUMNS)])
    lines += problem_lines(table.name, resolved.problems, pdf)
    images = spark.table(twin(table))
    changes = with_images(change_rows(spark, pdf, resolved.changes), _images_of_changes(images, entries), columns)
    held = _rows_of(spark, entries, pdf, resolved.pending)
    return Batch(
        changes,
        len(resolved.changes),
        held,
        len(resolved.pending),
        resolved.changes["COMMIT_POSITION"].max() if len(resolved.changes) else None,
        None,
        lines,
    )


def _images_of_changes(images, entries):
    """The twin's image rows of the entries' BFOR/AFTR records."""
    return images.join(entries.select(*IDENTITY).where("image_kind IS NOT NULL"), list(IDENTITY), "left_semi")


def _kernel_frame(entries) -> tuple[pd.DataFrame, int]:
    """The resolution's INPUT_COLUMNS, one row per record, ROW_ID in landing order (of a record landed twice, the
    first landing counts); SEQ, 20 digits, travels as two longs so no row is converted one at a time."""
    cols = [
        *IDENTITY,
        F.floor(F.col("SEQ") / TWO_32).cast("bigint").alias("SEQ_HI"),
        F.pmod(F.col("SEQ"), F.lit(TWO_32)).cast("bigint").alias("SEQ_LO"),
        F.col("QUAL_CV").alias("CV"),
        F.col("TYPE").alias("RECORD_TYPE"),
        F.col("TRANSACT_ID").alias("LID"),
        "LIDS",
        "GMT",
        "DB_KEY",
        "IMAGE_LEN",
        "SPAN_OFFSET",
    ]
    pdf = entries.select(cols).orderBy(*IDENTITY[:3]).toPandas()
    ordered = pdf[["SEQ_HI", "RECORD_TYPE"]].notna().all(axis=1).to_numpy()
    pdf = pdf[ordered].reset_index(drop=True)
    pdf["SEQ"] = (pdf.pop("SEQ_HI").to_numpy(np.uint64) << np.uint64(32)) | pdf.pop("SEQ_LO").to_numpy(np.uint64)
    pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
    return pdf, int((~ordered).sum())


def _rows_of(spark, entries, pdf: pd.DataFrame, row_ids: np.ndarray):
    """The entries of these ROW_IDs (held for a later load)."""
    keep = pdf.iloc[row_ids][list(IDENTITY[:3])].reset_index(drop=True)
    schema = T.StructType(
        [
            T.StructField("load_id", T.StringType()),
            T.StructField("source_file", T.StringType()),
            T.StructField("record_offset", T.LongType()),
        ]
    )
    ids = frames.to_spark(spark, keep, schema)
    return entries.join(ids, list(IDENTITY[:3]), "left_semi")

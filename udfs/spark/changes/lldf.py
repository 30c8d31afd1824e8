"""LLDF: a declared Db2 for z/OS table's rows in BMC Log Master logical logs for the commit resolution
(udfs.core.changes.lldf), and its changes.

A build's loads are the LLDF loads lldf_change_stream holds (a load dbt has not reassembled yet is not one). Its
entries are the twin's rows of those loads (one per row image, one per record with no image) and the rows the last
build held: the records of units of recovery still in flight, held whole (NAME_pending, twin-shaped) until a load
brings their commit or abort, and every record from a stop (a LOAD REPLACE, an exchange, a catalog change, an
incomplete unit) on.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import lldf as resolution
from ...core.changes import state
from ...core.tables.lldf_image import image_columns
from . import batch, frames
from .batch import Batch, problem_lines
from .images import IDENTITY, change_rows, with_images

STREAM = "jcat.lldf_change_stream"
CURRENT = "jcat.raw_loads_current"  # the landing ledger's current entry of each landed file
LAYOUT = "lldf"


def twin(table) -> str:
    return f"jcat.{table.name}_images_decoded"


def inputs(table) -> tuple[str, ...]:
    """Its images and the log's change stream (units of recovery and their ends)."""
    return (twin(table), STREAM)


def key(table) -> list[str]:
    return list(table.key)


def unresolvable(table) -> str | None:
    """A logical log's records say which row they change only by its images: without a key, no state or history."""
    if not table.key:
        return (
            "the table was declared without a key, which its current state and history need: declare it "
            "again with --key COL,... (the table's primary key)"
        )
    return None


def columns(spark, table) -> list[str]:
    return [c.name for c in image_columns(table)]


def history_columns(table, columns: list[str]) -> list[str]:
    return columns


def _of_table(table):
    return (F.col("TABLEOWNER") == table.lldf.owner) & (F.col("TABLENAME") == table.lldf.table)


def current_loads(spark, table) -> set[str]:
    """The LLDF loads the landing ledger holds current and lldf_change_stream has reassembled."""
    current = {
        r[0] for r in spark.table(CURRENT).where(F.col("layout") == LAYOUT).select("load_id").distinct().collect()
    }
    return current & {r[0] for r in spark.table(STREAM).select("load_id").distinct().collect()}


def new_loads(spark, table, current: set[str], consumed: set[str]) -> tuple[list[str], list[str]]:
    """(loads not consumed yet, in load order; those of them with records of the table its twin lacks)."""
    loads = sorted(current - consumed)
    if not loads:
        return [], []
    of_table = batch.loads_holding(spark.table(STREAM).where(_of_table(table)), loads)
    return loads, batch.not_decoded(spark, loads, of_table, (twin(table),))


def waiting_line(table, lagging: list[str]) -> str:
    return batch.waiting_line(table.name, lagging, (f"{table.name}_images_decoded",))


def candidates(spark, table, loads: list[str], held):
    """The twin's rows of the new loads and those held."""
    new = spark.table(twin(table)).where(F.col("load_id").isin(loads))
    return new if held is None else held.unionByName(new)


def resolve_batch(spark, table, entries, last, columns: list[str]) -> Batch:
    pdf = _kernel_frame(entries)
    through = last.applied_through if last else None
    resolved = resolution.resolve(pdf, through)
    if len(resolved.earlier):
        _check_landed_before(spark, table, pdf.iloc[resolved.earlier], through)
    changes = with_images(change_rows(spark, pdf, resolved.changes), entries, columns)
    held = _rows_of(spark, entries, pdf, resolved.pending)
    return Batch(
        changes,
        len(resolved.changes),
        held,
        len(resolved.pending),
        resolved.changes["COMMIT_POSITION"].max() if len(resolved.changes) else None,
        None,
        problem_lines(table.name, resolved.problems, pdf),
    )


TEXT = ["CHANGE_TYPE", "LIMIT_KEYS", "MEMBERID", "UORDISP", "LOGRECDISP", "INCOMPLETETRANS", "UORCOMMITTIMESTAMP"]


def _kernel_frame(entries) -> pd.DataFrame:
    """One row per twin row, ROW_ID and LANDING (one per landed record) in landing order."""
    hexed = [F.upper(F.hex(c)).alias(c) for c in resolution.HEX_FIELDS]  # as the kernel reads binary fields
    cols = [*IDENTITY, F.col("image_kind").alias("IMAGE_KIND"), *TEXT, *hexed]
    pdf = entries.select(cols).orderBy(*IDENTITY).toPandas()
    pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
    pdf["LANDING"] = pdf.groupby(list(IDENTITY[:3]), sort=False).ngroup().astype(np.int64)
    return pdf


def _check_landed_before(spark, table, earlier: pd.DataFrame, through: str) -> None:
    """Records of units committed at or before what was applied: landed again by an overlapping extract (their
    record is in an earlier load: nothing to do), or a unit that arrived late (rebuild from the first load)."""
    record = list(resolution.RECORD_KEY)
    wanted = earlier[record].drop_duplicates().reset_index(drop=True)
    schema = T.StructType([T.StructField(c, T.LongType() if c == "MEMBERID" else T.StringType()) for c in record])
    keys = frames.to_spark(spark, wanted.astype({"MEMBERID": np.int64}), schema)
    loads = earlier["load_id"].unique().tolist()
    before = (
        spark.table(twin(table))
        .where(~F.col("load_id").isin(loads))
        .select(*[F.upper(F.hex(c)).alias(c) if c in resolution.HEX_FIELDS else F.col(c) for c in record])
    )
    seen = keys.join(before, record, "left_semi").count()
    if seen < len(wanted):
        raise state.ChangesNotLater(
            f"a unit of recovery committed at or before {through}, which was applied, landed "
            f"in load {min(loads)}: changes not after what was applied"
        )


def _rows_of(spark, entries, pdf: pd.DataFrame, row_ids: np.ndarray):
    """The entries' rows of these ROW_IDs (held for a later load); a record with no image has image_kind NULL."""
    keep = pdf.iloc[row_ids][list(IDENTITY)].reset_index(drop=True)
    schema = T.StructType(
        [
            T.StructField("load_id", T.StringType()),
            T.StructField("source_file", T.StringType()),
            T.StructField("record_offset", T.LongType()),
            T.StructField("image_kind", T.StringType()),
        ]
    )
    ids = frames.to_spark(spark, keep, schema).alias("k")
    same = [F.col(f"e.{c}").eqNullSafe(F.col(f"k.{c}")) for c in IDENTITY]
    return entries.alias("e").join(ids, same, "left_semi")

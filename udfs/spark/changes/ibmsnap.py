"""IBMSNAP: a declared CD table's row images and their units of work for the commit resolution
(udfs.core.changes.ibmsnap), and its changes.

A build's loads are those of the CD table's raw table (layout ibmsnap_NAME) and of the UOW table's
(ibmsnap_uow): a new load of either can decide CD rows. Its entries are the twin's image rows of the new CD loads
and the rows the last build held; their units of work are looked up in the UOW table's twin over every current
load (a UOW row may land before or after its CD rows). The CD rows of a unit of work whose UOW row has not landed
are held whole (NAME_pending, twin-shaped) until it lands.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import ibmsnap as resolution
from ...core.tables.ibmsnap_image import cd_slots, image_columns
from ...render.table_names import quote
from . import batch, frames
from .batch import Batch, problem_lines
from .images import IDENTITY, change_rows, with_images

UOW = "jcat.ibmsnap_uow_decoded"
UOW_LAYOUT = "ibmsnap_uow"
CURRENT = "jcat.raw_loads_current"  # the landing ledger's current entry of each landed file


def twin(table) -> str:
    return f"jcat.{table.name}_images_decoded"


def layout(table) -> str:
    return f"ibmsnap_{table.name}"  # as `jcat load NAME` lands it (udfs/cli/tables.py load_target)


def inputs(table) -> tuple[str, ...]:
    """Its images and the units of work (IBMSNAP_UOW)."""
    return (twin(table), UOW)


def key(table) -> list[str]:
    return list(table.key)


def unresolvable(table) -> str | None:
    """A CD table's rows say which source row they change only by a key: without one, no state or history."""
    if not table.key:
        return (
            "the CD table was declared without a key, which its current state and history need: declare it "
            "again with --key COL,... (the source table's primary key)"
        )
    return None


def columns(spark, table) -> list[str]:
    """The source table's columns (the CD table's without its IBMSNAP and before-image columns), in DDL order."""
    return [c.name for c in image_columns(table)]


def history_columns(table, columns: list[str]) -> list[str]:
    return columns


def uow_column(table) -> str:
    """What ties a CD row to its UOW row: IBMSNAP_UOWID, or IBMSNAP_COMMITSEQ in a CD table without it."""
    return "IBMSNAP_UOWID" if "IBMSNAP_UOWID" in cd_slots(table) else "IBMSNAP_COMMITSEQ"


def _current(spark, table):
    return spark.table(CURRENT).where(F.col("layout").isin(layout(table), UOW_LAYOUT))


def current_loads(spark, table) -> set[str]:
    """The loads of the CD table and of the UOW table the landing ledger holds current (a load `jcat load
    --replace` superseded is gone, though the incremental twins keep its rows until a full refresh)."""
    return {r[0] for r in _current(spark, table).select("load_id").distinct().collect()}


def new_loads(spark, table, current: set[str], consumed: set[str]) -> tuple[list[str], list[str]]:
    """(loads not consumed yet, in load order; those of them with records their twin lacks)."""
    loads = sorted(current - consumed)
    if not loads:
        return [], []
    with_records = batch.loads_holding(_current(spark, table).where(F.col("records") > 0), loads)
    return loads, batch.not_decoded(spark, loads, with_records, (twin(table), UOW))


def waiting_line(table, lagging: list[str]) -> str:
    return batch.waiting_line(table.name, lagging, (f"{table.name}_images_decoded", "ibmsnap_uow_decoded"))


def candidates(spark, table, loads: list[str], held):
    """The image rows of the new CD loads and those held, in the twin's shape."""
    new = spark.table(twin(table)).where(F.col("load_id").isin(loads))
    return new if held is None else held.unionByName(new)


def resolve_batch(spark, table, entries, last, columns: list[str]) -> Batch:
    names = key(table)
    pdf, unordered = _kernel_frame(entries, table, names)
    lines = []
    if unordered:
        lines.append(
            f"jcat: {table.name}: {unordered} CD rows without a unit of work or intent sequence left out "
            f"(decode_errors in {table.name}_images_decoded names the column)"
        )
    uows = _uows(spark, table, entries)
    resolved = resolution.resolve(pdf, uows, [f"_KEY{i}" for i in range(len(names))])
    lines += problem_lines(table.name, resolved.problems, pdf)
    if len(resolved.rejected):
        units = pdf.iloc[resolved.rejected]["UOW"].nunique()
        lines.append(
            f"jcat: {table.name}: {units} rejected units of work (IBMSNAP_REJ_CODE neither 0 nor blank: "
            f"undone where they ran) left out: {len(resolved.rejected)} images"
        )
    changes = with_images(change_rows(spark, pdf, resolved.changes), entries, columns)
    held = _rows_of(spark, entries, pdf, resolved.pending)
    return Batch(
        changes,
        len(resolved.changes),
        held,
        len(resolved.pending),
        resolved.changes["COMMIT_POSITION"].tolist(),
        None,
        lines,
    )


def _kernel_frame(entries, table, key: list[str]) -> tuple[pd.DataFrame, int]:
    """One row per image, ROW_ID in landing order (a row landed twice: its first landing counts)."""
    cols = [
        *IDENTITY,
        F.upper(F.hex(uow_column(table))).alias("UOW"),
        F.upper(F.hex("IBMSNAP_INTENTSEQ")).alias("INTENTSEQ"),
        F.col("IBMSNAP_OPERATION").alias("OPERATION"),
        F.col("image_kind").alias("IMAGE_KIND"),
        F.col("updates_as_delete_insert").alias("PAIRS"),
        *[F.col(quote(k)).alias(f"_KEY{i}") for i, k in enumerate(key)],
    ]
    pdf = entries.select(cols).orderBy(*IDENTITY).toPandas()
    ordered = pdf[["UOW", "INTENTSEQ"]].notna().all(axis=1).to_numpy()
    pdf = pdf[ordered].reset_index(drop=True)
    pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
    return pdf, int((~ordered).sum())


def _uows(spark, table, entries) -> pd.DataFrame:
    """The UOW rows of the entries' units of work, from the UOW table's current loads, first landed first."""
    col = uow_column(table)
    wanted = entries.select(F.col(col).alias("_UOW")).where("_UOW IS NOT NULL").distinct()
    current = spark.table(CURRENT).where(F.col("layout") == UOW_LAYOUT).select("load_id", "source_file").distinct()
    u = spark.table(UOW).join(current, ["load_id", "source_file"], "left_semi")
    u = u.join(wanted, u[col] == wanted["_UOW"], "left_semi")
    return (
        u.select(
            F.upper(F.hex(col)).alias("UOW"),
            F.upper(F.hex("IBMSNAP_UOWID")).alias("UOWID"),
            F.upper(F.hex("IBMSNAP_COMMITSEQ")).alias("COMMITSEQ"),
            F.col("IBMSNAP_LOGMARKER").alias("LOGMARKER"),
            F.col("IBMSNAP_REJ_CODE").alias("REJ_CODE"),
            "load_id",
            "source_file",
            "record_offset",
        )
        .orderBy("load_id", "source_file", "record_offset")
        .toPandas()
    )


def _rows_of(spark, entries, pdf: pd.DataFrame, row_ids: np.ndarray):
    """The entries' rows of these ROW_IDs (the images held for a later load)."""
    keep = pdf.iloc[row_ids][list(IDENTITY)].reset_index(drop=True)
    schema = T.StructType(
        [
            T.StructField("load_id", T.StringType()),
            T.StructField("source_file", T.StringType()),
            T.StructField("record_offset", T.LongType()),
            T.StructField("image_kind", T.StringType()),
        ]
    )
    ids = frames.to_spark(spark, keep, schema)
    return entries.join(ids, list(IDENTITY), "left_semi")

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

from ...core.changes import ibmsnap as resolution
from ...core.tables.ibmsnap_image import cd_slots, image_columns
from ...render.table_names import quote
from . import batch, grouped
from .batch import Batch
from .images import IDENTITY, with_images

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
    """Each unit of work's images resolved on the executors with its UOW rows (a cogroup on the unit)."""
    names = key(table)
    ordered = F.col(uow_column(table)).isNotNull() & F.col("IBMSNAP_INTENTSEQ").isNotNull()
    lines = []
    unordered = entries.where(~ordered).count()
    if unordered:
        lines.append(
            f"jcat: {table.name}: {unordered} CD rows without a unit of work or intent sequence left out "
            f"(decode_errors in {table.name}_images_decoded names the column)"
        )
    got = grouped.resolved(
        _kernel_rows(entries.where(ordered), table, names),
        [F.col("UOW")],
        _bucket_resolver(len(names)),
        OUT,
        _uows(spark, table, entries),
        [F.col("UOW")],
    )
    done = grouped.summary(got)
    lines += done.lines(table.name)
    rejected = got.where(F.col(grouped.ROLE) == REJECTED)
    images = rejected.count()
    if images:
        units = rejected.select("TRANSACTION_ID").distinct().count()
        lines.append(
            f"jcat: {table.name}: {units} rejected units of work (IBMSNAP_REJ_CODE neither 0 nor blank: "
            f"undone where they ran) left out: {images} images"
        )
    changes = with_images(grouped.changes(got), entries, columns)
    held = grouped.held(entries, got, IDENTITY)
    return Batch(changes, done.changes, held, done.held, done.through, None, lines)


REJECTED = "rejected"  # a row of a rejected unit of work (TRANSACTION_ID: its unit)
OUT = grouped.schema()


def _kernel_rows(entries, table, key: list[str]):
    """One row per image: its identity, what the kernel reads and the key as _KEY0, _KEY1, ..."""
    return entries.select(
        *IDENTITY[:3],
        F.upper(F.hex(uow_column(table))).alias("UOW"),
        F.upper(F.hex("IBMSNAP_INTENTSEQ")).alias("INTENTSEQ"),
        F.col("IBMSNAP_OPERATION").alias("OPERATION"),
        F.col("image_kind").alias("IMAGE_KIND"),
        F.col("updates_as_delete_insert").alias("PAIRS"),
        *[F.col(quote(k)).alias(f"_KEY{i}") for i, k in enumerate(key)],
    )


def _bucket_resolver(keys: int):
    """The resolution of one bucket of units of work: images in landing order (ROW_ID; a row landed twice: its
    first landing counts), UOW rows likewise (the first given counts)."""
    names = [f"_KEY{i}" for i in range(keys)]

    def run(images: pd.DataFrame, uows: pd.DataFrame) -> pd.DataFrame:
        if not len(images):  # a bucket of UOW rows alone (a cogroup side with no rows may come without columns)
            return grouped.stacked([], OUT)
        uows = uows if len(uows) else pd.DataFrame(columns=[*resolution.UOW_COLUMNS, *IDENTITY[:3]])
        images = images.sort_values(list(IDENTITY[:3]), kind="stable").reset_index(drop=True)
        images["ROW_ID"] = np.arange(len(images), dtype=np.int64)
        images["image_kind"] = images["IMAGE_KIND"]
        uows = uows.sort_values(["load_id", "source_file", "record_offset"], kind="stable")
        resolved = resolution.resolve(images, uows, names)
        out = grouped.rows(images, resolved.changes, resolved.pending, resolved.problems, OUT)
        rejected = images.iloc[resolved.rejected][[*IDENTITY, "UOW"]].rename(columns={"UOW": "TRANSACTION_ID"})
        return grouped.stacked([out, rejected.assign(**{grouped.ROLE: REJECTED})], OUT)

    return run


def _uows(spark, table, entries):
    """The UOW rows of the entries' units of work, from the UOW table's current loads."""
    col = uow_column(table)
    wanted = entries.select(F.col(col).alias("_UOW")).where("_UOW IS NOT NULL").distinct()
    current = spark.table(CURRENT).where(F.col("layout") == UOW_LAYOUT).select("load_id", "source_file").distinct()
    u = spark.table(UOW).join(current, ["load_id", "source_file"], "left_semi")
    u = u.join(wanted, u[col] == wanted["_UOW"], "left_semi")
    return u.select(
        F.upper(F.hex(col)).alias("UOW"),
        F.upper(F.hex("IBMSNAP_UOWID")).alias("UOWID"),
        F.upper(F.hex("IBMSNAP_COMMITSEQ")).alias("COMMITSEQ"),
        F.col("IBMSNAP_LOGMARKER").alias("LOGMARKER"),
        F.col("IBMSNAP_REJ_CODE").alias("REJ_CODE"),
        "load_id",
        "source_file",
        "record_offset",
    )

"""LLDF: a declared Db2 for z/OS table's rows in BMC Log Master logical logs for the commit resolution
(udfs.core.changes.lldf), and its changes.

A build's loads are the LLDF loads lldf_change_stream holds (a load dbt has not reassembled yet is not one). Its
entries are the twin's rows of those loads (one per row image, one per record with no image) and the rows the last
build held: the records of units of recovery still in flight, held whole (NAME_pending, twin-shaped) until a load
brings their commit or abort, and every record from a stop (a LOAD REPLACE, an exchange, a catalog change, an
incomplete unit) on.

They are resolved on the executors (udfs/spark/changes/grouped.py): a unit of recovery's rows in one group (every
copy of its records with it), each bucket of groups through the kernel. What couples units is handled across the
buckets: the first stop is the least one any bucket gives (one aggregation the driver reads), and the rows of every
unit committed at or after it are held; units at or before what was applied are checked against the earlier loads
with a join. The driver reads aggregations only, never the rows.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import functions as F

from ...core.changes import lldf as resolution
from ...core.changes import state
from ...core.tables.lldf_image import image_columns
from . import batch, grouped
from .batch import Batch
from .images import IDENTITY, with_images

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
    """The build's rows resolved on the executors, a unit of recovery to a group (units that say one commit
    position together: the kernel numbers their changes as one commit), in buckets through the kernel; then the
    first stop of all the buckets applied across them, as one kernel call over every row would."""
    through = last.applied_through if last else None
    n = grouped.buckets(spark, entries.count())  # the entries are computed once; counting the rows runs their window
    got = grouped.resolved(_kernel_rows(entries), [F.col(GROUP)], _bucket_resolver(through), OUT, n=n)
    stop, earlier = _stop_and_earlier(got)
    if earlier:
        _check_landed_before(spark, table, entries, got, through)
    got = _from_stop(got, stop)
    done = grouped.summary(got)
    changes = with_images(grouped.changes(got), entries, columns)
    held = grouped.held(entries, got, IDENTITY)
    return Batch(changes, done.changes, held, done.held, done.through, None, done.lines(table.name))


GIVEN = "given"  # a row of a committed unit its bucket gave (before the bucket's own stop): COMMIT_POSITION its unit's
EARLIER = "earlier"  # a row of a unit committed at or before what was applied
OUT = grouped.schema()
GROUP = "_GROUP"
TEXT = ["CHANGE_TYPE", "LIMIT_KEYS", "MEMBERID", "UORDISP", "LOGRECDISP", "INCOMPLETETRANS", "UORCOMMITTIMESTAMP"]


def _kernel_rows(entries):
    """What the kernel reads of each twin row (binary fields in upper-case hex, as it compares them), its identity,
    and GROUP: the least commit position its unit's C records say, else its unit."""
    from pyspark.sql import Window

    hexed = [F.upper(F.hex(c)).alias(c) for c in resolution.HEX_FIELDS]
    rows = entries.select(*IDENTITY, *TEXT, *hexed)  # image_kind: the kernel's IMAGE_KIND (Spark: one name)
    unit = F.concat_ws(".", *[F.col(c).cast("string") for c in resolution.UNIT_KEY])
    said = F.concat_ws(".", "UORCOMMITLRSN", "UORCOMMITPOINT", F.col("MEMBERID").cast("string"))
    position = F.min(F.when(F.trim(F.col("UORDISP")) == "C", said)).over(Window.partitionBy(unit))
    return rows.withColumn(GROUP, F.coalesce(position, unit))


def _bucket_resolver(through: str | None):
    """One bucket's rows through the kernel in landing order (ROW_ID: the row's place by IDENTITY, LANDING: its
    record's), giving changes, held rows and problems (COMMIT_POSITION: the problem's unit's, when committed) and
    the rows GIVEN and EARLIER."""

    def run(pdf: pd.DataFrame) -> pd.DataFrame:
        pdf = pdf.drop(columns=[GROUP]).sort_values(list(IDENTITY), kind="stable", na_position="first")
        pdf = pdf.reset_index(drop=True)
        pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
        pdf["LANDING"] = pdf.groupby(list(IDENTITY[:3]), sort=False).ngroup().astype(np.int64)
        pdf["IMAGE_KIND"] = pdf["image_kind"]
        resolved = resolution.resolve(pdf, through)
        out = grouped.rows(pdf, resolved.changes, resolved.pending, resolved.problems.iloc[:0], OUT)
        committed = resolved.committed
        position = pd.Series(committed["COMMIT_POSITION"].to_numpy(), index=committed["ROW_ID"].to_numpy())
        problems = resolved.problems
        found = pdf.iloc[problems["ROW_ID"].to_numpy()][list(IDENTITY)].assign(
            **{
                grouped.ROLE: grouped.PROBLEM,
                "REASON": problems["REASON"].to_numpy(dtype=object),
                "COMMIT_POSITION": problems["ROW_ID"].map(position).to_numpy(dtype=object),
            }
        )
        given = committed[~committed["ROW_ID"].isin(resolved.pending)]
        given = pdf.iloc[given["ROW_ID"].to_numpy()][list(IDENTITY)].assign(
            **{grouped.ROLE: GIVEN, "COMMIT_POSITION": given["COMMIT_POSITION"].to_numpy(dtype=object)}
        )
        earlier = pdf.iloc[resolved.earlier][list(IDENTITY)].assign(**{grouped.ROLE: EARLIER})
        return grouped.stacked([out, found, given, earlier], OUT)

    return run


def _stop_and_earlier(got) -> tuple[str | None, bool]:
    """One aggregation: the first stop's COMMIT_POSITION over every bucket, and whether any row is EARLIER."""
    role = F.col(grouped.ROLE)
    stop = (role == grouped.PROBLEM) & F.col("REASON").isin(*resolution.STOP_REASONS.values())
    row = got.agg(
        F.min(F.when(stop, F.col("COMMIT_POSITION"))).alias("stop"), F.count_if(role == EARLIER).alias("earlier")
    ).first()
    return row["stop"], bool(row["earlier"])


def _from_stop(got, stop: str | None):
    """The buckets' rows with the first stop applied across them: changes after it are not given, the rows of
    every unit committed at or after it are held, and of the problems of committed units only those before it and
    its own are said (a bucket's own stop after it is not)."""
    if stop is None:
        return got
    role, position = F.col(grouped.ROLE), F.col("COMMIT_POSITION")
    kept = (
        ((role == grouped.CHANGE) & (position < stop))
        | ((role == grouped.PROBLEM) & (position.isNull() | (position <= stop)))
        | ~role.isin(grouped.CHANGE, grouped.PROBLEM, GIVEN)
    )
    now_held = got.where((role == GIVEN) & (position >= stop)).withColumn(grouped.ROLE, F.lit(grouped.HELD))
    return got.where(kept).unionByName(now_held)


def _check_landed_before(spark, table, entries, got, through: str) -> None:
    """Records of units committed at or before what was applied: landed again by an overlapping extract (their
    record is in an earlier load: nothing to do), or a unit that arrived late (rebuild from the first load)."""
    record = list(resolution.RECORD_KEY)
    ids = got.where(F.col(grouped.ROLE) == EARLIER).select(*[F.col(c).alias(f"_e_{c}") for c in IDENTITY])
    earlier = entries.join(ids, [entries[c].eqNullSafe(ids[f"_e_{c}"]) for c in IDENTITY], "left_semi")
    loads = sorted(r[0] for r in earlier.select("load_id").distinct().collect())  # a build's few loads
    before = spark.table(twin(table)).where(~F.col("load_id").isin(loads)).select(*record)
    if earlier.select(*record).distinct().join(before, record, "left_anti").limit(1).count():
        raise state.ChangesNotLater(
            f"a unit of recovery committed at or before {through}, which was applied, landed "
            f"in load {min(loads)}: changes not after what was applied"
        )

"""CA IDMS: a declared record type's journal records for the commit resolution (udfs.core.changes.idms), and its
changes.

A build's loads are the journal's (layout idms) current loads. Its entries are the records of the new loads the
resolution reads, read from the view idms_journal (a narrow projection: the table twin of the journal is ephemeral,
and the twin of the images holds only the images present): every checkpoint and distributed record, and the
BFOR/AFTR records of the table's USER-REC-ID whatever their IMAGE-LEN (a null image, IMAGE-LEN 0, is what tells a
store or an erase from a modify); plus the entries the last build held, in the same shape (NAME_pending). A change's
images are the twin's rows of its BFOR and AFTR (image_kind 'before', 'after').

The resolution runs on the executors (udfs/spark/changes/grouped.py), a group per LID: what couples LIDs is handled
around the groups so that they give what one kernel call over every record gives. A record landed twice is dropped
before (a window on CV and SEQ); a DIND/DCOM/DBAK goes to the group of each LID it lists, listing there only that
group's LIDs (a DCOM deciding several is then one commit in several groups: CHANGE_POSITION is numbered again over
each commit, by the SEQ of each change's AFTR); the stops are the whole journal's (resolve_batch).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import frame
from ...core.changes import idms as resolution
from ...core.tables import copybook_table
from . import batch, grouped
from .batch import Batch
from .images import IDENTITY, with_images

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
    """The build's records resolved on the executors, a LID's records to a group (each distributed record copied to
    the group of every LID it lists, listing there only that group's LIDs): the valued changes, the records held and
    the lines to say. The stops are the whole journal's (_through_stops); the driver reads a few aggregations."""
    span = _span(entries)
    lines = []
    if span["unordered"]:
        lines.append(
            f"jcat: {table.name}: {span['unordered']} journal records without a type or sequence number left out "
            f"(decode_errors in idms_journal names the field)"
        )
    records = _journal_order(entries).localCheckpoint(eager=True)  # read by each pass and by the held records
    got, stopped, said = _through_stops(records, span["cvs"])
    done = grouped.summary(got)
    lines += grouped.Summary(0, 0, None, sorted([*done.problems, *said])).lines(table.name)
    held_ids = got.where(F.col(grouped.ROLE) == grouped.HELD).select(*IDENTITY[:3])
    if stopped is not None:
        held_ids = held_ids.unionByName(records.where(stopped).select(*IDENTITY[:3]))
    held_ids = held_ids.distinct().localCheckpoint(eager=True)  # a DIND's copies may each be held in their group
    held = entries.join(held_ids, list(IDENTITY[:3]), "left_semi")
    images = spark.table(twin(table))
    changes = with_images(_numbered(grouped.changes(got, AT)), _images_of_changes(images, entries), columns)
    return Batch(changes, done.changes, held, held_ids.count(), done.through, None, lines)


def _through_stops(records, cvs: list[str]):
    """(what the groups give, which records the stop holds without the kernel (None: no stop), the stop's problem
    line as (reason, 1, file, offset)). A second central version's records never reach the kernel; a committed
    unit holding an RTSV, found by a first pass, holds its deciding record and every record after it, resolving
    the records before it again (as one call over everything does: no unit decided at or after it is given)."""
    stopped = (F.col("CV") != F.lit(cvs[0])) if len(cvs) > 1 else None
    got = _resolved(records if stopped is None else records.where(~stopped))
    stop = _rtsv_stop(got)
    if stop is not None:
        at = F.col("SEQ") >= F.lit(str(int(stop["COMMIT_POSITION"], 16))).cast(T.DecimalType(20, 0))
        stopped = at if stopped is None else stopped | at
        said = (resolution.RTSV_STOP, 1, stop["source_file"], stop["record_offset"])
        return _resolved(records.where(~stopped)), stopped, [said]
    if stopped is None:
        return got, None, []
    first = records.where(stopped).agg(F.min(F.struct("SEQ", *IDENTITY[:3])).alias("first")).first()["first"]
    return got, stopped, [(resolution.CV_STOP, 1, first["source_file"], first["record_offset"])]


STOP = "stop"  # a group's first committed unit holding an RTSV (the kernel's stop there): where it is, which RTSV
AT = ("AT_HI", "AT_LO")  # the SEQ a row sits at, as two longs: a change's AFTR's, a stop row's RTSV's
OUT = grouped.schema(tuple(T.StructField(c, T.LongType()) for c in AT))
DISTRIBUTED_TYPES = tuple(t for t, k in resolution.ENTRY_ROLES.items() if k in resolution.DISTRIBUTED)
WAITING = tuple(t for t, k in resolution.ENTRY_ROLES.items() if k in (*resolution.WORK, resolution.DIND))


def _images_of_changes(images, entries):
    """The twin's image rows of the entries' BFOR/AFTR records."""
    return images.join(entries.select(*IDENTITY).where("image_kind IS NOT NULL"), list(IDENTITY), "left_semi")


def _trimmed(column):
    """A text as the kernel compares it (str.strip: Unicode white space at either end)."""
    return F.regexp_replace(column, r"(?U)^\s+|\s+$", "")


def _ordered():
    """A record the resolution can place: its type and sequence number known."""
    return F.col("TYPE").isNotNull() & F.col("SEQ").isNotNull()


def _span(entries) -> dict:
    """One aggregation: how many records cannot be placed, and the central versions of those that can, in order."""
    cv = _trimmed(F.coalesce(F.col("QUAL_CV"), F.lit("")))
    row = entries.agg(
        F.count_if(~_ordered()).alias("unordered"),
        F.array_sort(F.collect_set(F.when(_ordered(), cv))).alias("cvs"),
    ).first()
    return {"unordered": int(row["unordered"]), "cvs": list(row["cvs"] or [])}


def _journal_order(entries):
    """The records the resolution can place, in the kernel's terms (CV and RECORD_TYPE as it compares them, LID),
    each (CV, SEQ) once: of a record landed twice, the first landing (smallest load, file and offset) counts."""
    from pyspark.sql import Window

    records = entries.where(_ordered()).select(
        *IDENTITY,
        "SEQ",
        _trimmed(F.coalesce(F.col("QUAL_CV"), F.lit(""))).alias("CV"),
        _trimmed(F.col("TYPE")).alias("RECORD_TYPE"),
        F.col("TRANSACT_ID").alias("LID"),
        "LIDS",
        "GMT",
        "DB_KEY",
        "IMAGE_LEN",
        "SPAN_OFFSET",
    )
    first = F.row_number().over(Window.partitionBy("CV", "SEQ").orderBy(*IDENTITY[:3]))
    return records.withColumn("_copy", first).where("_copy = 1").drop("_copy")


def _resolved(records):
    """The records through the kernel in groups of LIDs: a record with a LID goes to its LID's group (one without,
    anywhere), a DIND/DCOM/DBAK to the group of each LID it lists, listing there only that group's LIDs (so each
    group sees every record of its own LIDs and none of another's)."""
    distributed = F.col("RECORD_TYPE").isin(*DISTRIBUTED_TYPES)
    listed = F.filter("LIDS", lambda x: x.isNotNull())
    lid_of = F.explode_outer(F.when(distributed, listed).otherwise(F.array(F.col("LID")))).alias("LID_OF")
    rows = records.select(
        *[c for c in records.columns if c != "SEQ"],
        F.floor(F.col("SEQ") / TWO_32).cast("bigint").alias("SEQ_HI"),
        F.pmod(F.col("SEQ"), F.lit(TWO_32)).cast("bigint").alias("SEQ_LO"),
        lid_of,
    )
    n = grouped.buckets(rows.sparkSession, rows.count())
    transaction = [F.col("CV"), F.col("LID_OF")]
    here = grouped.bucket(transaction, n)
    local = F.filter(listed, lambda x: grouped.bucket([F.col("CV"), x], n) == here)
    rows = rows.withColumn("LIDS", F.when(distributed, local))
    return grouped.resolved(rows, transaction, _resolve_bucket, OUT, n=n)


def _resolve_bucket(pdf: pd.DataFrame) -> pd.DataFrame:
    """One group's records through the kernel (ROW_ID in landing order), a distributed record once; its RTSV stop,
    if any, as a STOP row instead of a problem."""
    pdf = pdf.drop(columns=["LID_OF"]).drop_duplicates(list(IDENTITY[:3]))
    pdf = pdf.sort_values(list(IDENTITY[:3]), kind="stable").reset_index(drop=True)
    pdf["SEQ"] = (pdf["SEQ_HI"].to_numpy(np.uint64) << np.uint64(32)) | pdf["SEQ_LO"].to_numpy(np.uint64)
    pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
    resolved = resolution.resolve(pdf[list(resolution.INPUT_COLUMNS)])
    stopping = (resolved.problems["REASON"] == resolution.RTSV_STOP).to_numpy()
    after = _after_records(pdf, resolved.changes)
    at = {mine: pdf[source].to_numpy(np.int64)[after] for mine, source in zip(AT, AT_SOURCES)}
    out = grouped.rows(pdf, resolved.changes, resolved.pending, resolved.problems[~stopping], OUT, at)
    if not stopping.any():
        return out
    return grouped.stacked([out, _stop_row(pdf, resolved, int(resolved.problems["ROW_ID"][stopping].iloc[0]))], OUT)


AT_SOURCES = ("SEQ_HI", "SEQ_LO")


def _after_records(pdf: pd.DataFrame, changes: pd.DataFrame) -> np.ndarray:
    """The ROW_ID of each change's AFTR record (where a change takes its place in its commit): its AFTER_ROW, or for
    an erase (a null after image) the next BFOR/AFTR of SPAN_OFFSET 0 of its BFOR's LID and DB_KEY, its partner."""
    images = pdf[pdf["RECORD_TYPE"].isin(["BFOR", "AFTR"]) & (pdf["SPAN_OFFSET"] == 0)]
    images = images.sort_values(["LID", "DB_KEY", "SEQ"], kind="stable")
    following = images.groupby(["LID", "DB_KEY"], sort=False)["ROW_ID"].shift(-1)
    next_image = np.full(len(pdf), -1, dtype=np.int64)
    next_image[images["ROW_ID"].to_numpy()] = following.fillna(-1).to_numpy(dtype=np.int64)
    after = changes[frame.AFTER_ROW].to_numpy(dtype=float, na_value=np.nan)
    before = changes[frame.BEFORE_ROW].fillna(0).to_numpy(dtype=np.int64)
    return np.where(np.isnan(after), next_image[before], np.nan_to_num(after)).astype(np.int64)


def _stop_row(pdf: pd.DataFrame, resolved, rtsv: int) -> pd.DataFrame:
    """The group's stop: COMMIT_POSITION the SEQ of the record deciding the unit (the first record held that is
    neither work nor a DIND: all such records before it are consumed), the RTSV the kernel names, at its SEQ."""
    held = pdf.iloc[resolved.pending]
    deciding = held["SEQ"][~held["RECORD_TYPE"].isin(WAITING)].min()
    row = pdf.iloc[[rtsv]][[*grouped.ROW, *AT_SOURCES]].rename(columns=dict(zip(AT_SOURCES, AT)))
    return row.assign(
        **{grouped.ROLE: STOP, "COMMIT_POSITION": f"{int(deciding):016X}", "REASON": resolution.RTSV_STOP}
    )


def _rtsv_stop(got):
    """The journal's RTSV stop: of the groups' stops, the one decided first (of a DCOM deciding several units
    holding an RTSV, the first RTSV); None when there is none. One aggregation."""
    first = F.min(F.struct("COMMIT_POSITION", *AT, *IDENTITY[:3]))
    return got.where(F.col(grouped.ROLE) == STOP).agg(first.alias("stop")).first()["stop"]


def _numbered(changes):
    """CHANGE_POSITION over each whole commit (a DCOM's LIDs may be in several groups), in the order of the changes'
    AFTR records, as the kernel numbers them."""
    from pyspark.sql import Window

    order = Window.partitionBy("COMMIT_POSITION").orderBy(*AT)
    return changes.withColumn("CHANGE_POSITION", F.row_number().over(order).cast("bigint")).drop(*AT)

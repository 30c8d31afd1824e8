"""IBM i: a declared table's journal entries for the commit resolution (udfs.core.changes.ibmi), and its changes.

The entries of one build are the twin's R entries of the new loads, the journal's C SC / CM / RB entries of the
commit cycles those touch and the file's F CR / RG and D CG entries (from journal_entries_decoded), and the entries
the last build held. They share the twin's shape (a control entry has no image columns) plus RESET_EPOCH: how many
sequence resets (CHGJRN SEQOPT(*RESET)) came before the entry, counted here in entry-time order and kept with held
entries. One journal entry landed twice (overlapping outfiles) counts once.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import frame
from ...core.changes import ibmi as resolution
from ...core.tables.declaration import LINEAGE_COLUMNS
from ...render.table_names import quote
from ...render.tables_ibmi import IBMI_ENTRY_COLUMNS
from . import batch, frames
from .batch import Batch, change_columns, problem_lines

ENTRIES = "jcat.journal_entries_decoded"
CURRENT = "jcat.raw_loads_current"  # the landing ledger's current entry of each landed file
IDENTITY = ("load_id", "source_file", "record_offset")
TWO_32 = 4294967296


class OlderThanApplied(Exception):
    """Entries older than what a build already applied arrived: the changes must be rebuilt from the first load."""


def twin(table) -> str:
    return f"jcat.{table.name}_images_decoded"


def inputs(table) -> tuple[str, ...]:
    """Its images and the journal's entries."""
    return (twin(table), ENTRIES)


def key(table) -> list[str]:
    return list(table.key) or ["RRN"]


def unresolvable(table) -> str | None:
    """Why the declaration allows no changes (never for IBM i: a file without a key is keyed by its RRN)."""
    return None


def columns(spark, table) -> list[str]:
    """The table's columns as the twin types them, in DDL order."""
    names = {c.name for c in table.ddl.columns}
    return [f.name for f in spark.table(twin(table)).schema.fields if f.name in names]


def history_columns(table, columns: list[str]) -> list[str]:
    """The columns of _current and _history: the relative record number first for a table keyed by it."""
    return (["RRN"] if not table.key else []) + columns


def current_loads(spark, table) -> set[str]:
    return journal_loads(spark)


def waiting_line(table, lagging: list[str]) -> str:
    return batch.waiting_line(table.name, lagging, (f"{table.name}_images_decoded",))


def resolve_batch(spark, table, entries, last, columns: list[str]) -> Batch:
    """The build's entries resolved: the valued changes and the entries held, with the epoch to resume from."""
    lines = []
    pdf, unordered = kernel_frame(entries)
    files = pdf.attrs["files"]
    if unordered:
        lines.append(
            f"jcat: {table.name}: {unordered} entries without a sequence number, time or commit cycle "
            f"left out (decode_errors in {table.name}_images_decoded names the field)"
        )
    pdf, resume = assign_epochs(pdf, last.resume if last else None)
    resolved = resolve(pdf)
    lines += problem_lines(table.name, resolved.problems, pdf, files)
    entries = with_files(entries, files)
    changes = with_images(change_rows(spark, pdf, resolved.changes), entries, columns)
    held = held_rows(spark, entries, pdf, resolved.pending)
    return Batch(
        changes,
        len(resolved.changes),
        held,
        len(resolved.pending),
        resolved.changes["COMMIT_POSITION"].tolist(),
        resume,
        lines,
    )


def journal_loads(spark) -> set[str]:
    """The loads of the journal decoded so far that the landing ledger still holds current: a load that
    `jcat load --replace` superseded is gone, though an incremental table keeps its rows until a full refresh."""
    decoded = {r[0] for r in spark.table(ENTRIES).select("load_id").distinct().collect()}
    current = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {CURRENT} WHERE layout = 'qjordje5'").collect()}
    return decoded & current


def new_loads(spark, table, journal: set[str], consumed: set[str]) -> tuple[list[str], list[str]]:
    """(loads of the journal not consumed yet, in load order; those of them whose images the twin lacks)."""
    loads = sorted(journal - consumed)
    if not loads:
        return [], []
    images = spark.table(ENTRIES).where((F.col("JOURNAL_CODE") == "R") & _of_file(table.ibmi))
    return loads, batch.not_decoded(spark, loads, batch.loads_holding(images, loads), (twin(table),))


def _of_file(o):
    cond = (F.col("JOURNALED_OBJECT_LIBRARY") == o.library) & (F.col("JOURNALED_OBJECT_NAME") == o.file)
    return cond & (F.col("JOURNALED_OBJECT_MEMBER") == o.member) if o.member else cond


def candidates(spark, table, loads: list[str], held):
    """The build's entries in the twin's shape plus RESET_EPOCH (NULL for new ones), each entry once."""
    images = spark.table(twin(table)).where(F.col("load_id").isin(loads))
    shape = images.schema
    je = spark.table(ENTRIES).where(F.col("load_id").isin(loads))
    file_entries = je.where(
        (
            ((F.col("JOURNAL_CODE") == "F") & F.col("JOURNAL_ENTRY_TYPE").isin("CR", "RG"))
            | ((F.col("JOURNAL_CODE") == "D") & (F.col("JOURNAL_ENTRY_TYPE") == "CG"))
        )
        & _of_file(table.ibmi)
    )
    cycles = images.select("COMMIT_CYCLE")
    if held is not None:
        cycles = cycles.unionByName(held.select("COMMIT_CYCLE"))
    commits = je.where((F.col("JOURNAL_CODE") == "C") & F.col("JOURNAL_ENTRY_TYPE").isin("SC", "CM", "RB")).join(
        cycles.where(F.col("COMMIT_CYCLE") != 0).distinct(), "COMMIT_CYCLE", "left_semi"
    )
    controls = file_entries.unionByName(commits)
    carried = set(IBMI_ENTRY_COLUMNS) | set(LINEAGE_COLUMNS) | {"decode_errors"}  # never an image column
    as_twin = controls.select(
        [
            (F.col(quote(f.name)) if f.name in carried else F.lit(None)).cast(f.dataType).alias(f.name)
            for f in shape.fields
        ]
    )
    new = images.unionByName(as_twin).withColumn("RESET_EPOCH", F.lit(None).cast("bigint"))
    every = new if held is None else held.unionByName(new)
    first = F.row_number().over(_same_entry().orderBy(F.col("RESET_EPOCH").asc_nulls_last(), *IDENTITY))
    return every.withColumn("_copy", first).where("_copy = 1").drop("_copy")


def _same_entry():
    from pyspark.sql import Window

    return Window.partitionBy("SEQUENCE_NUMBER", "ENTRY_TIMESTAMP", "JOURNAL_CODE", "JOURNAL_ENTRY_TYPE")


def kernel_frame(entries) -> tuple[pd.DataFrame, int]:
    """The columns the resolution reads, one row per entry, every text as a small integer code (a string per row
    costs the driver tens of bytes: 10 million entries would not fit); sequence numbers of 20 digits split in two
    longs, so no row is converted one at a time. Returns the frame (its entry named by FILE, the code of its
    load and file in `files`, and record_offset) and how many entries could not be ordered (no sequence number,
    time or commit cycle: they are left out)."""

    def halves(c):
        return [
            F.floor(F.col(c) / TWO_32).cast("bigint").alias(f"{c}_HI"),
            F.pmod(F.col(c), F.lit(TWO_32)).cast("bigint").alias(f"{c}_LO"),
        ]

    texts = {
        "JOB": F.concat_ws("/", F.col("JOB_NUMBER").cast("string"), "JOB_USER", "JOB_NAME"),
        "THREAD": F.coalesce("THREAD", F.lit("")),
        "OBJECT": F.concat_ws("/", "JOURNALED_OBJECT_LIBRARY", "JOURNALED_OBJECT_NAME", "JOURNALED_OBJECT_MEMBER"),
        "KIND": F.concat(
            F.coalesce("JOURNAL_CODE", F.lit("")), F.lit(" "), F.coalesce("JOURNAL_ENTRY_TYPE", F.lit(""))
        ),
    }
    coded, codes = codes_of(
        entries.select(
            *IDENTITY,
            *halves("SEQUENCE_NUMBER"),
            *halves("COMMIT_CYCLE"),
            "ENTRY_TIMESTAMP",
            *[v.alias(k) for k, v in texts.items()],
            F.coalesce(F.col("COUNT_OR_RRN").cast("bigint"), F.lit(0)).alias("RRN"),
            "RESET_EPOCH",
        ),
        ["FILE", "JOB", "THREAD", "OBJECT", "KIND"],
    )
    pdf = coded.drop("load_id", "source_file").toPandas()
    ordered = pdf[["SEQUENCE_NUMBER_HI", "COMMIT_CYCLE_HI", "ENTRY_TIMESTAMP"]].notna().all(axis=1).to_numpy()
    pdf = pdf[ordered].reset_index(drop=True)
    for c in ("SEQUENCE_NUMBER", "COMMIT_CYCLE"):
        pdf[c] = (pdf.pop(f"{c}_HI").to_numpy(np.uint64) << np.uint64(32)) | pdf.pop(f"{c}_LO").to_numpy(np.uint64)
    kinds = np.array([k.split(" ", 1) for k in codes["KIND"]] or np.empty((0, 2)), dtype=object).reshape(-1, 2)
    kind = pdf.pop("KIND").to_numpy()
    pdf["JOURNAL_CODE"], pdf["JOURNAL_ENTRY_TYPE"] = kinds[kind, 0], kinds[kind, 1]
    pdf.attrs["files"] = codes["FILE"]
    return pdf.rename(columns={"SEQUENCE_NUMBER": "SEQUENCE"}), int((~ordered).sum())


def codes_of(df, names: list[str]):
    """`df` with each text column of `names` replaced by a dense INT code (FILE: of load_id and source_file, which
    stay), and the texts by code: {name: [text of code 0, 1, ...]} (FILE: (load_id, source_file) pairs). The
    distinct texts of a build are few (files, jobs, threads, objects): one aggregation brings them to the driver,
    they are numbered there and go back as broadcast joins."""

    def text(name):
        return F.struct("load_id", "source_file") if name == "FILE" else F.col(name)

    found = df.agg(*[F.collect_set(text(n)).alias(n) for n in names]).first()
    out, codes = df, {}
    for name in names:
        cols = ["load_id", "source_file"] if name == "FILE" else [name]
        distinct = sorted(tuple(v) if name == "FILE" else (v,) for v in found[name])
        codes[name] = distinct if name == "FILE" else [d[0] for d in distinct]
        schema = ", ".join([f"_{c} STRING" for c in cols] + [f"_{name}_CODE INT"])
        table = df.sparkSession.createDataFrame([(*d, i) for i, d in enumerate(distinct)], schema)
        out = out.join(F.broadcast(table), [out[c] == table[f"_{c}"] for c in cols]).drop(*[f"_{c}" for c in cols])
        out = out.withColumn(name, F.col(f"_{name}_CODE")).drop(f"_{name}_CODE")
    return out, codes


def with_files(entries, files: list[tuple[str, str]]):
    """The entries with the FILE code kernel_frame gave their load and file."""
    table = entries.sparkSession.createDataFrame(
        [(*f, i) for i, f in enumerate(files)], "load_id STRING, source_file STRING, FILE INT"
    )
    return entries.join(F.broadcast(table), ["load_id", "source_file"])


def _resets(seq: np.ndarray, ts: np.ndarray, state: dict | None) -> np.ndarray:
    """Whether each entry (in entry-time order) starts a new epoch: its sequence number is below the one before
    it, or equal to it at a later time. Within an epoch sequence numbers only grow, so an equal one is a reset too
    (the same number at the same time is the same entry). A table's entries are a sparse part of the journal:
    across a reset its numbers can land exactly on one it had before (two entries at one journal position)."""
    if not len(seq):
        return np.zeros(0, dtype=bool)
    first_seq, first_ts = (
        (np.uint64(state["sequence"]), np.datetime64(state["timestamp"])) if state else (seq[0], ts[0])
    )
    prev_seq = np.concatenate([[first_seq], seq[:-1]]).astype(seq.dtype)
    prev_ts = np.concatenate([[first_ts], ts[:-1]]).astype(ts.dtype)
    return (seq < prev_seq) | ((seq == prev_seq) & (ts > prev_ts))


def assign_epochs(pdf: pd.DataFrame, resume: str | None) -> tuple[pd.DataFrame, str | None]:
    """RESET_EPOCH of the new entries: in entry-time order, a sequence number lower than the one before it (or equal
    to it, later) starts a new epoch. Returns the frame and the resume point for the next build. An entry before the
    resume point (older than what was applied) raises OlderThanApplied."""
    state = json.loads(resume) if resume else None
    new = pdf["RESET_EPOCH"].isna().to_numpy()
    order = np.lexsort((pdf["SEQUENCE"].to_numpy(), pdf["ENTRY_TIMESTAMP"].to_numpy()))
    order = order[new[order]]
    seq = pdf["SEQUENCE"].to_numpy()[order]
    ts = pdf["ENTRY_TIMESTAMP"].to_numpy()[order]
    epoch0, seq0 = (state["epoch"], np.uint64(state["sequence"])) if state else (0, None)
    if state and len(order) and (ts[0] < np.datetime64(state["timestamp"]) and seq[0] <= seq0):
        raise OlderThanApplied(
            f"an entry of sequence {seq[0]} at {ts[0]} is older than sequence {seq0} at "
            f"{state['timestamp']}, which an earlier build applied"
        )
    epochs = epoch0 + np.cumsum(_resets(seq, ts, state))
    pdf = pdf.copy()
    filled = pdf["RESET_EPOCH"].to_numpy(dtype=float)
    filled[order] = epochs
    pdf["RESET_EPOCH"] = filled.astype(np.int64)
    if not len(order):
        return pdf, resume
    return pdf, json.dumps({"epoch": int(epochs[-1]), "sequence": str(seq[-1]), "timestamp": str(ts[-1])})


def resolve(pdf: pd.DataFrame):
    """The resolution over the build's entries (ROW_ID = the frame's row)."""
    entries = pdf.assign(ROW_ID=np.arange(len(pdf), dtype=np.int64))
    return resolution.resolve(entries[list(resolution.INPUT_COLUMNS)])


CHANGE_SCHEMA = T.StructType(
    [
        T.StructField("OP", T.StringType()),
        T.StructField("BEFORE_PRESENT", T.BooleanType()),
        T.StructField("COMMIT_TIMESTAMP", T.TimestampType()),
        T.StructField("COMMIT_POSITION", T.StringType()),
        T.StructField("CHANGE_POSITION", T.LongType()),
        T.StructField("TRANSACTION_ID", T.StringType()),
        T.StructField("RRN", T.LongType()),
        *[
            T.StructField(f"{side}_{c}", t)
            for side in ("b", "a")
            for c, t in (("FILE", T.IntegerType()), ("record_offset", T.LongType()))
        ],
    ]
)
CODED_IDENTITY = ("FILE", "record_offset")  # an entry in the kernel frame: the code of its load and file, its offset


def change_rows(spark, pdf: pd.DataFrame, changes: pd.DataFrame):
    """The change frame with, for each image, the identity of its entry (a DataFrame, to join the images to)."""
    out = change_columns(pdf, changes, CODED_IDENTITY)
    rrn = pdf["RRN"].to_numpy()
    image = changes[frame.AFTER_ROW].fillna(changes[frame.BEFORE_ROW]).to_numpy(dtype=float, na_value=np.nan)
    out["RRN"] = pd.array(np.where(np.isnan(image), 0, rrn[np.nan_to_num(image).astype(np.int64)]), dtype="Int64")
    out["RRN"][np.isnan(image)] = pd.NA
    ordered = pd.DataFrame(out)[[f.name for f in CHANGE_SCHEMA.fields]]
    return frames.to_spark(spark, ordered, CHANGE_SCHEMA)


def with_images(rows, entries, columns: list[str]):
    """Each change with its before and after images' columns, lineage and decode errors."""
    b, a = entries.alias("b"), entries.alias("a")
    on_b = [F.col(f"r.b_{c}") == F.col(f"b.{c}") for c in CODED_IDENTITY]
    on_a = [F.col(f"r.a_{c}") == F.col(f"a.{c}") for c in CODED_IDENTITY]
    joined = rows.alias("r").join(b, on_b, "left").join(a, on_a, "left")

    def errors(side, prefix):
        return F.transform(
            F.coalesce(F.col(f"{side}.decode_errors"), F.array().cast("array<string>")),
            lambda e: F.concat(F.lit(prefix), e),
        )

    lineage = [F.coalesce(F.col(f"a.{c}"), F.col(f"b.{c}")).alias(c) for c in (*IDENTITY, "record_number")]
    return joined.select(
        "r.OP",
        *[F.col(f"b.{quote(c)}").alias(f"BEFORE_{c}") for c in columns],
        *[F.col(f"a.{quote(c)}").alias(f"AFTER_{c}") for c in columns],
        "r.BEFORE_PRESENT",
        "r.COMMIT_TIMESTAMP",
        "r.COMMIT_POSITION",
        "r.CHANGE_POSITION",
        "r.TRANSACTION_ID",
        "r.RRN",
        *lineage,
        F.concat(errors("b", "BEFORE_"), errors("a", "AFTER_")).alias("decode_errors"),
    )


def held_rows(spark, entries, pdf: pd.DataFrame, pending: np.ndarray):
    """The entries the resolution left undecided, with their epochs: kept for the next build."""
    keep = pdf.iloc[pending][[*CODED_IDENTITY, "RESET_EPOCH"]].reset_index(drop=True)
    schema = T.StructType(
        [
            T.StructField("FILE", T.IntegerType()),
            T.StructField("record_offset", T.LongType()),
            T.StructField("_EPOCH", T.LongType()),
        ]
    )
    ids = frames.to_spark(spark, keep.rename(columns={"RESET_EPOCH": "_EPOCH"}), schema)
    shape = [c for c in entries.columns if c != "FILE"]
    return entries.join(ids, list(CODED_IDENTITY), "inner").withColumn("RESET_EPOCH", F.col("_EPOCH")).select(shape)

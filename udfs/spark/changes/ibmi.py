"""IBM i: a declared table's journal entries for the commit resolution (udfs.core.changes.ibmi), and its changes.

The entries of one build are the twin's R entries of the new loads, the journal's C SC / CM / RB entries of the
commit cycles those touch and the file's F CR / RG and D CG entries (from journal_entries_decoded), and the entries
the last build held. They share the twin's shape (a control entry has no image columns) plus RESET_EPOCH: how many
sequence resets (CHGJRN SEQOPT(*RESET)) came before the entry's receiver in the whole journal
(udfs/core/changes/ibmi_receivers.py), and HELD. One journal entry landed twice (overlapping outfiles) counts once.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import frame
from ...core.changes import ibmi as resolution
from ...core.changes.ibmi_receivers import RECEIVER_COLUMNS, ReceiverSpan, receiver_epochs
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
            f"jcat: {table.name}: {unordered} entries without a sequence number, time, commit cycle or receiver "
            f"left out (decode_errors in {table.name}_images_decoded names the field)"
        )
    resume = resume_point(pdf, last.resume if last else None, journal_epochs(spark), pdf.attrs["receivers"])
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
    """The build's entries in the twin's shape plus RESET_EPOCH (their receiver's, NULL when it is not known) and
    HELD, each entry once (a held copy first)."""
    if held is not None and not set(RECEIVER_COLUMNS) <= set(held.columns):
        raise OlderThanApplied("the held entries were stored without their receivers: numbering epochs per receiver")
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
    every = images.unionByName(as_twin).withColumn("HELD", F.lit(False))
    if held is not None:
        every = held.drop("RESET_EPOCH").withColumn("HELD", F.lit(True)).unionByName(every)
    first = F.row_number().over(_same_entry().orderBy(F.col("HELD").desc(), *IDENTITY))
    once = every.withColumn("_copy", first).where("_copy = 1").drop("_copy")
    return with_epochs(once, journal_epochs(spark))


def with_epochs(entries, epochs: dict):
    """Each entry with its receiver's RESET_EPOCH (a broadcast of one row per receiver)."""
    rows = [(*receiver, epoch) for receiver, epoch in epochs.items()]
    names = [f"_{c}" for c in RECEIVER_COLUMNS]
    table = entries.sparkSession.createDataFrame(rows, ", ".join(f"{n} STRING" for n in names) + ", RESET_EPOCH BIGINT")
    on = [_receiver_part(entries, c) == table[n] for c, n in zip(RECEIVER_COLUMNS, names)]
    return entries.join(F.broadcast(table), on, "left").drop(*names)


def _receiver_part(entries, name: str):
    """A blank (NULL) system or library is a name too; a receiver without a name has no epoch."""
    return entries[name] if name == "RECEIVER_NAME" else F.coalesce(entries[name], F.lit(""))


_EPOCHS: dict[tuple[str, ...], dict] = {}  # the last journal's receiver epochs, by its loads (a build reads it twice)


def journal_epochs(spark) -> dict:
    """{(system, receiver library, receiver): RESET_EPOCH} over the journal's current loads: one row per receiver
    comes to the driver, never one per entry."""
    loads = tuple(sorted(journal_loads(spark)))
    if loads not in _EPOCHS:
        spans = (
            spark.table(ENTRIES)
            .where(F.col("load_id").isin(list(loads)))
            .where(F.col("RECEIVER_NAME").isNotNull())
            .where(F.col("SEQUENCE_NUMBER").isNotNull() & F.col("ENTRY_TIMESTAMP").isNotNull())
            .groupBy(*[F.coalesce(c, F.lit("")).alias(c) for c in RECEIVER_COLUMNS])
            .agg(
                F.min("SEQUENCE_NUMBER").alias("FIRST"),
                F.max("SEQUENCE_NUMBER").alias("LAST"),
                F.min("ENTRY_TIMESTAMP").alias("TIME"),
            )
            .collect()
        )
        _EPOCHS.clear()
        _EPOCHS[loads] = receiver_epochs(
            ReceiverSpan(tuple(r[c] for c in RECEIVER_COLUMNS), int(r["FIRST"]), int(r["LAST"]), r["TIME"])
            for r in spans
        )
    return _EPOCHS[loads]


def _same_entry():
    from pyspark.sql import Window

    return Window.partitionBy("SEQUENCE_NUMBER", "ENTRY_TIMESTAMP", "JOURNAL_CODE", "JOURNAL_ENTRY_TYPE")


def kernel_frame(entries) -> tuple[pd.DataFrame, int]:
    """The columns the resolution reads, one row per entry, every text as a small integer code (a string per row
    costs the driver tens of bytes: 10 million entries would not fit); sequence numbers of 20 digits split in two
    longs, so no row is converted one at a time. Returns the frame (its entry named by FILE, the code of its
    load and file in `files`, and record_offset) and how many entries could not be ordered (no sequence number,
    time, commit cycle or receiver: they are left out)."""

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
        "RECEIVER": F.to_json(F.array(*[F.coalesce(c, F.lit("")) for c in RECEIVER_COLUMNS])),
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
            "HELD",
        ),
        ["FILE", "JOB", "THREAD", "OBJECT", "KIND", "RECEIVER"],
    )
    pdf = coded.drop("load_id", "source_file").toPandas()
    needed = ["SEQUENCE_NUMBER_HI", "COMMIT_CYCLE_HI", "ENTRY_TIMESTAMP", "RESET_EPOCH"]
    ordered = pdf[needed].notna().all(axis=1).to_numpy()
    pdf = pdf[ordered].reset_index(drop=True)
    pdf["RESET_EPOCH"] = pdf["RESET_EPOCH"].astype(np.int64)
    for c in ("SEQUENCE_NUMBER", "COMMIT_CYCLE"):
        pdf[c] = (pdf.pop(f"{c}_HI").to_numpy(np.uint64) << np.uint64(32)) | pdf.pop(f"{c}_LO").to_numpy(np.uint64)
    kinds = np.array([k.split(" ", 1) for k in codes["KIND"]] or np.empty((0, 2)), dtype=object).reshape(-1, 2)
    kind = pdf.pop("KIND").to_numpy()
    pdf["JOURNAL_CODE"], pdf["JOURNAL_ENTRY_TYPE"] = kinds[kind, 0], kinds[kind, 1]
    pdf.attrs["files"] = codes["FILE"]
    pdf.attrs["receivers"] = [tuple(json.loads(r)) for r in codes["RECEIVER"]]
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


def resume_point(pdf: pd.DataFrame, resume: str | None, epochs: dict, receivers: list) -> str | None:
    """Where the next build carries on: the new entry furthest in the journal (its receiver, epoch and sequence
    number). Raises OlderThanApplied when a new entry is not past the last build's point (it was applied, or is
    older than what was), or when that point's receiver has another epoch now (an older receiver landed since)."""
    state = json.loads(resume) if resume else None
    if state is not None and "receiver" not in state:
        raise OlderThanApplied("the stored changes counted sequence-reset epochs from the table's own entries")
    if state is not None and epochs.get(tuple(state["receiver"])) != state["epoch"]:
        now = epochs.get(tuple(state["receiver"]))
        raise OlderThanApplied(
            f"receiver {'/'.join(state['receiver'][1:])} is in sequence epoch {now} now, not {state['epoch']}: "
            f"a receiver older than it landed"
        )
    new = ~pdf["HELD"].to_numpy(dtype=bool)
    epoch, seq = pdf["RESET_EPOCH"].to_numpy()[new], pdf["SEQUENCE"].to_numpy()[new]
    if not len(seq):
        return resume
    if state is not None:
        last_epoch, last_seq = state["epoch"], np.uint64(state["sequence"])
        before = (epoch < last_epoch) | ((epoch == last_epoch) & (seq <= last_seq))
        if before.any():
            i = int(np.argmax(before))
            raise OlderThanApplied(
                f"an entry of sequence {seq[i]} (epoch {epoch[i]}) is not past sequence {last_seq} "
                f"(epoch {last_epoch}), which an earlier build applied"
            )
    i = np.lexsort((seq, epoch))[-1]
    receiver = receivers[pdf["RECEIVER"].to_numpy()[new][i]]
    return json.dumps({"receiver": list(receiver), "epoch": int(epoch[i]), "sequence": str(seq[i])})


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
    shape = [c for c in entries.columns if c not in ("FILE", "HELD")]
    return entries.join(ids, list(CODED_IDENTITY), "inner").withColumn("RESET_EPOCH", F.col("_EPOCH")).select(shape)

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
from . import batch, grouped
from .batch import Batch

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
    """The build's entries resolved on the executors, a commit cycle (or, outside commitment control, a row's
    entries) to a group: the valued changes and the entries held, with the point to resume from."""
    lines = []
    entries = entries.withColumn("_ORDERED", _ordered())
    span = _span(entries)
    if span["unordered"]:
        lines.append(
            f"jcat: {table.name}: {span['unordered']} entries without a sequence number, time, commit cycle or "
            f"receiver left out (decode_errors in {table.name}_images_decoded names the field)"
        )
    resume = resume_point(
        _point(span["first"]), _point(span["last"]), last.resume if last else None, journal_epochs(spark)
    )
    # The first F RG / D CG stops the table: it and every entry after it are held, unread by the kernel (a cycle
    # whose C CM / RB is among them is undecided there, as in one pass over the journal).
    stop = span["stop"]
    stopped = (F.col("_ORDERED") & _at_or_after(stop)) if stop else F.lit(False)
    rows = _kernel_rows(entries.where("_ORDERED").withColumn("_STOPPED", stopped), lone=span["befores"] > 0)
    n = grouped.buckets(spark, span["placed"])  # counted by the aggregation: the rows' window is not run twice
    got = grouped.resolved(rows.where(~F.col("_STOPPED")).drop("_STOPPED"), [_transaction()], _resolve_bucket, OUT, n=n)
    done = grouped.summary(got)
    problems = list(done.problems)
    if stop:
        reason = resolution.STOP_REASONS[(stop["code"], stop["type"])]
        problems.append((reason, 1, stop["source_file"], stop["offset"]))
    lines += grouped.Summary(0, 0, None, sorted(problems)).lines(table.name)
    shape = [c for c in entries.columns if c not in ("HELD", "_ORDERED")]
    held = grouped.held(entries, got, grouped.ROW[:3]).select(shape)
    stopped_count = 0
    if stop:
        after_stop = entries.where(stopped).select(shape)
        held, stopped_count = held.unionByName(after_stop), after_stop.count()
    changes = with_images(grouped.changes(got, ("RRN",)), entries.drop("_ORDERED"), columns)
    return Batch(changes, done.changes, held, done.held + stopped_count, done.through, resume, lines)


RRN_FIELD = T.StructField("RRN", T.LongType())  # a change's relative record number: its image's
OUT = grouped.schema((RRN_FIELD,))
PAIR_SETS = {"UB": "U", "UP": "U", "BR": "B", "UR": "B"}  # the entry types a before image pairs among
STOPS = (("F", "RG"), ("D", "CG"))


def _code(name: str):
    return F.trim(F.coalesce(F.col(name), F.lit("")))


def _ordered():
    """An entry the resolution can place: sequence number, time, commit cycle and receiver's epoch known."""
    cols = ("SEQUENCE_NUMBER", "COMMIT_CYCLE", "ENTRY_TIMESTAMP", "RESET_EPOCH")
    ok = F.lit(True)
    for c in cols:
        ok = ok & F.col(c).isNotNull()
    return ok


def _position():
    return F.struct(F.col("RESET_EPOCH").alias("epoch"), F.col("SEQUENCE_NUMBER").alias("sequence"))


def _span(entries) -> dict:
    """One aggregation: how many entries can and cannot be placed, the first and last new entries (the last with its
    receiver), and the first F RG / D CG (where the table stops)."""
    new = F.col("_ORDERED") & ~F.col("HELD")
    stop = F.col("_ORDERED") & F.struct(_code("JOURNAL_CODE"), _code("JOURNAL_ENTRY_TYPE")).isin(
        *[F.struct(F.lit(c), F.lit(t)) for c, t in STOPS]
    )
    receiver = [F.coalesce(F.col(c), F.lit("")).alias(c) for c in RECEIVER_COLUMNS]
    befores = F.col("_ORDERED") & (_code("JOURNAL_CODE") == "R") & _code("JOURNAL_ENTRY_TYPE").isin("UB", "BR")
    row = entries.agg(
        F.count_if(~F.col("_ORDERED")).alias("unordered"),
        F.count_if(F.col("_ORDERED")).alias("placed"),
        F.count_if(befores).alias("befores"),
        F.min(F.when(new, _position())).alias("first"),
        F.max(F.when(new, F.struct(_position().alias("at"), F.struct(*receiver).alias("receiver")))).alias("last"),
        F.min(
            F.when(
                stop,
                F.struct(
                    F.col("RESET_EPOCH").alias("epoch"),
                    F.col("SEQUENCE_NUMBER").alias("sequence"),
                    _code("JOURNAL_CODE").alias("code"),
                    _code("JOURNAL_ENTRY_TYPE").alias("type"),
                    F.col("source_file"),
                    F.col("record_offset").alias("offset"),
                ),
            )
        ).alias("stop"),
    ).first()
    return row.asDict(recursive=True)


def _point(found):
    """(epoch, sequence[, receiver]) of an aggregated position, None when there is none."""
    if found is None:
        return None
    if "at" in found:
        return (
            found["at"]["epoch"],
            int(found["at"]["sequence"]),
            tuple(found["receiver"][c] for c in RECEIVER_COLUMNS),
        )
    return (found["epoch"], int(found["sequence"]))


def _at_or_after(stop: dict):
    epoch, sequence = F.col("RESET_EPOCH"), F.col("SEQUENCE_NUMBER")
    return (epoch > F.lit(stop["epoch"])) | ((epoch == F.lit(stop["epoch"])) & (sequence >= F.lit(stop["sequence"])))


def _cycle():
    """A kernel row's commit cycle (its epoch and JOCCID), NULL outside commitment control (JOCCID 0)."""
    cycle = [F.col("RESET_EPOCH"), F.col("COMMIT_CYCLE_HI"), F.col("COMMIT_CYCLE_LO")]
    return F.when(_in_cycle(), F.struct(*cycle))


def _in_cycle():
    return (F.col("COMMIT_CYCLE_HI") != 0) | (F.col("COMMIT_CYCLE_LO") != 0)


def _image_key():
    return [F.col(c) for c in resolution.IMAGE_KEY]


def _transaction():
    """What a group is: a commit cycle, or outside commitment control a row's entries of one job and thread (a
    UB waits there for its UP)."""
    cycle = F.hash(F.lit(1), "RESET_EPOCH", "COMMIT_CYCLE_HI", "COMMIT_CYCLE_LO")
    return F.when(_in_cycle(), cycle).otherwise(F.hash(F.lit(0), *_image_key()))


def _kernel_rows(entries, lone: bool, carry: tuple[str, ...] = ("_STOPPED",)):
    """What the kernel reads of each entry, texts as the kernel compares them, sequence numbers and cycles of 20
    digits as two longs (no row converted one at a time), and LONE (`lone`: a build with a UB or BR; without one,
    none is LONE and no window runs)."""

    def halves(c):
        return [
            F.floor(F.col(c) / TWO_32).cast("bigint").alias(f"{c}_HI"),
            F.pmod(F.col(c), F.lit(TWO_32)).cast("bigint").alias(f"{c}_LO"),
        ]

    texts = entries.select(
        *grouped.ROW[:3],
        *halves("SEQUENCE_NUMBER"),
        *halves("COMMIT_CYCLE"),
        "ENTRY_TIMESTAMP",
        F.concat_ws("/", F.col("JOB_NUMBER").cast("string"), "JOB_USER", "JOB_NAME").alias("JOB"),
        F.coalesce("THREAD", F.lit("")).alias("THREAD"),
        F.concat_ws("/", "JOURNALED_OBJECT_LIBRARY", "JOURNALED_OBJECT_NAME", "JOURNALED_OBJECT_MEMBER").alias(
            "OBJECT"
        ),
        _code("JOURNAL_CODE").alias("JOURNAL_CODE"),
        _code("JOURNAL_ENTRY_TYPE").alias("JOURNAL_ENTRY_TYPE"),
        F.coalesce(F.col("COUNT_OR_RRN").cast("bigint"), F.lit(0)).alias("RRN"),
        "RESET_EPOCH",
        *carry,
    )
    return _with_lone(texts) if lone else texts.withColumn("LONE", F.lit(False))


def _with_lone(rows):
    """LONE: a UB or BR whose next UB/UP (BR/UR) entry of its object, RRN, job and thread in the journal is of
    another commit cycle (in another group, where one pass over the journal would not pair them either); a window
    over the image entries alone."""
    from pyspark.sql import Window

    pair_set = F.when(F.col("JOURNAL_CODE") == "R", F.col("JOURNAL_ENTRY_TYPE")).cast("string")
    pair_set = F.coalesce(*[F.when(pair_set == t, F.lit(s)) for t, s in PAIR_SETS.items()])
    rows = rows.withColumn("_PAIR_SET", pair_set)
    order = Window.partitionBy(*_image_key(), "_PAIR_SET").orderBy(
        "RESET_EPOCH", "SEQUENCE_NUMBER_HI", "SEQUENCE_NUMBER_LO"
    )
    next_cycle = F.lead(_cycle()).over(order)
    has_next = F.lead(F.lit(1)).over(order).isNotNull()
    lone = F.col("JOURNAL_ENTRY_TYPE").isin("UB", "BR") & has_next & ~next_cycle.eqNullSafe(_cycle())
    images = rows.where(F.col("_PAIR_SET").isNotNull()).withColumn("LONE", F.coalesce(lone, F.lit(False)))
    others = rows.where(F.col("_PAIR_SET").isNull()).withColumn("LONE", F.lit(False))
    return images.unionByName(others).drop("_PAIR_SET")


def _resolve_bucket(pdf: pd.DataFrame) -> pd.DataFrame:
    """One bucket's entries through the kernel (ROW_ID: the frame's row)."""
    for c in ("SEQUENCE_NUMBER", "COMMIT_CYCLE"):
        pdf[c] = (pdf.pop(f"{c}_HI").to_numpy(np.uint64) << np.uint64(32)) | pdf.pop(f"{c}_LO").to_numpy(np.uint64)
    pdf = pdf.rename(columns={"SEQUENCE_NUMBER": "SEQUENCE"}).reset_index(drop=True)
    pdf["RESET_EPOCH"] = pdf["RESET_EPOCH"].astype(np.int64)
    pdf["ROW_ID"] = np.arange(len(pdf), dtype=np.int64)
    resolved = resolution.resolve(pdf[[*resolution.INPUT_COLUMNS, *resolution.OPTIONAL_COLUMNS]])
    changes = resolved.changes
    image = changes[frame.AFTER_ROW].fillna(changes[frame.BEFORE_ROW]).to_numpy(dtype=float, na_value=np.nan)
    rrn = pdf["RRN"].to_numpy()[np.nan_to_num(image).astype(np.int64)] if len(pdf) else np.zeros(0, np.int64)
    rrn = pd.array(np.where(np.isnan(image), 0, rrn), dtype="Int64")
    rrn[np.isnan(image)] = pd.NA
    return grouped.rows(pdf, changes, resolved.pending, resolved.problems, OUT, {"RRN": rrn})


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


def resume_point(first, last, resume: str | None, epochs: dict) -> str | None:
    """Where the next build carries on: the new entry furthest in the journal (`last`: its epoch, sequence number
    and receiver; `first`: the earliest new entry's epoch and sequence number; both None when no entry is new).
    Raises OlderThanApplied when a new entry is not past the last build's point (it was applied, or is older than
    what was), or when that point's receiver has another epoch now (an older receiver landed since)."""
    state = json.loads(resume) if resume else None
    if state is not None and "receiver" not in state:
        raise OlderThanApplied("the stored changes counted sequence-reset epochs from the table's own entries")
    if state is not None and epochs.get(tuple(state["receiver"])) != state["epoch"]:
        now = epochs.get(tuple(state["receiver"]))
        raise OlderThanApplied(
            f"receiver {'/'.join(state['receiver'][1:])} is in sequence epoch {now} now, not {state['epoch']}: "
            f"a receiver older than it landed"
        )
    if last is None:
        return resume
    if state is not None and (first[0], first[1]) <= (state["epoch"], int(state["sequence"])):
        raise OlderThanApplied(
            f"an entry of sequence {first[1]} (epoch {first[0]}) is not past sequence {state['sequence']} "
            f"(epoch {state['epoch']}), which an earlier build applied"
        )
    return json.dumps({"receiver": list(last[2]), "epoch": int(last[0]), "sequence": str(last[1])})


def with_images(rows, entries, columns: list[str]):
    """Each change with its before and after images' columns, lineage and decode errors."""
    b, a = entries.alias("b"), entries.alias("a")
    on_b = [F.col(f"r.b_{c}") == F.col(f"b.{c}") for c in IDENTITY]
    on_a = [F.col(f"r.a_{c}") == F.col(f"a.{c}") for c in IDENTITY]
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

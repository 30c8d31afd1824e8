"""`jcat changes export --to DIR`: the declared tables' committed changes as Debezium JSON lines, for a Kafka
producer (one message per line) or a file consumer; the files are named in udfs/core/changes/export_files.py.

One Spark job reads the change events of every table, each from its own starting position (`--since`, else where
the table's last exported file ends), and writes each (table, build) to one staged file; the files are then
renamed into place in build order. Killed at any point, the next export deletes the staging folder and goes on
from the last whole file: every change once.

It reads in proportion to what it writes: only the stored changes of the builds that applied a change after the
starting positions (the builds' ledger says which; their files are named by build), not all of change_events. The
events are jcat.change_events' own SQL over those files. A transaction's total_order counts its events in every
table of its log, so every table of a log the export writes is read from the first position any of them has after
its start: the events it numbers are the same ones change_events numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import functions as F

from ...core.changes import export_files as files
from ..landing.sources import delete_path
from ..landing.store import hadoop_path, pause
from . import events as envelope
from .build import declared
from .events import EVENTS
from .store import ChangesStore, new_build_id


@dataclass(frozen=True)
class Written:
    table: str
    path: str
    changes: int


def uri(to: str) -> str:
    """A path without a scheme is a local one (made absolute), whatever the default file system."""
    import os

    return to if "://" in to or to.startswith("file:") else "file://" + os.path.abspath(to)


def starting_positions(spark, to: str, names: list[str], since: str | dict | None) -> dict[str, str | None]:
    """Each table's starting position: `since` (one for all, or per table) if given, else its last exported one."""
    if since is not None:
        return {n: since[n] if isinstance(since, dict) else since for n in names}
    return {n: files.resume_position(_names(spark, f"{to}/{n}")) for n in names}


def export(spark, to: str, names: list[str], since: str | dict | None = None) -> list[Written]:
    """Write each table's changes after its starting position; the files written, in the order they appeared."""
    to = uri(to).rstrip("/")
    built = [n for n in names if ChangesStore(spark, n).exists() and spark.catalog.tableExists(EVENTS)]
    if not built:
        return []
    delete_path(spark, f"{to}/{files.STAGING}")  # what a killed export staged and never renamed
    starts = starting_positions(spark, to, built, since)
    staged = f"{to}/{files.STAGING}/{new_build_id()}"
    events = events_after(spark, starts)
    if events is None:
        return []
    events = events.localCheckpoint(eager=True)  # written and counted from one read
    try:
        counts = events.groupBy("table_name", "build_id").agg(F.max("position"), F.count(F.lit(1))).collect()
        if not counts:
            return []
        (
            events.repartition("table_name", "build_id")
            .sortWithinPartitions("table_name", "build_id", "position", "change_position")
            .select("table_name", "build_id", "value")
            .write.partitionBy("table_name", "build_id")
            .text(staged)
        )
    finally:
        events.unpersist()
    written = [_move(spark, staged, to, t, b, last, n) for t, b, last, n in sorted(counts, key=lambda r: (r[0], r[1]))]
    delete_path(spark, f"{to}/{files.STAGING}")
    return written


def events_after(spark, starts: dict[str, str | None]):
    """Each table's events after its starting position, with the build that committed each one (None when no
    build holds any): read from the files of the builds that applied changes after them."""
    stores = {t: ChangesStore(spark, t.name) for t in declared()}
    stores = {t: s for t, s in stores.items() if s.exists()}
    lows = _first_new_positions(spark, {t: s for t, s in stores.items() if t.name in starts}, starts)
    selects = []
    for t, store in stores.items():
        paths = store.files("changes", store.builds_after(lows[t.log], reaching=True)) if t.log in lows else []
        if paths:
            view = f"jcat_export_{t.name}"
            changes = _stored_changes(spark, store, paths)
            changes.createOrReplaceTempView(view)
            selects.append(envelope.events_select(t, changes.schema, view, carry=("build_id",)))
    if not selects:
        return None
    wanted = " OR ".join(
        f"(e.source.name = '{n}'" + (f" AND e.source.commit_position > '{p}')" if p else ")") for n, p in starts.items()
    )
    return spark.sql(f"""SELECT e.source.name AS table_name, e.build_id, e.source.commit_position AS position,
          e.source.change_position AS change_position, {files.event_line_sql("e")} AS value
        FROM ({envelope.events_sql(selects, carry=("build_id",))}) e
        WHERE {wanted}""")


def _first_new_positions(spark, stores: dict, starts: dict[str, str | None]) -> dict[str, str]:
    """{log: the first commit position after its table's start among the tables of that log being exported}. Only
    the events at or after it are numbered, and a transaction's total_order counts its events in every table of
    its log: so every table of the log is read from there (a table with nothing new holds no one back)."""
    lows: dict[str, str] = {}
    for t, store in stores.items():
        start = starts[t.name]
        paths = store.files("changes", store.builds_after(start))
        if not paths:
            continue
        new = _stored_changes(spark, store, paths)
        first = (new.where(F.col("COMMIT_POSITION") > start) if start else new).agg(F.min("COMMIT_POSITION")).first()[0]
        if first is not None:
            lows[t.log] = min(lows.get(t.log, first), first)
    return lows


def _stored_changes(spark, store: ChangesStore, paths: list[str]):
    """The stored changes (build_id included) in these files only, typed as the stored table is."""
    return spark.read.schema(spark.table(store.stored("changes")).schema).parquet(*paths)


def _move(spark, staged: str, to: str, table: str, build_id: str, last: str, changes: int) -> Written:
    """One (table, build)'s staged file into place, whole: what a consumer sees is never a part of one."""
    folder, fs = hadoop_path(spark, f"{staged}/table_name={table}/build_id={build_id}")
    parts = [s.getPath() for s in fs.listStatus(folder) if s.getPath().getName().endswith(".txt")]
    if len(parts) != 1:
        raise RuntimeError(f"the export of {table}'s build {build_id} staged as {len(parts)} files, not one")
    name = files.ExportFile(build_id, last).name
    target, _ = hadoop_path(spark, f"{to}/{table}/{name}")
    fs.mkdirs(target.getParent())
    fs.delete(target, False)  # the same build exported again (from an earlier --since)
    if not fs.rename(parts[0], target):
        raise RuntimeError(f"could not move the export of {table}'s build {build_id} to {to}/{table}/{name}")
    if _checksummed(spark, fs):  # a local folder: its consumer wants the lines, not Hadoop's .crc beside them
        fs.delete(fs.getChecksumFile(target), False)
    pause("export-moved")
    return Written(table, f"{to}/{table}/{name}", changes)


def _checksummed(spark, fs) -> bool:
    return spark.sparkContext._jvm.java.lang.Class.forName("org.apache.hadoop.fs.ChecksumFileSystem").isInstance(fs)


def _names(spark, folder: str) -> list[str]:
    p, fs = hadoop_path(spark, folder)
    return [s.getPath().getName() for s in fs.listStatus(p)] if fs.exists(p) else []

"""`jcat changes export --to DIR`: the declared tables' committed changes as Debezium JSON lines, for a Kafka
producer (one message per line) or a file consumer; the files are named in udfs/core/changes/export_files.py.

One Spark job reads jcat.change_events once for every table, each from its own starting position (`--since`, else
where the table's last exported file ends), and writes each (table, build) to one staged file; the files are then
renamed into place in build order. Killed at any point, the next export deletes the staging folder and goes on
from the last whole file: every change once.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import functions as F

from ...core.changes import export_files as files
from ..landing.sources import delete_path
from ..landing.store import hadoop_path, pause
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
    events = _events(spark, starts).localCheckpoint(eager=True)  # written and counted from one read
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


def _events(spark, starts: dict[str, str | None]):
    """Each table's events after its starting position, with the build that committed each one."""
    builds = " UNION ALL ".join(
        f"SELECT '{n}' AS name, * FROM ({ChangesStore(spark, n).commit_builds_sql()})" for n in starts
    )
    wanted = " OR ".join(
        f"(e.source.name = '{n}'" + (f" AND e.source.commit_position > '{p}')" if p else ")") for n, p in starts.items()
    )
    return spark.sql(f"""SELECT e.source.name AS table_name, b.build_id, e.source.commit_position AS position,
          e.source.change_position AS change_position, {files.event_line_sql("e")} AS value
        FROM {EVENTS} e JOIN ({builds}) b
          ON b.name = e.source.name AND b.COMMIT_POSITION = e.source.commit_position
        WHERE {wanted}""")


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

"""Folders a failed table build left behind.

When a build fails while it writes a table (a strict build meeting a bad record, a killed process), Spark drops
the half-made table, but tasks still running when the job was aborted can go on writing into its folder. The
folder then sits at the table's location with no table in the catalog, and Spark refuses every later build of that
table (LOCATION_ALREADY_EXISTS) until someone removes it. Before a build, jcat removes such a folder when it holds
only what Spark writes (part files, _SUCCESS, checksums, _temporary); a folder holding anything else is left as it
is and named, so a user's own files never vanish. In a metastore jcat does not own (a company's Hive metastore,
where other hosts build too) such a folder may be another host's build in progress: jcat names it and removes
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# What Spark's file writers and commit protocols put in a table's folder.
_SPARK_FILE = re.compile(r"part-.*|_SUCCESS|\..*\.crc|_started_.*|_committed_.*")
_SPARK_DIR = "_temporary"


def database_location(spark, database: str) -> str | None:
    """The database's folder, or None when the database does not exist."""
    if not spark.catalog.databaseExists(database):
        return None
    for row in spark.sql(f"DESCRIBE DATABASE `{database}`").collect():
        if row[0] == "Location":
            return row[1]
    return None


def spark_output_only(fs, folder) -> tuple[bool, str]:
    """(True, "") when every file under `folder` is Spark output; else (False, the first other file's path)."""
    base = folder.toUri().getPath().rstrip("/") + "/"
    files = fs.listFiles(folder, True)
    while files.hasNext():
        path = files.next().getPath()
        rel = path.toUri().getPath()[len(base) :]
        parts = rel.split("/")
        if _SPARK_DIR in parts[:-1] or _SPARK_FILE.fullmatch(parts[-1]):
            continue
        return False, rel
    return True, ""


def clear_failed_builds(spark, database: str, tables: Iterable[str], remove: bool = True, say=print) -> list[str]:
    """Remove each folder of `database` named after one of `tables` that has no table and holds only Spark
    output (with remove=False, only name it); say one line per such folder. Returns the paths removed."""
    location = database_location(spark, database)
    if location is None:
        return []
    jvm = spark.sparkContext._jvm
    root = jvm.org.apache.hadoop.fs.Path(location)
    fs = root.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    if not fs.exists(root):
        return []
    wanted = {t.lower() for t in tables}
    removed = []
    for status in fs.listStatus(root):
        folder = status.getPath()
        name = folder.getName()
        if not status.isDirectory() or name.lower() not in wanted or spark.catalog.tableExists(f"{database}.{name}"):
            continue
        only_spark, other = spark_output_only(fs, folder)
        if only_spark and not remove:
            say(
                f"jcat: {folder.toString()} has no table (a failed build of {database}.{name}?): when no other "
                f"build of it is running, remove that folder, or the build of {database}.{name} fails"
            )
        elif only_spark:
            fs.delete(folder, True)
            removed.append(folder.toString())
            say(f"jcat: removed {folder.toString()}, left by a failed build of {database}.{name} (no such table)")
        else:
            say(
                f"jcat: {folder.toString()} has no table but holds {other}, which Spark did not write: "
                f"move that folder away, or the build of {database}.{name} fails"
            )
    return removed

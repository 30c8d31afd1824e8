"""Where loads land, and the one step that makes a load visible.

Each load writes everything it framed (records, rejects, per-chunk summaries) to its own directory
`<warehouse>/jcat_landing/<layout>/load_id=<id>/`, registered as a partition of `jcat.landed_<layout>`;
its rejects are copied to a partition of `jcat.landed_rejects`. None of that is visible to readers:
they read the views `jcat.raw_<layout>` and `jcat.raw_rejects`, which keep only rows whose
(load_id, source_file) is the current entry of the ledger `jcat.raw_loads`.

The commit is a single append of the load's ledger rows, written as one file (one rename in the
file committer): before it the load is invisible, after it the whole load is visible, and a newer
entry for the same file (`--replace`) hides the older rows in the same step. A load killed before
its commit leaves an uncommitted partition that the next load drops (`recover`).
"""

from __future__ import annotations

import datetime as dt

from .layouts import raw_table
from .sources import delete_path, list_dirs
from .tasks import STAGED_DDL

DB = "jcat"
LEDGER = f"{DB}.raw_loads"
CURRENT = f"{DB}.raw_loads_current"
REJECTS = f"{DB}.raw_rejects"
LANDED_REJECTS = f"{DB}.landed_rejects"

LEDGER_DDL = ("load_id STRING, layout STRING, source_file STRING, size BIGINT, fingerprint STRING, framing STRING, "
              "records BIGINT, record_bytes BIGINT, framing_bytes BIGINT, rejected_bytes BIGINT, reasons STRING, "
              "status STRING, loaded_at TIMESTAMP")
REJECT_COLUMNS = "source_file, record_offset, length, reason, first_bytes_hex, layout"


def landing_root(spark) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/") + "/jcat_landing"


def landed_table(layout: str) -> str:
    return f"{DB}.landed_{layout}"


def load_dir(spark, layout: str, load_id: str) -> str:
    return f"{landing_root(spark)}/{layout}/load_id={load_id}"


def rejects_dir(spark, load_id: str) -> str:
    return f"{landing_root(spark)}/_rejects/load_id={load_id}"


def ensure_tables(spark, layout: str) -> None:
    """Create what is missing (each DDL is a metastore round trip, so existing objects are left alone)."""
    root = landing_root(spark)
    raw = f"{DB}.{raw_table(layout)}"
    if spark.catalog.tableExists(raw) and spark.catalog.getTable(raw).tableType != "VIEW":
        # Someone wrote their own table under the name whose view shows committed loads: never read past it.
        from .loader import LoadProblem

        raise LoadProblem(f"{raw} is a table, not the view jcat load keeps over its committed loads: "
                          f"drop or rename it, then load again")
    if all(spark.catalog.tableExists(t) for t in (LEDGER, CURRENT, REJECTS, landed_table(layout), raw)):
        return
    spark.sql(f"CREATE DATABASE IF NOT EXISTS {DB}")
    spark.sql(f"CREATE TABLE IF NOT EXISTS {LEDGER} ({LEDGER_DDL}) USING parquet")
    spark.sql(f"CREATE TABLE IF NOT EXISTS {landed_table(layout)} ({STAGED_DDL}, load_id STRING) "
              f"USING parquet PARTITIONED BY (load_id) LOCATION '{root}/{layout}'")
    spark.sql(f"CREATE TABLE IF NOT EXISTS {LANDED_REJECTS} (source_file STRING, record_offset BIGINT, length BIGINT, "
              f"reason STRING, first_bytes_hex STRING, layout STRING, load_id STRING) "
              f"USING parquet PARTITIONED BY (load_id) LOCATION '{root}/_rejects'")
    spark.sql(f"""CREATE OR REPLACE VIEW {CURRENT} AS
        SELECT load_id, layout, source_file, size, fingerprint, framing, records, record_bytes, framing_bytes,
               rejected_bytes, reasons, status, loaded_at
        FROM (SELECT *, row_number() OVER (PARTITION BY layout, source_file ORDER BY load_id DESC) AS rn
              FROM {LEDGER} WHERE status = 'loaded')
        WHERE rn = 1""")
    spark.sql(f"""CREATE OR REPLACE VIEW {DB}.{raw_table(layout)} AS
        SELECT d.source_file, d.record_offset, d.record_number, d.record, d.load_id
        FROM {landed_table(layout)} d LEFT SEMI JOIN {CURRENT} c
          ON c.layout = '{layout}' AND c.load_id = d.load_id AND c.source_file = d.source_file
        WHERE d.kind = 'R'""")
    spark.sql(f"""CREATE OR REPLACE VIEW {REJECTS} AS
        SELECT r.{REJECT_COLUMNS.replace(', ', ', r.')}, r.load_id
        FROM {LANDED_REJECTS} r LEFT SEMI JOIN {CURRENT} c
          ON c.layout = r.layout AND c.load_id = r.load_id AND c.source_file = r.source_file""")


def current_entries(spark, layout: str) -> dict[str, dict]:
    """source_file -> its current ledger row, for this layout."""
    rows = spark.sql(f"SELECT * FROM {CURRENT} WHERE layout = '{layout}'").collect()
    return {r["source_file"]: r.asDict() for r in rows}


def _partitions(spark, table: str) -> list[str]:
    return [r[0].split("=", 1)[1] for r in spark.sql(f"SHOW PARTITIONS {table}").collect()]


def drop_load(spark, layout: str, load_id: str) -> None:
    """Remove a load's partitions and files (uncommitted, or wholly superseded)."""
    spark.sql(f"ALTER TABLE {landed_table(layout)} DROP IF EXISTS PARTITION (load_id = '{load_id}')")
    spark.sql(f"ALTER TABLE {LANDED_REJECTS} DROP IF EXISTS PARTITION (load_id = '{load_id}')")
    delete_path(spark, load_dir(spark, layout, load_id))
    delete_path(spark, rejects_dir(spark, load_id))


def recover(spark, layout: str) -> list[str]:
    """Drop what loads of this layout left behind without committing (killed, or failed)."""
    committed = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {LEDGER}").collect()}
    landed = set(_partitions(spark, landed_table(layout)))
    landed |= {d.split("=", 1)[1] for d in list_dirs(spark, f"{landing_root(spark)}/{layout}") if d.startswith("load_id=")}
    layout_rejects = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {LANDED_REJECTS} WHERE layout = '{layout}'").collect()}
    orphans = sorted((landed | layout_rejects) - committed)
    for load_id in orphans:
        drop_load(spark, layout, load_id)
    return orphans


def register(spark, layout: str, load_id: str, has_rejects: bool) -> None:
    spark.sql(f"ALTER TABLE {landed_table(layout)} ADD IF NOT EXISTS PARTITION (load_id = '{load_id}') "
              f"LOCATION '{load_dir(spark, layout, load_id)}'")
    if has_rejects:
        spark.sql(f"ALTER TABLE {LANDED_REJECTS} ADD IF NOT EXISTS PARTITION (load_id = '{load_id}') "
                  f"LOCATION '{rejects_dir(spark, load_id)}'")


def commit(spark, entries: list[dict]) -> None:
    """The atomic step: the load's ledger rows, appended as a single file."""
    if not entries:
        return
    df = spark.createDataFrame(entries, schema=LEDGER_DDL)
    df.coalesce(1).write.insertInto(LEDGER)


def drop_superseded(spark, layout: str, load_ids: set[str]) -> list[str]:
    """After a --replace, drop older loads no current ledger entry refers to any more."""
    still = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {CURRENT} WHERE layout = '{layout}'").collect()}
    gone = sorted(load_ids - still)
    for load_id in gone:
        drop_load(spark, layout, load_id)
    return gone


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)

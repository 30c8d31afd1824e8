"""Where loads land, and the one step that makes a load visible.

Each load writes everything it framed (records, rejects, per-chunk summaries) to its own directory
`<warehouse>/jcat_landing/<layout>/load_id=<id>/`, registered as a partition of `jcat.landed_<layout>`;
its rejects are copied to a partition of `jcat.landed_rejects`. None of that is visible to readers:
they read the views `jcat.raw_<layout>` and `jcat.raw_rejects`, which keep only rows whose
(load_id, source_file) is the current entry of the ledger `jcat.raw_loads`.

The commit is a single append of the load's ledger rows, written as one file: the rows are written to
`<ledger>/_staging/<load_id>/` (Spark ignores `_` folders) and that one file is renamed into the ledger's
folder. Before the rename the load is invisible, after it the whole load is visible, and a newer entry for
the same file (`--replace`) hides the older rows in the same step. Two loads committing at once rename two
different files, so neither disturbs the other (an `insertInto` would share the table's `_temporary` folder).

A load holds a lease from its start to its end: a file `<landing>/_leases/<load_id>@<host>@<pid>`, touched
every LEASE_HEARTBEAT_S. A load killed before its commit leaves an uncommitted partition that the next load
drops (`recover`), but only once its lease is dead: the pid is gone (same host), or the heartbeat is older
than LEASE_TIMEOUT_S (another host). So a load still in flight in another process is never dropped.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import threading
import time

from ...core.framing.layout_framing import raw_table
from ...core.layouts.registry import LAYOUTS
from ..locks import pid_alive
from .problems import LoadProblem
from .sources import delete_path, list_dirs
from .tasks import STAGED_DDL

DB = "jcat"
LEDGER = f"{DB}.raw_loads"
CURRENT = f"{DB}.raw_loads_current"
REJECTS = f"{DB}.raw_rejects"
LANDED_REJECTS = f"{DB}.landed_rejects"

LEDGER_DDL = (
    "load_id STRING, layout STRING, source_file STRING, size BIGINT, fingerprint STRING, framing STRING, "
    "records BIGINT, record_bytes BIGINT, framing_bytes BIGINT, rejected_bytes BIGINT, reasons STRING, "
    "status STRING, loaded_at TIMESTAMP"
)
REJECT_COLUMNS = "source_file, record_offset, length, reason, first_bytes_hex, layout"


def landing_root(spark) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/") + "/jcat_landing"


def landed_table(layout: str) -> str:
    return f"{DB}.landed_{layout}"


def load_dir(spark, layout: str, load_id: str) -> str:
    return f"{landing_root(spark)}/{layout}/load_id={load_id}"


def rejects_dir(spark, load_id: str) -> str:
    return f"{landing_root(spark)}/_rejects/load_id={load_id}"


# Every layout jcat lands: `jcat build` reads all their raw views, so they exist (empty) from the first command.
KNOWN_LAYOUTS = tuple(layout.name for layout in LAYOUTS)  # the registry's: udfs/core/layouts/registry.py


def _table_names(spark) -> set[str]:
    """Every table and view in the jcat database, in one metastore call."""
    return {r["tableName"] for r in spark.sql(f"SHOW TABLES IN {DB}").collect() if not r["isTemporary"]}


def ensure_all_tables(spark, layouts=KNOWN_LAYOUTS) -> list[str]:
    """The ledger and every raw view (empty until a load commits), so every model builds with any subset of formats.

    One metastore call when they all exist; returns the objects it created. A name already taken (a view, or a
    table someone wrote there) is left as it is. Processes starting at once create them one at a time (a lock
    under JCAT_HOME; elsewhere "already exists" from a racing process is taken as done).
    """
    have = _table_names(spark)
    if all(not _missing(layout, have) for layout in layouts):
        return []
    from ..locks import flock
    from ..runtime import jcat_home

    with flock(jcat_home() / "locks" / "landing-ddl.lock"):
        have = _table_names(spark)
        created = []
        for layout in layouts:
            missing = _missing(layout, have)
            if missing:
                _create(spark, layout, have)
                created += missing
                have |= set(missing)
        return created


def _missing(layout: str, have: set[str]) -> list[str]:
    wanted = ["raw_loads", "raw_loads_current", "raw_rejects", "landed_rejects", f"landed_{layout}", raw_table(layout)]
    return [t for t in wanted if t not in have]


def ensure_tables(spark, layout: str) -> None:
    """Create what is missing for one layout, and refuse a plain table standing where its raw view goes."""
    raw = f"{DB}.{raw_table(layout)}"
    if spark.catalog.tableExists(raw) and spark.catalog.getTable(raw).tableType != "VIEW":
        # Someone wrote their own table under the name whose view shows committed loads: never read past it.
        raise LoadProblem(
            f"{raw} is a table, not the view jcat load keeps over its committed loads: "
            f"drop or rename it, then load again"
        )
    if all(spark.catalog.tableExists(t) for t in (LEDGER, CURRENT, REJECTS, landed_table(layout), raw)):
        return
    spark.sql(f"CREATE DATABASE IF NOT EXISTS {DB}")
    ensure_all_tables(spark, (layout,))


def _ddl(spark, statement: str) -> None:
    """One DDL; another process (another host) creating the same object at the same moment is no error."""
    try:
        spark.sql(statement)
    except Exception as e:  # noqa: BLE001  (pyspark's AnalysisException, or the metastore's AlreadyExists)
        text = str(e)
        if "already exists" not in text.lower() and "ALREADY_EXISTS" not in text:
            raise


def _create(spark, layout: str, have: set[str]) -> None:
    """Create this layout's landing objects and the shared ones; names in `have` already exist."""
    root = landing_root(spark)
    if "raw_loads" not in have:
        _ddl(spark, f"CREATE TABLE IF NOT EXISTS {LEDGER} ({LEDGER_DDL}) USING parquet")
    if f"landed_{layout}" not in have:
        _ddl(
            spark,
            f"CREATE TABLE IF NOT EXISTS {landed_table(layout)} ({STAGED_DDL}, load_id STRING) "
            f"USING parquet PARTITIONED BY (load_id) LOCATION '{root}/{layout}'",
        )
    if "landed_rejects" not in have:
        _ddl(
            spark,
            f"CREATE TABLE IF NOT EXISTS {LANDED_REJECTS} (source_file STRING, record_offset BIGINT, "
            f"length BIGINT, reason STRING, first_bytes_hex STRING, layout STRING, load_id STRING) "
            f"USING parquet PARTITIONED BY (load_id) LOCATION '{root}/_rejects'",
        )
    if "raw_loads_current" not in have:
        _create_current(spark)
    if raw_table(layout) not in have:
        _create_raw_view(spark, layout)
    if "raw_rejects" not in have:
        _create_rejects_view(spark)


def _create_current(spark) -> None:
    _ddl(
        spark,
        f"""CREATE OR REPLACE VIEW {CURRENT} AS
        SELECT load_id, layout, source_file, size, fingerprint, framing, records, record_bytes, framing_bytes,
               rejected_bytes, reasons, status, loaded_at
        FROM (SELECT *, row_number() OVER (PARTITION BY layout, source_file ORDER BY load_id DESC) AS rn
              FROM {LEDGER} WHERE status = 'loaded')
        WHERE rn = 1""",
    )


def _create_raw_view(spark, layout: str) -> None:
    _ddl(
        spark,
        f"""CREATE OR REPLACE VIEW {DB}.{raw_table(layout)} AS
        SELECT d.source_file, d.record_offset, d.record_number, d.record, d.load_id
        FROM {landed_table(layout)} d LEFT SEMI JOIN {CURRENT} c
          ON c.layout = '{layout}' AND c.load_id = d.load_id AND c.source_file = d.source_file
        WHERE d.kind = 'R'""",
    )


def _create_rejects_view(spark) -> None:
    _ddl(
        spark,
        f"""CREATE OR REPLACE VIEW {REJECTS} AS
        SELECT r.{REJECT_COLUMNS.replace(", ", ", r.")}, r.load_id
        FROM {LANDED_REJECTS} r LEFT SEMI JOIN {CURRENT} c
          ON c.layout = r.layout AND c.load_id = r.load_id AND c.source_file = r.source_file""",
    )


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
    """Drop what loads of this layout left behind without committing (killed, or failed), unless still leased.

    The order matters with other loads running: list what landed first, then the live leases (a load leases
    before it writes, so all it wrote is covered), then the ledger (a load commits before it gives up its lease).
    """
    landed = set(_partitions(spark, landed_table(layout)))
    landed |= {
        d.split("=", 1)[1] for d in list_dirs(spark, f"{landing_root(spark)}/{layout}") if d.startswith("load_id=")
    }
    layout_rejects = {
        r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {LANDED_REJECTS} WHERE layout = '{layout}'").collect()
    }
    staging = _ledger_location(spark) + "/_staging"
    staged = set(list_dirs(spark, staging))
    live = live_leases(spark)
    spark.catalog.refreshTable(LEDGER)  # another process may have committed since this session listed it
    committed = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {LEDGER}").collect()}
    orphans = sorted((landed | layout_rejects) - committed - live)
    for load_id in orphans:
        drop_load(spark, layout, load_id)
    for d in sorted(staged - live):  # ledger rows staged by a commit that died before (or just after) its rename
        delete_path(spark, f"{staging}/{d}")
    return orphans


# ---- leases: a load in flight is never taken for a dead one --------------------------------------------

LEASE_HEARTBEAT_S = 30.0
LEASE_TIMEOUT_S = 300.0  # a lease from another host is dead after this long without a heartbeat


def hadoop_path(spark, path: str):
    """(Hadoop Path, its FileSystem) for a path of any scheme the session's Hadoop configuration knows."""
    jvm = spark.sparkContext._jvm
    p = jvm.org.apache.hadoop.fs.Path(path)
    return p, p.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())


def leases_dir(spark) -> str:
    return f"{landing_root(spark)}/_leases"


class Lease:
    """Held by a load from before it writes anything until after its commit (or failure)."""

    def __init__(self, spark, load_id: str):
        self.spark, self.load_id = spark, load_id
        self.name = f"{load_id}@{socket.gethostname()}@{os.getpid()}"
        self.path = f"{leases_dir(spark)}/{self.name}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, daemon=True, name=f"lease {load_id}")

    def __enter__(self):
        p, fs = hadoop_path(self.spark, self.path)
        fs.create(p, True).close()
        self._thread.start()
        return self

    def _beat(self):
        while not self._stop.wait(LEASE_HEARTBEAT_S):
            try:
                p, fs = hadoop_path(self.spark, self.path)
                fs.setTimes(p, int(time.time() * 1000), -1)
            except Exception:  # noqa: BLE001  (the JVM is going away: the lease dies with us)
                return

    def __exit__(self, *exc):
        self._stop.set()
        try:
            p, fs = hadoop_path(self.spark, self.path)
            fs.delete(p, False)
        except Exception:  # noqa: BLE001  (a lease left behind is dead once its pid is gone)
            pass
        return False


_HELD = threading.local()


def leased(fn):
    """Decorate a load: the lease `take_lease` takes inside it is given up when it returns or raises."""
    import functools

    @functools.wraps(fn)
    def run(*args, **kwargs):
        outer = getattr(_HELD, "lease", None)
        _HELD.lease = None
        try:
            return fn(*args, **kwargs)
        finally:
            if _HELD.lease is not None:
                _HELD.lease.__exit__(None, None, None)
            _HELD.lease = outer

    return run


def take_lease(spark, load_id: str) -> None:
    """Before a load writes anything: from here until the load ends, recovery leaves its files alone."""
    _HELD.lease = Lease(spark, load_id).__enter__()


def pause(point: str) -> None:
    """Test hook, so a test can kill a real load at a known moment: JCAT_TEST_PAUSE_AT=<point> stops the load
    there, writing JCAT_TEST_PAUSE_FILE (if set) and going on once that file is deleted (or never, without one).
    Points: staged, registered, commit (ledger rows staged, not yet renamed), committed."""
    if os.environ.get("JCAT_TEST_PAUSE_AT") != point:
        return
    marker = os.environ.get("JCAT_TEST_PAUSE_FILE")
    if marker:
        with open(marker, "w") as f:
            f.write(f"{point} {os.getpid()}\n")
    while marker is None or os.path.exists(marker):
        time.sleep(0.2)


def live_leases(spark) -> set[str]:
    """load_ids whose owner still runs; dead leases are removed."""
    p, fs = hadoop_path(spark, leases_dir(spark))
    if not fs.exists(p):
        return set()
    host, now_ms, live = socket.gethostname(), time.time() * 1000, set()
    for st in fs.listStatus(p):
        name = st.getPath().getName()
        parts = name.rsplit("@", 2)
        if len(parts) != 3:
            continue
        load_id, owner_host, pid = parts
        if owner_host == host:
            alive = pid.isdigit() and pid_alive(int(pid))
        else:
            alive = now_ms - st.getModificationTime() < LEASE_TIMEOUT_S * 1000
        if alive:
            live.add(load_id)
        else:
            fs.delete(st.getPath(), False)
    return live


def register(spark, layout: str, load_id: str, has_rejects: bool) -> None:
    spark.sql(
        f"ALTER TABLE {landed_table(layout)} ADD IF NOT EXISTS PARTITION (load_id = '{load_id}') "
        f"LOCATION '{load_dir(spark, layout, load_id)}'"
    )
    if has_rejects:
        spark.sql(
            f"ALTER TABLE {LANDED_REJECTS} ADD IF NOT EXISTS PARTITION (load_id = '{load_id}') "
            f"LOCATION '{rejects_dir(spark, load_id)}'"
        )


_LEDGER_LOCATION: dict[int, str] = {}


def _ledger_location(spark) -> str:
    key = id(spark.sparkContext)
    if key not in _LEDGER_LOCATION:
        rows = spark.sql(f"DESCRIBE TABLE EXTENDED {LEDGER}").collect()
        _LEDGER_LOCATION[key] = next(r["data_type"] for r in rows if r["col_name"] == "Location").rstrip("/")
    return _LEDGER_LOCATION[key]


def commit(spark, entries: list[dict]) -> None:
    """The atomic step: the load's ledger rows, one file, renamed into the ledger's folder."""
    if not entries:
        return
    load_id = entries[0]["load_id"]
    ledger = _ledger_location(spark)
    staged = f"{ledger}/_staging/{load_id}"
    spark.createDataFrame(entries, schema=LEDGER_DDL).coalesce(1).write.mode("overwrite").parquet(staged)
    p, fs = hadoop_path(spark, staged)
    parts = [st.getPath() for st in fs.listStatus(p) if st.getPath().getName().endswith(".parquet")]
    if len(parts) != 1:
        raise RuntimeError(f"ledger rows of load {load_id} staged as {len(parts)} files, not one")
    pause("commit")
    target, _ = hadoop_path(spark, f"{ledger}/part-{load_id}.snappy.parquet")
    if not fs.rename(parts[0], target):  # the load becomes visible here, all of it at once
        raise RuntimeError(f"could not commit load {load_id}: renaming its ledger file into {ledger} failed")
    fs.delete(p, True)
    spark.catalog.refreshTable(LEDGER)


def drop_superseded(spark, layout: str, load_ids: set[str]) -> list[str]:
    """After a --replace, drop older loads no current ledger entry refers to any more."""
    still = {r[0] for r in spark.sql(f"SELECT DISTINCT load_id FROM {CURRENT} WHERE layout = '{layout}'").collect()}
    gone = sorted(load_ids - still)
    for load_id in gone:
        drop_load(spark, layout, load_id)
    return gone


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)

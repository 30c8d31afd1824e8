"""Changes, current state and history of the declared tables: `build_changes(spark, name)`, `build_all(spark)`.

Each build consumes the loads new since the last one: it resolves which of their row changes are committed (and
holds the rest for a later load), appends those changes, the history versions they open and the closings of the
versions they end, and commits by one file rename (store.py). A replaced or removed load, an entry older than what
was applied, or a declaration whose columns changed rebuilds from the first load and says so in one line.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

from pyspark.sql import Window
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ...core.changes import state
from ...core.project import project_dir
from ...core.tables.declaration import DeclaredTable
from ...core.tables.declaration_file import read_all
from ...render.table_names import quote
from . import events, history, ibmi, snapshots
from .adapters import ADAPTERS
from .store import Build, ChangesStore, new_build_id


@dataclass
class ChangesResult:
    name: str
    changes: int = 0
    loads: list[str] = field(default_factory=list)
    pending: int = 0
    rebuilt: str | None = None  # why the build started from the first load
    lines: list[str] = field(default_factory=list)  # what the build says, one line each

    def line(self) -> str:
        if not self.loads:
            return f"jcat: {self.name}_changes: up to date (no new load)"
        what = f"{self.changes:,} committed changes from {len(self.loads)} new load(s), {self.pending:,} entries held"
        return f"jcat: {self.name}_changes: {what}" + (
            f" (rebuilt: {self.rebuilt}; commit versions numbered again from 1)" if self.rebuilt else ""
        )


def declared(names: list[str] | None = None) -> list[DeclaredTable]:
    tables = [t for t in read_all(project_dir()) if t.log in ADAPTERS]
    return [t for t in tables if names is None or t.name in names]


def build_all(spark, names: list[str] | None = None, out=sys.stderr, refresh: bool = True) -> bool:
    """Every declared table's build (or those `names` names), each saying what it did in a line, then (`refresh`)
    the views over all of them; False when one failed."""
    ok = True
    for table in declared(names):
        log = ADAPTERS[table.log]
        if not all(spark.catalog.tableExists(t) for t in log.inputs(table)):
            continue  # its images are not built yet: nothing to resolve
        why_not = log.unresolvable(table)
        if why_not:  # the declaration does not allow changes (its images are still built): said, not a failure
            print(f"jcat: {table.name}: no changes: {why_not}", file=out)
            continue
        try:
            result = build_changes(spark, table)
        except Exception as e:  # noqa: BLE001  (one table's failure is said, and the others still build)
            print(f"jcat: {table.name}: changes not built: {failure_line(e)}", file=out)
            ok = False
            continue
        for line in result.lines + [result.line()]:
            print(line, file=out)
    return (refresh_views(spark, out) if refresh else True) and ok


def refresh_views(spark, out=sys.stderr) -> bool:
    """jcat.change_events, jcat.change_feed and each table's NAME_change_feed, over the declared tables whose
    changes are built (a view whose SQL did not change is left as it is); False when they could not be made."""
    try:
        events.refresh(spark, declared(), lambda t: ADAPTERS[t.log].key(t))
        return True
    except Exception as e:  # noqa: BLE001  (the tables' changes are committed: the views are said, not a failure)
        print(f"jcat: change_events and change_feed not refreshed: {failure_line(e)}", file=out)
        return False


PYTHON_ERROR = re.compile(r"^\s*((?:[A-Za-z_][\w.]*)(?:Error|Exception)): (.+)$", re.MULTILINE)


def failure_line(e: Exception) -> str:
    """What a failed build says in one line: the first line of the error; for an error raised where the build
    resolves on the executors (a Python worker), the error the worker raised, not Spark's wrapping of it."""
    text = str(e)
    if "Python worker" in text:
        raised = PYTHON_ERROR.findall(text)
        if raised:
            return f"{raised[-1][0].rsplit('.', 1)[-1]}: {raised[-1][1].strip()}"
    return text.strip().splitlines()[0] if text.strip() else type(e).__name__


def build_changes(spark, table: DeclaredTable | str, rebuild: str | None = None) -> ChangesResult:
    """One build of one declared table's changes, current state and history."""
    if isinstance(table, str):
        (table,) = declared([table]) or (None,)
        if table is None:
            raise ValueError("no declared table of that name whose log jcat resolves")
    log = ADAPTERS[table.log]
    why_not = log.unresolvable(table)
    if why_not:
        raise ValueError(f"{table.name}: {why_not}")
    store = ChangesStore(spark, table.name)
    store.recover()
    try:
        return _build(spark, table, log, store, rebuild)
    except (ibmi.OlderThanApplied, state.ChangesNotLater) as e:
        if rebuild:
            raise
        return _build(spark, table, log, store, str(e))


def _build(spark, table, log, store: ChangesStore, rebuild: str | None) -> ChangesResult:
    result = ChangesResult(table.name)
    builds = [] if rebuild else store.live_builds()
    consumed = {load for b in builds for load in b.loads}
    current = log.current_loads(spark, table)
    loads, lagging = log.new_loads(spark, table, current, consumed)
    snaps = snapshots.current(spark, table)
    gone = consumed - current - {s.load_id for s in snaps}
    if gone and not rebuild:
        return _build(spark, table, log, store, f"load {min(gone)} was replaced or removed")
    again = snapshots.rebuild_reason(snaps, consumed, bool(builds))
    if again and not rebuild:
        return _build(spark, table, log, store, again)
    if lagging:
        result.lines.append(log.waiting_line(table, lagging))
        return result
    start = snapshots.starting(snaps, consumed, result.lines, table.name)
    first = start is not None and start.load_id not in consumed
    if not loads and not first:
        return result
    stored = _columns_of(spark, store.stored("changes"))
    if builds and not rebuild and stored and "COMMIT_VERSION" not in stored:
        return _build(spark, table, log, store, "the stored changes have no commit versions: numbering them from 1")
    last = builds[-1] if builds else None
    held = store.pending_frame() if last else None
    entries = _materialized(log.candidates(spark, table, loads, held))
    try:
        fresh = [s.load_id for s in snaps if s.load_id not in consumed]  # the ledger keeps those not read too
        return _resolve_and_store(
            spark, table, log, store, entries, loads, last, rebuild, result, (start, first, fresh)
        )
    finally:
        entries.unpersist()


def _resolve_and_store(spark, table, log, store, entries, loads, last, rebuild, result, snap=(None, False, [])):
    columns = log.columns(spark, table)
    batch = log.resolve_batch(spark, table, entries, last, columns)
    start, first, fresh = snap
    if start is not None:  # the table starts from a snapshot: the log's changes it already holds are left out
        batch = snapshots.on_top(spark, table, batch, start, first, columns)
        loads = [*loads, *fresh]
    result.lines += batch.lines
    changes, applied = _materialized(_versioned(store, batch.changes, last)), None
    try:
        key, history_columns = log.key(table), log.history_columns(table, columns)
        versions, closings, applied = _apply(spark, store, changes, batch.count, key, history_columns, last)
        through = max([p for p in [last.applied_through if last else None, batch.through] if p] or [None])
        build = Build(new_build_id(), tuple(loads), last is None, through, batch.resume)
        if last is None and _shape(spark, store.stored("changes")) not in (None, _shape_of(changes)):
            store.drop_tables()  # the declaration's columns changed: the rows have another shape
        result.changes, result.pending = batch.count, batch.pending
        store.write(
            build.build_id,
            {
                "changes": (changes, result.changes),
                "versions": versions,
                "closings": closings,
                "pending": (batch.held, result.pending),
            },
        )
        store.commit(build, result.changes, result.pending)
        if build.rebuilt or not store.has_views():
            store.create_views(key, history_columns)
            refresh_views(spark)
        if build.rebuilt:
            store.drop_before(build.build_id)
        result.loads, result.rebuilt = list(loads), rebuild
        return result
    finally:
        changes.unpersist()
        if applied is not None:
            applied.unpersist()


def _versioned(store: ChangesStore, changes, last: Build | None):
    """COMMIT_VERSION: each commit's number, given once, by the build that applies it: the last build's highest plus
    the commit's rank among this build's commit positions (a rebuild numbers from 1)."""
    prior = (store.stored_frame("changes").agg(F.max("COMMIT_VERSION")).first()[0] or 0) if last else 0
    ranked = (
        changes.select("COMMIT_POSITION")
        .distinct()
        .withColumn(
            "COMMIT_VERSION", F.row_number().over(Window.orderBy("COMMIT_POSITION")).cast("bigint") + F.lit(prior)
        )
    )
    return changes.join(ranked, "COMMIT_POSITION").select(*[quote(c) for c in changes.columns], "COMMIT_VERSION")


def _materialized(df):
    """`df` computed once and kept by the executors, its plan cut there: each later step that reads it plans a
    scan of it, not again the joins, unions and windows that made it (planning those took seconds a step). Lost
    with an executor, the build fails and its rerun starts again (nothing of it was committed)."""
    return df.localCheckpoint(eager=True)


def _columns_of(spark, table: str) -> list[str]:
    return spark.table(table).columns if spark.catalog.tableExists(table) else []


def _shape_of(df) -> list[tuple[str, str]]:
    return [(f.name, f.dataType.simpleString()) for f in df.schema.fields if f.name != "build_id"]


def _shape(spark, table: str):
    return _shape_of(spark.table(table)) if spark.catalog.tableExists(table) else None


def _apply(spark, store, changes, rows: int, key: list[str], columns: list[str], last: Build | None):
    """(versions this build opens, closings of versions it ends), each (DataFrame, rows), to append; and the
    persisted frame they read."""
    valued = changes.select(
        "OP",
        "COMMIT_POSITION",
        "CHANGE_POSITION",
        "COMMIT_TIMESTAMP",
        "BEFORE_PRESENT",
        *[_side(c, "BEFORE", changes.columns) for c in columns],
        *[_side(c, "AFTER", changes.columns) for c in columns],
    )
    since = last.applied_through if last and last.applied_through else ""
    first = valued.agg(F.min("COMMIT_POSITION"), F.max(F.col("OP") == "t")).first()
    if since and first[0] is not None and first[0] <= since:
        raise state.ChangesNotLater(
            f"changes start at commit {first[0]}, not after {since} which the history "
            "already holds: rebuild the history from the first change"
        )
    open_versions = _open_versions(spark, store, valued, key, columns, last, clears=bool(first[1]))
    return history.applied(spark, valued, open_versions, key, columns, since, rows)


def _side(column: str, side: str, have: list[str]):
    """BEFORE_/AFTER_ of a column; the relative record number of an RRN-keyed table from the change's RRN."""
    if column == "RRN" and f"{side}_RRN" not in have:
        ops = ("u", "d") if side == "BEFORE" else ("c", "u", "r")
        return F.when(F.col("OP").isin(*ops), F.col("RRN")).alias(f"{side}_RRN")
    return F.col(quote(f"{side}_{column}")).alias(f"{side}_{column}")


def _open_versions(spark, store, valued, key, columns, last, clears: bool):
    """The open versions of the keys the changes touch (every one when the batch clears the table)."""
    if last is None:
        types = {f.name[len("AFTER_") :]: f.dataType for f in valued.schema.fields if f.name.startswith("AFTER_")}
        schema = T.StructType(
            [T.StructField(c, types[c]) for c in columns]
            + [
                T.StructField(state.VALID_FROM_POSITION, T.StringType()),
                T.StructField(state.VALID_TO_POSITION, T.StringType()),
                T.StructField(state.VALID_FROM, T.TimestampType()),
                T.StructField(state.VALID_TO, T.TimestampType()),
            ]
        )
        return spark.createDataFrame([], schema)
    current = spark.table(store.view("history")).where("VALID_TO_POSITION IS NULL")
    if not clears:
        touched = (
            valued.select([F.col(quote(f"BEFORE_{k}")).alias(k) for k in key])
            .unionByName(valued.select([F.col(quote(f"AFTER_{k}")).alias(k) for k in key]))
            .dropna(how="all")
            .distinct()
        )
        current = current.join(touched, [current[quote(k)].eqNullSafe(touched[quote(k)]) for k in key], "left_semi")
    return current.select([quote(c) for c in [*columns, *state.VALIDITY_COLUMNS]])

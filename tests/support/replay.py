"""The replay contract every log's declared tables keep (no tests collected here): a generated workload, landed in
pieces with a build after each, must give `<name>_changes`, `<name>_current` and `<name>_history` exactly as the
workload's oracle says; `change_events` and `change_feed` must hold each committed change once, as Debezium and
Delta write it; commit versions are given once and kept. Debezium's shared connector test base is the model: the
tests are written once, here, and each log contributes an adapter (tests/support/<log>/replay.py) saying how to
generate its workload, land it, declare its table, build, and what its oracle says.

Each log's test module is one thin class, `class TestIbmiReplay(ReplayContract): adapter = IbmiReplay()`, beside
its own tests: with `pytest -n 2 --dist loadfile` each module runs in one worker, so the four logs' replays (minutes
each) stay spread over the two workers.

Column names come from the code's own definitions (the change frame's, the declaration's lineage, the history's
validity columns), never written out again here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

import pytest

from support import change_shapes as cs
from support.driver_rows import counted
from support.scd2_oracle import Replay
from udfs.core.changes import frame
from udfs.core.tables.declaration import LINEAGE_COLUMNS
from udfs.spark.changes.as_of import VALIDITY

DECODE_ERRORS = "decode_errors"
COMMIT_VERSION = "COMMIT_VERSION"  # the one column the build adds after the change frame's and lineage
# The change frame's columns a relation carries (BEFORE_ROW and AFTER_ROW become the images' columns).
HEAD = [c for c in frame.CHANGE_COLUMNS if c not in (frame.BEFORE_ROW, frame.AFTER_ROW)]
TIMESTAMPS = (frame.COMMIT_TIMESTAMP, *VALIDITY[:2])  # compared as the wall clock the log wrote


@dataclass(frozen=True)
class Table:
    """One declared table of a replay, as the contract reads and checks it."""

    name: str
    columns: list[str]  # the declared columns: the images' BEFORE_<c> and AFTER_<c>, the events' and feed's
    key: list[str]
    source: tuple[str, str | None, str]  # (format, schema, table) as change_events names it
    state: list[str] | None = None  # _current's columns when not `columns` (IBM i: RRN first when keyed by it)
    zone: str = "UTC"  # the zone the commit's wall clock is in (the declared --time-zone, or the session's)
    scales: dict = field(default_factory=dict)  # DECIMAL scales: Debezium writes their strings so
    extra: tuple[str, ...] = ()  # the log's own change columns after TRANSACTION_ID (IBM i: RRN)
    lineage: tuple[str, ...] = LINEAGE_COLUMNS  # in the order the log's build writes them

    @property
    def current(self) -> list[str]:
        return self.state or self.columns

    @property
    def history(self) -> list[str]:
        return [*self.current, *VALIDITY]

    @property
    def images(self) -> list[str]:
        return [f"{side}_{c}" for side in ("BEFORE", "AFTER") for c in self.columns]

    @property
    def changes(self) -> list[str]:
        """The columns of `<name>_changes`, in the contract's order."""
        op, *rest = HEAD
        return [op, *self.images, *rest, *self.extra, *self.lineage, DECODE_ERRORS, COMMIT_VERSION]


@dataclass
class Build:
    """One build of a replay: what the relations held after it (`got`, read by `relations`) and what they must hold
    (`want`: changes as dicts with lineage by file name, current and history as `sorted_rows`)."""

    table: Table
    step: int  # from 0, in build order
    result: object  # what build_changes gave
    got: dict
    want: dict
    rebuilds: bool | None = None  # whether this build must rebuild from the first load (None: the log says nothing)
    oracle: object = None  # the log's own expected object, for its own tests


@dataclass
class Shapes:
    """A table's change_events and change_feed rows after a build, and what the relations must hold then."""

    table: Table
    events: list[dict]
    feed: list[tuple]
    want: dict


@dataclass
class Replayed:
    builds: list[Build]
    shapes: list[Shapes]
    extra: dict = field(default_factory=dict)  # what the log's own tests need (its workload, cuts, exports)


@dataclass
class Snapshot:
    """A table started from a snapshot: its build's result, what its relations held and must hold, and the
    changes committed at or before the snapshot's position (`held`: left out) and after it (`later`)."""

    result: object
    got: dict
    want: dict
    held: list[dict]
    later: list[dict]
    extra: dict = field(default_factory=dict)


class ReplayAdapter(Protocol):
    """What a log gives the contract: its replay (generate the workload, declare the tables, land the pieces,
    build after each, compute the oracle's relations); a long one for `-m heavy` where its class takes
    LongWorkloadContract, and a table started from a snapshot where it takes SnapshotContract."""

    def replay(self, spark, tmp_path_factory) -> Replayed: ...

    def long_replay(self, spark, tmp_path_factory) -> list[Build]: ...

    def snapshot(self, spark, tmp_path_factory, replayed: Replayed) -> Snapshot: ...


# ---- reading the relations and the oracle's state ------------------------------------------------------------


def sortable(row):
    return tuple((v is not None, v) for v in row)


def sorted_rows(rows) -> list[tuple]:
    """Rows as tuples sorted NULLs first, to compare what Spark collects with the oracle's."""
    return sorted((tuple(r) for r in rows), key=sortable)


def _select(columns: list[str]) -> str:
    return ", ".join(f"cast(`{c}` as timestamp_ntz) as `{c}`" if c in TIMESTAMPS else f"`{c}`" for c in columns)


def relations(spark, table: Table) -> dict:
    """What the table's relations hold, as the contract compares them: changes (every column but COMMIT_VERSION,
    source_file as its file name, the landing writing a URL of the path), current and history (sorted rows),
    the entries held, each commit's version and the relations' columns."""
    name = table.name
    read = [c for c in table.changes if c != COMMIT_VERSION]
    changes = spark.sql(
        f"select {_select(read)} from jcat.{name}_changes order by COMMIT_POSITION, CHANGE_POSITION"
    ).collect()
    versions = spark.sql(f"select distinct COMMIT_POSITION, {COMMIT_VERSION} from jcat.{name}_changes").collect()
    return {
        "changes": [
            {
                **r.asDict(),
                "source_file": r["source_file"] and r["source_file"].rsplit("/", 1)[-1],
                DECODE_ERRORS: list(r[DECODE_ERRORS]),
            }
            for r in changes
        ],
        "current": sorted_rows(spark.sql(f"select {_select(table.current)} from jcat.{name}_current").collect()),
        "history": sorted_rows(spark.sql(f"select {_select(table.history)} from jcat.{name}_history").collect()),
        "pending": spark.table(f"jcat.{name}_pending").count(),
        "versions": dict(versions),
        "columns": {v: spark.table(f"jcat.{name}_{v}").columns for v in ("changes", "current", "history")},
    }


def expected(changes: list[dict], table: Table, consistent: bool = True) -> dict:
    """The relations the oracle's changes give: current and history by the plain SCD2 replay (scd2_oracle).
    consistent: the workload is a consistent table (no insert of a present key, no update of an absent one)."""
    replay = Replay(table.key, table.current)
    replay.run(changes)
    assert not (consistent and replay.problems), replay.problems
    versions = [*replay.closed, *replay.open.values()]
    return {
        "changes": changes,
        "current": sorted_rows(replay.rows.values()),
        "history": sorted_rows(tuple(v.get(c) for c in table.history) for v in versions),
    }


def snapshot_rows(rows: list[dict], table: Table, at: str, lineage: list[dict], errors=None) -> list[dict]:
    """A snapshot's rows as the 'r' changes at position `at`, in record order (`errors`: each row's decode
    errors, none by default)."""
    errors = errors or [[] for _ in rows]
    return [
        {
            frame.OP: "r",
            **{f"BEFORE_{c}": None for c in table.columns},
            **{f"AFTER_{c}": row[c] for c in table.columns},
            frame.BEFORE_PRESENT: False,
            frame.COMMIT_TIMESTAMP: None,
            frame.COMMIT_POSITION: at,
            frame.CHANGE_POSITION: n,
            frame.TRANSACTION_ID: None,
            **where,
            DECODE_ERRORS: errs,
        }
        for n, (row, where, errs) in enumerate(zip(rows, lineage, errors, strict=True), start=1)
    ]


def check(builds: list[Build]) -> None:
    for b in builds:
        where = f"{b.table.name} after build {b.step + 1}"
        for relation in ("changes", "current", "history"):
            got, want = b.got[relation], b.want[relation]
            assert got == want, f"{where}, {relation}: {first_difference(got, want)}"
        if b.rebuilds is not None:
            assert bool(b.result.rebuilt) == b.rebuilds, where


def first_difference(got: list, want: list) -> str:
    """Where two relations' rows part: the first row that differs, or which has more rows."""
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"row {i}: got {g}, want {w}"
    return f"{len(got)} rows, want {len(want)}"


# ---- the contract ----------------------------------------------------------------------------------------------


class ReplayContract:
    """The tests every log's replay passes; a log's class sets `adapter`."""

    adapter: ReplayAdapter

    @pytest.fixture(scope="class")
    def replayed(self, spark, tmp_path_factory, jcat_home) -> Replayed:
        with driver_rows_per_build() as per_build:
            got = self.adapter.replay(spark, tmp_path_factory)
        got.extra["driver_rows"] = per_build
        return got

    def test_each_build_gives_the_oracles_changes_current_and_history(self, replayed):
        check(replayed.builds)

    def test_relations_have_the_contracts_columns(self, replayed):
        for b in replayed.builds:
            cols, where = b.got["columns"], f"{b.table.name} after build {b.step + 1}"
            assert cols["changes"] == b.table.changes, where
            assert cols["current"] == b.table.current, where
            assert cols["history"] == b.table.history, where

    def test_change_events_and_change_feed_hold_each_committed_change_once(self, replayed):
        """Debezium's envelope (images parsed back to the oracle's values, a DECIMAL as its string; ts_ms the
        commit's wall clock in the table's zone) and Delta's feed of the oracle's changes, each once; the
        transactions' events numbered in one total order across the tables."""
        for s in replayed.shapes:
            t, want = s.table, s.want
            assert cs.as_expected(s.events) == cs.expected_events(want["changes"], t.columns, t.zone, t.scales), t.name
            assert {(e["format"], e["schema"], e["table"]) for e in s.events} == {t.source}, t.name
            history = [dict(zip(t.history, v)) for v in want["history"]]
            assert s.feed == cs.expected_feed(want["changes"], history, t.columns, t.key, t.zone), t.name
        cs.check_total_order({s.table.name: s.events for s in replayed.shapes})

    def test_no_build_brings_its_entries_or_changes_to_the_driver(self, replayed):
        """Each build's commits are resolved on the executors: the most rows any one collect, Arrow collect or
        createDataFrame of a build carried is under the entries that build read, in the builds that read at least
        DRIVER_CHECK_FROM (a row per load, build or receiver is allowed; one per entry or change is not)."""
        reads = replayed.extra["driver_rows"]
        checked = [r for r in reads if r.entries >= DRIVER_CHECK_FROM]
        assert checked, f"no build read enough entries to tell a collect of them: {reads}"
        for r in checked:
            assert r.largest.rows < r.entries / 2, r

    def test_commit_versions_are_given_once_and_kept_by_later_builds(self, replayed):
        """Up to the first rebuild: each commit's version, once given, is the one the last build shows."""
        kept = []
        for b in replayed.builds:
            if b.rebuilds:
                break
            kept.append(b)
        final = {b.table.name: cs.versions(b.want["changes"]) for b in kept}
        for b in kept:
            where = f"{b.table.name} after build {b.step + 1}"
            got = b.got["versions"]
            assert got == {p: final[b.table.name][p] for p in got}, where
            assert set(got) == {c[frame.COMMIT_POSITION] for c in b.want["changes"]}, where


DRIVER_CHECK_FROM = 20  # entries a build reads before its driver transfers are checked


@dataclass
class DriverRead:
    entries: int  # the entries the build read (its candidates: the new loads' and those held)
    largest: object  # support.driver_rows.Largest: the most rows one driver transfer carried, and where


@contextmanager
def driver_rows_per_build():
    """[DriverRead] for every build_changes the block calls (the replays import it from udfs.spark.changes when
    they call it; the build calls its log's `candidates` through the adapter module)."""
    import udfs.spark.changes as changes
    from udfs.spark.changes.adapters import ADAPTERS

    reads, build, read = [], changes.build_changes, {log: m.candidates for log, m in ADAPTERS.items()}
    entries = [0]

    def counted_build(*args, **kwargs):
        entries[0] = 0
        with counted() as largest:
            result = build(*args, **kwargs)
        reads.append(DriverRead(entries[0], largest))
        return result

    def counted_read(log):
        def candidates(*args, **kwargs):
            got = read[log](*args, **kwargs)
            entries[0] = max(entries[0], got.count())
            return got

        return candidates

    changes.build_changes = counted_build
    for log, module in ADAPTERS.items():
        module.candidates = counted_read(log)
    try:
        yield reads
    finally:
        changes.build_changes = build
        for log, module in ADAPTERS.items():
            module.candidates = read[log]


OWN_HOME = "JCAT_TEST_LONG_WORKLOAD_HERE"  # set in the process a long workload runs in, with its own home


class LongWorkloadContract:
    """The same replay on a workload many times longer (`-m heavy`), in a pytest process of its own with a home of
    its own: the long workload is an independent log (an IBM i journal numbers its entries and commit cycles itself,
    a Db2 table's images are every landed record of it), which must not meet the entries the worker's other replays
    landed in the worker's one home."""

    adapter: ReplayAdapter

    @pytest.mark.heavy
    def test_a_long_workload_replays_the_same(self, request, tmp_path_factory):
        if os.environ.get(OWN_HOME):
            check(self.adapter.long_replay(request.getfixturevalue("spark"), tmp_path_factory))
            return
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_") and k != "JCAT_HOME"}
        command = [sys.executable, "-m", "pytest", request.node.nodeid, "-m", "heavy", "-n", "0", "-q"]
        done = subprocess.run(
            [*command, "-p", "no:cacheprovider"],
            cwd=request.config.rootpath,
            env={**env, OWN_HOME: "1"},
            capture_output=True,
            text=True,
        )
        lines = (done.stdout + done.stderr).splitlines()
        failure = [ln for ln in lines if ln.startswith(("E ", "FAILED", ">")) or "Error" in ln]
        assert done.returncode == 0, "\n".join(failure[:80] or lines[-80:])
        assert re.search(r"\b1 passed\b", done.stdout), done.stdout[-2000:]  # it ran there, not skipped


class SnapshotContract:
    """A table started from a snapshot gives the oracle started there: the snapshot's rows as 'r' changes at its
    position, the changes committed at or before it left out (said in one line), the later ones on top."""

    adapter: ReplayAdapter

    @pytest.fixture(scope="class")
    def snapshot_started(self, spark, tmp_path_factory, jcat_home, replayed) -> Snapshot:
        return self.adapter.snapshot(spark, tmp_path_factory, replayed)

    def test_a_table_started_from_a_snapshot_gives_the_oracle_started_there(self, snapshot_started):
        s = snapshot_started
        assert s.got["changes"] == s.want["changes"]
        assert s.got["current"] == s.want["current"]
        assert s.got["history"] == s.want["history"]
        assert not s.result.rebuilt

    def test_the_changes_a_snapshot_holds_are_left_out_in_one_line(self, snapshot_started):
        s = snapshot_started
        said = [line for line in s.result.lines if "at or before the snapshot's position" in line]
        assert len(said) == 1 and f": {len(s.held)} changes committed" in said[0], s.result.lines

"""Changes, current state and history of a declared LLDF table, end to end: the replay contract (support.replay)
with LLDF's adapter (support.lldf.replay: units of recovery written as Log Master logical logs, landed as 3 extracts
with a build after each, the first landed again with the third), started from a Db2 UNLOAD too, and what only
LLDF's replay shows: the overlapping extract adding nothing, a late unit rebuilding, mass deletes in the feed, and
`<name>_as_of(t)` at 20 instants giving the replay's table after the last commit at or before t.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from support import change_shapes as cs
from support.lldf import log_files as lc
from support.lldf import workload as wl
from support.lldf.replay import SEED, STEPS, LldfReplay, table, workload
from support.replay import LongWorkloadContract, ReplayContract, SnapshotContract, check, sortable
from support.scd2_oracle import Replay

pytestmark = pytest.mark.spark

HISTORY = table("acctchg").history  # the history's columns, as the DST test's view has them


class TestLldfReplay(ReplayContract, LongWorkloadContract, SnapshotContract):
    adapter = LldfReplay()

    def test_the_overlapping_extract_adds_nothing(self, replayed):
        """The third build gives the third extract's changes only."""
        second, third = replayed.builds[1:3]
        assert third.result.changes == len(third.want["changes"]) - len(second.want["changes"]) > 0

    @pytest.mark.heavy
    def test_a_unit_older_than_what_was_applied_rebuilds_in_one_line(self, spark, tmp_path_factory, jcat_home):
        builds = self.adapter.late_replay(spark, tmp_path_factory)
        check(builds)
        last = builds[-1]
        assert "not after" in last.result.rebuilt and "(rebuilt: " in last.result.line()
        first = last.got["changes"][0]  # the late unit: commit LRSN 2, commit point 1
        assert first["AFTER_K"] == 999_999 and first["COMMIT_POSITION"].startswith(f"{2:020X}{1:020X}")

    def test_the_workload_holds_what_the_rules_are_about(self, replayed):
        """The harness's choice of seed and cuts, checked where the test's meaning depends on it."""
        w, _, bounds = workload(SEED, STEPS)
        cuts = bounds[1:3]
        assert any(
            any(r.lrsn < c for r in u.records) and c <= u.ended_at < wl.FOREVER and u.disposition == "C"
            for u in w.units
            for c in cuts
        )  # a committed unit in flight across a cut
        assert any(u.disposition == "A" and u.records for u in w.units)
        assert any(
            r.undone_as == "S" and r.undone_at < wl.FOREVER and r.change_type in wl.OPS
            for u in w.units
            if u.disposition == "C"
            for r in u.records
        )  # rolled back to a savepoint
        changes = replayed.builds[2].want["changes"]
        assert {"c", "u", "d", "t"} <= {c["OP"] for c in changes}
        keys = [c["AFTER_K"] for c in changes if c["OP"] == "u"]
        assert len(keys) > len(set(keys))  # later updates of the same keys
        assert any(b.got["pending"] for b in replayed.builds[:2])

    def test_a_mass_delete_is_a_delete_per_row_in_the_feed(self, replayed):
        (shapes,) = replayed.shapes
        changes = shapes.want["changes"]
        cleared = {cs.versions(changes)[c["COMMIT_POSITION"]] for c in changes if c["OP"] == "t"}
        assert "delete" in {r[0] for r in shapes.feed if r[1] in cleared}

    def test_the_unload_holds_changes_before_and_after_its_position(self, snapshot_started):
        s = snapshot_started
        assert s.held and {c["OP"] for c in s.later} >= {"c", "u"}, "units before and after the position"

    def test_as_of_gives_the_oracles_table_at_20_instants_in_any_session_zone(self, spark, replayed):
        changes = replayed.builds[-1].want["changes"]
        instants = _instants(changes, SEED)
        want = [_oracle_at(changes, t) for t in instants]
        assert want[0] == [] and want[3] and len({tuple(w) for w in want}) > 5  # the instants tell states apart
        assert _as_of(spark, "acctchg", instants) == want
        zone = spark.conf.get("spark.sql.session.timeZone")
        spark.conf.set("spark.sql.session.timeZone", "America/New_York")  # the literal means the same wall clock
        try:
            assert _as_of(spark, "acctchg", instants[:4]) == want[:4]
        finally:
            spark.conf.set("spark.sql.session.timeZone", zone)


def _instants(changes: list[dict], seed: int) -> list[dt.datetime]:
    """20 instants: before the first commit, at the first and the last, after the last, at every commit's time and
    the rest between two commits (to the microsecond)."""
    rng, times = random.Random(seed), sorted({c["COMMIT_TIMESTAMP"] for c in changes})
    us = dt.timedelta(microseconds=1)
    at = [times[0] - us, times[0], times[-1], times[-1] + dt.timedelta(hours=1), *times]
    gaps = rng.choices(list(itertools.pairwise(times)), k=20 - len(at))
    return at + [a + us * rng.randint(1, max(1, (b - a) // us - 1)) for a, b in gaps]


def _oracle_at(changes: list[dict], t: dt.datetime) -> list[tuple]:
    """The table after the last commit (greatest position) whose time is at or before t: the SCD2 replay of the
    changes committed up to it."""
    done = [c["COMMIT_POSITION"] for c in changes if c["COMMIT_TIMESTAMP"] <= t]
    replay = Replay(["K"], lc.COLUMNS)
    replay.run([c for c in changes if done and c["COMMIT_POSITION"] <= max(done)])
    return sorted(replay.rows.values(), key=sortable)


def _as_of(spark, name: str, instants: list[dt.datetime]) -> list[list[tuple]]:
    """One query: the instants as TIMESTAMP literals (read in the session's zone, as in a direct call), the function
    called on each (LATERAL: a third of the time of a UNION ALL of 20 calls)."""
    values = ", ".join(f"({i}, TIMESTAMP '{t.isoformat(' ')}')" for i, t in enumerate(instants))
    rows = spark.sql(f"SELECT v.i, a.* FROM VALUES {values} AS v(i, t), LATERAL jcat.{name}_as_of(v.t) a").collect()
    return [sorted((tuple(r)[1:] for r in rows if r.i == i), key=sortable) for i in range(len(instants))]


def _change(op: str, position: str, time: str, before=(None, None), after=(None, None), n: int = 1) -> dict:
    return {
        "OP": op,
        "COMMIT_POSITION": position,
        "CHANGE_POSITION": n,
        "BEFORE_PRESENT": op in ("u", "d"),
        "COMMIT_TIMESTAMP": dt.datetime.fromisoformat(f"2026-10-25 {time}"),
        "BEFORE_K": before[0],
        "BEFORE_V": before[1],
        "AFTER_K": after[0],
        "AFTER_V": after[1],
    }


def _values(rows: list[dict], columns: list[str]) -> str:
    def lit(v):
        if v is None:
            return "NULL"
        return f"TIMESTAMP '{v.isoformat(' ')}'" if isinstance(v, dt.datetime) else repr(v)

    return (
        "SELECT * FROM VALUES "
        + ", ".join("(" + ", ".join(lit(r[c]) for c in columns) + ")" for r in rows)
        + " AS t("
        + ", ".join(columns)
        + ")"
    )


def test_as_of_cuts_at_commit_positions_when_the_local_clock_goes_back(spark):
    """A DST fall-back between commits 1 and 2: commit 2's wall clock (01:10) is before commit 1's (01:50). At
    01:15 the table is the one after commit 2, commit 1's row 3 included (a filter on VALID_FROM would drop it and
    keep commit 2's row 2: a state the table never had). The relations are views over the replay's own rows."""
    from udfs.spark.changes import as_of
    from udfs.spark.changes.store import ChangesStore

    changes = [
        _change("c", "01", "01:50:00", after=(1, "a")),
        _change("c", "01", "01:50:00", after=(3, "c"), n=2),
        _change("u", "02", "01:10:00", (1, "a"), (1, "b")),
        _change("c", "02", "01:10:00", after=(2, "x"), n=2),
        _change("d", "03", "01:20:00", before=(1, "b")),
    ]
    replay = Replay(["K"], lc.COLUMNS)
    replay.run(changes)
    store = ChangesStore(spark, "asofdst")
    spark.sql(
        f"CREATE OR REPLACE VIEW {store.view('changes')} AS "
        + _values(changes, ["OP", "COMMIT_POSITION", "CHANGE_POSITION", "COMMIT_TIMESTAMP"])
    )
    spark.sql(
        f"CREATE OR REPLACE VIEW {store.view('history')} AS "
        + _values([*replay.closed, *replay.open.values()], HISTORY)
    )
    as_of.create(store, lc.COLUMNS)
    instants = [
        dt.datetime.fromisoformat(f"2026-10-25 {t}")
        for t in ("01:09:59", "01:10:00", "01:15:00", "01:20:00", "01:49:59", "01:55:00")
    ]
    got = _as_of(spark, "asofdst", instants)
    assert got == [_oracle_at(changes, t) for t in instants]
    assert got[0] == [] and got[2] == [(1, "b"), (2, "x"), (3, "c")] and got[5] == [(2, "x"), (3, "c")]

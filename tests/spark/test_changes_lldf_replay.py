"""Changes, current state and history of a declared LLDF table, end to end: a generated workload of units of recovery
(support.lldf.workload: interleaved units, savepoints rolled back, records Db2 reversed, aborted units, mass deletes)
on a keyed table (support.lldf.log_files), written as Log Master logical logs by the tests' own encoder and landed as
3 extracts with a build after each (a unit in flight at a cut is held, then comes out whole from the next extract),
must give `<name>_changes`, `<name>_current` and `<name>_history` exactly as the workload's oracle and the SCD2
replay say, and `<name>_as_of(t)` at 20 instants the replay's table after the last commit at or before t. The first
extract landed again with the third (an overlapping extract) adds nothing and rebuilds nothing; a unit committed
before everything applied, landed last, rebuilds from the first load and gives the same.

Started from a snapshot: a second table on the same logical logs, declared from the same DDL, starts from a Db2
UNLOAD of the table (the tests' own encoder, support.lldf.unload: VARCHARs padded) at one unit of recovery's
UORCOMMITLRSN, landed with `jcat load NAME FILE --snapshot-at LRSN`; its one build over every landed extract must
give the unload's rows as 'r' changes at the position, leave out the units committed at or before it (one line) and
apply the later ones on top, as the oracle started there says.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from support import change_shapes as cs
from support.declared import declared_project
from support.lldf import log_files as lc
from support.lldf import unload
from support.lldf import workload as wl
from support.scd2_oracle import Replay

from udfs.cli import main
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.frames import SLICE_CONF
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

pytestmark = pytest.mark.spark

SEED, STEPS = 52, 70
HISTORY = [*lc.COLUMNS, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]
LINEAGE = ["source_file", "record_offset", "record_number", "load_id"]
MODELS = ["lldf_data_change", "lldf_change_stream"]


def _ntz(column: str) -> str:
    return f"cast(`{column}` as timestamp_ntz) as `{column}`"


def _sortable(row):
    return tuple((v is not None, v) for v in row)


def _got(spark, name: str) -> dict:
    cols = [
        "OP",
        *[f"{s}_{c}" for s in ("BEFORE", "AFTER") for c in lc.COLUMNS],
        "BEFORE_PRESENT",
        "COMMIT_TIMESTAMP",
        "COMMIT_POSITION",
        "CHANGE_POSITION",
        "TRANSACTION_ID",
        *LINEAGE,
        "decode_errors",
    ]
    sel = ", ".join(_ntz(c) if c == "COMMIT_TIMESTAMP" else f"`{c}`" for c in cols)
    changes = spark.sql(f"select {sel} from jcat.{name}_changes order by COMMIT_POSITION, CHANGE_POSITION").collect()
    hist = ", ".join(_ntz(c) if c in ("VALID_FROM", "VALID_TO") else f"`{c}`" for c in HISTORY)
    return {
        "changes": [
            {
                **r.asDict(),
                "source_file": r["source_file"] and r["source_file"].rsplit("/", 1)[-1],
                "decode_errors": list(r["decode_errors"]),
            }
            for r in changes
        ],
        "current": sorted((tuple(r) for r in spark.sql(f"select * from jcat.{name}_current").collect()), key=_sortable),
        "history": sorted(
            (tuple(r) for r in spark.sql(f"select {hist} from jcat.{name}_history").collect()), key=_sortable
        ),
        "pending": spark.table(f"jcat.{name}_pending").count(),
        "versions": dict(
            spark.sql(f"select distinct COMMIT_POSITION, COMMIT_VERSION from jcat.{name}_changes").collect()
        ),
        "columns": {v: spark.table(f"jcat.{name}_{v}").columns for v in ("changes", "current", "history")},
    }


def _expected(w: wl.Workload, rows: dict, places: dict, cut: int) -> dict:
    changes = lc.expected(w, rows, places, cut)
    replay = Replay(["K"], lc.COLUMNS)
    replay.run(changes)
    assert not replay.problems, replay.problems  # the keyed workload is a consistent table
    versions = [*replay.closed, *replay.open.values()]
    return {
        "changes": changes,
        "current": sorted(replay.rows.values(), key=_sortable),
        "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable),
    }


def workload(seed: int, steps: int):
    w = wl.generate(seed, steps=steps)
    rows = lc.keyed(w, seed)
    lo = min(r.lrsn for u in w.units for r in u.records)
    cuts = sorted(random.Random(seed).sample(range(lo + 1, w.end), 2))
    return w, rows, [0, *cuts, w.end]


def replay(
    spark, tmp_path_factory, name: str, seed: int, steps: int, late: bool = True, also: str | None = None, then=None
) -> list[tuple]:
    """Declare `name`, land the workload as 3 extracts (building after each; the first extract lands again with the
    third, as an overlapping extract), then a unit committed before everything applied; gives, per build, (build
    result, what the relations held, what they must hold). `also`: a second table declared from the same DDL, its
    twin built by the third build's dbt run; `then(root, w, rows, places)` runs after the third build (places: where
    each image landed first)."""
    from udfs.spark.changes import build_changes

    w, rows, bounds = workload(seed, steps)
    seen, places = [], {}
    with declared_project(tmp_path_factory, name, lc.DDL, "--log", "lldf") as root:

        def land(i: int, start: int, end: int, log: wl.Workload = w) -> None:
            data, where = lc.log_file(wl.extract(log, start, end), rows)
            path = root.parent / f"{name}_{i}.lldf"
            path.write_bytes(data)
            landed = load(spark, "lldf", [str(path)])
            assert landed.ok
            for value, offset, number in where:
                places[value] = (path.name, offset, number, landed.load_id)

        def build(want_places: dict, end: int, *more: str) -> None:
            # run, not build: jcat's own data tests would see every module's entries landed in this worker
            assert run_dbt(spark, ["run", "--select", *MODELS, f"{name}_images_decoded", *more])
            seen.append((build_changes(spark, name), _got(spark, name), _expected(w, rows, want_places, end)))

        for i, (start, end) in enumerate(itertools.pairwise(bounds)):
            land(i, start, end)
            want = dict(places)
            if i == 2:  # an overlapping extract: records landed (and applied or held) before
                land(3, bounds[0], bounds[1])
            if i == 2 and also:  # (one dbt run for both twins: a dbt run costs seconds of parsing)
                assert main(["tables", "add", also, "--log", "lldf", "--ddl", str(root.parent / f"{name}.sql")]) == 0
            build(want, end, *([f"{also}_images_decoded"] if i == 2 and also else []))
        seen[-1][1]["shapes"] = cs.got_events(spark, name), cs.got_feed(spark, name, lc.COLUMNS)
        if then is not None:
            then(root, w, rows, want)
        if not late:
            return seen
        # A unit committed before everything applied lands last: the build starts again from the first load, says
        # so, and gives what the whole log gives.
        assert min(r.lrsn for u in w.units for r in u.records) > 2
        late = wl.Unit(w.units[0].member, 1, 1, [wl.Record("I", 1, 1, 1, after="v999999")], 2, "C", 1)
        w.units.append(late)
        rows["v999999"] = (999_999, "v999999")
        land(4, 0, w.end, wl.Workload([late], w.end))
        want["v999999"] = places["v999999"]
        build(want, bounds[-1])
    return seen


@pytest.fixture(scope="module")
def replayed(both):
    return both[0]


@pytest.fixture(scope="module")
def snapshot_started(both):
    return both[1]


@pytest.fixture(scope="module")
def both(spark, tmp_path_factory, jcat_home):
    """The replay, and the snapshot-started table on its logs (sharing its landed extracts and dbt runs)."""
    spark.conf.set(SLICE_CONF, "5")  # frames of more than 5 rows reach Spark in slices, as a big build's do
    spark.conf.set(BUCKET_CONF, "3")  # and the history's buckets hold 3 changes each
    snap = {}
    try:
        seen = replay(
            spark,
            tmp_path_factory,
            "acctchg",
            SEED,
            STEPS,
            late=False,  # the late unit: -m heavy
            also="acctsnap",
            then=lambda *args: snap.update(started_from_snapshot(spark, "acctsnap", *args)),
        )
        return seen, snap
    finally:
        spark.conf.unset(SLICE_CONF)
        spark.conf.unset(BUCKET_CONF)


def check(seen) -> None:
    for i, (result, got, want) in enumerate(seen):
        where = f"after build {i + 1}"
        assert got["changes"] == want["changes"], where
        assert got["current"] == want["current"], where
        assert got["history"] == want["history"], where
        assert bool(result.rebuilt) == (i == 3), where  # only the late unit rebuilds


def test_each_build_gives_the_oracles_changes_current_and_history(replayed):
    check(replayed)
    # the overlapping extract adds nothing: the third build gives the third extract's changes only
    assert replayed[2][0].changes == len(replayed[2][2]["changes"]) - len(replayed[1][2]["changes"]) > 0


@pytest.mark.heavy
def test_a_unit_older_than_what_was_applied_rebuilds_in_one_line(spark, tmp_path_factory, jcat_home):
    seen = replay(spark, tmp_path_factory, "acctlate", SEED, STEPS)
    check(seen)
    result, got, _ = seen[-1]
    assert "not after" in result.rebuilt and "(rebuilt: " in result.line()
    first = got["changes"][0]  # the late unit: commit LRSN 2, commit point 1
    assert first["AFTER_K"] == 999_999 and first["COMMIT_POSITION"].startswith(f"{2:020X}{1:020X}")


def test_the_workload_holds_what_the_rules_are_about(replayed):
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
    ops = [c["OP"] for c in replayed[2][2]["changes"]]
    assert {"c", "u", "d", "t"} <= set(ops)
    keys = [c["AFTER_K"] for c in replayed[2][2]["changes"] if c["OP"] == "u"]
    assert len(keys) > len(set(keys))  # later updates of the same keys
    assert any(got["pending"] for _, got, _ in replayed[:2])


def test_relations_have_the_contracts_columns(replayed):
    cols = replayed[-1][1]["columns"]
    images = [f"{side}_{c}" for side in ("BEFORE", "AFTER") for c in lc.COLUMNS]
    assert cols["changes"] == [
        "OP",
        *images,
        "BEFORE_PRESENT",
        "COMMIT_TIMESTAMP",
        "COMMIT_POSITION",
        "CHANGE_POSITION",
        "TRANSACTION_ID",
        *LINEAGE,
        "decode_errors",
        "COMMIT_VERSION",
    ]
    assert cols["current"] == lc.COLUMNS
    assert cols["history"] == HISTORY


@pytest.mark.heavy
def test_a_long_workload_replays_the_same(spark, tmp_path_factory, jcat_home):
    check(replay(spark, tmp_path_factory, "acctbig", 103, 300))


# ---- started from a snapshot ----------------------------------------------------------------------------------

UNLOADED = [("K", "INTEGER", 4, 0, False), ("V", "VARCHAR", 12, 0, True)]  # lc.DDL's columns, as UNLOAD writes them
UNTOUCHED = {"K": -7, "V": None}  # an unloaded row no unit of recovery touches: a NULL V


def _position(w: wl.Workload) -> tuple[str, str]:
    """(UORCOMMITLRSN of the middle committed unit with changes, in 20 hex digits; the COMMIT_POSITION it means:
    every unit committed at that LRSN, whatever its commit point and member)."""
    units = [u for u in lc.committed_units(w) if any(r.change_type in wl.OPS for r in u.records)]
    lrsn = f"{units[len(units) // 2].ended_at:020X}"
    return lrsn, lrsn + "F" * 24


def started_from_snapshot(spark, name: str, root, w: wl.Workload, rows: dict, places: dict) -> dict:
    """`name`, declared on the replay's logs (its twin built): land an unload of the table at the middle unit's
    commit, build once."""
    from udfs.spark.changes import build_changes

    lrsn, at = _position(w)
    every = lc.expected(w, rows, places, w.end)
    held = [c for c in every if c["COMMIT_POSITION"] <= at]
    replay = Replay(["K"], lc.COLUMNS)
    replay.run(held)
    unloaded = [dict(zip(lc.COLUMNS, r)) for r in sorted(replay.rows.values())] + [UNTOUCHED]
    path = root.parent / "ACCT.UNLOAD"
    records = [unload.record(r, UNLOADED) for r in unloaded]
    path.write_bytes(b"".join(records))
    assert main(["load", name, str(path), "--snapshot-at", lrsn, "--quiet"]) == 0
    snap_id = spark.sql(f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{name}'").first()[0]
    snap = [
        {
            "OP": "r",
            "BEFORE_K": None,
            "BEFORE_V": None,
            "AFTER_K": r["K"],
            "AFTER_V": r["V"],
            "BEFORE_PRESENT": False,
            "COMMIT_TIMESTAMP": None,
            "COMMIT_POSITION": at,
            "CHANGE_POSITION": n,
            "TRANSACTION_ID": None,
            "source_file": path.name,
            "record_offset": (n - 1) * len(records[0]),
            "record_number": n,
            "load_id": snap_id,
            "decode_errors": [],
        }
        for n, r in enumerate(unloaded, start=1)
    ]
    later = [c for c in every if c["COMMIT_POSITION"] > at]
    want = Replay(["K"], lc.COLUMNS)
    want.run(snap + later)
    assert not want.problems, want.problems
    versions = [*want.closed, *want.open.values()]
    result = build_changes(spark, name)
    return {
        "at": at,
        "held": held,
        "later": later,
        "result": result,
        "got": _got(spark, name),
        "want": {
            "changes": snap + later,
            "current": sorted(want.rows.values(), key=_sortable),
            "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable),
        },
    }


def test_a_table_started_from_an_unload_gives_the_oracle_started_there(snapshot_started):
    s = snapshot_started
    assert s["held"] and {c["OP"] for c in s["later"]} >= {"c", "u"}, "units before and after the position"
    assert s["got"]["changes"] == s["want"]["changes"]
    assert s["got"]["current"] == s["want"]["current"]
    assert s["got"]["history"] == s["want"]["history"]
    assert not s["result"].rebuilt


def test_the_units_an_unload_holds_are_left_out_in_one_line(snapshot_started):
    s = snapshot_started
    said = [line for line in s["result"].lines if "at or before the snapshot's position" in line]
    assert len(said) == 1 and f": {len(s['held'])} changes committed" in said[0], s["result"].lines


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
    return sorted(replay.rows.values(), key=_sortable)


def _as_of(spark, name: str, instants: list[dt.datetime]) -> list[list[tuple]]:
    """One query: the instants as TIMESTAMP literals (read in the session's zone, as in a direct call), the function
    called on each (LATERAL: a third of the time of a UNION ALL of 20 calls)."""
    values = ", ".join(f"({i}, TIMESTAMP '{t.isoformat(' ')}')" for i, t in enumerate(instants))
    rows = spark.sql(f"SELECT v.i, a.* FROM VALUES {values} AS v(i, t), LATERAL jcat.{name}_as_of(v.t) a").collect()
    return [sorted((tuple(r)[1:] for r in rows if r.i == i), key=_sortable) for i in range(len(instants))]


def test_as_of_gives_the_oracles_table_at_20_instants_in_any_session_zone(spark, replayed):
    changes = replayed[-1][2]["changes"]
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


def test_change_events_and_change_feed_hold_each_committed_change_once(replayed):
    """After the third extract: Debezium's envelope and Delta's feed of the oracle's changes (a mass delete: a
    delete per row it removed)."""
    _, got, want = replayed[2]
    events, feed = got["shapes"]
    assert cs.as_expected(events) == cs.expected_events(want["changes"], lc.COLUMNS, "UTC")
    assert {(e["format"], e["schema"], e["table"]) for e in events} == {("lldf", "PAYROLL", "ACCT")}
    history = [dict(zip(HISTORY, v)) for v in want["history"]]
    assert feed == cs.expected_feed(want["changes"], history, lc.COLUMNS, ["K"], "UTC")
    assert "delete" in {
        r[0]
        for r in feed
        if r[1] in {cs.versions(want["changes"])[c["COMMIT_POSITION"]] for c in want["changes"] if c["OP"] == "t"}
    }
    cs.check_total_order({"acctchg": events})


def test_commit_versions_are_given_once_and_kept_by_later_builds(replayed):
    final = cs.versions(replayed[2][2]["changes"])
    for i, (_, got, want) in enumerate(replayed[:3]):
        assert got["versions"] == {p: final[p] for p in got["versions"]}, i
        assert set(got["versions"]) == {c["COMMIT_POSITION"] for c in want["changes"]}, i

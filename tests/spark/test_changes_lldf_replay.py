"""Changes, current state and history of a declared LLDF table, end to end: a generated workload of units of recovery
(support.lldf_workload: interleaved units, savepoints rolled back, records Db2 reversed, aborted units, mass deletes)
on a keyed table (support.lldf_changes), written as Log Master logical logs by the tests' own encoder and landed as
3 extracts with a build after each (a unit in flight at a cut is held, then comes out whole from the next extract),
must give `<name>_changes`, `<name>_current` and `<name>_history` exactly as the workload's oracle and the SCD2
replay say. The first extract landed again with the third (an overlapping extract) adds nothing and rebuilds
nothing; a unit committed before everything applied, landed last, rebuilds from the first load and gives the same.
"""

from __future__ import annotations

import itertools
import random

import pytest
from support import change_shapes as cs
from support import lldf_changes as lc
from support import lldf_workload as wl
from support.declared import declared_project
from support.scd2_oracle import Replay

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
    cols = ["OP", *[f"{s}_{c}" for s in ("BEFORE", "AFTER") for c in lc.COLUMNS], "BEFORE_PRESENT",
            "COMMIT_TIMESTAMP", "COMMIT_POSITION", "CHANGE_POSITION", "TRANSACTION_ID", *LINEAGE, "decode_errors"]
    sel = ", ".join(_ntz(c) if c == "COMMIT_TIMESTAMP" else f"`{c}`" for c in cols)
    changes = spark.sql(f"select {sel} from jcat.{name}_changes order by COMMIT_POSITION, CHANGE_POSITION").collect()
    hist = ", ".join(_ntz(c) if c in ("VALID_FROM", "VALID_TO") else f"`{c}`" for c in HISTORY)
    return {"changes": [{**r.asDict(), "source_file": r["source_file"] and r["source_file"].rsplit("/", 1)[-1],
                         "decode_errors": list(r["decode_errors"])} for r in changes],
            "current": sorted((tuple(r) for r in spark.sql(f"select * from jcat.{name}_current").collect()),
                              key=_sortable),
            "history": sorted((tuple(r) for r in spark.sql(f"select {hist} from jcat.{name}_history").collect()),
                              key=_sortable),
            "pending": spark.table(f"jcat.{name}_pending").count(),
            "versions": dict(spark.sql(f"select distinct COMMIT_POSITION, COMMIT_VERSION from jcat.{name}_changes")
                             .collect()),
            "columns": {v: spark.table(f"jcat.{name}_{v}").columns for v in ("changes", "current", "history")}}


def _expected(w: wl.Workload, rows: dict, places: dict, cut: int) -> dict:
    changes = lc.expected(w, rows, places, cut)
    replay = Replay(["K"], lc.COLUMNS)
    replay.run(changes)
    assert not replay.problems, replay.problems  # the keyed workload is a consistent table
    versions = [*replay.closed, *replay.open.values()]
    return {"changes": changes, "current": sorted(replay.rows.values(), key=_sortable),
            "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable)}


def workload(seed: int, steps: int):
    w = wl.generate(seed, steps=steps)
    rows = lc.keyed(w, seed)
    lo = min(r.lrsn for u in w.units for r in u.records)
    cuts = sorted(random.Random(seed).sample(range(lo + 1, w.end), 2))
    return w, rows, [0, *cuts, w.end]


def replay(spark, tmp_path_factory, name: str, seed: int, steps: int, late: bool = True) -> list[tuple]:
    """Declare `name`, land the workload as 3 extracts (building after each; the first extract lands again with the
    third, as an overlapping extract), then a unit committed before everything applied; gives, per build, (build
    result, what the relations held, what they must hold)."""
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

        def build(want_places: dict, end: int) -> None:
            # run, not build: jcat's own data tests would see every module's entries landed in this worker
            assert run_dbt(spark, ["run", "--select", *MODELS, f"{name}_images_decoded"])
            seen.append((build_changes(spark, name), _got(spark, name), _expected(w, rows, want_places, end)))

        for i, (start, end) in enumerate(itertools.pairwise(bounds)):
            land(i, start, end)
            want = dict(places)
            if i == 2:  # an overlapping extract: records landed (and applied or held) before
                land(3, bounds[0], bounds[1])
            build(want, end)
        seen[-1][1]["shapes"] = cs.got_events(spark, name), cs.got_feed(spark, name, lc.COLUMNS)
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
def replayed(spark, tmp_path_factory, jcat_home):
    spark.conf.set(SLICE_CONF, "5")  # frames of more than 5 rows reach Spark in slices, as a big build's do
    spark.conf.set(BUCKET_CONF, "3")  # and the history's buckets hold 3 changes each
    try:
        return replay(spark, tmp_path_factory, "acctchg", SEED, STEPS, late=False)  # the late unit: -m heavy
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
    assert any(any(r.lrsn < c for r in u.records) and c <= u.ended_at < wl.FOREVER and u.disposition == "C"
               for u in w.units for c in cuts)  # a committed unit in flight across a cut
    assert any(u.disposition == "A" and u.records for u in w.units)
    assert any(r.undone_as == "S" and r.undone_at < wl.FOREVER and r.change_type in wl.OPS
               for u in w.units if u.disposition == "C" for r in u.records)  # rolled back to a savepoint
    ops = [c["OP"] for c in replayed[2][2]["changes"]]
    assert {"c", "u", "d", "t"} <= set(ops)
    keys = [c["AFTER_K"] for c in replayed[2][2]["changes"] if c["OP"] == "u"]
    assert len(keys) > len(set(keys))  # later updates of the same keys
    assert any(got["pending"] for _, got, _ in replayed[:2])


def test_relations_have_the_contracts_columns(replayed):
    cols = replayed[-1][1]["columns"]
    images = [f"{side}_{c}" for side in ("BEFORE", "AFTER") for c in lc.COLUMNS]
    assert cols["changes"] == ["OP", *images, "BEFORE_PRESENT", "COMMIT_TIMESTAMP", "COMMIT_POSITION",
                               "CHANGE_POSITION", "TRANSACTION_ID", *LINEAGE, "decode_errors", "COMMIT_VERSION"]
    assert cols["current"] == lc.COLUMNS
    assert cols["history"] == HISTORY


@pytest.mark.heavy
def test_a_long_workload_replays_the_same(spark, tmp_path_factory, jcat_home):
    check(replay(spark, tmp_path_factory, "acctbig", 103, 300))


def test_change_events_and_change_feed_hold_each_committed_change_once(replayed):
    """After the third extract: Debezium's envelope and Delta's feed of the oracle's changes (a mass delete: a
    delete per row it removed)."""
    _, got, want = replayed[2]
    events, feed = got["shapes"]
    assert cs.as_expected(events) == cs.expected_events(want["changes"], lc.COLUMNS, "UTC")
    assert {(e["format"], e["schema"], e["table"]) for e in events} == {("lldf", "PAYROLL", "ACCT")}
    history = [dict(zip(HISTORY, v)) for v in want["history"]]
    assert feed == cs.expected_feed(want["changes"], history, lc.COLUMNS, ["K"], "UTC")
    assert "delete" in {r[0] for r in feed if r[1] in {cs.versions(want["changes"])[c["COMMIT_POSITION"]]
                                                        for c in want["changes"] if c["OP"] == "t"}}
    cs.check_total_order({"acctchg": events})


def test_commit_versions_are_given_once_and_kept_by_later_builds(replayed):
    final = cs.versions(replayed[2][2]["changes"])
    for i, (_, got, want) in enumerate(replayed[:3]):
        assert got["versions"] == {p: final[p] for p in got["versions"]}, i
        assert set(got["versions"]) == {c["COMMIT_POSITION"] for c in want["changes"]}, i

"""LLDF's adapter of the replay contract (support.replay): a generated workload of units of recovery
(support.lldf.workload: interleaved units, savepoints rolled back, records Db2 reversed, aborted units, mass deletes)
on a keyed table (support.lldf.log_files), written as Log Master logical logs by the tests' own encoder and landed as
3 extracts with a build after each (a unit in flight at a cut is held, then comes out whole from the next extract).
The first extract landed again with the third (an overlapping extract) adds nothing and rebuilds nothing; a unit
committed before everything applied, landed last, rebuilds from the first load and gives the same.

Started from a snapshot: a second table on the same logical logs, declared from the same DDL, starts from a Db2
UNLOAD of the table (the tests' own encoder, support.lldf.unload: VARCHARs padded) at one unit of recovery's
UORCOMMITLRSN, landed with `jcat load NAME FILE --snapshot-at LRSN`; its one build over every landed extract.
"""

from __future__ import annotations

import itertools
import random

from support import change_shapes as cs
from support import replay as contract
from support.declared import declared_project
from support.lldf import log_files as lc
from support.lldf import unload
from support.lldf import workload as wl
from support.scd2_oracle import Replay
from udfs.cli import main
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

SEED, STEPS = 52, 70
MODELS = ["lldf_data_change", "lldf_change_stream"]
UNLOADED = [("K", "INTEGER", 4, 0, False), ("V", "VARCHAR", 12, 0, True)]  # lc.ddl()'s columns, as UNLOAD writes them
UNTOUCHED = {"K": -7, "V": None}  # an unloaded row no unit of recovery touches: a NULL V


def table(name: str, db2_table: str = lc.TABLE) -> contract.Table:
    return contract.Table(name, lc.COLUMNS, ["K"], ("lldf", lc.OWNER, db2_table))


def workload(seed: int, steps: int):
    w = wl.generate(seed, steps=steps)
    rows = lc.keyed(w, seed)
    lo = min(r.lrsn for u in w.units for r in u.records)
    cuts = sorted(random.Random(seed).sample(range(lo + 1, w.end), 2))
    return w, rows, [0, *cuts, w.end]


def replay(
    spark,
    tmp_path_factory,
    name: str,
    seed: int,
    steps: int,
    late: bool = True,
    also: str | None = None,
    then=None,
    db2_table: str = lc.TABLE,
) -> contract.Replayed:
    """Declare `name`, land the workload as 3 extracts (building after each; the first extract lands again with the
    third, as an overlapping extract), then a unit committed before everything applied; gives, per build, what the
    relations held and what they must hold, and the change_events and change_feed after the third. `also`: a second
    table declared from the same DDL, its twin built by the third build's dbt run; `then(root, w, rows, places)`
    runs after the third build (places: where each image landed first). `db2_table`: the Db2 table the logs are of,
    another one for a replay in the home of the first (a declared table reads every landed record of its Db2
    table)."""
    from udfs.spark.changes import build_changes

    t = table(name, db2_table)
    w, rows, bounds = workload(seed, steps)
    builds, places = [], {}
    with declared_project(tmp_path_factory, name, lc.ddl(db2_table), "--log", "lldf") as root:

        def land(i: int, start: int, end: int, log: wl.Workload = w) -> None:
            data, where = lc.log_file(wl.extract(log, start, end), rows, db2_table)
            path = root.parent / f"{name}_{i}.lldf"
            path.write_bytes(data)
            landed = load(spark, "lldf", [str(path)])
            assert landed.ok
            for value, offset, number in where:
                places[value] = (path.name, offset, number, landed.load_id)

        def build(want_places: dict, end: int, *more: str) -> None:
            # run, not build: jcat's own data tests would see every module's entries landed in this worker
            assert run_dbt(spark, ["run", "--select", *MODELS, f"{name}_images_decoded", *more])
            result = build_changes(spark, name)
            want = contract.expected(lc.expected(w, rows, want_places, end), t)
            builds.append(contract.Build(t, len(builds), result, contract.relations(spark, t), want, len(builds) == 3))

        for i, (start, end) in enumerate(itertools.pairwise(bounds)):
            land(i, start, end)
            want = dict(places)
            if i == 2:  # an overlapping extract: records landed (and applied or held) before
                land(3, bounds[0], bounds[1])
            if i == 2 and also:  # (one dbt run for both twins: a dbt run costs seconds of parsing)
                assert main(["tables", "add", also, "--log", "lldf", "--ddl", str(root.parent / f"{name}.sql")]) == 0
            build(want, end, *([f"{also}_images_decoded"] if i == 2 and also else []))
        events, feed = cs.got_events(spark, name), cs.got_feed(spark, name, t.columns)
        shapes = [contract.Shapes(t, events, feed, builds[-1].want)]
        if then is not None:
            then(root, w, rows, want)
        if late:
            # A unit committed before everything applied lands last: the build starts again from the first load,
            # says so, and gives what the whole log gives.
            assert min(r.lrsn for u in w.units for r in u.records) > 2
            unit = wl.Unit(w.units[0].member, 1, 1, [wl.Record("I", 1, 1, 1, after="v999999")], 2, "C", 1)
            w.units.append(unit)
            rows["v999999"] = (999_999, "v999999")
            land(4, 0, w.end, wl.Workload([unit], w.end))
            want["v999999"] = places["v999999"]
            build(want, bounds[-1])
    return contract.Replayed(builds, shapes)


# ---- started from a snapshot ----------------------------------------------------------------------------------


def _position(w: wl.Workload) -> tuple[str, str]:
    """(UORCOMMITLRSN of the middle committed unit with changes, in 20 hex digits; the COMMIT_POSITION it means:
    every unit committed at that LRSN, whatever its commit point and member)."""
    units = [u for u in lc.committed_units(w) if any(r.change_type in wl.OPS for r in u.records)]
    lrsn = f"{units[len(units) // 2].ended_at:020X}"
    return lrsn, lrsn + "F" * 24


def started_from_snapshot(spark, name: str, root, w: wl.Workload, rows: dict, places: dict) -> contract.Snapshot:
    """`name`, declared on the replay's logs (its twin built): land an unload of the table at the middle unit's
    commit, build once."""
    from udfs.spark.changes import build_changes

    t = table(name)
    lrsn, at = _position(w)
    every = lc.expected(w, rows, places, w.end)
    held = [c for c in every if c["COMMIT_POSITION"] <= at]
    replay = Replay(t.key, t.columns)
    replay.run(held)
    unloaded = [dict(zip(t.columns, r)) for r in sorted(replay.rows.values())] + [UNTOUCHED]
    path = root.parent / "ACCT.UNLOAD"
    records = [unload.record(r, UNLOADED) for r in unloaded]
    path.write_bytes(b"".join(records))
    assert main(["load", name, str(path), "--snapshot-at", lrsn, "--quiet"]) == 0
    snap_id = spark.sql(f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{name}'").first()[0]
    lineage = [
        {"source_file": path.name, "record_offset": n * len(records[0]), "record_number": n + 1, "load_id": snap_id}
        for n in range(len(unloaded))
    ]
    later = [c for c in every if c["COMMIT_POSITION"] > at]
    want = contract.expected(contract.snapshot_rows(unloaded, t, at, lineage) + later, t)
    result = build_changes(spark, name)
    return contract.Snapshot(result, contract.relations(spark, t), want, held, later, {"at": at})


class LldfReplay:
    """The replay, and the snapshot-started table on its logs (sharing its landed extracts and dbt runs); the late
    unit is the heavy test's."""

    def replay(self, spark, tmp_path_factory) -> contract.Replayed:
        spark.conf.set(BUCKET_CONF, "3")  # and the history's buckets hold 3 changes each
        snap = {}
        try:
            replayed = replay(
                spark,
                tmp_path_factory,
                "acctchg",
                SEED,
                STEPS,
                late=False,  # the late unit: -m heavy
                also="acctsnap",
                then=lambda *args: snap.update(snapshot=started_from_snapshot(spark, "acctsnap", *args)),
            )
        finally:
            spark.conf.unset(BUCKET_CONF)
        replayed.extra |= snap
        return replayed

    def long_replay(self, spark, tmp_path_factory) -> list[contract.Build]:
        return replay(spark, tmp_path_factory, "acctbig", 103, 300).builds

    def late_replay(self, spark, tmp_path_factory) -> list[contract.Build]:
        return replay(spark, tmp_path_factory, "acctlate", SEED, STEPS, db2_table="ACCTLATE").builds

    def snapshot(self, spark, tmp_path_factory, replayed) -> contract.Snapshot:
        return replayed.extra["snapshot"]

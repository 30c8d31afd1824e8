"""Changes, current state and history of a declared IBMSNAP CD table, end to end: a workload of units of work
(support.ibmsnap.workload: interleaved, some rejected, updates as a delete and an insert, key changes) written as
Db2 unloads of the CD table and of the UOW table by the tests' own encoder (support.ibmsnap.unload), landed in three
pieces with a build after each (a unit of work whose CD rows land before its UOW row is held, then comes out whole),
must give `<name>_changes`, `<name>_current` and `<name>_history` exactly as the workload's oracle says; a fourth
load with a unit of work committed before all the others rebuilds from the first load and gives the same.

Started from a snapshot: a Db2 UNLOAD of the source table (K, A, B) at one unit of work's IBMSNAP_COMMITSEQ, landed
with `jcat load NAME FILE --snapshot-at COMMITSEQ` beside CD rows from before and after it (one load), must give
the oracle started there: the unload's rows as 'r' changes at the position, the CD changes committed at or before it
left out (said in one line), the later ones on top.
"""

from __future__ import annotations

import pytest
from support import change_shapes as cs
from support.declared import declared_project
from support.ibmsnap import unload
from support.ibmsnap import workload as wl
from support.scd2_oracle import Replay

from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.core.ddl import parse_text
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.frames import SLICE_CONF
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

pytestmark = pytest.mark.spark

# A CD table in the shape of seed 003 Figure 35: the IBMSNAP columns, then the registered columns; XB is B's
# before-image column (BEFORE_IMG_PREFIX 'X').
DDL = (
    "CREATE TABLE PAYROLL.{cd} ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, K INTEGER NOT NULL, A SMALLINT, B INTEGER, "
    "XB INTEGER);\n"
)
SEED, UNITS = 7, 16
# The source table the CD table captures: what a snapshot unload of it holds (the tests' encoder lays it out).
SOURCE = "CREATE TABLE PAYROLL.SRC ( K INTEGER NOT NULL, A SMALLINT, B INTEGER);\n"
STATE = list(wl.COLUMNS)
HISTORY = [*STATE, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]
LINEAGE = ["source_file", "record_offset", "record_number", "load_id"]


def _cd_record(cols, r: wl.CdRow) -> bytes:
    return unload.record(
        cols, {"IBMSNAP_UOWID": r.uowid, "IBMSNAP_INTENTSEQ": r.intentseq, "IBMSNAP_OPERATION": r.operation, **r.values}
    )


def _uow_record(u: wl.UowRow) -> bytes:
    return unload.record(
        unload.columns("uow"),
        {
            "IBMSNAP_UOWID": u.uowid,
            "IBMSNAP_COMMITSEQ": u.commitseq,
            "IBMSNAP_LOGMARKER": u.logmarker,
            "IBMSNAP_AUTHTKN": "JOB1",
            "IBMSNAP_AUTHID": "PAYUSER",
            "IBMSNAP_REJ_CODE": u.rej_code,
            "IBMSNAP_APPLY_QUAL": "" if u.rej_code in ("0", " ") else "APPLYQ1",
        },
    )


def _ntz(column: str) -> str:
    return f"cast(`{column}` as timestamp_ntz) as `{column}`"


def _got(spark, name: str) -> dict:
    cols = [
        "OP",
        *[f"{s}_{c}" for s in ("BEFORE", "AFTER") for c in STATE],
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
                "source_file": r["source_file"].rsplit("/", 1)[-1],
                "decode_errors": list(r["decode_errors"]),
            }
            for r in changes
        ],
        "current": [tuple(r) for r in spark.sql(f"select * from jcat.{name}_current").collect()],
        "history": [tuple(r) for r in spark.sql(f"select {hist} from jcat.{name}_history").collect()],
        "pending": spark.table(f"jcat.{name}_pending").count(),
        "versions": dict(
            spark.sql(f"select distinct COMMIT_POSITION, COMMIT_VERSION from jcat.{name}_changes").collect()
        ),
        "columns": {v: spark.table(f"jcat.{name}_{v}").columns for v in ("changes", "current", "history")},
    }


def _expected(w: wl.Workload, cd_cut: int, uow_cut: int, places: dict) -> dict:
    changes = wl.committed(w, w.cd[:cd_cut], w.uow[:uow_cut])
    rows = []
    for c in changes:
        file, offset, number, load_id = places[id(c["CD"])]
        rows.append(
            {
                **{k: v for k, v in c.items() if k != "CD"},
                "source_file": file,
                "record_offset": offset,
                "record_number": number,
                "load_id": load_id,
                "decode_errors": [],
            }
        )
    replay = Replay(list(wl.KEY), STATE)
    replay.run(changes)
    assert not replay.problems, replay.problems  # the workload is a consistent table
    versions = [*replay.closed, *replay.open.values()]
    return {
        "changes": rows,
        "current": sorted(replay.rows.values(), key=_sortable),
        "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable),
    }


def _sortable(row):
    return tuple((v is not None, v) for v in row)


def replay(spark, tmp_path_factory, name: str, seed: int, units: int) -> list[tuple]:
    """Declare `name`, land the workload's CD and UOW rows in 3 pieces (building after each); gives, per piece,
    what the relations held and what they must hold."""
    from udfs.spark.changes import build_changes

    w = wl.generate(seed, units=units, pairs=True)
    cuts = [*wl.cuts(w, 3, seed), (len(w.cd), len(w.uow))]
    cd_name = f"CD{name.upper()}"
    cols = parse_text(DDL.format(cd=cd_name), f"{cd_name}.sql").columns
    seen = []
    with declared_project(
        tmp_path_factory,
        name,
        DDL.format(cd=cd_name),
        "--log",
        "ibmsnap",
        "--key",
        "K",
        "--before-prefix",
        "X",
        "--updates-as-delete-insert",
        "yes",
    ) as root:
        layout, length, _ = load_target(name, None)
        places, (cd0, u0) = {}, (0, 0)
        for i, (cd1, u1) in enumerate(cuts):
            cd_file, uow_file = root.parent / f"{name}_cd{i}.unl", root.parent / f"{name}_uow{i}.unl"
            cd_file.write_bytes(b"".join(_cd_record(cols, r) for r in w.cd[cd0:cd1]))
            uow_file.write_bytes(b"".join(_uow_record(u) for u in w.uow[u0:u1]))
            landed = load(spark, layout, [str(cd_file)], record_length=length)
            assert landed.ok and load(spark, "ibmsnap_uow", [str(uow_file)]).ok
            for n, r in enumerate(w.cd[cd0:cd1]):
                places[id(r)] = (cd_file.name, n * length, n + 1, landed.load_id)
            # run, not build: jcat's own data tests would see every module's entries landed in this worker
            assert run_dbt(spark, ["run", "--select", "ibmsnap_uow_decoded", f"{name}_images_decoded"])
            result = build_changes(spark, name)
            seen.append((i, result, _got(spark, name), _expected(w, cd1, u1, places)))
            cd0, u0 = cd1, u1
        again = build_changes(spark, name)  # nothing new landed: nothing is added
        assert (again.changes, again.loads) == (0, []), again
        # A unit of work committed before everything applied lands last: the build starts again from the first
        # load, says so, and gives what the whole log gives.
        late_cd = wl.CdRow(bytes([0x3F]) * w.width, wl.seq(5, w.width), "I", {"K": 99, "A": 1, "B": 2, "XB": None})
        late_uow = wl.UowRow(late_cd.uowid, wl.seq(6, w.width), wl.T0, "0")
        w.cd.append(late_cd)
        w.uow.append(late_uow)
        cd_file, uow_file = root.parent / f"{name}_cd_late.unl", root.parent / f"{name}_uow_late.unl"
        cd_file.write_bytes(_cd_record(cols, late_cd))
        uow_file.write_bytes(_uow_record(late_uow))
        landed = load(spark, layout, [str(cd_file)], record_length=length)
        assert landed.ok and load(spark, "ibmsnap_uow", [str(uow_file)]).ok
        places[id(late_cd)] = (cd_file.name, 0, 1, landed.load_id)
        assert run_dbt(spark, ["run", "--select", "ibmsnap_uow_decoded", f"{name}_images_decoded"])
        result = build_changes(spark, name)
        seen.append((len(cuts), result, _got(spark, name), _expected(w, len(w.cd), len(w.uow), places)))
        seen[-1][2]["shapes"] = cs.got_events(spark, name), cs.got_feed(spark, name, STATE)
    return seen


@pytest.fixture(scope="module")
def replayed(spark, tmp_path_factory, jcat_home):
    spark.conf.set(SLICE_CONF, "5")  # frames of more than 5 rows reach Spark in slices, as a big build's do
    spark.conf.set(BUCKET_CONF, "3")  # and the history's buckets hold 3 changes each
    try:
        return replay(spark, tmp_path_factory, "snapchg", SEED, UNITS)
    finally:
        spark.conf.unset(SLICE_CONF)
        spark.conf.unset(BUCKET_CONF)


def check(seen) -> None:
    for i, result, got, want in seen:
        where = f"after piece {i + 1}"
        assert got["changes"] == want["changes"], where
        assert sorted(got["current"], key=_sortable) == want["current"], where
        assert sorted(got["history"], key=_sortable) == want["history"], where
        assert bool(result.rebuilt) == (i == 3), where  # only the late unit of work rebuilds


def test_a_unit_of_work_older_than_what_was_applied_rebuilds_in_one_line(replayed):
    _, result, got, _ = replayed[-1]
    assert "not after" in result.rebuilt and "(rebuilt: " in result.line()
    assert got["changes"][0]["AFTER_K"] == 99 and got["changes"][0]["COMMIT_POSITION"] == "0" * 31 + "6"


def test_each_build_gives_the_oracles_changes_current_and_history(replayed):
    check(replayed)


def test_a_unit_of_work_is_in_flight_at_a_cut_and_comes_out_whole(replayed):
    """The harness's choice, checked where the test's meaning depends on it."""
    held = [got["pending"] for _, _, got, _ in replayed]
    assert held[0] or held[1]
    assert held[2] == 0 and replayed[2][1].pending == 0


def test_the_workload_holds_rejected_units_pairs_and_key_changes(replayed):
    want = replayed[-1][3]
    ops = {c["OP"] for c in want["changes"]}
    assert ops == {"c", "u", "d"}
    assert any(c["OP"] == "u" and c["BEFORE_PRESENT"] and c["BEFORE_A"] is not None for c in want["changes"])
    assert any("rejected units of work" in line for _, r, _, _ in replayed for line in r.lines)


def test_relations_have_the_contracts_columns(replayed):
    cols = replayed[-1][2]["columns"]
    images = [f"{side}_{c}" for side in ("BEFORE", "AFTER") for c in STATE]
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
    assert cols["current"] == STATE
    assert cols["history"] == [*STATE, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]


@pytest.mark.heavy
def test_a_long_workload_replays_the_same(spark, tmp_path_factory, jcat_home):
    check(replay(spark, tmp_path_factory, "snapbig", 23, 200))


def test_change_events_and_change_feed_hold_each_committed_change_once(replayed):
    """After the last build (a rebuild): Debezium's envelope and Delta's feed of the oracle's changes, before images
    with NULL for the columns the registration did not capture, rejected units of work nowhere."""
    _, _, got, want = replayed[-1]
    events, feed = got["shapes"]
    assert cs.as_expected(events) == cs.expected_events(want["changes"], STATE, "UTC")
    assert {(e["format"], e["schema"], e["table"]) for e in events} == {("ibmsnap", "PAYROLL", "CDSNAPCHG")}
    history = [dict(zip(HISTORY, v)) for v in want["history"]]
    assert feed == cs.expected_feed(want["changes"], history, STATE, list(wl.KEY), "UTC")
    cs.check_total_order({"snapchg": events})


def test_commit_versions_are_kept_by_later_builds_and_numbered_again_by_a_rebuild(replayed):
    before_rebuild = cs.versions(replayed[2][3]["changes"])
    for i, _result, got, want in replayed[:3]:
        assert got["versions"] == {p: before_rebuild[p] for p in got["versions"]}, i
        assert set(got["versions"]) == {c["COMMIT_POSITION"] for c in want["changes"]}, i
    _, result, got, want = replayed[-1]
    assert got["versions"] == cs.versions(want["changes"])  # the late unit of work is version 1 now
    assert "commit versions numbered again from 1" in result.line()


# ---- started from a snapshot ----------------------------------------------------------------------------------


def _position(u: wl.UowRow) -> str:
    return u.commitseq.hex().upper().rjust(32, "0")


def _snapshot_expected(
    w: wl.Workload, at: str, rows: list[dict], lineage: list[dict], cd_cut: int, uow_cut: int, places: dict
) -> dict:
    """The snapshot's rows as 'r' changes at `at` in record order, then the CD changes committed after it."""
    snap = [
        {
            "OP": "r",
            **{f"BEFORE_{c}": None for c in STATE},
            **{f"AFTER_{c}": row[c] for c in STATE},
            "BEFORE_PRESENT": False,
            "COMMIT_TIMESTAMP": None,
            "COMMIT_POSITION": at,
            "CHANGE_POSITION": n,
            "TRANSACTION_ID": None,
            **where,
            "decode_errors": [],
        }
        for n, (row, where) in enumerate(zip(rows, lineage, strict=True), start=1)
    ]
    later = []
    for c in wl.committed(w, w.cd[:cd_cut], w.uow[:uow_cut]):
        if c["COMMIT_POSITION"] > at:
            file, offset, number, load_id = places[id(c["CD"])]
            later.append(
                {
                    **{k: v for k, v in c.items() if k != "CD"},
                    "source_file": file,
                    "record_offset": offset,
                    "record_number": number,
                    "load_id": load_id,
                    "decode_errors": [],
                }
            )
    replay = Replay(list(wl.KEY), STATE)
    replay.run(snap + later)
    assert not replay.problems, replay.problems
    versions = [*replay.closed, *replay.open.values()]
    return {
        "changes": snap + later,
        "current": sorted(replay.rows.values(), key=_sortable),
        "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable),
    }


def _state_at(w: wl.Workload, at: str) -> list[dict]:
    """The source table's rows after every unit of work committed at or before `at`, in key order (the unload's)."""
    replay = Replay(list(wl.KEY), STATE)
    replay.run([c for c in wl.committed(w) if c["COMMIT_POSITION"] <= at])
    return [dict(zip(STATE, r)) for r in sorted(replay.rows.values())]


def started_from_snapshot(spark, tmp_path_factory, name: str, seed: int, units: int) -> dict:
    from udfs.spark.changes import build_changes

    w = wl.generate(seed, units=units, pairs=True)
    (cut,) = wl.cuts(w, 2, seed)
    pieces = [(len(w.cd), len(w.uow))]  # one load: the replay above covers loads in pieces
    accepted = [u for u in w.uow[: cut[1]] if u.rej_code.strip() in ("0", "")]
    at = _position(accepted[len(accepted) // 2])  # the unload was taken there
    rows = _state_at(w, at)
    cd_name = f"CD{name.upper()}"
    cols = parse_text(DDL.format(cd=cd_name), f"{cd_name}.sql").columns
    source = parse_text(SOURCE, "src.sql").columns
    out = {"at": at, "rows": rows, "builds": [], "full": wl.committed(w)}
    with declared_project(
        tmp_path_factory,
        name,
        DDL.format(cd=cd_name),
        "--log",
        "ibmsnap",
        "--key",
        "K",
        "--before-prefix",
        "X",
        "--updates-as-delete-insert",
        "yes",
    ) as root:
        layout, length, _ = load_target(name, None)
        unload_file = root.parent / "SRC.UNLOAD"
        records = [unload.record(source, row) for row in rows]
        unload_file.write_bytes(b"".join(records))
        assert main(["load", name, str(unload_file), "--snapshot-at", at[-20:], "--quiet"]) == 0  # as CHAR(10) hex
        snap_id = spark.sql(
            f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{name}'"
        ).first()[0]
        lineage = [
            {
                "source_file": unload_file.name,
                "record_offset": i * len(records[0]),
                "record_number": i + 1,
                "load_id": snap_id,
            }
            for i in range(len(rows))
        ]
        places, (cd0, u0) = {}, (0, 0)
        for i, (cd1, u1) in enumerate(pieces):
            cd_file, uow_file = root.parent / f"{name}_cd{i}.unl", root.parent / f"{name}_uow{i}.unl"
            cd_file.write_bytes(b"".join(_cd_record(cols, r) for r in w.cd[cd0:cd1]))
            uow_file.write_bytes(b"".join(_uow_record(u) for u in w.uow[u0:u1]))
            landed = load(spark, layout, [str(cd_file)], record_length=length)
            assert landed.ok and load(spark, "ibmsnap_uow", [str(uow_file)]).ok
            for n, r in enumerate(w.cd[cd0:cd1]):
                places[id(r)] = (cd_file.name, n * length, n + 1, landed.load_id)
            assert run_dbt(spark, ["run", "--select", "ibmsnap_uow_decoded", f"{name}_images_decoded"])
            result = build_changes(spark, name)
            out["builds"].append(
                (
                    result,
                    _got(spark, name),
                    _snapshot_expected(w, at, rows, lineage, cd1, u1, places),
                    [c for c in wl.committed(w, w.cd[:cd1], w.uow[:u1]) if c["COMMIT_POSITION"] <= at],
                )
            )
            cd0, u0 = cd1, u1
    return out


@pytest.fixture(scope="module")
def snapshot_started(spark, tmp_path_factory, jcat_home):
    return started_from_snapshot(spark, tmp_path_factory, "snapstart", 21, 12)  # 5 rows at the position, 3 NULLs


def test_a_table_started_from_a_snapshot_gives_the_oracle_started_there(snapshot_started):
    s = snapshot_started
    assert any(None in r.values() for r in s["rows"]), "NULLs in the unload, with their null indicators"
    assert any(c["COMMIT_POSITION"] <= s["at"] for c in s["full"]) and any(
        c["COMMIT_POSITION"] > s["at"] for c in s["full"]
    ), "CD changes before and after the position"
    for i, (result, got, want, _) in enumerate(s["builds"]):
        where = f"after piece {i + 1}"
        assert got["changes"] == want["changes"], where
        assert sorted(got["current"], key=_sortable) == want["current"], where
        assert sorted(got["history"], key=_sortable) == want["history"], where
        assert not result.rebuilt, where
    assert {c["OP"] for c in s["builds"][-1][2]["changes"]} - {"r"}, "later changes on top"


def test_the_cd_changes_a_snapshot_holds_are_left_out_in_one_line(snapshot_started):
    result, _, _, held = snapshot_started["builds"][0]
    assert held, "the first piece must hold CD changes at or before the position"
    said = [line for line in result.lines if "at or before the snapshot's position" in line]
    assert len(said) == 1 and f": {len(held)} changes committed" in said[0], result.lines

"""IBMSNAP's adapter of the replay contract (support.replay): a workload of units of work (support.ibmsnap.workload:
interleaved, some rejected, updates as a delete and an insert, key changes) written as Db2 unloads of the CD table
and of the UOW table by the tests' own encoder (support.ibmsnap.unload), landed in three pieces with a build after
each (a unit of work whose CD rows land before its UOW row is held, then comes out whole); a fourth load with a unit
of work committed before all the others rebuilds from the first load and gives the same.

Started from a snapshot: a Db2 UNLOAD of the source table (K, A, B) at one unit of work's IBMSNAP_COMMITSEQ, landed
with `jcat load NAME FILE --snapshot-at COMMITSEQ` beside CD rows from before and after it (one load).
"""

from __future__ import annotations

from support import change_shapes as cs
from support import replay as contract
from support.declared import declared_project
from support.ibmsnap import unload
from support.ibmsnap import workload as wl
from support.scd2_oracle import Replay
from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.core.ddl import parse_text
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

# A CD table in the shape of seed 003 Figure 35: the IBMSNAP columns, then the registered columns; XB and XK are
# B's and K's before-image columns (BEFORE_IMG_PREFIX 'X').
DDL = (
    "CREATE TABLE PAYROLL.{cd} ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, K INTEGER NOT NULL, A SMALLINT, B INTEGER, "
    "XB INTEGER, XK INTEGER);\n"
)
SEED, UNITS = 7, 16
# The source table the CD table captures: what a snapshot unload of it holds (the tests' encoder lays it out).
SOURCE = "CREATE TABLE PAYROLL.SRC ( K INTEGER NOT NULL, A SMALLINT, B INTEGER);\n"
DECLARE = ("--log", "ibmsnap", "--key", "K", "--before-prefix", "X", "--updates-as-delete-insert", "yes")


def table(name: str) -> contract.Table:
    return contract.Table(name, list(wl.COLUMNS), list(wl.KEY), ("ibmsnap", "PAYROLL", f"CD{name.upper()}"))


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


def _with_lineage(changes: list[dict], places: dict) -> list[dict]:
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
    return rows


def _expected(t: contract.Table, w: wl.Workload, cd_cut: int, uow_cut: int, places: dict) -> dict:
    return contract.expected(_with_lineage(wl.committed(w, w.cd[:cd_cut], w.uow[:uow_cut]), places), t)


class _Landing:
    """Lands CD and UOW rows as unload files of a declared CD table, then decodes them and builds."""

    def __init__(self, spark, root, t: contract.Table):
        self.spark, self.root, self.table = spark, root, t
        cd_name = f"CD{t.name.upper()}"
        self.cols = parse_text(DDL.format(cd=cd_name), f"{cd_name}.sql").columns
        self.layout, self.length, _ = load_target(t.name, None)

    def land(self, label, cd: list[wl.CdRow], uow: list[wl.UowRow], places: dict) -> None:
        name = self.table.name
        cd_file, uow_file = self.root.parent / f"{name}_cd{label}.unl", self.root.parent / f"{name}_uow{label}.unl"
        cd_file.write_bytes(b"".join(_cd_record(self.cols, r) for r in cd))
        uow_file.write_bytes(b"".join(_uow_record(u) for u in uow))
        landed = load(self.spark, self.layout, [str(cd_file)], record_length=self.length)
        assert landed.ok and load(self.spark, "ibmsnap_uow", [str(uow_file)]).ok
        for n, r in enumerate(cd):
            places[id(r)] = (cd_file.name, n * self.length, n + 1, landed.load_id)

    def build(self):
        from udfs.spark.changes import build_changes

        # run, not build: jcat's own data tests would see every module's entries landed in this worker
        assert run_dbt(self.spark, ["run", "--select", "ibmsnap_uow_decoded", f"{self.table.name}_images_decoded"])
        return build_changes(self.spark, self.table.name)


def replay(spark, tmp_path_factory, name: str, seed: int, units: int) -> contract.Replayed:
    """Declare `name`, land the workload's CD and UOW rows in 3 pieces (building after each), then a unit of work
    committed before everything applied (a rebuild); gives, per build, what the relations held and what they must
    hold, and the change_events and change_feed after the last."""
    from udfs.spark.changes import build_changes

    t = table(name)
    w = wl.generate(seed, units=units, pairs=True)
    cuts = [*wl.cuts(w, 3, seed), (len(w.cd), len(w.uow))]
    builds = []
    with declared_project(tmp_path_factory, name, DDL.format(cd=f"CD{name.upper()}"), *DECLARE) as root:
        landing = _Landing(spark, root, t)
        places, (cd0, u0) = {}, (0, 0)
        for i, (cd1, u1) in enumerate(cuts):
            landing.land(i, w.cd[cd0:cd1], w.uow[u0:u1], places)
            result = landing.build()
            builds.append(
                contract.Build(t, i, result, contract.relations(spark, t), _expected(t, w, cd1, u1, places), False)
            )
            cd0, u0 = cd1, u1
        again = build_changes(spark, name)  # nothing new landed: nothing is added
        assert (again.changes, again.loads) == (0, []), again
        # A unit of work committed before everything applied lands last: the build starts again from the first
        # load, says so, and gives what the whole log gives.
        late_cd = wl.CdRow(
            bytes([0x3F]) * w.width, wl.seq(5, w.width), "I", {"K": 99, "A": 1, "B": 2, "XB": None, "XK": None}
        )
        late_uow = wl.UowRow(late_cd.uowid, wl.seq(6, w.width), wl.T0, "0")
        w.cd.append(late_cd)
        w.uow.append(late_uow)
        landing.land("_late", [late_cd], [late_uow], places)
        result = landing.build()
        want = _expected(t, w, len(w.cd), len(w.uow), places)
        builds.append(contract.Build(t, len(cuts), result, contract.relations(spark, t), want, True))
        shapes = [contract.Shapes(t, cs.got_events(spark, name), cs.got_feed(spark, name, t.columns), want)]
    return contract.Replayed(builds, shapes)


# ---- started from a snapshot ----------------------------------------------------------------------------------


def _position(u: wl.UowRow) -> str:
    return u.commitseq.hex().upper().rjust(32, "0")


def _state_at(t: contract.Table, w: wl.Workload, at: str) -> list[dict]:
    """The source table's rows after every unit of work committed at or before `at`, in key order (the unload's)."""
    replay = Replay(t.key, t.columns)
    replay.run([c for c in wl.committed(w) if c["COMMIT_POSITION"] <= at])
    return [dict(zip(t.columns, r)) for r in sorted(replay.rows.values())]


def started_from_snapshot(spark, tmp_path_factory, name: str, seed: int, units: int) -> contract.Snapshot:
    """`name` declared, an unload of the source table at the middle accepted unit of work of the first half landed
    as its snapshot, then every CD and UOW row in one load (the replay covers loads in pieces), built once."""
    t = table(name)
    w = wl.generate(seed, units=units, pairs=True)
    (cut,) = wl.cuts(w, 2, seed)
    accepted = [u for u in w.uow[: cut[1]] if u.rej_code.strip() in ("0", "")]
    at = _position(accepted[len(accepted) // 2])  # the unload was taken there
    rows = _state_at(t, w, at)
    source = parse_text(SOURCE, "src.sql").columns
    with declared_project(tmp_path_factory, name, DDL.format(cd=f"CD{name.upper()}"), *DECLARE) as root:
        landing = _Landing(spark, root, t)
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
        places = {}
        landing.land(0, w.cd, w.uow, places)
        result = landing.build()
        committed = wl.committed(w)
        later = _with_lineage([c for c in committed if c["COMMIT_POSITION"] > at], places)
        want = contract.expected(contract.snapshot_rows(rows, t, at, lineage) + later, t)
        held = [c for c in committed if c["COMMIT_POSITION"] <= at]
        got = contract.relations(spark, t)
    return contract.Snapshot(result, got, want, held, later, {"at": at, "rows": rows, "full": committed})


class IbmsnapReplay:
    def replay(self, spark, tmp_path_factory) -> contract.Replayed:
        spark.conf.set(BUCKET_CONF, "3")  # and the history's buckets hold 3 changes each
        try:
            return replay(spark, tmp_path_factory, "snapchg", SEED, UNITS)
        finally:
            spark.conf.unset(BUCKET_CONF)

    def long_replay(self, spark, tmp_path_factory) -> list[contract.Build]:
        return replay(spark, tmp_path_factory, "snapbig", 23, 200).builds

    def snapshot(self, spark, tmp_path_factory, replayed) -> contract.Snapshot:
        return started_from_snapshot(spark, tmp_path_factory, "snapstart", 21, 12)  # 5 rows at the position, 3 NULLs

"""IBM i's adapter of the replay contract (support.replay): a logical workload (support.ibmi.journal_files) written as
a *TYPE5 journal, landed in three files with a build after each (a transaction on the table open at the end of one
file commits in the next); the same journal landed as one file (its files in another library, declared as two more
tables) gives the same relations.

Two tables share the journal: ORDERS keyed by its primary key, ARCHIVE by the relative record number; each one's
build must ignore the other's entries and the commit cycles that never touch it.
"""

from __future__ import annotations

import pytest

from support import change_shapes as cs
from support import replay as contract
from support.declared import declared_project
from support.ibmi import journal_files as jf
from udfs.cli import main
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.changes.ibmi import IDENTITY
from udfs.spark.landing.loader import load

SEED, STEPS = 36, 80  # ORDERS: before images (a key change), a clear, a sequence reset, sequences past 2**63
ZONE = "America/New_York"  # ARCHIVE's declared --time-zone (ORDERS: the session's, UTC in the tests)
SCALES = {"AMOUNT": 2, "QTY": 0}  # the DDL's DECIMAL(9, 2) and NUMERIC(5, 0): Debezium writes their strings so
LIBRARY = "JCATCHG"


def table(name: str, t: jf.Table, library: str) -> contract.Table:
    return contract.Table(
        name=name,
        columns=list(jf.COLUMNS),
        key=t.key,
        source=("ibmi", library, t.system_name),
        state=t.state_columns,
        zone=ZONE if t is jf.ARCHIVE else "UTC",
        scales=SCALES,
        extra=("RRN",),
        lineage=(*IDENTITY, "record_number"),  # the IBM i build's: its entries' identity, then the record number
    )


class Interrupted(BaseException):
    """What stops the export in the middle (as SIGKILL would: nothing after it runs; the heavy test kills one)."""


def _export(spark, to, names: list[str], interrupted: bool) -> None:
    from udfs.spark.changes import export as ex

    if not interrupted:
        ex.export(spark, str(to), names)
        return
    real = ex.pause

    def stop(point):
        if point == "export-moved":
            raise Interrupted

    ex.pause = stop
    try:
        with pytest.raises(Interrupted):
            ex.export(spark, str(to), names)
    finally:
        ex.pause = real
    assert (to / "_staging").is_dir()  # the other table's file was staged, never renamed: the next export's


def _land(spark, path, data: bytes) -> tuple[str, str]:
    path.write_bytes(data)
    landed = load(spark, "qjordje5", [str(path)], record_length=jf.RECORD_LENGTH)  # as `jcat load` lands it
    return path.name, landed.load_id


def _build(spark, build_changes, names) -> dict:
    # run, not build: jcat's own data tests would see every module's entries landed in this worker
    assert run_dbt(spark, ["run", "--select", "journal_entries_decoded", *(f"{n}_images_decoded" for n in names)])
    return {name: build_changes(spark, name) for name in names}


def expected_changes(want: jf.Expected, loads: list[tuple[str, str]], cuts: list[int]) -> list[dict]:
    """The oracle's changes with the lineage of the entry each one's record is (none for a clear)."""
    rows = []
    for c in want.changes:
        row = {k: v for k, v in c.items() if k != "ENTRY"}
        if c["ENTRY"] is None:
            row |= dict.fromkeys(contract.LINEAGE_COLUMNS)
        else:
            piece, offset, number = jf.place(c["ENTRY"], cuts)
            row |= {
                "source_file": loads[piece][0],
                "record_offset": offset,
                "record_number": number,
                "load_id": loads[piece][1],
            }
        rows.append(row)
    return rows


def _step(spark, t: contract.Table, i: int, result, want: jf.Expected, loads, cuts) -> contract.Build:
    wanted = {
        "changes": expected_changes(want, loads, cuts),
        "current": jf.by_key(want.current, t.current),
        "history": jf.by_key(want.history, t.history),
    }
    return contract.Build(t, i, result, contract.relations(spark, t), wanted, oracle=want)


def replay(
    spark,
    tmp_path_factory,
    seed: int,
    steps: int,
    prefix: str,
    library: str,
    once: bool = True,
    export_to=None,
    pieces: bool = True,
) -> contract.Replayed:
    """Declare the tables (names `prefix`orders, ..., their files in `library`; the one-file copy's in `library`1:
    the shared schema may hold other modules' tables and entries), land the journal in 3 files (building after
    each) and once whole; gives, per table and build, what the relations held and what they must hold, and each
    table's change_events and change_feed after the last build; `export_to`, an export after the second build
    (interrupted after its first file) and one after the third. `pieces=False`: the one-file tables only."""
    from udfs.spark.changes import build_changes

    workload = jf.generate(seed, steps)
    files, whole = jf.write(workload, library=library), jf.write(workload, library=f"{library}1")
    cuts = jf.cuts_in_flight(workload, files.journal, jf.ORDERS.obj, 3)
    split = [(table(f"{prefix}{t.name}", t, library), t, library) for t in jf.TABLES] if pieces else []
    ones = [(table(f"{prefix}{t.name}_once", t, f"{library}1"), t, f"{library}1") for t in jf.TABLES] if once else []
    builds, shapes, reads = [], [], None
    first, jt, lib = (split + ones)[0]
    with declared_project(tmp_path_factory, first.name, jt.ddl(lib), "--log", "ibmi") as root:
        for t, jt, lib in (split + ones)[1:]:
            ddl_file = root.parent / f"{t.name}.sql"
            ddl_file.write_text(jt.ddl(lib))
            zone = ["--time-zone", ZONE] if jt is jf.ARCHIVE else []
            assert main(["tables", "add", t.name, "--log", "ibmi", "--ddl", str(ddl_file), *zone]) == 0
        loads = []
        for i, piece in enumerate(jf.pieces(files.records, cuts) if split else []):
            loads.append(_land(spark, root.parent / f"{prefix}JRN{i}.bin", piece))
            cut = [*cuts, len(files.records)][i]
            results = _build(spark, build_changes, [t.name for t, _, _ in split])
            if export_to is not None and i > 0:  # builds 1 and 2 exported (stopped after one file), then 3
                _export(spark, export_to, [t.name for t, _, _ in split], interrupted=i == 1)
            for t, jt, _ in split:
                want = jf.expected(jf.prefix(workload, files.journal, cut), files.journal, jt)
                builds.append(_step(spark, t, i, results[t.name], want, list(loads), cuts))
        for b in builds[-len(split) :] if split else []:
            shapes.append(
                contract.Shapes(
                    b.table,
                    cs.got_events(spark, b.table.name),
                    cs.got_feed(spark, b.table.name, b.table.columns),
                    b.want,
                )
            )
        if split:
            again = build_changes(spark, first.name)  # nothing new landed: nothing is added
            assert (again.changes, again.loads) == (0, []), again
            reads = _export_reads(spark, [t.name for t, _, _ in split]) if export_to is not None else None
        if ones:
            loaded = [_land(spark, root.parent / f"{prefix}JRN_ONCE.bin", b"".join(whole.records))]
            results = _build(spark, build_changes, [t.name for t, _, _ in ones])
            for t, jt, _ in ones:
                want = jf.expected(workload, files.journal, jt)
                builds.append(_step(spark, t, 0, results[t.name], want, loaded, []))
    return contract.Replayed(builds, shapes, {"cuts": cuts, "exports": export_to, "export_reads": reads})


def _export_reads(spark, names: list[str]) -> dict:
    """What an export reads, by the changes files' names: from where each table's second build ended (the files
    of the third build only, `want`), and from where its third ended (none)."""
    from udfs.spark.changes import export as ex
    from udfs.spark.changes.store import ChangesStore

    stores = {n: ChangesStore(spark, n) for n in names}
    builds = {n: s.live_builds() for n, s in stores.items()}

    def read(starts):
        events = ex.events_after(spark, starts)
        return set() if events is None else {f.rsplit("/", 1)[-1] for f in events.inputFiles() if "/changes/" in f}

    after_second = read({n: b[1].applied_through for n, b in builds.items()})
    want = {f.rsplit("/", 1)[-1] for n, b in builds.items() for f in stores[n].files("changes", [b[2].build_id])}
    after_last = read({n: b[-1].applied_through for n, b in builds.items()})
    return {"after_second": after_second, "want": want, "after_last": after_last}


class IbmiReplay:
    """Each build after each of the three files is compared with the oracle, so the pieces give what the whole
    journal gives; the whole journal landed as one file is the heavy tests' (each build costs seconds). Buckets of
    3 changes send each build's history through many key buckets, as a big build's are."""

    def replay(self, spark, tmp_path_factory) -> contract.Replayed:
        spark.conf.set(BUCKET_CONF, "3")
        try:
            exports = tmp_path_factory.mktemp("export")
            return replay(spark, tmp_path_factory, SEED, STEPS, "chg_", LIBRARY, once=False, export_to=exports)
        finally:
            spark.conf.unset(BUCKET_CONF)

    def long_replay(self, spark, tmp_path_factory) -> list[contract.Build]:
        return replay(spark, tmp_path_factory, 11, 400, "chg_big_", "JCATBIG").builds

    def one_file(self, spark, tmp_path_factory) -> list[contract.Build]:
        """The journal landed as one file, into tables of their own: their builds, held to the same oracle."""
        return replay(spark, tmp_path_factory, SEED, STEPS, "chg_one_", "JCATONE", pieces=False).builds

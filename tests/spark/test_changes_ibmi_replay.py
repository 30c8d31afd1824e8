"""Changes, current state and history of declared IBM i tables, end to end: a logical workload
(support.ibmi.journal_files) written as a *TYPE5 journal, landed in three files with a build after each (a
transaction on the table open at the end of one file commits in the next), must give `<name>_changes`,
`<name>_current` and `<name>_history` exactly as the workload's oracles say, after every file; the same journal
landed as one file (its files in another library, declared as two more tables) gives the same relations.

Two tables share the journal: ORDERS keyed by its primary key, ARCHIVE by the relative record number; each one's
build must ignore the other's entries and the commit cycles that never touch it.
"""

from __future__ import annotations

import pytest
from support import change_shapes as cs
from support.declared import declared_project
from support.ibmi import journal_files as jf

from udfs.cli import main
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

pytestmark = [pytest.mark.spark, pytest.mark.long]  # started first: see tests/conftest.py

SEED, STEPS = 36, 80  # ORDERS: before images (a key change), a clear, a sequence reset, sequences past 2**63
ZONE = "America/New_York"  # ARCHIVE's declared --time-zone (ORDERS: the session's, UTC in the tests)
SCALES = {"AMOUNT": 2, "QTY": 0}  # the DDL's DECIMAL(9, 2) and NUMERIC(5, 0): Debezium writes their strings so


def _replay(
    spark,
    tmp_path_factory,
    seed: int,
    steps: int,
    prefix: str,
    library: str,
    once: bool = True,
    shapes: dict | None = None,
    export_to=None,
) -> list[tuple]:
    """Declare the tables (names `prefix`orders, ..., their files in `library`; the one-file copy's in `library`1:
    the shared schema may hold other modules' tables and entries), land the journal in 3 files (building after
    each) and once whole; gives, per table and step, what the relations held and what they must hold. `shapes`
    gets, per table, its rows of change_events and change_feed after the last build; `export_to`, an export after
    the second build (interrupted after its first file) and one after the third."""
    from udfs.spark.changes import build_changes

    workload = jf.generate(seed, steps)
    files, whole = jf.write(workload, library=library), jf.write(workload, library=f"{library}1")
    cuts = jf.cuts_in_flight(workload, files.journal, jf.ORDERS.obj, 3)
    split = [(f"{prefix}{t.name}", t, library) for t in jf.TABLES]
    once = [(f"{prefix}{t.name}_once", t, f"{library}1") for t in jf.TABLES] if once else []
    steps_seen = []
    first, table, lib = split[0]
    with declared_project(tmp_path_factory, first, table.ddl(lib), "--log", "ibmi") as root:
        for name, table, lib in split[1:] + once:
            ddl_file = root.parent / f"{name}.sql"
            ddl_file.write_text(table.ddl(lib))
            zone = ["--time-zone", ZONE] if table is jf.ARCHIVE else []
            assert main(["tables", "add", name, "--log", "ibmi", "--ddl", str(ddl_file), *zone]) == 0
        loads = []
        for i, piece in enumerate(jf.pieces(files.records, cuts)):
            loads.append(_land(spark, root.parent / f"{prefix}JRN{i}.bin", piece))
            cut = [*cuts, len(files.records)][i]
            _build(spark, build_changes, [name for name, _, _ in split])
            if export_to is not None and i > 0:  # builds 1 and 2 exported (stopped after one file), then 3
                _export(spark, export_to, [name for name, _, _ in split], interrupted=i == 1)
            for name, table, _ in split:
                want = jf.expected(jf.prefix(workload, files.journal, cut), files.journal, table)
                steps_seen.append((name, table, i, _got(spark, name, table), want, list(loads), cuts))
        if shapes is not None:
            shapes |= {
                name: (cs.got_events(spark, name), cs.got_feed(spark, name, list(jf.COLUMNS))) for name, _, _ in split
            }
        again = build_changes(spark, first)  # nothing new landed: nothing is added
        assert (again.changes, again.loads) == (0, []), again
        if not once:
            return steps_seen
        loaded = [_land(spark, root.parent / f"{prefix}JRN_ONCE.bin", b"".join(whole.records))]
        _build(spark, build_changes, [name for name, _, _ in once])
        for name, table, _ in once:
            steps_seen.append(
                (name, table, 0, _got(spark, name, table), jf.expected(workload, files.journal, table), loaded, [])
            )
    return steps_seen


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


def _build(spark, build_changes, names) -> None:
    # run, not build: jcat's own data tests would see every module's entries landed in this worker
    assert run_dbt(spark, ["run", "--select", "journal_entries_decoded", *(f"{n}_images_decoded" for n in names)])
    for name in names:
        build_changes(spark, name)


def _ntz(column: str) -> str:
    """Timestamps compared as the wall clock the journal wrote (whatever the session's time zone)."""
    return f"cast(`{column}` as timestamp_ntz) as `{column}`"


LINEAGE = ["source_file", "record_offset", "record_number", "load_id"]


def _got(spark, name: str, table: jf.Table) -> dict:
    change_cols = [c for c in jf.change_columns() if c != "ENTRY"]
    sel = ", ".join(_ntz(c) if c == "COMMIT_TIMESTAMP" else f"`{c}`" for c in change_cols + LINEAGE)
    changes = spark.sql(f"select {sel} from jcat.{name}_changes order by COMMIT_POSITION, CHANGE_POSITION").collect()
    state = ", ".join(f"`{c}`" for c in table.state_columns)
    hist = ", ".join(_ntz(c) if c in ("VALID_FROM", "VALID_TO") else f"`{c}`" for c in jf.history_columns(table))
    versions = spark.sql(f"select distinct COMMIT_POSITION, COMMIT_VERSION from jcat.{name}_changes").collect()
    return {
        "changes": [r.asDict() for r in changes],
        "versions": dict(versions),
        "current": [r.asDict() for r in spark.sql(f"select {state} from jcat.{name}_current").collect()],
        "history": [r.asDict() for r in spark.sql(f"select {hist} from jcat.{name}_history").collect()],
        "columns": {
            "changes": spark.table(f"jcat.{name}_changes").columns,
            "current": spark.table(f"jcat.{name}_current").columns,
            "history": spark.table(f"jcat.{name}_history").columns,
        },
    }


def _expected_changes(want: jf.Expected, loads: list[tuple[str, str]], cuts: list[int]) -> list[dict]:
    rows = []
    for c in want.changes:
        row = {k: v for k, v in c.items() if k != "ENTRY"}
        if c["ENTRY"] is None:
            row |= dict.fromkeys(LINEAGE)
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


def _file_names(rows: list[dict]) -> list[dict]:
    """source_file as its file name (the landing writes a URL of the path)."""
    return [
        {
            **r,
            "source_file": r["source_file"] and r["source_file"].rsplit("/", 1)[-1],
            "decode_errors": list(r["decode_errors"]),
        }
        for r in rows
    ]


def check(steps) -> None:
    for name, table, i, got, want, loads, cuts in steps:
        where = f"{name} after file {i + 1}"
        assert _file_names(got["changes"]) == _expected_changes(want, loads, cuts), where
        assert jf.by_key(got["current"], table.state_columns) == jf.by_key(want.current, table.state_columns), where
        cols = jf.history_columns(table)
        assert jf.by_key(got["history"], cols) == jf.by_key(want.history, cols), where


@pytest.fixture(scope="module")
def replay_run(spark, tmp_path_factory, jcat_home):
    """Each build after each of the three files is compared with the oracle, so the pieces give what the whole
    journal gives; the whole journal landed as one file is the heavy tests' (each build costs seconds). Buckets of
    3 changes send each build's history through many key buckets, as a big build's are."""
    spark.conf.set(BUCKET_CONF, "3")
    shapes, exports = {}, tmp_path_factory.mktemp("export")
    try:
        return (
            _replay(
                spark, tmp_path_factory, SEED, STEPS, "chg_", "JCATCHG", once=False, shapes=shapes, export_to=exports
            ),
            shapes,
            exports,
        )
    finally:
        spark.conf.unset(BUCKET_CONF)


@pytest.fixture(scope="module")
def replayed(replay_run):
    return replay_run[0]


def test_a_transaction_on_the_table_is_open_at_a_cut(replayed):
    """The harness's choice, checked where the test's meaning depends on it: a change whose image is in the first
    file commits only in the second."""
    first, second = [want for name, _, i, _, want, _, _ in replayed if name == "chg_orders" and i in (0, 1)]
    cuts = replayed[0][-1]
    done = {c["COMMIT_POSITION"] for c in first.changes}
    assert [
        c
        for c in second.changes
        if c["COMMIT_POSITION"] not in done and c["ENTRY"] is not None and jf.place(c["ENTRY"], cuts)[0] == 0
    ]


def test_each_build_gives_the_oracles_changes_current_and_history(replayed):
    check([s for s in replayed if not s[0].endswith("_once")])


@pytest.mark.heavy
def test_the_journal_in_one_file_gives_the_same(spark, tmp_path_factory, jcat_home):
    check([s for s in _replay(spark, tmp_path_factory, SEED, STEPS, "chg_one_", "JCATONE") if s[0].endswith("_once")])


def test_relations_have_the_contracts_columns(replayed):
    images = [f"{side}_{c}" for c in jf.COLUMNS for side in ("BEFORE", "AFTER")]
    for name, table, _, got, _, _, _ in replayed:
        cols = got["columns"]
        assert set(cols["changes"]) >= {
            "OP",
            *images,
            "BEFORE_PRESENT",
            "COMMIT_TIMESTAMP",
            "COMMIT_POSITION",
            "CHANGE_POSITION",
            "TRANSACTION_ID",
            "RRN",
            *LINEAGE,
            "decode_errors",
        }, name
        assert cols["current"] == table.state_columns, name
        assert cols["history"][: len(table.state_columns)] == table.state_columns, name
        assert set(cols["history"]) == set(jf.history_columns(table)), name


@pytest.mark.heavy
def test_a_long_workload_replays_the_same(spark, tmp_path_factory, jcat_home):
    check(_replay(spark, tmp_path_factory, 11, 400, "chg_big_", "JCATBIG"))


def _final(replayed) -> dict:
    """Per table, the oracle after the last file."""
    return {name: (table, want) for name, table, _, _, want, _, _ in replayed}


def test_change_events_hold_each_committed_change_once_as_debezium_writes_it(replay_run):
    """before/after parse back to the oracle's values (DECIMAL as its string); ts_ms is the commit's wall clock in
    the declared zone (ARCHIVE: New York) or the session's (ORDERS: UTC)."""
    replayed, shapes, _ = replay_run
    for name, (table, want) in _final(replayed).items():
        events, _ = shapes[name]
        zone = ZONE if table is jf.ARCHIVE else "UTC"
        assert cs.as_expected(events) == cs.expected_events(want.changes, list(jf.COLUMNS), zone, SCALES), name
        assert {(e["format"], e["schema"], e["table"]) for e in events} == {("ibmi", "JCATCHG", table.system_name)}
    archive = next(e for e in shapes["chg_archive"][0] if e["ts_ms"] is not None)
    orders_like = cs.instant_ms(
        next(
            c["COMMIT_TIMESTAMP"]
            for c in _final(replayed)["chg_archive"][1].changes
            if c["COMMIT_POSITION"] == archive["commit_position"]
        ),
        "UTC",
    )
    assert archive["ts_ms"] - orders_like in (4 * 3_600_000, 5 * 3_600_000)  # New York is 4 or 5 hours behind


def test_change_events_number_a_transactions_events_across_the_tables(replay_run):
    _, shapes, _ = replay_run
    spanning = cs.check_total_order({name: events for name, (events, _) in shapes.items()})
    assert spanning > 0  # the workload's commit cycles touch both files


def test_change_feed_gives_delta_rows_for_each_committed_change(replay_run):
    """insert / update_preimage + update_postimage / delete per change, a delete per row a clear removed;
    _commit_version each commit's number in commit order, _commit_timestamp the instant as ts_ms."""
    replayed, shapes, _ = replay_run
    for name, (table, want) in _final(replayed).items():
        _, feed = shapes[name]
        zone = ZONE if table is jf.ARCHIVE else "UTC"
        assert feed == cs.expected_feed(want.changes, want.history, list(jf.COLUMNS), table.key, zone), name
    assert any(c["OP"] == "t" for _, want in _final(replayed).values() for c in want.changes)


def test_an_export_interrupted_and_resumed_gives_each_committed_change_once_as_debezium_writes_it(replay_run):
    """An export after the second build (stopped after its first file) resumed after the third: per table, one
    file per build in commit order without overlap; their lines together are the oracle's changes, once each."""
    replayed, _, exports = replay_run
    files = cs.exported(exports)
    assert set(files) == set(_final(replayed))
    for name, (table, want) in _final(replayed).items():
        zone = ZONE if table is jf.ARCHIVE else "UTC"
        cs.check_export_files(files[name])
        lines = [e for _, f in files[name] for e in f]
        assert cs.exported_as_expected(lines) == cs.expected_events(want.changes, list(jf.COLUMNS), zone, SCALES)
        assert len(files[name]) == 3, [n for n, _ in files[name]]  # each build committed changes of each table
    assert not (exports / "_staging").exists()


def test_commit_versions_are_given_once_and_kept_by_later_builds(replayed):
    for name, _table, i, got, want, _, _ in replayed:
        final = cs.versions(_final(replayed)[name][1].changes)
        assert got["versions"] == {p: final[p] for p in got["versions"]}, f"{name} after file {i + 1}"
        assert set(got["versions"]) == {c["COMMIT_POSITION"] for c in want.changes}, f"{name} after file {i + 1}"


def test_every_kind_of_value_parses_back_from_the_json_images(spark):
    """Kinds the replay's tables do not have: DATE, TIME (jcat's 'HH:MM:SS' string), TIMESTAMP (with and without a
    zone, read whatever the session's zone), bytes; each as Debezium's JSON converter writes it."""
    import datetime as dt
    import json
    from decimal import Decimal

    from udfs.spark.changes.events import _image

    values = {
        "D": (dt.date(2026, 3, 1), "DATE'2026-03-01'", "date", "DATE"),
        "T": (dt.time(23, 59, 58), "'23:59:58'", "string", "TIME"),
        "TS": (
            dt.datetime(2026, 3, 29, 2, 30, 0, 123456),
            "TIMESTAMP_NTZ'2026-03-29 02:30:00.123456'",
            "timestamp_ntz",
            "TIMESTAMP",
        ),
        "TL": (dt.datetime(1969, 12, 31, 23, 59, 59, 5), "TIMESTAMP'1969-12-31 23:59:59.000005'", "timestamp", None),
        "B": (b"\x00\xff\x10", "X'00FF10'", "binary", "CHAR"),
        "N": (Decimal("-12.30"), "CAST(-12.3 AS DECIMAL(9,2))", "decimal(9,2)", "DECIMAL"),
        "S": ('O\'Brien "x"', "'O\\'Brien \"x\"'", "string", "VARCHAR"),
        "Z": (None, "CAST(NULL AS DATE)", "date", "DATE"),
    }
    select = ", ".join(f"{sql} AS AFTER_{c}" for c, (_, sql, _, _) in values.items())
    sql = _image("AFTER", [(c, t) for c, (_, _, t, _) in values.items()], {c: d for c, (*_, d) in values.items()})
    zone = spark.conf.get("spark.sql.session.timeZone")
    try:
        for session in ("UTC", "Asia/Kolkata"):
            spark.conf.set("spark.sql.session.timeZone", session)
            (got,) = spark.sql(f"SELECT {sql} FROM (SELECT {select})").first()
            assert json.loads(got) == {c: cs.debezium_value(v, 2) for c, (v, *_) in values.items()}, session
    finally:
        spark.conf.set("spark.sql.session.timeZone", zone)

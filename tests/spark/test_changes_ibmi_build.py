"""A declared IBM i table's changes, current state and history, built by jcat from two loads of its journal.

The journal is written entry by entry from IBM's rules (support.ibmi.images for the record buffer, support.ibmi.entries
for the *TYPE5 heading): a committed cycle that inserts and updates, a change outside commitment control, a cycle
rolled back with its compensating entry, an entry of another file, and a cycle still in flight at the end of the
first load whose C CM comes in the second. Expected rows are written here from that story, not from jcat.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
from decimal import Decimal

import pytest
from support import REPO
from support.declared import declared_project
from support.ibmi import images as img
from support.ibmi.entries import HEADING, type5_record

from udfs.dbt.runner import run_dbt
from udfs.spark.changes import build_changes
from udfs.spark.landing.loader import load

# The suite's end-to-end check is test_changes_ibmi_replay.py (a generated workload against its oracle); this
# story, with its rows written out by hand, runs under `-m heavy` (each build costs seconds).
pytestmark = [pytest.mark.spark, pytest.mark.heavy]

DDL = """CREATE TABLE SHOP.ORDERS (
  ORDER_ID INTEGER NOT NULL ,
  NOTE CHAR(8) CCSID 37 NOT NULL ,
  AMOUNT DECIMAL(7, 2) DEFAULT NULL ,
  PRIMARY KEY( ORDER_ID ) ) ;
"""
RECORD_LENGTH = 640
T0 = dt.datetime(2026, 3, 1, 8, 0, 0)
JOBS = {
    "A": ("JOBA", "000000000000000A"),
    "B": ("JOBB", "000000000000000B"),
    "C": ("JOBC", "000000000000000C"),
    "D": ("JOBD", "000000000000000D"),
}


def entry(seq: int, code: str, typ: str, job: str, cycle: int = 0, row=None, rrn: int = 0, file: str = "ORDERS"):
    name, thread = JOBS[job]
    esd = b""
    if row is not None:
        order_id, note, amount = row
        esd = img.integer(order_id) + img.char(note, 8) + img.packed(amount or Decimal(0), 7, 2)
    nulls = img.null_indicators([False, False, row is not None and row[2] is None])
    return type5_record(
        {
            **HEADING,
            "JOSEQN": seq,
            "JOCODE": code,
            "JOENTT": typ,
            "JOTSTP": T0 + dt.timedelta(seconds=seq),
            "JOJOB": name,
            "JOTHDX": thread,
            "JOCCID": cycle,
            "JOLIB": "SHOP",
            "JOOBJ": file,
            "JOMBR": file,
            "JOCTRR": rrn,
            "JONVI": nulls,
            "JORCVLIB": "SHOPJRN",  # this story's journal: its receivers are no other test's
        },
        esd,
        record_length=RECORD_LENGTH,
    )


FIRST = [
    entry(101, "C", "SC", "A", 101),
    entry(102, "R", "PT", "A", 101, (1, "a", Decimal("1.00")), 1),
    entry(103, "R", "PT", "A", 101, (2, "b", None), 2),
    entry(104, "R", "UB", "A", 101, (1, "a", Decimal("1.00")), 1),
    entry(105, "C", "SC", "C", 105),
    entry(106, "R", "UP", "A", 101, (1, "a2", Decimal("1.50")), 1),
    entry(107, "R", "DL", "C", 105, (2, "b", None), 2),  # cycle 105: in flight at the end of this load
    entry(108, "C", "CM", "A", 101),
    entry(109, "R", "PT", "B", 0, (3, "c", Decimal("3.00")), 3),  # outside commitment control
    entry(110, "C", "SC", "D", 110),
    entry(111, "R", "PT", "D", 110, (5, "e", Decimal("5.00")), 5),
    entry(112, "R", "DR", "D", 110, (5, "e", Decimal("5.00")), 5),  # the rollback's compensation
    entry(113, "C", "RB", "D", 110),
    entry(114, "R", "PT", "B", 0, (9, "other", None), 1, file="INVOICES"),  # another file
    entry(115, "R", "PT", "C", 105, (4, "d", Decimal("4.00")), 4),
]
SECOND = [
    entry(116, "R", "UB", "B", 0, (3, "c", Decimal("3.00")), 3),
    entry(117, "R", "UP", "B", 0, (3, "c2", None), 3),
    entry(118, "C", "CM", "C", 105),
]


def pos(seq: int) -> str:
    return f"{0:04X}{seq:020X}"


AT = {s: T0 + dt.timedelta(seconds=s) for s in (108, 109, 117, 118)}


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory, jcat_home):
    with declared_project(tmp_path_factory, "orders_log", DDL, "--log", "ibmi", "--journaled", "SHOP/ORDERS") as root:
        results = []
        for i, records in enumerate((FIRST, SECOND)):
            journal = root.parent / f"JRN{i}.bin"
            journal.write_bytes(b"".join(records))
            load(spark, "qjordje5", [str(journal)], record_length=RECORD_LENGTH)
            assert run_dbt(spark, ["run", "--select", "journal_entries_decoded", "orders_log_images_decoded"])
            results.append(build_changes(spark, "orders_log"))
            results.append(
                spark.sql("select ORDER_ID, NOTE, AMOUNT from jcat.orders_log_current order by ORDER_ID").collect()
            )
        yield results + [root]  # the build results and currents of each load, then the project


def test_the_first_load_gives_its_committed_changes_and_holds_the_cycle_in_flight(spark, built):
    first, current = built[0], built[1]
    assert (first.changes, first.pending) == (4, 3)  # cycle 105: its C SC, DL and PT wait
    assert [tuple(r) for r in current] == [(1, "a2", Decimal("1.50")), (2, "b", None), (3, "c", Decimal("3.00"))]


def test_changes_in_commit_order_with_both_images(spark, built):
    rows = spark.sql(
        "select OP, BEFORE_ORDER_ID, BEFORE_NOTE, AFTER_ORDER_ID, AFTER_NOTE, AFTER_AMOUNT, "
        "BEFORE_PRESENT, COMMIT_POSITION, CHANGE_POSITION, TRANSACTION_ID, COMMIT_TIMESTAMP, RRN, "
        "decode_errors from jcat.orders_log_changes order by COMMIT_POSITION, CHANGE_POSITION"
    ).collect()
    assert [tuple(r) for r in rows] == [
        ("c", None, None, 1, "a", Decimal("1.00"), False, pos(108), 1, "101", AT[108], 1, []),
        ("c", None, None, 2, "b", None, False, pos(108), 2, "101", AT[108], 2, []),
        ("u", 1, "a", 1, "a2", Decimal("1.50"), True, pos(108), 3, "101", AT[108], 1, []),
        ("c", None, None, 3, "c", Decimal("3.00"), False, pos(109), 1, None, AT[109], 3, []),
        ("u", 3, "c", 3, "c2", None, True, pos(117), 1, None, AT[117], 3, []),
        ("d", 2, "b", None, None, None, True, pos(118), 1, "105", AT[118], 2, []),
        ("c", None, None, 4, "d", Decimal("4.00"), False, pos(118), 2, "105", AT[118], 4, []),
    ]


def test_the_second_load_commits_the_held_cycle_once(spark, built):
    second, current = built[2], built[3]
    assert (second.changes, second.pending) == (3, 0)
    assert [tuple(r) for r in current] == [(1, "a2", Decimal("1.50")), (3, "c2", None), (4, "d", Decimal("4.00"))]
    assert spark.table("jcat.orders_log_pending").count() == 0


def test_history_has_one_version_per_key_and_transaction(spark, built):
    rows = spark.sql(
        "select ORDER_ID, NOTE, VALID_FROM_POSITION, VALID_TO_POSITION, VALID_FROM, VALID_TO "
        "from jcat.orders_log_history order by ORDER_ID, VALID_FROM_POSITION"
    ).collect()
    assert [tuple(r) for r in rows] == [
        (1, "a2", pos(108), None, AT[108], None),  # inserted and updated in one transaction: one version
        (2, "b", pos(108), pos(118), AT[108], AT[118]),
        (3, "c", pos(109), pos(117), AT[109], AT[117]),
        (3, "c2", pos(117), None, AT[117], None),
        (4, "d", pos(118), None, AT[118], None),
    ]


def test_a_build_with_nothing_new_changes_nothing(spark, built):
    again = build_changes(spark, "orders_log")
    assert (again.changes, again.loads) == (0, [])
    assert spark.table("jcat.orders_log_changes").count() == 7


# ---- a build killed by SIGKILL leaves nothing visible; its rerun applies each change once -------------------

CHECK = """
import json
from udfs.spark.runtime import start
spark = start(master="local[1]")
seen = {}
if spark.catalog.tableExists("jcat.orders_kill_changes"):
    rows = spark.sql("select COMMIT_POSITION, CHANGE_POSITION from jcat.orders_kill_changes").collect()
    seen = {"changes": len(rows), "distinct": len(set(map(tuple, rows))),
            "builds": spark.table("jcat.orders_kill_builds").count(),
            "current": [list(r) for r in spark.sql("select ORDER_ID, NOTE from jcat.orders_kill_current "
                                                   "order by 1").collect()]}
print("SEEN " + json.dumps(seen))
"""


def _env(root, home) -> dict:
    """A user's environment: this project, its own home, the embedded metastore (one process at a time)."""
    return dict(
        os.environ, JCAT_HOME=str(home), JCAT_PROJECT_DIR=str(root), PYTHONPATH=str(REPO), JCAT_METASTORE="embedded"
    )


def _jcat(root, home, *argv, pause=None, marker=None):
    env = _env(root, home)
    if pause:
        env.update(JCAT_TEST_PAUSE_AT=pause, JCAT_TEST_PAUSE_FILE=str(marker))
    cmd = [sys.executable, "-m", "udfs.cli", "--master", "local[1]", *argv]
    if pause:
        return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)


def _seen(root, home) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", CHECK], env=_env(root, home), capture_output=True, text=True, timeout=900
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads([ln for ln in run.stdout.splitlines() if ln.startswith("SEEN ")][-1][5:])


def _killed_build(root, home, point: str, marker) -> None:
    proc = _jcat(
        root,
        home,
        "build",
        "--select",
        "journal_entries_decoded",
        "orders_kill_images_decoded",
        pause=point,
        marker=marker,
    )
    try:
        deadline = time.time() + 900
        while not marker.exists():
            assert proc.poll() is None and time.time() < deadline, proc.stdout.read().decode()[-3000:]
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGKILL)  # the CLI, its JVM and Python workers, all at once
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)


def test_a_killed_build_leaves_nothing_and_its_rerun_applies_each_change_once(tmp_path_factory):
    """Processes as a user runs them: `jcat load`, then `jcat build` SIGKILLed at the changes' commit (ledger row
    staged, not renamed) and rerun; then the second load, its build killed after its files were moved in, rerun."""
    with declared_project(tmp_path_factory, "orders_kill", DDL, "--log", "ibmi", "--journaled", "SHOP/ORDERS") as root:
        home = root.parent / "home"
        for i, (records, point, want) in enumerate([(FIRST, "changes-commit", 4), (SECOND, "changes-moved", 7)]):
            journal = root.parent / f"KILL{i}.bin"
            journal.write_bytes(b"".join(records))
            run = _jcat(root, home, "load", "qjordje5", str(journal), "--record-length", str(RECORD_LENGTH))
            assert run.returncode == 0, run.stderr[-3000:]
            before = _seen(root, home)
            _killed_build(root, home, point, root.parent / f"pause-{i}")
            assert _seen(root, home) == before  # nothing of the killed build is visible
            run = _jcat(root, home, "build", "--select", "journal_entries_decoded", "orders_kill_images_decoded")
            assert run.returncode == 0, run.stderr[-3000:]
            seen = _seen(root, home)
            assert (seen["changes"], seen["distinct"], seen["builds"]) == (want, want, i + 1), seen
        assert seen["current"] == [[1, "a2"], [3, "c2"], [4, "d"]]
        _killed_export_then_resumed(root, home, want)


def test_selecting_a_tables_current_state_builds_it_from_scratch(tmp_path_factory):
    """As a dbt user selects: in a new home with the journal landed and nothing built, `jcat build --select
    +NAME_current` builds the models the table's changes read, then its changes; dbt is never told a name it does
    not know ("Nothing to do")."""
    with declared_project(tmp_path_factory, "orders_sel", DDL, "--log", "ibmi", "--journaled", "SHOP/ORDERS") as root:
        home = root.parent / "home"
        journal = root.parent / "JRN.bin"
        journal.write_bytes(b"".join(FIRST + SECOND))
        run = _jcat(root, home, "load", "qjordje5", str(journal), "--record-length", str(RECORD_LENGTH))
        assert run.returncode == 0, run.stderr[-3000:]
        run = _jcat(root, home, "build", "--select", "+orders_sel_current")
        assert run.returncode == 0, run.stderr[-3000:]
        assert "Nothing to do" not in run.stdout + run.stderr
        assert "orders_sel" in run.stderr  # the table's build said what it did
        query = "select ORDER_ID, NOTE from jcat.orders_sel_current order by ORDER_ID"
        run = _jcat(root, home, "sql", query, "--format", "json")
        assert run.returncode == 0, run.stderr[-3000:]
        rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        assert rows == [{"ORDER_ID": 1, "NOTE": "a2"}, {"ORDER_ID": 3, "NOTE": "c2"}, {"ORDER_ID": 4, "NOTE": "d"}]


def _killed_export_then_resumed(root, home, changes: int) -> None:
    """`jcat changes export` SIGKILLed after its first file (of the two builds' two) was renamed into place, then
    run again: the folder holds each committed change once, in two files."""
    out, marker = root.parent / "export", root.parent / "pause-export"
    proc = _jcat(root, home, "changes", "export", "--to", str(out), pause="export-moved", marker=marker)
    try:
        deadline = time.time() + 900
        while not marker.exists():
            assert proc.poll() is None and time.time() < deadline, proc.stdout.read().decode()[-3000:]
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
    assert len(list((out / "orders_kill").glob("*.jsonl"))) == 1 and (out / "_staging").is_dir()
    run = _jcat(root, home, "changes", "export", "--to", str(out))
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.count("jcat: orders_kill: ") == 1, run.stdout  # the second build's file only
    written = sorted((out / "orders_kill").iterdir())
    lines = [json.loads(x) for f in written for x in f.read_text().splitlines()]
    places = [(e["source"]["commit_position"], e["source"]["change_position"]) for e in lines]
    assert len(written) == 2 and len(lines) == changes and places == sorted(set(places)), [f.name for f in written]


def test_a_replaced_load_rebuilds_from_the_first_load(spark, built):
    """The first file landed again with `--replace`, changed (its last entry, order 4's insert in cycle 105, gone):
    the changes are rebuilt from the current loads, and say so. The incremental table still holds the superseded
    load's rows (until a full refresh): the landing ledger decides what is current."""
    journal = built[-1].parent / "JRN0.bin"
    journal.write_bytes(b"".join(FIRST[:-1]))
    load(spark, "qjordje5", [str(journal)], record_length=RECORD_LENGTH, replace=True)
    assert run_dbt(spark, ["run", "--select", "journal_entries_decoded", "orders_log_images_decoded"])
    again = build_changes(spark, "orders_log")
    assert again.rebuilt and "replaced or removed" in again.rebuilt
    ops = [
        tuple(r)
        for r in spark.sql(
            "select OP, coalesce(AFTER_ORDER_ID, BEFORE_ORDER_ID) from "
            "jcat.orders_log_changes order by COMMIT_POSITION, CHANGE_POSITION"
        ).collect()
    ]
    assert ops == [("c", 1), ("c", 2), ("u", 1), ("c", 3), ("u", 3), ("d", 2)]
    assert [r[0] for r in spark.sql("select ORDER_ID from jcat.orders_log_current order by 1").collect()] == [1, 3]

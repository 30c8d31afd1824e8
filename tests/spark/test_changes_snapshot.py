"""A declared IBM i table started from a snapshot, end to end: the generated workload's journal is landed from an
entry before the snapshot's position (so the two overlap) in two files, a CPYF copy of ORDERS taken at a journal
entry in the middle is landed with `jcat load orders FILE --snapshot-at SEQUENCE` after the first file was built,
and `<name>_changes`, `<name>_current` and `<name>_history` must equal the oracle started from the snapshot
(support.ibmi.snapshot). A second snapshot whose copy repeats a key rebuilds, and says both in one line each.
"""

from __future__ import annotations

import pytest
from support.declared import declared_project
from support.ibmi import journal_files as jf
from support.ibmi import snapshot as snap

from udfs.cli import main
from udfs.dbt.runner import run_dbt
from udfs.spark.landing.loader import load

# Under -m heavy (suite time): the suite starts a table from a snapshot in the IBMSNAP replay (the same 'r' rows,
# changes left out in one line, later ones on top); this module adds the CPYF copy's decoding and the rebuilds.
pytestmark = [pytest.mark.spark, pytest.mark.heavy]

SEED, STEPS, LIB = 28, 120, "JCATSNP"  # ORDERS has before images; 7 rows, 2 NULLs at the copy
NAME = "snap_orders"
LINEAGE = ["source_file", "record_offset", "record_number", "load_id"]


def _land_journal(spark, path, records: list[bytes]) -> str:
    path.write_bytes(b"".join(records))
    return load(spark, "qjordje5", [str(path)], record_length=jf.RECORD_LENGTH).load_id


def _land_snapshot(spark, root, file_name: str, rows: list[dict], sequence: int) -> list[dict]:
    path = root.parent / file_name
    records = snap.cpyf_records(rows)
    path.write_bytes(b"".join(records))
    assert main(["load", NAME, str(path), "--snapshot-at", str(sequence), "--quiet"]) == 0
    load_id = spark.sql(f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{NAME}'").first()[0]
    width = len(records[0])
    return [
        {"source_file": file_name, "record_offset": i * width, "record_number": i + 1, "load_id": load_id}
        for i in range(len(rows))
    ]


def _build(spark, journal_landed: bool = True):
    from udfs.spark.changes import build_changes

    if journal_landed:  # a snapshot alone needs no dbt run: the build reads it from its raw view
        assert run_dbt(spark, ["run", "--select", "journal_entries_decoded", f"{NAME}_images_decoded"])
    return build_changes(spark, NAME)


def _sel(columns: list[str]) -> str:
    """Timestamps compared as the wall clock the journal wrote (whatever the session's time zone)."""
    times = ("COMMIT_TIMESTAMP", "VALID_FROM", "VALID_TO")
    return ", ".join(f"cast(`{c}` as timestamp_ntz) as `{c}`" if c in times else f"`{c}`" for c in columns)


def _got(spark) -> dict:
    cols = [c for c in jf.change_columns() if c != "ENTRY"] + LINEAGE
    changes = spark.sql(
        f"select {_sel(cols)} from jcat.{NAME}_changes order by COMMIT_POSITION, CHANGE_POSITION"
    ).collect()
    hist = _sel(jf.history_columns(jf.ORDERS))
    return {
        "changes": [
            {
                **r.asDict(),
                "source_file": r["source_file"].rsplit("/", 1)[-1],
                "decode_errors": list(r["decode_errors"]),
            }
            for r in changes
        ],
        "current": spark.sql(f"select * from jcat.{NAME}_current").collect(),
        "history": [r.asDict() for r in spark.sql(f"select {hist} from jcat.{NAME}_history").collect()],
    }


@pytest.fixture(scope="module")
def started(spark, tmp_path_factory, jcat_home):
    workload = jf.generate(SEED, STEPS)
    files = jf.write(workload, library=LIB)
    e = files.journal.entries
    epoch = e["RESET_EPOCH"].mode()[0]  # the longest sequence epoch: the journal lands from inside it
    inside = e.index[e["RESET_EPOCH"] == epoch]
    full = jf.expected(workload, files.journal, jf.ORDERS)
    middle = [int(i) for i in inside[len(inside) // 3 : len(inside) * 2 // 3]]
    at = max(middle, key=lambda i: len(snap.state_at(full, jf._position(e, i), jf.ORDERS)))  # the copy taken here
    start = max(i for i in snap.quiet_points(files.journal) if i in inside and i < at - 10)  # the journal from here
    cut = (at + len(e)) // 2  # the first journal file goes past the snapshot: they overlap
    position = jf._position(e, at)
    state = snap.state_at(full, position, jf.ORDERS)
    rows = [snap.snapshot_row(r) for r in state]
    out = {"copied_nulls": sum(v is None for r in state for v in r.values())}
    with declared_project(tmp_path_factory, NAME, jf.ORDERS.ddl(LIB), "--log", "ibmi") as root:
        first = _land_journal(spark, root.parent / "SNPJRN0.bin", files.records[start:cut])
        _build(spark)
        lineage = _land_snapshot(spark, root, "ORDERS.CPYF", rows, int(e.at[at, "SEQUENCE"]))
        out["snapshot_build"] = _build(spark, journal_landed=False)
        second = _land_journal(spark, root.parent / "SNPJRN1.bin", files.records[cut:])
        out["last_build"] = _build(spark)

        def log_lineage(entry: int) -> dict:
            name, base, load_id = ("SNPJRN0.bin", start, first) if entry < cut else ("SNPJRN1.bin", cut, second)
            return {
                "source_file": name,
                "record_offset": (entry - base) * jf.RECORD_LENGTH,
                "record_number": entry - base + 1,
                "load_id": load_id,
            }

        out["want"] = snap.expected_from(full, position, rows, lineage, jf.ORDERS, log_lineage, int(epoch))
        out["got"] = _got(spark)
        out["overlap"] = [c for c in full.changes if jf._position(e, start) <= c["COMMIT_POSITION"] <= position]
        out["rows"] = rows
        repeated = [*rows, rows[0]]  # the copy holds one key twice
        _land_snapshot(spark, root, "ORDERS2.CPYF", repeated, int(e.at[at, "SEQUENCE"]))
        out["second"] = _build(spark, journal_landed=False)
        out["then"] = _build(spark, journal_landed=False)  # nothing new: the copy not read stays consumed
        out["second_first_row"] = spark.sql(
            f"select AFTER_ORDER_ID, CHANGE_POSITION from jcat.{NAME}_changes where OP = 'r' order by CHANGE_POSITION"
        ).collect()
        out["unplaced"] = _build_without_a_position(spark)
    return out


def _build_without_a_position(spark) -> str:
    """The latest copy's position file gone, as when its `jcat load` is killed before writing it: the build says
    so and stops, never ignoring the copy."""
    from udfs.spark.changes import build_changes
    from udfs.spark.changes.snapshots import positions_dir
    from udfs.spark.landing.sources import delete_path, list_dirs

    folder = positions_dir(spark, NAME)
    delete_path(spark, f"{folder}/{max(list_dirs(spark, folder))}")
    with pytest.raises(Exception) as e:
        build_changes(spark, NAME)
    return str(e.value)


def test_the_relations_are_the_oracles_started_from_the_snapshot(started):
    got, want = started["got"], started["want"]
    assert started["overlap"], "the landed journal must hold changes the snapshot already has"
    ops = {c["OP"] for c in want.changes}
    assert "r" in ops and ops - {"r"}, "the snapshot's rows and later changes both"
    assert started["copied_nulls"], "NULLs at the snapshot's position, which the flat-file copy gives as defaults"
    assert got["changes"] == want.changes
    state = jf.ORDERS.state_columns
    assert jf.by_key([r.asDict() for r in got["current"]], state) == jf.by_key(want.current, state)
    cols = jf.history_columns(jf.ORDERS)
    assert jf.by_key(got["history"], cols) == jf.by_key(want.history, cols)


def test_a_snapshot_landed_after_a_build_rebuilds_and_counts_what_it_holds(started):
    built = started["snapshot_build"]
    assert built.rebuilt and "snapshot load" in built.rebuilt, built
    left_out = [line for line in built.lines if "at or before the snapshot's position" in line]
    assert len(left_out) == 1 and left_out[0].split(": ")[2].startswith(f"{len(started['overlap'])} changes"), (
        built.lines
    )
    assert not started["last_build"].rebuilt


def test_a_second_snapshot_with_a_repeated_key_rebuilds_from_it_and_says_so(started):
    second = started["second"]
    assert second.rebuilt and "snapshot load" in second.rebuilt, second
    assert [line for line in second.lines if "1 rows whose key an earlier row has" in line], second.lines
    assert [line for line in second.lines if "2 snapshot loads: the latest" in line], second.lines
    assert not started["then"].rebuilt and not started["then"].loads, started["then"]
    rows = started["second_first_row"]
    assert len(rows) == len(started["rows"]) + 1  # every record of the copy is an 'r' change
    assert rows[-1]["AFTER_ORDER_ID"] == rows[0]["AFTER_ORDER_ID"]


def test_a_snapshot_without_its_position_stops_the_build_in_one_line(started):
    line = started["unplaced"]
    assert "has no recorded position" in line and "--snapshot-at POSITION --replace" in line, line
    assert "\n" not in line

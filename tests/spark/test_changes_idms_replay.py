"""Changes, current state and history of a declared IDMS record, end to end: a journal of interleaved transaction
branches (support.idms.workload: stores, modifies and erases of a few DB_KEYs by unit after unit, ABRTs
after COMTs, distributed units decided by DCOM/DBAK, units in flight) written with the IDMS encoder, each present
image a pointer prefix then an EMP record written by the tests' own field encoders (support.idms.images), landed in
three pieces with a build after each (a unit in flight at the first cut commits in the second piece), must give
`<name>_changes` as the commit decisions of the workload's oracle (support.idms.oracle) say, and
`<name>_current` and `<name>_history` as the SCD2 replay of those changes (support.scd2_oracle) says.

Started from a snapshot: a second table on the same journal, the record keyed by its copybook field EMP_ID (which
the images hold equal to the DB_KEY), starts from a file of the record's occurrences at one commit's SEQ, landed
with `jcat load NAME FILE --snapshot-at SEQ`; its one build over the three pieces must give the file's records as
'r' changes at that commit (a field that does not decode NULL and named), leave out the changes committed at or
before it (one line) and apply the later ones on top, as the oracle started there says.
"""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pandas as pd
import pytest
from support import change_shapes as cs
from support.declared import copybook_project
from support.idms import images as idms_images
from support.idms import oracle
from support.idms import workload as wl
from support.idms.project import forget_loads, unland
from support.scd2_oracle import Replay

from udfs.cli import main
from udfs.core.layouts import idms as layout
from udfs.dbt.runner import run_dbt
from udfs.spark.landing.loader import load

pytestmark = [pytest.mark.spark]

NAME, SEED, STEPS, RECORD_ID = "empchg", 11, 110, 815
STATE = ["DB_KEY", "EMP_ID", "EMP_NAME", "SALARY"]
HISTORY = [*STATE, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]
LINEAGE = ["source_file", "record_offset", "record_number", "load_id"]
CARRIES_LID = layout.TXAI  # the record types with a TRANSACT-ID field


def workload() -> pd.DataFrame:
    """The generator's records, ROW_ID their journal position (the oracle's first landing of a record)."""
    w = wl.generate(SEED, steps=STEPS, rare=False).sort_values("SEQ").reset_index(drop=True)
    w["ROW_ID"] = range(len(w))
    return w


def values(r) -> tuple[int, str, int]:
    """The EMP record an image holds: its DB_KEY's employee, a name and salary of the record's SEQ."""
    return int(r.DB_KEY), f"E{int(r.SEQ) % 100000}", int(r.SEQ) % 1_000_000 - 500_000


def record_bytes(r) -> bytes:
    v: dict = {"SEQ": int(r.SEQ), "GMT": pd.Timestamp(r.GMT).to_pydatetime(), "QUAL_CV": r.CV}
    if r.RECORD_TYPE in CARRIES_LID and not pd.isna(r.LID):
        v["TRANSACT_ID"] = int(r.LID)
    image, lids = b"", tuple(int(x) for x in r.LIDS) if r.LIDS is not None else ()
    if r.RECORD_TYPE in ("BFOR", "AFTR"):
        v.update(
            DB_KEY=int(r.DB_KEY),
            USER_REC_ID=RECORD_ID,
            PREFIX_LEN=len(idms_images.PREFIX),
            SPAN_OFFSET=int(r.SPAN_OFFSET),
        )
        image = idms_images.PREFIX + idms_images.data(*values(r)) if r.IMAGE_LEN else b""
    return layout.encode(r.RECORD_TYPE, v, image=image, lids=lids)


def cuts(w: pd.DataFrame) -> list[int]:
    """Three pieces: the first cut where an image's unit is still in flight and commits before the second."""
    n = len(w)
    second = 2 * n // 3
    committed = oracle.replay(w.iloc[:second])
    done = {row for c in committed.changes for row in c[1:3] if row is not None}
    for first in range(n // 3, second):
        if oracle.replay(w.iloc[:first]).pending & done:
            return [first, second, n]
    raise AssertionError("no unit in flight at the first cut commits in the second piece")


def _ntz(column: str) -> str:
    return f"cast(`{column}` as timestamp_ntz) as `{column}`"


def _got(spark, name: str = NAME, state=None, history=None) -> dict:
    """The table's changes, current rows and history as the tests compare them (by default the module's table)."""
    state, history = state or STATE, history or HISTORY
    cols = [
        "OP",
        *[f"{s}_{c}" for s in ("BEFORE", "AFTER") for c in state],
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
    hist = ", ".join(_ntz(c) if c in ("VALID_FROM", "VALID_TO") else f"`{c}`" for c in history)
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
        "columns": {v: spark.table(f"jcat.{name}_{v}").columns for v in ("changes", "current", "history")},
    }


def _image(w: pd.DataFrame, row_id, side: str) -> dict:
    if row_id is None:
        return {f"{side}_{c}": None for c in STATE}
    emp_id, name, cents = values(w.iloc[row_id])
    return {
        f"{side}_DB_KEY": int(w.iloc[row_id].DB_KEY),
        f"{side}_EMP_ID": emp_id,
        f"{side}_EMP_NAME": name,
        f"{side}_SALARY": Decimal(cents).scaleb(-2),
    }


def expected(w: pd.DataFrame, cut: int, places: dict) -> dict:
    decided = oracle.replay(w.iloc[:cut])
    assert not decided.problems, decided.problems  # rare=False: a journal the rules resolve cleanly
    rows = []
    for op, before, after, present, position, number, transaction, ts in decided.changes:
        file, offset, record_number, load_id = places[after if after is not None else before]
        rows.append(
            {
                "OP": op,
                **_image(w, before, "BEFORE"),
                **_image(w, after, "AFTER"),
                "BEFORE_PRESENT": present,
                "COMMIT_TIMESTAMP": ts.to_pydatetime(),
                "COMMIT_POSITION": position,
                "CHANGE_POSITION": number,
                "TRANSACTION_ID": transaction,
                "source_file": file,
                "record_offset": offset,
                "record_number": record_number,
                "load_id": load_id,
                "decode_errors": [],
            }
        )
    replay = Replay(["DB_KEY"], STATE)
    replay.run(rows)
    versions = [*replay.closed, *replay.open.values()]
    return {
        "changes": rows,
        "current": sorted(replay.rows.values(), key=_sortable),
        "history": sorted((tuple(v[c] for c in HISTORY) for v in versions), key=_sortable),
        "pending": len(decided.pending),
    }


def _sortable(row):
    return tuple((v is not None, v) for v in row)


def land_piece(spark, root, w: pd.DataFrame, i: int, start: int, end: int, places: dict) -> None:
    """Records start..end as journal file i, landed; where each record landed goes into places (by ROW_ID)."""
    piece = [record_bytes(r) for r in w.iloc[start:end].itertuples(index=False)]
    journal = root.parent / f"{NAME}{i}.jrn"
    journal.write_bytes(b"".join(piece))
    landed = load(spark, "idms", [str(journal)])
    assert landed.ok
    offset = 0
    for n, (row_id, record) in enumerate(zip(range(start, end), piece)):
        places[row_id] = (journal.name, offset, n + 1, landed.load_id)
        offset += len(record)


@pytest.fixture(scope="module")
def replayed(spark, tmp_path_factory, jcat_home):
    from udfs.spark.changes import build_all, build_changes

    unland(spark)  # jcat.raw_idms as the loader makes it, holding only this module's records
    forget_loads(spark)
    w = workload()
    seen, places, start = [], {}, 0
    copybook = _copybook(tmp_path_factory)
    with copybook_project(tmp_path_factory, NAME, copybook, "--record-id", str(RECORD_ID), log="idms") as root:
        for i, end in enumerate(cuts(w)):
            land_piece(spark, root, w, i, start, end, places)
            # run, not build: jcat's own data tests would see every module's records landed in this worker (the
            # view idms_journal once: it shows every load)
            if i == 2:  # the snapshot's table: its twin in the same dbt run (a dbt run costs seconds of parsing)
                _declare_snapshot_table(copybook)
            assert run_dbt(
                spark,
                [
                    "run",
                    "--select",
                    *(["idms_journal"] if i == 0 else []),
                    f"{NAME}_images_decoded",
                    *([f"{SNAP_NAME}_images_decoded"] if i == 2 else []),
                ],
            )
            result = build_changes(spark, NAME)
            seen.append((i, result, _got(spark), expected(w, end, places)))
            start = end
        seen[-1][2]["events"], seen[-1][2]["feed"] = cs.got_events(spark, NAME), cs.got_feed(spark, NAME, STATE)
        out = StringIO()
        assert build_all(spark, [NAME], out=out)  # `jcat build`'s step: the IDMS table is among those it builds
        seen.append(("build_all", out.getvalue()))
        snap = started_from_snapshot(spark, root, w, places)
    return w, seen, snap


def _copybook(tmp_path_factory):
    path = tmp_path_factory.mktemp("copybook") / "emp.cpy"
    path.write_text(idms_images.EMP)
    return path


def test_each_build_gives_the_oracles_changes_current_and_history(replayed):
    _, seen, _ = replayed
    before = 0
    for i, result, got, want in seen[:-1]:
        where = f"after piece {i + 1}"
        assert got["changes"] == want["changes"], where
        assert sorted(got["current"], key=_sortable) == want["current"], where
        assert sorted(got["history"], key=_sortable) == want["history"], where
        assert (result.changes, result.pending) == (len(want["changes"]) - before, want["pending"]), where
        before = len(want["changes"])


def test_change_events_and_change_feed_hold_each_committed_change_once(replayed):
    """The envelope's images parse back to the oracle's values (SALARY, DECIMAL(9,2), as its string; EMP_ID, INT:
    Cobrix types PIC 9(6) so), ts_ms the GMT the journal wrote; the feed's rows are Delta's for each change."""
    _, seen, _ = replayed
    _, _, got, want = seen[-2]
    history = [dict(zip(HISTORY, v)) for v in want["history"]]
    assert cs.as_expected(got["events"]) == cs.expected_events(want["changes"], STATE, "UTC", {"SALARY": 2})
    assert {(e["format"], e["schema"], e["table"]) for e in got["events"]} == {("idms", None, "EMP_REC")}
    assert got["feed"] == cs.expected_feed(want["changes"], history, STATE, ["DB_KEY"], "UTC")
    assert {c["OP"] for c in want["changes"]} >= {"c", "u", "d"}


def test_jcat_build_builds_the_idms_table_and_finds_it_up_to_date(replayed):
    assert f"jcat: {NAME}_changes: up to date (no new load)" in replayed[1][-1][1]


def test_a_unit_in_flight_at_the_first_cut_comes_out_whole_in_the_second_build(replayed):
    _, seen, _ = replayed
    assert seen[0][1].pending and seen[1][1].changes


def test_the_workload_holds_what_the_rules_are_about(replayed):
    """The harness's choices, checked where the test's meaning depends on them."""
    w, seen, _ = replayed
    changes = seen[2][3]["changes"]
    assert {c["OP"] for c in changes} == {"c", "u", "d"}
    commits_per_key: dict = {}
    for c in changes:
        commits_per_key.setdefault(c["AFTER_DB_KEY"] or c["BEFORE_DB_KEY"], set()).add(c["COMMIT_POSITION"])
    assert max(len(v) for v in commits_per_key.values()) >= 3  # later units change what earlier ones stored
    types = w["RECORD_TYPE"].tolist()
    assert "DCOM" in types and "DIND" in types and "ABRT" in types
    dcom = {f"{int(r.SEQ):016X}" for r in w.itertuples() if r.RECORD_TYPE == "DCOM"}
    assert any(c["COMMIT_POSITION"] in dcom for c in changes)  # a distributed unit's changes, at its DCOM
    by_lid = w[w["LID"].notna()].groupby("LID")["RECORD_TYPE"].apply(list)
    assert any("ABRT" in t and "COMT" in t[: t.index("ABRT")] for t in by_lid)  # a rollback after a commit
    assert (w["IMAGE_LEN"] == 0).any()
    assert len({c["TRANSACTION_ID"].split(".")[0] for c in changes}) >= 3  # interleaved LIDs


def test_relations_have_the_contracts_columns(replayed):
    cols = replayed[1][2][2]["columns"]
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
    assert cols["history"] == HISTORY


# ---- started from a snapshot ----------------------------------------------------------------------------------

SNAP_NAME = "empsnap"
KEYED = ["EMP_ID", "EMP_NAME", "SALARY"]
BAD_SIGN = {"EMP_ID": 999_999, "EMP_NAME": "ZED", "SALARY": None}  # no unit touches it; its SALARY's sign is no sign
KEYED_HISTORY = [*KEYED, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]


def _keyed(change: dict) -> dict:
    return {k: v for k, v in change.items() if not k.endswith("_DB_KEY")}


def _occurrence(row: dict) -> bytes:
    if row["SALARY"] is None:
        b = bytearray(idms_images.data(row["EMP_ID"], row["EMP_NAME"], 100))
        b[-1] = b[-1] & 0xF0 | 0x3
        return bytes(b)
    return idms_images.data(row["EMP_ID"], row["EMP_NAME"], int(row["SALARY"].scaleb(2)))


def _keyed_got(spark) -> dict:
    got = _got(spark, SNAP_NAME, KEYED, KEYED_HISTORY)
    return {
        "changes": got["changes"],
        "current": sorted(got["current"], key=_sortable),
        "history": sorted(got["history"], key=_sortable),
    }


def _declare_snapshot_table(copybook) -> None:
    assert (
        main(
            [
                "tables",
                "add",
                SNAP_NAME,
                "--log",
                "idms",
                "--copybook",
                str(copybook),
                "--record-id",
                str(RECORD_ID),
                "--key",
                "EMP_ID",
            ]
        )
        == 0
    )


def started_from_snapshot(spark, root, w: pd.DataFrame, places: dict) -> dict:
    """SNAP_NAME, declared on the landed journal keyed by EMP_ID (its twin built): land its occurrences at the middle
    commit, build."""
    from udfs.spark.changes import build_changes

    every = [_keyed(c) for c in expected(w, len(w), places)["changes"]]
    commits = sorted({c["COMMIT_POSITION"] for c in every})
    at = commits[len(commits) // 2]
    held = [c for c in every if c["COMMIT_POSITION"] <= at]
    state = Replay(["EMP_ID"], KEYED)
    state.run(held)  # (the workload stores over present keys and modifies absent ones: the replay's problems)
    assert BAD_SIGN["EMP_ID"] not in state.rows
    occurrences = [dict(zip(KEYED, r)) for r in sorted(state.rows.values())] + [BAD_SIGN]
    path = root.parent / "EMP.OCCURS"
    records = [_occurrence(r) for r in occurrences]
    path.write_bytes(b"".join(records))
    assert main(["load", SNAP_NAME, str(path), "--snapshot-at", str(int(at, 16)), "--quiet"]) == 0  # JREPORT's SEQ
    snap_id = spark.sql(
        f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{SNAP_NAME}'"
    ).first()[0]
    snap = [
        {
            "OP": "r",
            **{f"BEFORE_{c}": None for c in KEYED},
            **{f"AFTER_{c}": r[c] for c in KEYED},
            "BEFORE_PRESENT": False,
            "COMMIT_TIMESTAMP": None,
            "COMMIT_POSITION": at,
            "CHANGE_POSITION": n,
            "TRANSACTION_ID": None,
            "source_file": path.name,
            "record_offset": (n - 1) * len(records[0]),
            "record_number": n,
            "load_id": snap_id,
            "decode_errors": [] if r is not BAD_SIGN else ["AFTER_SALARY"],
        }
        for n, r in enumerate(occurrences, start=1)
    ]
    later = [c for c in every if c["COMMIT_POSITION"] > at]
    want = Replay(["EMP_ID"], KEYED)
    want.run(snap + later)
    versions = [*want.closed, *want.open.values()]
    result = build_changes(spark, SNAP_NAME)
    return {
        "held": held,
        "later": later,
        "result": result,
        "got": _keyed_got(spark),
        "want": {
            "changes": snap + later,
            "current": sorted(want.rows.values(), key=_sortable),
            "history": sorted((tuple(v[c] for c in KEYED_HISTORY) for v in versions), key=_sortable),
        },
    }


def test_a_record_started_from_its_occurrences_gives_the_oracle_started_there(replayed):
    s = replayed[2]
    assert s["held"] and {c["OP"] for c in s["later"]} == {"c", "u", "d"}, "changes before and after the position"
    assert s["got"]["changes"] == s["want"]["changes"]
    assert s["got"]["current"] == s["want"]["current"]
    assert s["got"]["history"] == s["want"]["history"]
    assert not s["result"].rebuilt


def test_the_changes_the_occurrences_hold_are_left_out_in_one_line(replayed):
    s = replayed[2]
    said = [line for line in s["result"].lines if "at or before the snapshot's position" in line]
    assert len(said) == 1 and f": {len(s['held'])} changes committed" in said[0], s["result"].lines

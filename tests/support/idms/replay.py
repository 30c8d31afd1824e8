"""CA IDMS's adapter of the replay contract (support.replay): a journal of interleaved transaction branches
(support.idms.workload: stores, modifies and erases of a few DB_KEYs by unit after unit, ABRTs after COMTs,
distributed units decided by DCOM/DBAK, units in flight) written with the IDMS encoder, each present image a pointer
prefix then an EMP record written by the tests' own field encoders (support.idms.images), landed in three pieces with
a build after each (a unit in flight at the first cut commits in the second piece); `<name>_changes` as the commit
decisions of the workload's oracle (support.idms.oracle) say, `<name>_current` and `<name>_history` as the SCD2
replay of those changes says.

Started from a snapshot: a second table on the same journal, the record keyed by its copybook field EMP_ID (which
the images hold equal to the DB_KEY), starts from a file of the record's occurrences at one commit's SEQ, landed
with `jcat load NAME FILE --snapshot-at SEQ`; its one build over the three pieces (a field that does not decode:
NULL and named).
"""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pandas as pd

from support import change_shapes as cs
from support import replay as contract
from support.declared import copybook_project
from support.idms import images as idms_images
from support.idms import oracle
from support.idms import workload as wl
from support.idms.project import forget_loads, unland
from support.scd2_oracle import Replay
from udfs.cli import main
from udfs.core.layouts import idms as layout
from udfs.dbt.runner import run_dbt
from udfs.spark.changes.history import BUCKET_CONF
from udfs.spark.landing.loader import load

NAME, SNAP_NAME, SEED, STEPS, RECORD_ID = "empchg", "empsnap", 11, 110, 815
SOURCE = ("idms", None, "EMP_REC")
TABLE = contract.Table(NAME, ["DB_KEY", "EMP_ID", "EMP_NAME", "SALARY"], ["DB_KEY"], SOURCE, scales={"SALARY": 2})
KEYED = contract.Table(SNAP_NAME, ["EMP_ID", "EMP_NAME", "SALARY"], ["EMP_ID"], SOURCE)
BAD_SIGN = {"EMP_ID": 999_999, "EMP_NAME": "ZED", "SALARY": None}  # no unit touches it; its SALARY's sign is no sign
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


def _image(w: pd.DataFrame, row_id, side: str) -> dict:
    if row_id is None:
        return {f"{side}_{c}": None for c in TABLE.columns}
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
    # (the workload stores over present keys and modifies absent ones: the replay's problems, not checked)
    return contract.expected(rows, TABLE, consistent=False) | {"pending": len(decided.pending)}


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


def replay(spark, tmp_path_factory) -> contract.Replayed:
    """The journal in three pieces, a build after each (the snapshot's table declared before the third, its twin
    built by the same dbt run), `jcat build`'s step once after, then the snapshot's table built."""
    from udfs.spark.changes import build_all, build_changes

    unland(spark)  # jcat.raw_idms as the loader makes it, holding only this module's records
    forget_loads(spark)
    w = workload()
    builds, places, start = [], {}, 0
    copybook = tmp_path_factory.mktemp("copybook") / "emp.cpy"
    copybook.write_text(idms_images.EMP)
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
            builds.append(contract.Build(TABLE, i, result, contract.relations(spark, TABLE), expected(w, end, places)))
            start = end
        events, feed = cs.got_events(spark, NAME), cs.got_feed(spark, NAME, TABLE.columns)
        shapes = [contract.Shapes(TABLE, events, feed, builds[-1].want)]
        out = StringIO()
        assert build_all(spark, [NAME], out=out)  # `jcat build`'s step: the IDMS table is among those it builds
        snap = started_from_snapshot(spark, root, w, places)
    return contract.Replayed(builds, shapes, {"workload": w, "build_all": out.getvalue(), "snapshot": snap})


def _declare_snapshot_table(copybook) -> None:
    declare = ["--log", "idms", "--copybook", str(copybook), "--record-id", str(RECORD_ID), "--key", "EMP_ID"]
    assert main(["tables", "add", SNAP_NAME, *declare]) == 0


def _keyed(change: dict) -> dict:
    return {k: v for k, v in change.items() if not k.endswith("_DB_KEY")}


def _occurrence(row: dict) -> bytes:
    if row["SALARY"] is None:
        b = bytearray(idms_images.data(row["EMP_ID"], row["EMP_NAME"], 100))
        b[-1] = b[-1] & 0xF0 | 0x3
        return bytes(b)
    return idms_images.data(row["EMP_ID"], row["EMP_NAME"], int(row["SALARY"].scaleb(2)))


def started_from_snapshot(spark, root, w: pd.DataFrame, places: dict) -> contract.Snapshot:
    """SNAP_NAME, declared on the landed journal keyed by EMP_ID (its twin built): land its occurrences at the middle
    commit, build."""
    from udfs.spark.changes import build_changes

    every = [_keyed(c) for c in expected(w, len(w), places)["changes"]]
    commits = sorted({c["COMMIT_POSITION"] for c in every})
    at = commits[len(commits) // 2]
    held = [c for c in every if c["COMMIT_POSITION"] <= at]
    state = Replay(KEYED.key, KEYED.columns)
    state.run(held)  # (the workload stores over present keys and modifies absent ones: the replay's problems)
    assert BAD_SIGN["EMP_ID"] not in state.rows
    occurrences = [dict(zip(KEYED.columns, r)) for r in sorted(state.rows.values())] + [BAD_SIGN]
    path = root.parent / "EMP.OCCURS"
    records = [_occurrence(r) for r in occurrences]
    path.write_bytes(b"".join(records))
    assert main(["load", SNAP_NAME, str(path), "--snapshot-at", str(int(at, 16)), "--quiet"]) == 0  # JREPORT's SEQ
    snap_id = spark.sql(
        f"select max(load_id) from jcat.raw_loads_current where layout = 'snapshot_{SNAP_NAME}'"
    ).first()[0]
    lineage = [
        {"source_file": path.name, "record_offset": n * len(records[0]), "record_number": n + 1, "load_id": snap_id}
        for n in range(len(occurrences))
    ]
    errors = [[] if r is not BAD_SIGN else ["AFTER_SALARY"] for r in occurrences]
    later = [c for c in every if c["COMMIT_POSITION"] > at]
    snap = contract.snapshot_rows(occurrences, KEYED, at, lineage, errors)
    want = contract.expected(snap + later, KEYED, consistent=False)
    result = build_changes(spark, SNAP_NAME)
    return contract.Snapshot(result, contract.relations(spark, KEYED), want, held, later)


class IdmsReplay:
    """Buckets of 3 records (and changes) send each build's resolution and history through many buckets, as a big
    build's are."""

    def replay(self, spark, tmp_path_factory) -> contract.Replayed:
        spark.conf.set(BUCKET_CONF, "3")
        try:
            return replay(spark, tmp_path_factory)
        finally:
            spark.conf.unset(BUCKET_CONF)

    def snapshot(self, spark, tmp_path_factory, replayed) -> contract.Snapshot:
        return replayed.extra["snapshot"]

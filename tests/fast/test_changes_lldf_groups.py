"""LLDF resolved in parts (as udfs/spark/changes/lldf.py does on the executors): the rows grouped by unit of
recovery (units that say one commit position in one group), the groups spread over buckets, each bucket through the
kernel, then the first stop of all the buckets applied across them. Random workloads (tests/support/lldf/workload.py)
landed twice in overlapping extracts, with and without a position applied before: what the parts give together is
what one kernel call on every row gives. The merge below is the test's own, written from the kernel's docstring."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from support.lldf import workload as wl

from udfs.core.changes import frame, lldf

STOPS = set(lldf.STOP_REASONS.values())


def group_keys(rows: pd.DataFrame) -> pd.Series:
    """Each row's group: the least commit position its unit's C records say, else the unit itself."""
    unit = rows["MEMBERID"].astype(str) + "." + rows["UORID"] + "." + rows["UORIDLRSN"]
    said = rows["UORCOMMITLRSN"] + rows["UORCOMMITPOINT"] + rows["MEMBERID"].map("{:04X}".format)
    committed = rows["UORDISP"].str.strip() == "C"
    least = said[committed].groupby(unit[committed]).min()
    return unit.map(least).fillna(unit)


def in_parts(rows: pd.DataFrame, buckets: int, seed: int, through: str | None) -> dict:
    """The buckets' kernel calls merged: changes before the first stop of all, the stop's problem alone of the
    stops, every row of a unit at or after it held."""
    keys = group_keys(rows)
    rng = random.Random(seed)
    bucket_of = {k: rng.randrange(buckets) for k in sorted(set(keys))}
    parts = [lldf.resolve(rows[keys.map(bucket_of) == b], through) for b in range(buckets)]
    position = pd.concat([p.committed for p in parts]).set_index("ROW_ID")["COMMIT_POSITION"]
    problems = pd.concat([p.problems for p in parts], ignore_index=True)
    problems["at"] = problems["ROW_ID"].map(position)
    stops = problems.loc[problems["REASON"].isin(STOPS), "at"]
    stop = stops.min() if len(stops) else None
    changes = pd.concat([p.changes for p in parts], ignore_index=True)
    given = pd.concat([p.committed[~p.committed["ROW_ID"].isin(p.pending)] for p in parts], ignore_index=True)
    held = set(np.concatenate([p.pending for p in parts]).tolist())
    if stop is not None:
        changes = changes[changes[frame.COMMIT_POSITION] < stop]
        held |= set(given.loc[given["COMMIT_POSITION"] >= stop, "ROW_ID"].tolist())
        problems = problems[problems["at"].isna() | (problems["at"] <= stop)]
    return {
        "changes": changes.sort_values([frame.COMMIT_POSITION, frame.CHANGE_POSITION]).reset_index(drop=True),
        "held": held,
        "problems": sorted(zip(problems["ROW_ID"], problems["REASON"])),
        "earlier": set(np.concatenate([p.earlier for p in parts]).tolist()),
        "stop": stop,
        "merged": stop is not None and any((p.changes[frame.COMMIT_POSITION] >= stop).any() for p in parts),
    }


def at_once(rows: pd.DataFrame, through: str | None) -> dict:
    whole = lldf.resolve(rows, through)
    return {
        "changes": whole.changes.reset_index(drop=True),
        "held": set(whole.pending.tolist()),
        "problems": sorted(zip(whole.problems["ROW_ID"], whole.problems["REASON"])),
        "earlier": set(whole.earlier.tolist()),
    }


def applied_before(rows: pd.DataFrame, seed: int) -> str | None:
    """None, or the commit position of one of the committed units (some units are then earlier)."""
    said = rows.loc[rows["UORDISP"] == "C"]
    positions = sorted(set(said["UORCOMMITLRSN"] + said["UORCOMMITPOINT"] + said["MEMBERID"].map("{:04X}".format)))
    return random.Random(seed).choice(positions) if seed % 2 and positions else None


@pytest.mark.parametrize("seed", range(30))
def test_buckets_give_what_one_call_gives(seed):
    rows = wl.landed_twice(seed).drop(columns=["VALUE"])
    through = applied_before(rows, seed)
    whole = at_once(rows, through)
    for buckets in (2, 7):
        parts = in_parts(rows, buckets, seed, through)
        pd.testing.assert_frame_equal(parts["changes"], whole["changes"])
        assert parts["held"] == whole["held"]
        assert parts["problems"] == whole["problems"]
        assert parts["earlier"] == whole["earlier"]


def test_the_workloads_reach_the_rules_that_cross_units():
    """Stops whose bucket is not the one of later changes (the merge holds them), earlier units, copies."""
    merged = stopped = earlier = 0
    for seed in range(30):
        rows = wl.landed_twice(seed).drop(columns=["VALUE"])
        through = applied_before(rows, seed)
        parts = in_parts(rows, 7, seed, through)
        merged += parts["merged"]
        stopped += parts["stop"] is not None
        earlier += bool(parts["earlier"])
    assert merged >= 3 and stopped >= 5 and earlier >= 5


def test_units_saying_one_commit_position_are_numbered_together():
    """Two units of one member committed at one LRSN and point (not a log Db2 writes, but one the kernel numbers
    as one commit): their group is one, so CHANGE_POSITION runs across both as in one call."""
    rows = pd.DataFrame(
        [
            _row(1, "A0", "11"),
            _row(2, "B0", "12"),
            _row(3, "A0", "13"),
        ]
    )
    assert group_keys(rows).nunique() == 1
    whole = at_once(rows, None)
    assert whole["changes"][frame.CHANGE_POSITION].tolist() == [1, 2, 3]
    apart = pd.concat([lldf.resolve(rows[rows["UORID"].str.endswith(u)]).changes for u in ("A0", "B0")])
    assert sorted(apart[frame.CHANGE_POSITION]) == [1, 1, 2]  # what grouping by unit alone would give
    pd.testing.assert_frame_equal(in_parts(rows, 3, 0, None)["changes"], whole["changes"])


def _row(landing: int, uorid: str, lrsn: str) -> dict:
    return {
        "ROW_ID": landing * 2 + 1,
        "IMAGE_KIND": "after",
        "LANDING": landing,
        "CHANGE_TYPE": "I",
        "LIMIT_KEYS": False,
        "MEMBERID": 0,
        "UORID": uorid.zfill(20),
        "UORIDLRSN": uorid.zfill(20),
        "UORCOMMITLRSN": "50".zfill(20),
        "UORCOMMITPOINT": "50".zfill(20),
        "LOGLRSN": lrsn.zfill(20),
        "LOGRBA": lrsn.zfill(20),
        "SQLRIRBA": "0".zfill(20),
        "RID": "1".zfill(10),
        "UORDISP": "C",
        "LOGRECDISP": "C",
        "INCOMPLETETRANS": "N",
        "UORCOMMITTIMESTAMP": pd.Timestamp("2026-03-01T08:00:00"),
    }


def test_committed_rows_carry_their_units_position():
    rows = pd.DataFrame([_row(1, "A0", "11"), {**_row(2, "B0", "12"), "UORDISP": " "}])
    res = lldf.resolve(rows)
    assert res.committed["ROW_ID"].tolist() == [3]
    assert res.committed["COMMIT_POSITION"].tolist() == ["50".zfill(20) * 2 + "0000"]

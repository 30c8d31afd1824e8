"""CA IDMS resolved in groups of LIDs (as udfs/spark/changes/idms.py does on the executors) gives what one call of the
kernel over every record gives: the random journals of tests/support/idms/workload.py, split into groups by a
random map of LIDs to groups, with the steps around the groups written here on their own, record by record:

- each (CV, SEQ) once (the smallest ROW_ID); the records of every CV after the first held without the kernel;
- a record with a LID in its LID's group (without one: group 0); a DIND/DCOM/DBAK in the group of each LID it
  lists, listing there only that group's LIDs;
- a group's RTSV stop: the record deciding the unit (its first pending record that is neither BFOR, AFTR, RTSV
  nor DIND) and the RTSV the kernel names; the journal's is the earliest (then the earliest RTSV); when there is
  one, the groups again over the records before it, the rest held;
- a record held in any group is held; CHANGE_POSITION numbered again over each commit by the SEQ of the change's
  AFTR record.
"""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from support.idms import workload as wl
from test_changes_idms import changes, journal, problems

from udfs.core.changes import idms

DISTRIBUTED = ("DIND", "DCOM", "DBAK")
WAITING = ("BFOR", "AFTR", "RTSV", "DIND")


def once(records: pd.DataFrame) -> pd.DataFrame:
    r = records.assign(CV=records["CV"].fillna("").astype(str).str.strip())
    return r.sort_values(["CV", "SEQ", "ROW_ID"]).drop_duplicates(["CV", "SEQ"])


def split(records: pd.DataFrame, group_of: dict) -> dict[int, pd.DataFrame]:
    parts: dict[int, list[dict]] = {}
    for r in records.to_dict("records"):
        if r["RECORD_TYPE"] in DISTRIBUTED:
            lids = [x for x in (r["LIDS"] if r["LIDS"] is not None else []) if x is not None]
            for g in sorted({group_of[x] for x in lids}) or [0]:
                parts.setdefault(g, []).append({**r, "LIDS": [x for x in lids if group_of[x] == g]})
        else:
            parts.setdefault(0 if pd.isna(r["LID"]) else group_of[int(r["LID"])], []).append(r)
    return {
        g: pd.DataFrame(rows, columns=records.columns).astype(records.dtypes.to_dict()) for g, rows in parts.items()
    }


def after_seq(part: pd.DataFrame, change) -> int:
    """The SEQ of a change's AFTR: its AFTER_ROW, or after its BFOR the next span-0 image of the LID and DB_KEY."""
    seq = dict(zip(part["ROW_ID"], part["SEQ"]))
    if not pd.isna(change.AFTER_ROW):
        return int(seq[int(change.AFTER_ROW)])
    b = part[part["ROW_ID"] == int(change.BEFORE_ROW)].iloc[0]
    same = part[
        part["RECORD_TYPE"].isin(["BFOR", "AFTR"])
        & (part["SPAN_OFFSET"] == 0)
        & (part["LID"] == b["LID"])
        & (part["DB_KEY"] == b["DB_KEY"])
        & (part["SEQ"] > b["SEQ"])
    ]
    return int(same["SEQ"].min())


def in_groups(records: pd.DataFrame, group_of: dict):
    """What the groups give: (changes, held ROW_IDs, problems, the groups' stops as (deciding SEQ, RTSV SEQ,
    RTSV ROW_ID))."""
    made, held, found, stops = [], set(), {}, []
    for part in split(records, group_of).values():
        res = idms.resolve(part)
        pending = part[part["ROW_ID"].isin(res.pending)]
        held |= set(res.pending.tolist())
        for row, reason in problems(res).items():
            if reason == idms.RTSV_STOP:
                deciding = pending[~pending["RECORD_TYPE"].isin(WAITING)]["SEQ"].min()
                stops.append((int(deciding), int(part.loc[part["ROW_ID"] == row, "SEQ"].iloc[0]), row))
            else:
                found[row] = reason
        for change, c in zip(changes(res), res.changes.itertuples()):
            made.append((change, after_seq(part, c)))
    return made, held, found, stops


def resolve_grouped(records: pd.DataFrame, group_of: dict):
    e = once(records)
    first = e[e["CV"] == e["CV"].min()]
    later = e[e["CV"] != e["CV"].min()]
    made, held, found, stops = in_groups(first, group_of)
    direct = set(later["ROW_ID"])
    if stops:
        at, _, row = min(stops)
        made, held, found, again = in_groups(first[first["SEQ"] < at], group_of)
        assert not again
        direct |= set(first.loc[first["SEQ"] >= at, "ROW_ID"])
        found[row] = idms.RTSV_STOP
    elif len(later):
        found[int(later.sort_values("SEQ")["ROW_ID"].iloc[0])] = idms.CV_STOP
    made.sort(key=lambda m: (m[0][4], m[1]))  # by commit, then by AFTR
    numbered, count = [], {}
    for change, _ in made:
        count[change[4]] = count.get(change[4], 0) + 1
        numbered.append((*change[:5], count[change[4]], *change[6:]))
    return numbered, sorted(held | direct), found


def whole(records: pd.DataFrame):
    res = idms.resolve(records)
    return changes(res), res.pending.tolist(), problems(res)


def lid_groups(records: pd.DataFrame, groups: int, seed: int) -> dict:
    lids = set(records["LID"].dropna().astype(int)) | {x for v in records["LIDS"].dropna() for x in v}
    rng = random.Random(seed)
    return {lid: rng.randrange(groups) for lid in sorted(lids)}


SEEDS = range(30)


def long_journal(seed: int) -> tuple[pd.DataFrame, dict]:
    """A random journal long enough that DCOMs of LIDs in two groups and RTSV stops come often, and its groups."""
    records = wl.generate(seed, steps=300)
    return records, lid_groups(records, 1 if seed % 10 == 0 else 2 + seed % 3, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_journal_in_groups_of_lids_gives_what_one_call_gives(seed):
    records, group_of = long_journal(seed)
    assert resolve_grouped(records, group_of) == whole(records)


@pytest.mark.parametrize("seed", range(8))
def test_records_landed_twice_and_a_second_central_version_in_groups(seed):
    one, other = wl.generate(300 + seed), wl.generate(400 + seed, cv="SYSTEM75", rare=False)
    other["ROW_ID"] += 100_000
    copies = one[np.random.default_rng(seed).random(len(one)) < 0.3].copy()
    copies["ROW_ID"] += 200_000
    records = pd.concat([copies, one, other] if seed % 2 else [copies, one])
    assert resolve_grouped(records, lid_groups(records, 3, seed)) == whole(records)


def test_the_groups_split_commits_and_stop_where_the_journal_does():
    """The cases the steps are for: a DCOM whose LIDs are in different groups giving changes in each, an RTSV stop
    found in one group while another group decides units after it."""
    split_commits = stopped = 0
    for seed in SEEDS:
        records, group_of = long_journal(seed)
        made, _, _, stops = in_groups(once(records), group_of)
        txns = pd.Series([m[0][6].split(".")[0] for m in made], dtype=object)
        commit = pd.Series([m[0][4] for m in made], dtype=object)
        groups_per_commit = txns.map(lambda lid, of=group_of: of[int(lid)]).groupby(commit).nunique()
        split_commits += int((groups_per_commit > 1).sum())
        if stops:
            at = min(stops)[0]
            stopped += any(int(m[0][4], 16) > at for m in made)
    assert split_commits >= 3 and stopped > 5


def test_a_dcom_of_two_groups_numbers_its_changes_over_both_by_aftr():
    records = journal("""
        1 BFOR 7 key=5
        2 BFOR 8 key=6
        3 AFTR 8 key=6 len=0
        4 BFOR 7 key=9
        5 AFTR 7 key=9
        6 AFTR 7 key=5
        7 DIND - lids=7,8
        8 DCOM - lids=7,8
    """)
    got = resolve_grouped(records, {7: 0, 8: 1})
    assert [(c[0], c[1], c[2], c[5], c[6]) for c in got[0]] == [
        ("d", 2, None, 1, "8.8"),
        ("u", 4, 5, 2, "7.8"),
        ("u", 1, 6, 3, "7.8"),
    ]
    assert got == whole(records)


def test_a_dind_is_held_only_while_a_lid_of_its_own_group_waits():
    """The DIND's copy in 7's group lists 7 alone: listing 8 there (whose DCOM went to 8's group only) would hold it."""
    records = journal("""
        1 BFOR 7 key=5
        2 AFTR 7 key=5
        3 BFOR 8 key=6
        4 AFTR 8 key=6
        5 DIND - lids=7,8
        6 DCOM - lids=7
        7 DCOM - lids=8
    """)
    got = resolve_grouped(records, {7: 0, 8: 1})
    assert [c[6] for c in got[0]] == ["7.6", "8.7"] and got[1] == [] and got == whole(records)

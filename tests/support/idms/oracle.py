"""The committed changes of CA IDMS journal records, replayed one record at a time: the oracle the IDMS commit
resolution (udfs/core/changes/idms.py) is checked against, written from the rules alone (seed 004's record
types; a unit of work is a LID's work since its previous deciding record).

`replay(records)` walks the first central version's records (CV names sorted) in SEQ order, keeping per LID the
work written since its last decision and whether a DIND put it in doubt:
- COMT / ENDJ commit the LID's work, ABRT drops it, unless the LID is in doubt (then they do nothing);
- DIND puts each LID it lists in doubt; DCOM commits, DBAK drops, the work of every LID it lists, at once;
- a commit whose work holds an RTSV stops: nothing is decided from there on;
- at a commit, each LID's images (SPAN_OFFSET 0) pair as they come: a BFOR waits for the AFTR of its DB_KEY; a second
  BFOR of the key, or the commit, leaves the waiting one alone; an AFTR with none waiting is alone.
Reasons come back as names (NO_AFTR, NO_BFOR, BOTH_NULL, UNKNOWN, RTSV, CV), the test maps them to its texts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

DECIDE_NOTHING = {"BGIN", "AREA", "TIME", "DPND", "DFGT"}


@dataclass
class Expected:
    changes: list[tuple] = field(default_factory=list)  # (OP, BEFORE_ROW, AFTER_ROW, BEFORE_PRESENT,
    # COMMIT_POSITION, CHANGE_POSITION, TRANSACTION_ID, COMMIT_TIMESTAMP), in commit order
    pending: set[int] = field(default_factory=set)
    problems: dict[int, str] = field(default_factory=dict)


def replay(records: pd.DataFrame) -> Expected:
    out = Expected()
    once = records.sort_values("ROW_ID").drop_duplicates(["CV", "SEQ"])
    cvs = sorted(set(once["CV"]))
    if not cvs:
        return out
    mine = once[once["CV"] == cvs[0]].sort_values("SEQ")
    others = once[once["CV"] != cvs[0]].sort_values(["CV", "SEQ"])
    work: dict[int, list] = {}  # LID -> its records since its last decision
    doubt: dict[int, list[int]] = {}  # LID in doubt -> the DINDs that listed it
    dind_waits: dict[int, set[int]] = {}  # DIND ROW_ID -> the LIDs it listed still in doubt
    stopped = False
    for r in mine.itertuples(index=False):
        t = r.RECORD_TYPE
        if stopped:
            out.pending.add(r.ROW_ID)
        elif t in ("BFOR", "AFTR", "RTSV"):
            work.setdefault(int(r.LID), []).append(r)
        elif t in ("COMT", "ENDJ", "ABRT"):
            if int(r.LID) not in doubt:
                stopped = _decide(out, work, [int(r.LID)], t != "ABRT", r)
        elif t == "DIND":
            for lid in _lids(r):
                doubt.setdefault(lid, []).append(r.ROW_ID)
                dind_waits.setdefault(r.ROW_ID, set()).add(lid)
        elif t in ("DCOM", "DBAK"):
            stopped = _decide(out, work, _lids(r), t == "DCOM", r)
            if not stopped:
                for lid in _lids(r):
                    for dind in doubt.pop(lid, []):
                        dind_waits[dind].discard(lid)
        elif t not in DECIDE_NOTHING:
            out.problems[r.ROW_ID] = "UNKNOWN"
    for records_ in work.values():
        out.pending |= {r.ROW_ID for r in records_}
    out.pending |= {dind for dind, lids in dind_waits.items() if lids}
    if len(others):
        out.pending |= set(others["ROW_ID"])
        if not stopped:
            out.problems[int(others["ROW_ID"].iloc[0])] = "CV"
    return out


def _lids(r) -> list[int]:
    return [int(x) for x in r.LIDS] if r.LIDS is not None else []


def _decide(out: Expected, work: dict, lids: list[int], commit: bool, r) -> bool:
    """Decides the LIDs' work at record r; True (and nothing decided) when it is a commit holding an RTSV."""
    if not commit:
        for lid in lids:
            work.pop(lid, None)
        return False
    rtsv = [w for lid in lids for w in work.get(lid, []) if w.RECORD_TYPE == "RTSV"]
    if rtsv:
        out.pending.add(r.ROW_ID)
        out.problems[min(rtsv, key=lambda w: w.SEQ).ROW_ID] = "RTSV"
        return True
    made = []
    for lid in lids:
        made += _pair(out, work.pop(lid, []), lid, r)
    made.sort(key=lambda m: m[0])
    for n, (_, op, before, after, present, lid) in enumerate(made, start=1):
        out.changes.append(
            (op, before, after, present, f"{int(r.SEQ):016X}", n, f"{lid}.{int(r.SEQ)}", pd.Timestamp(r.GMT))
        )
    return False


def _pair(out: Expected, records: list, lid: int, r) -> list[tuple]:
    """(AFTR SEQ, OP, BEFORE_ROW, AFTER_ROW, BEFORE_PRESENT, LID) of the pairs in one LID's committed work."""
    waiting, made = {}, []
    for w in records:
        if w.RECORD_TYPE == "RTSV" or w.SPAN_OFFSET != 0:
            continue
        if w.RECORD_TYPE == "BFOR":
            if w.DB_KEY in waiting:
                out.problems[waiting[w.DB_KEY].ROW_ID] = "NO_AFTR"
            waiting[w.DB_KEY] = w
            continue
        b = waiting.pop(w.DB_KEY, None)
        if b is None:
            out.problems[w.ROW_ID] = "NO_BFOR"
        elif b.IMAGE_LEN == 0 and w.IMAGE_LEN == 0:
            out.problems[b.ROW_ID] = "BOTH_NULL"
        else:
            op = "c" if b.IMAGE_LEN == 0 else "d" if w.IMAGE_LEN == 0 else "u"
            made.append(
                (
                    int(w.SEQ),
                    op,
                    None if b.IMAGE_LEN == 0 else b.ROW_ID,
                    None if w.IMAGE_LEN == 0 else w.ROW_ID,
                    b.IMAGE_LEN != 0,
                    lid,
                )
            )
    for b in waiting.values():
        out.problems[b.ROW_ID] = "NO_AFTR"
    return made

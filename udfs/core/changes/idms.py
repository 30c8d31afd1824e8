"""CA IDMS commit resolution: which journaled record changes of one declared record type are committed, in commit
order.

`resolve(entries)` takes the checkpoint and distributed records of a journal and the BFOR/AFTR records of one
record type (USER-REC-ID already chosen), in any order, and gives a change frame (`frame`), the ROW_IDs still
undecided (carry them into the next call with the next load's records) and the problems found. Whole-batch
pandas/numpy: sorts, shifts, cumulative sums and group reductions, no Python loop per record, LID or unit.

Rules (seed 004's record types, reference formats.md section 4):
- A record landed twice (same CV and SEQ: overlapping loads) counts once, the copy with the smallest ROW_ID.
- A unit of work is a LID's BFOR/AFTR (and RTSV) since its previous deciding record. COMT commits it and the LID
  goes on; ENDJ commits it and ends the LID; ABRT rolls it back (the work since the last COMT goes, with no change
  and no problem). BGIN, AREA, TIME, DPND and DFGT decide nothing.
- Distributed: a LID listed in a DIND is in doubt until a DCOM (commit) or DBAK (rollback) lists it; its unit waits.
  A DCOM or DBAK decides the open unit of every LID it lists, at its own position, in doubt or not. A COMT, ENDJ or
  ABRT of a LID in doubt decides nothing (the DCOM/DBAK will); one after the DCOM finds the unit already decided and
  commits only what came since (never the same work twice).
- Within a unit a BFOR pairs with the next BFOR/AFTR of its LID and DB_KEY when that is an AFTR (never by adjacency
  in the journal: LIDs interleave). BFOR IMAGE_LEN 0 (null before image) + AFTR is a store, 'c'; BFOR + AFTR
  IMAGE_LEN 0 (null after image) an erase, 'd'; both images present a modify, 'u'. BEFORE_ROW / AFTER_ROW are the
  BFOR / AFTR ROW_IDs, <NA> for a null image; BEFORE_PRESENT says the before image is not null. A BFOR or AFTR with
  a nonzero SPAN_OFFSET is a fragment of a spanned image: it takes no part in pairing and gives nothing here.
- COMMIT_POSITION is the deciding record's SEQ as 16 upper-case hex digits (sorts as the journal), COMMIT_TIMESTAMP
  its GMT, TRANSACTION_ID f"{LID}.{SEQ}" (the LID, then the deciding record's SEQ, decimal). One DCOM deciding
  several LIDs is one commit: one position, each LID its own TRANSACTION_ID, CHANGE_POSITION over all of them.
- Stops, like IBM i's F RG: a committed unit holding an RTSV (an SQL statement whose updates must be rolled out:
  which updates is not known from the journal, so the unit cannot be applied), and the records of a second central
  version (below). Units decided before the stop are given; the stop and everything decided or written after it
  stay pending, with one problem row on the stopping record saying what to do, at every call while stopped.
- Problems are reported once, when their unit is decided: a BFOR with no AFTR or an AFTR with no BFOR in a
  committed unit, a pair with both images null, record types this resolution does not know (left out, never
  silently).
- Pending: the work of units not decided (no deciding record yet, or in doubt), the DINDs of LIDs still in doubt,
  and every record at or after a stop. The rest is consumed: splitting a journal into loads (each call given the
  previous call's pending records) gives exactly the changes of one call.

Choices where the journal is silent:
- Order across central versions cannot be told from SEQ (each CV numbers its own journal). Records sort by
  (CV, SEQ), as if each CV's journal followed the one before it in name order: the first CV's units are given, the
  first record of the second CV stops the table (declare one table per central version). Stable from call to call,
  whatever load brings which CV.
- An RTSV in a unit rolled back (ABRT, DBAK) stops nothing: all of its work goes, whatever the RTSV meant.
- A change takes its place in its commit at its AFTR's SEQ (a store, modify or erase is done when its after image
  is written).
- A deciding record at or before a SEQ given by an earlier call is not checked here (the caller's applied_through).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from udfs.core.changes import frame
from udfs.core.changes.frame import Resolution

INPUT_COLUMNS = ("ROW_ID", "CV", "SEQ", "RECORD_TYPE", "LID", "LIDS", "GMT", "DB_KEY", "IMAGE_LEN", "SPAN_OFFSET")

# What each record type is to the resolution.
BFOR, AFTR, RTSV, COMMIT, ABORT, DIND, DCOM, DBAK, NOTHING, UNKNOWN = range(10)
ENTRY_ROLES = {
    "BFOR": BFOR,
    "AFTR": AFTR,
    "RTSV": RTSV,
    "COMT": COMMIT,
    "ENDJ": COMMIT,
    "ABRT": ABORT,
    "DIND": DIND,
    "DCOM": DCOM,
    "DBAK": DBAK,
    "BGIN": NOTHING,
    "AREA": NOTHING,
    "TIME": NOTHING,
    "DPND": NOTHING,
    "DFGT": NOTHING,
}
WORK = (BFOR, AFTR, RTSV)
LOCAL = (COMMIT, ABORT)  # decide only a LID not in doubt
DISTRIBUTED = (DIND, DCOM, DBAK)  # carry a list of LIDs
WITH_LID = WORK + LOCAL

RTSV_STOP = (
    "RTSV: an SQL statement of this committed unit of work failed and its updates were rolled out, but the "
    "journal does not say which: changes stop here; take a new snapshot of the record type after this "
    "unit's commit and restart its changes there (or declare the table again)"
)
CV_STOP = (
    "records of a second central version (QUAL-CV): the order of changes across central versions cannot be "
    "told from the journal sequence: changes stop here; declare one table per central version"
)
NO_AFTR = "BFOR with no AFTR of the same LID and DB_KEY after it in its committed unit of work: left out"
NO_BFOR = "AFTR with no BFOR of the same LID and DB_KEY before it in its committed unit of work: left out"
BOTH_NULL = "BFOR and AFTR both with a null image (IMAGE_LEN 0): neither a store, a modify nor an erase: left out"
UNKNOWN_REASON = "record type this resolution does not know: left out"
HEX = np.array(list("0123456789ABCDEF"))


def resolve(entries: pd.DataFrame) -> Resolution:
    """The committed changes of one record type's journal records (see the module's docstring for the rules)."""
    e = _in_journal_order(entries)
    ev = _lid_events(e)
    cv_stop = _cv_stop(e)
    rtsv_stop, rtsv_row = _rtsv_stop(ev)
    stop = min(cv_stop, rtsv_stop)
    decided = _decided(e, ev, stop)
    pairs = _pairs(e, ev)
    committed = ev[ev["COMMITTED"] & (ev["AT"] < stop)]
    problems = _problems(e, committed, pairs, stop, cv_stop, rtsv_stop, rtsv_row)
    changes = _changes(e, pairs[pairs["PAIRED"] & pairs["COMMITTED"] & (pairs["AT"] < stop) & ~pairs["BOTH_NULL"]])
    return Resolution(changes, np.sort(e["ROW_ID"].to_numpy()[~decided]).astype(np.int64), problems)


def _in_journal_order(entries: pd.DataFrame) -> pd.DataFrame:
    """One row per (CV, SEQ), the smallest ROW_ID kept, with KIND, sorted by (CV, SEQ), index 0..n-1 (the position)."""
    missing = [c for c in INPUT_COLUMNS if c not in entries.columns]
    if missing:
        raise ValueError(f"entries lack columns {missing}")
    e = entries.loc[:, list(INPUT_COLUMNS)].copy()
    if e["ROW_ID"].duplicated().any():
        raise ValueError("ROW_ID must be unique within one resolution's input")
    e["ROW_ID"] = e["ROW_ID"].astype(np.int64)
    e["CV"] = e["CV"].fillna("").astype(str).str.strip()
    e["SEQ"] = e["SEQ"].astype(np.uint64)
    e["RECORD_TYPE"] = e["RECORD_TYPE"].fillna("").astype(str).str.strip()
    e = e.sort_values(["CV", "SEQ", "ROW_ID"], kind="stable").drop_duplicates(["CV", "SEQ"]).reset_index(drop=True)
    e["KIND"] = e["RECORD_TYPE"].map(ENTRY_ROLES).fillna(UNKNOWN).astype(np.int64)
    kind = e["KIND"].to_numpy()
    if e["LID"].isna().to_numpy()[np.isin(kind, WITH_LID)].any():
        raise ValueError("BFOR, AFTR, RTSV, COMT, ENDJ and ABRT records need a LID")
    images = np.isin(kind, (BFOR, AFTR))
    if e.loc[images, ["DB_KEY", "IMAGE_LEN", "SPAN_OFFSET"]].isna().any().any():
        raise ValueError("BFOR and AFTR records need DB_KEY, IMAGE_LEN and SPAN_OFFSET")
    for c in ("DB_KEY", "IMAGE_LEN", "SPAN_OFFSET"):
        e[c] = pd.array(e[c], dtype="Int64").fillna(-1).to_numpy(dtype=np.int64)  # -1 where the record has none
    return e


def _lid_events(e: pd.DataFrame) -> pd.DataFrame:
    """One row per (record, LID) of the records that concern a LID (a DIND/DCOM/DBAK once per LID it lists), in
    (CV, LID, position) order, with UNIT (a unit of work's number), AT (its deciding record's position, the number
    of records where none) and COMMITTED."""
    kind = e["KIND"].to_numpy()
    own = np.flatnonzero(np.isin(kind, WITH_LID))
    listed = e.loc[np.isin(kind, DISTRIBUTED), ["LIDS"]]
    listed = listed.explode("LIDS").dropna()  # None or an empty list lists no LID
    pos = np.concatenate([own, listed.index.to_numpy(dtype=np.int64)])
    lid = np.concatenate([e["LID"].to_numpy()[own], listed["LIDS"].to_numpy()]).astype(np.int64)
    ev = pd.DataFrame({"POS": pos, "CV": e["CV"].to_numpy()[pos], "LID": lid, "KIND": kind[pos]})
    ev = ev.sort_values(["CV", "LID", "POS"], kind="stable").reset_index(drop=True)
    group = ev.groupby(["CV", "LID"], sort=False).ngroup().to_numpy()
    k = ev["KIND"].to_numpy()
    last_distributed = pd.Series(np.where(np.isin(k, DISTRIBUTED), k, np.nan)).groupby(group).shift(1)
    in_doubt = (last_distributed.groupby(group).ffill() == DIND).to_numpy()
    deciding = np.isin(k, (DCOM, DBAK)) | (np.isin(k, LOCAL) & ~in_doubt)
    step = deciding.astype(np.int64)
    unit = pd.Series(step).groupby(group).cumsum().to_numpy() - step  # a deciding record closes its own unit
    ev["UNIT"] = group.astype(np.int64) * (len(ev) + 1) + unit
    ends = ev[deciding]
    at = ev["UNIT"].map(pd.Series(ends["POS"].to_numpy(), index=ends["UNIT"].to_numpy()))
    ev["AT"] = at.fillna(len(e)).astype(np.int64).to_numpy()
    ev["COMMITTED"] = ev["UNIT"].isin(ends["UNIT"][np.isin(ends["KIND"], (COMMIT, DCOM))]).to_numpy()
    return ev


def _cv_stop(e: pd.DataFrame) -> int:
    """Position of the first record of the second central version in (CV, SEQ) order, or the number of records."""
    cv = e["CV"].to_numpy()
    second = np.flatnonzero(cv != cv[0]) if len(cv) else []
    return int(second[0]) if len(second) else len(e)


def _rtsv_stop(ev: pd.DataFrame) -> tuple[int, int]:
    """The deciding position of the first committed unit holding an RTSV and that unit's first RTSV's position;
    (huge, -1) when none."""
    held = ev[(ev["KIND"] == RTSV) & ev["COMMITTED"]]
    if held.empty:
        return np.iinfo(np.int64).max, -1
    at = int(held["AT"].min())
    return at, int(held.loc[held["AT"] == at, "POS"].min())


def _decided(e: pd.DataFrame, ev: pd.DataFrame, stop: int) -> np.ndarray:
    """Per record: consumed by this call (else pending)."""
    n = len(e)
    pos = np.arange(n)
    decided = pos < stop
    work = ev[np.isin(ev["KIND"], WORK)]
    decided[work["POS"].to_numpy()] = work["AT"].to_numpy() < stop
    doubts = ev[ev["KIND"] == DIND]
    closed = pd.Series(doubts["AT"].to_numpy() < stop).groupby(doubts["POS"].to_numpy()).all()
    decided[closed.index.to_numpy(dtype=np.int64)] &= closed.to_numpy()
    return decided


def _pairs(e: pd.DataFrame, ev: pd.DataFrame) -> pd.DataFrame:
    """The BFOR/AFTR of SPAN_OFFSET 0, one row each, with its unit's AT and COMMITTED, PARTNER (the position of its
    AFTR or BFOR, -1 where none), PAIRED (a BFOR with its AFTR) and BOTH_NULL (a pair of null images)."""
    images = ev[np.isin(ev["KIND"], (BFOR, AFTR))]
    images = images[e["SPAN_OFFSET"].to_numpy()[images["POS"].to_numpy()] == 0]
    s = images.assign(DB_KEY=e["DB_KEY"].to_numpy()[images["POS"].to_numpy()])
    s = s.sort_values(["UNIT", "DB_KEY", "POS"], kind="stable").reset_index(drop=True)
    nxt = s.shift(-1)
    same = ((s["UNIT"] == nxt["UNIT"]) & (s["DB_KEY"] == nxt["DB_KEY"])).to_numpy()
    paired = (s["KIND"].to_numpy() == BFOR) & same & (nxt["KIND"].to_numpy() == AFTR)
    partner = np.full(len(s), -1, dtype=np.int64)
    partner[paired] = nxt["POS"].to_numpy()[paired].astype(np.int64)
    after_paired = np.r_[False, paired[:-1]] if len(s) else np.zeros(0, bool)
    partner[after_paired] = s["POS"].to_numpy()[np.flatnonzero(after_paired) - 1]
    length = e["IMAGE_LEN"].to_numpy()
    own_null = length[s["POS"].to_numpy()] == 0
    partner_null = length[np.maximum(partner, 0)] == 0
    s["PAIRED"], s["PARTNER"] = paired, partner
    s["BOTH_NULL"] = (partner >= 0) & own_null & partner_null
    return s


def _problems(e, committed, pairs, stop, cv_stop, rtsv_stop, rtsv_row) -> pd.DataFrame:
    reasons = np.full(len(e), None, dtype=object)
    reasons[(np.arange(len(e)) < stop) & (e["KIND"].to_numpy() == UNKNOWN)] = UNKNOWN_REASON
    counted = pairs[pairs["COMMITTED"] & (pairs["AT"] < stop)]
    lone = counted[counted["PARTNER"] < 0]
    reasons[lone["POS"].to_numpy()] = np.where(lone["KIND"].to_numpy() == BFOR, NO_AFTR, NO_BFOR)
    reasons[counted["POS"].to_numpy()[(counted["KIND"] == BFOR).to_numpy() & counted["BOTH_NULL"].to_numpy()]] = (
        BOTH_NULL
    )
    if stop < len(e):
        reasons[rtsv_row if rtsv_stop <= cv_stop else cv_stop] = RTSV_STOP if rtsv_stop <= cv_stop else CV_STOP
    found = pd.DataFrame({"ROW_ID": e["ROW_ID"].to_numpy(), "REASON": reasons})[pd.notna(reasons)]
    return found.astype({"ROW_ID": np.int64}).reset_index(drop=True)


def _changes(e: pd.DataFrame, pairs: pd.DataFrame) -> pd.DataFrame:
    """The change frame of the paired images of committed units before the stop."""
    before_pos, after_pos, at = (pairs[c].to_numpy(dtype=np.int64) for c in ("POS", "PARTNER", "AT"))
    row_id, length = e["ROW_ID"].to_numpy(), e["IMAGE_LEN"].to_numpy()
    before_null, after_null = length[before_pos] == 0, length[after_pos] == 0
    before = pd.array(row_id[before_pos], dtype="Int64")
    before[before_null] = pd.NA
    after = pd.array(row_id[after_pos], dtype="Int64")
    after[after_null] = pd.NA
    seq = e["SEQ"].to_numpy()[at]
    out = pd.DataFrame(
        {
            frame.OP: np.where(before_null, "c", np.where(after_null, "d", "u")).astype(object),
            frame.BEFORE_ROW: before,
            frame.AFTER_ROW: after,
            frame.BEFORE_PRESENT: ~before_null,
            frame.COMMIT_TIMESTAMP: e["GMT"].to_numpy()[at],
            frame.COMMIT_POSITION: _hex(seq),
            "_AT": at,
            "_POS": after_pos,
            frame.TRANSACTION_ID: (
                pairs["LID"].astype(str) + "." + pd.Series(seq, index=pairs.index).astype(str)
            ).to_numpy(dtype=object),
        }
    )
    out = out.sort_values(["_AT", "_POS"], kind="stable").reset_index(drop=True)
    out[frame.CHANGE_POSITION] = out.groupby("_AT").cumcount().astype(np.int64) + 1
    return out.loc[:, list(frame.CHANGE_COLUMNS)]


def _hex(sequence: np.ndarray) -> np.ndarray:
    """f"{sequence:016X}" for a whole array."""
    shifts = np.arange(15, -1, -1, dtype=np.uint64) * np.uint64(4)
    digits = (sequence.astype(np.uint64)[:, None] >> shifts) & np.uint64(0xF)
    chars = np.ascontiguousarray(HEX[digits.astype(np.int64)])
    return chars.view("<U16").ravel().astype(object) if len(chars) else np.array([], dtype=object)

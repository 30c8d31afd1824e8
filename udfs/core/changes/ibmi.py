"""IBM i commit resolution: which journaled row changes of one table are committed, in commit order.

`resolve(entries)` takes one table's journal entries (its R entries, its file's F CR / F RG / D CG entries and the
C SC / CM / RB entries of the commit cycles involved, in any order) and gives a change frame (`frame`), the ROW_IDs
still undecided (carry them into the next call with the next load's entries) and the problems found. Whole-batch
pandas/numpy: sorts, shifts, cumulative sums and group reductions, no Python loop per row or per group.

Rules (IBM i journal entry types, reference formats.md section 6):
- R PT, PX insert ('c', the after image); R UB + R UP update ('u'); R DL delete ('d', the before image).
- A UB pairs with the next entry of the same OBJECT, RRN, JOB and THREAD when that entry is an UP of the same commit
  cycle (concurrent jobs interleave, so never by adjacency in the table). An UP without one is an update of a file
  journaled with IMAGES(*AFTER): BEFORE_PRESENT False, BEFORE_ROW <NA>. BR pairs with UR the same way.
- A commit cycle (RESET_EPOCH, COMMIT_CYCLE) counts when its first C CM or C RB arrives. JOCCID is the sequence
  number of the cycle's C SC, so it repeats after a sequence reset: the epoch is part of the cycle's identity
  (assumed: a reset does not happen while a cycle is open). C CM: the cycle's changes take COMMIT_POSITION and
  COMMIT_TIMESTAMP from the C CM entry, TRANSACTION_ID the cycle id as text. C RB: the cycle is dropped whole, its
  compensations included, and nothing in it is reported.
- A rollback to a savepoint writes DR (undoes an insert) and UR, with its BR under IMAGES(*BOTH) (undoes an update
  or a delete), and no C RB. Per OBJECT and RRN within a cycle these nest like brackets: a compensation cancels the
  nearest earlier forward change not cancelled yet. A compensation with nothing to cancel, or whose forward change
  is of the wrong kind (a DR on an update), is a problem row and cancels nothing: the forward change stays, as the
  journal shows it.
- COMMIT_CYCLE 0 (outside commitment control): each change commits at its own entry (an update at its UP),
  TRANSACTION_ID <NA>. A UB there waits for its UP (pending) until the next entry of its OBJECT, RRN, JOB and
  THREAD shows the UP will not come: then it is a problem row. A compensation or C CM/RB outside a cycle is a
  problem row.
- F CR (clear member) is 't', committed like any change (at its own entry, or with its cycle).
- F RG (reorganize: renumbers RRNs) and D CG (record format change) stop the table: changes committed before the
  first of them are given; it and every entry after it stay pending, with one problem row on it saying what to do.
  Entries of a cycle whose C CM/RB is not before the stop stay pending too. While stopped, every call reports it.
- Problems are reported only for decided entries (so each once): a UB with no UP or a BR with no UR in a committed
  cycle, compensations above, entry types this resolution does not know (left out, never silently).
- Choices where the journal is silent: CHANGE_POSITION numbers a commit's changes in entry order (an update at its
  UP); BEFORE_PRESENT is True exactly where the change carries a before image ('u' with its UB, 'd'); the entries
  of one table must have unique (RESET_EPOCH, SEQUENCE) and ROW_ID, else ValueError.

COMMIT_POSITION is f"{epoch:04X}{sequence:020X}" of the committing entry: 24 upper-case hex characters that sort as
the commits happened across sequence resets.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from udfs.core.changes import frame
from udfs.core.changes.frame import Resolution

INPUT_COLUMNS = (
    "ROW_ID",
    "SEQUENCE",
    "RESET_EPOCH",
    "JOURNAL_CODE",
    "JOURNAL_ENTRY_TYPE",
    "ENTRY_TIMESTAMP",
    "COMMIT_CYCLE",
    "JOB",
    "THREAD",
    "OBJECT",
    "RRN",
)

# What each (journal code, entry type) is to the resolution.
INSERT, UB, UP, DELETE, DR, BR, UR, CLEAR, STOP, START, COMMIT, ROLLBACK, UNKNOWN = range(13)
ENTRY_ROLES = {
    ("R", "PT"): INSERT,
    ("R", "PX"): INSERT,
    ("R", "UB"): UB,
    ("R", "UP"): UP,
    ("R", "DL"): DELETE,
    ("R", "DR"): DR,
    ("R", "BR"): BR,
    ("R", "UR"): UR,
    ("F", "CR"): CLEAR,
    ("F", "RG"): STOP,
    ("D", "CG"): STOP,
    ("C", "SC"): START,
    ("C", "CM"): COMMIT,
    ("C", "RB"): ROLLBACK,
}
# Optional: LONE, True for a UB or BR whose next UB/UP (BR/UR) entry of its OBJECT, RRN, JOB and THREAD in the
# whole journal belongs to another commit cycle, given when the entries come in parts (one part per cycle, or per
# key outside commitment control): that entry is not in this part, and no partner will come.
OPTIONAL_COLUMNS = ("LONE",)
FORWARD = (INSERT, UP, DELETE)
IMAGE_KEY = ["OBJECT", "RRN", "JOB", "THREAD"]  # a before image and its after image share these
COMPENSATION = (DR, UR)

STOP_REASONS = {
    ("F", "RG"): "F RG: the member was reorganized (RGZPFM), which renumbers relative record numbers, so later "
    "entries cannot be tied to earlier rows: changes stop here; take a new snapshot of the table and "
    "restart its changes after this entry",
    ("D", "CG"): "D CG: the file's record format changed, so later images have another layout: changes stop here; "
    "declare the table again from its new DDL, take a new snapshot and restart its changes after this "
    "entry",
}
NO_UP = "R UB whose R UP never came (no UP of the same object, RRN, job and thread in its commit cycle)"
NO_UR = "R BR whose R UR never came (no UR of the same object, RRN, job and thread in its commit cycle)"
NOTHING_TO_CANCEL = "compensation with no earlier change of the same object and RRN in its commit cycle to undo"
WRONG_KIND = "compensation of the wrong kind for the change it would undo (DR undoes an insert, UR an update/delete)"
OUTSIDE_CYCLE = "rollback or commit entry outside commitment control (COMMIT_CYCLE 0)"
UNKNOWN_REASON = "entry type this resolution does not know: left out"
HEX = np.array(list("0123456789ABCDEF"))


def resolve(entries: pd.DataFrame) -> Resolution:
    """The committed changes of one table's entries (see the module's docstring for the rules)."""
    e = _in_journal_order(entries)
    pos = np.arange(len(e))
    stop = _stop_position(e)
    decision = _cycle_decisions(e, stop)
    ub_pair = _pair_images(e, UB, UP)
    br_pair = _pair_images(e, BR, UR)
    cancelled, unmatched, wrong_kind = _savepoint_matches(e)

    in_cycle = e["COMMIT_CYCLE"].to_numpy() != 0
    kind = e["KIND"].to_numpy()
    decided = (pos < stop) & np.where(in_cycle, decision["DECIDED"], _outside_decided(kind, ub_pair, stop))
    committed = decided & (~in_cycle | decision["COMMITTED"])
    problems = _problems(e, kind, in_cycle, committed, decided, ub_pair, br_pair, unmatched, wrong_kind, stop)
    changes = _changes(e, kind, in_cycle, committed & ~cancelled, decision, ub_pair)
    return Resolution(changes, e["ROW_ID"].to_numpy()[~decided].astype(np.int64), problems)


def _in_journal_order(entries: pd.DataFrame) -> pd.DataFrame:
    """The entries with a KIND and a cycle key CYCLE, sorted by (RESET_EPOCH, SEQUENCE), index 0..n-1."""
    missing = [c for c in INPUT_COLUMNS if c not in entries.columns]
    if missing:
        raise ValueError(f"entries lack columns {missing}")
    e = entries.loc[:, [*INPUT_COLUMNS, *[c for c in OPTIONAL_COLUMNS if c in entries.columns]]].copy()
    e["LONE"] = e["LONE"].fillna(False).astype(bool) if "LONE" in e.columns else False
    e["SEQUENCE"] = e["SEQUENCE"].astype(np.uint64)
    e["RESET_EPOCH"] = e["RESET_EPOCH"].astype(np.int64)
    e["COMMIT_CYCLE"] = e["COMMIT_CYCLE"].astype(np.uint64)
    e["JOURNAL_CODE"] = e["JOURNAL_CODE"].astype(str).str.strip()
    e["JOURNAL_ENTRY_TYPE"] = e["JOURNAL_ENTRY_TYPE"].astype(str).str.strip()
    if e["ROW_ID"].duplicated().any():
        raise ValueError("ROW_ID must be unique within one resolution's input")
    if e.duplicated(["RESET_EPOCH", "SEQUENCE"]).any():
        raise ValueError("two entries share a journal position (RESET_EPOCH, SEQUENCE)")
    if ((e["RESET_EPOCH"] < 0) | (e["RESET_EPOCH"] > 0xFFFF)).any():
        raise ValueError("RESET_EPOCH must fit 4 hex digits (0..65535)")
    order = np.lexsort((e["SEQUENCE"].to_numpy(), e["RESET_EPOCH"].to_numpy()))
    e = e.iloc[order].reset_index(drop=True)
    names = {f"{code} {kind}": v for (code, kind), v in ENTRY_ROLES.items()}
    codes = e["JOURNAL_CODE"] + " " + e["JOURNAL_ENTRY_TYPE"]
    e["KIND"] = codes.map(names).fillna(UNKNOWN).astype(np.int64)
    cycle = e.groupby(["RESET_EPOCH", "COMMIT_CYCLE"], sort=False).ngroup().to_numpy()
    e["CYCLE"] = np.where(e["COMMIT_CYCLE"].to_numpy() != 0, cycle, -1)
    return e


def _stop_position(e: pd.DataFrame) -> int:
    """Position of the first F RG / D CG, or len(e)."""
    stops = np.flatnonzero(e["KIND"].to_numpy() == STOP)
    return int(stops[0]) if len(stops) else len(e)


def _cycle_decisions(e: pd.DataFrame, stop: int) -> dict[str, np.ndarray]:
    """Per entry: whether its cycle's first C CM/RB came before the stop, whether it was a CM, and that CM's
    position (-1 where none)."""
    kind = e["KIND"].to_numpy()
    ends = np.flatnonzero(np.isin(kind, (COMMIT, ROLLBACK)) & (e["CYCLE"].to_numpy() >= 0) & (np.arange(len(e)) < stop))
    first = pd.Series(ends, index=e["CYCLE"].to_numpy()[ends]).groupby(level=0).min()  # entries are in order
    at = pd.Series(e["CYCLE"].to_numpy()).map(first).fillna(-1).astype(np.int64).to_numpy()
    decided = at >= 0
    committed = decided & (kind[np.where(decided, at, 0)] == COMMIT)
    return {"DECIDED": decided, "COMMITTED": committed, "AT": np.where(committed, at, -1)}


def _pair_images(e: pd.DataFrame, before: int, after: int) -> np.ndarray:
    """For each entry: the position of its partner (a `before` image's `after`, or the reverse), -2 for a `before`
    followed by something else of its OBJECT, RRN, JOB and THREAD (no partner will come), -1 otherwise."""
    sel = np.flatnonzero(np.isin(e["KIND"].to_numpy(), (before, after)))
    s = e.iloc[sel]
    order = np.lexsort((sel, *(s[c].to_numpy() for c in reversed(IMAGE_KEY))))  # by key, then journal order
    s, idx = s.iloc[order], sel[order]
    nxt = s.shift(-1)
    same_key = (s[IMAGE_KEY] == nxt[IMAGE_KEY]).all(axis=1).to_numpy()
    is_before = s["KIND"].to_numpy() == before
    lone = s["LONE"].to_numpy(dtype=bool)
    same_cycle = nxt["CYCLE"].to_numpy() == s["CYCLE"].to_numpy()
    pairs = is_before & same_key & (nxt["KIND"].to_numpy() == after) & same_cycle & ~lone
    partner = np.full(len(e), -1, dtype=np.int64)
    left, right = idx[pairs], np.roll(idx, -1)[pairs]
    partner[left], partner[right] = right, left
    partner[idx[is_before & ~pairs & (same_key | lone)]] = -2
    return partner


def _savepoint_matches(e: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Brackets per (cycle, OBJECT, RRN): forward changes +1, compensations -1 in journal order; a compensation
    cancels the nearest earlier forward change at its depth. Gives (cancelled forward changes and matched
    compensations, compensations with nothing to cancel, compensations of the wrong kind) as masks."""
    n = len(e)
    kind = e["KIND"].to_numpy()
    sel = np.flatnonzero(np.isin(kind, FORWARD + COMPENSATION) & (e["CYCLE"].to_numpy() >= 0))
    cancelled, unmatched, wrong = np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)
    if not len(sel):
        return cancelled, unmatched, wrong
    s = e.iloc[sel]
    group = s.groupby(["CYCLE", "OBJECT", "RRN"], sort=False).ngroup().to_numpy()
    is_comp = np.isin(s["KIND"].to_numpy(), COMPENSATION)
    step = np.where(is_comp, -1, 1)
    level = pd.Series(step).groupby(group).cumsum().to_numpy()
    depth = np.where(is_comp, level + 1, level)  # a push's level after, a pop's level before
    order = np.lexsort((sel, depth, group))  # sel is journal order
    g, d, c, k, idx = group[order], depth[order], is_comp[order], s["KIND"].to_numpy()[order], sel[order]
    prev_same = np.r_[False, (g[1:] == g[:-1]) & (d[1:] == d[:-1])]
    matched = c & prev_same & ~np.r_[True, c[:-1]]
    prev_kind = np.r_[UNKNOWN, k[:-1]]
    right_kind = np.where(k == DR, prev_kind == INSERT, np.isin(prev_kind, (UP, DELETE)))
    ok = matched & right_kind
    cancelled[idx[ok]] = True
    cancelled[idx[np.flatnonzero(ok) - 1]] = True
    unmatched[idx[c & ~matched]] = True
    wrong[idx[matched & ~right_kind]] = True
    return cancelled, unmatched, wrong


def _outside_decided(kind: np.ndarray, ub_pair: np.ndarray, stop: int) -> np.ndarray:
    """Outside commitment control an entry is decided at once, except a UB waiting for its UP: it is decided with
    its UP, or when the next entry of its key shows no UP will come."""
    waiting_ub = (kind == UB) & (ub_pair == -1)
    paired_ub_pending = (kind == UB) & (ub_pair >= 0) & (ub_pair >= stop)
    return ~(waiting_ub | paired_ub_pending)


def _problems(e, kind, in_cycle, committed, decided, ub_pair, br_pair, unmatched, wrong_kind, stop) -> pd.DataFrame:
    reasons = np.full(len(e), None, dtype=object)
    reasons[committed & (kind == UNKNOWN)] = UNKNOWN_REASON
    reasons[decided & ~in_cycle & np.isin(kind, (DR, BR, UR, COMMIT, ROLLBACK))] = OUTSIDE_CYCLE
    reasons[committed & in_cycle & unmatched] = NOTHING_TO_CANCEL
    reasons[committed & in_cycle & wrong_kind] = WRONG_KIND
    reasons[committed & (kind == UB) & (ub_pair < 0)] = NO_UP
    reasons[committed & in_cycle & (kind == BR) & (br_pair < 0)] = NO_UR
    found = pd.DataFrame({"ROW_ID": e["ROW_ID"].to_numpy(), "REASON": reasons})[pd.notna(reasons)]
    if stop < len(e):
        key = (e.at[stop, "JOURNAL_CODE"], e.at[stop, "JOURNAL_ENTRY_TYPE"])
        found = pd.concat([found, pd.DataFrame({"ROW_ID": [e.at[stop, "ROW_ID"]], "REASON": [STOP_REASONS[key]]})])
    return found.astype({"ROW_ID": np.int64}).reset_index(drop=True)


def _changes(e, kind, in_cycle, keep, decision, ub_pair) -> pd.DataFrame:
    """The change frame of the committed, not cancelled forward changes and clears."""
    rows = np.flatnonzero(keep & np.isin(kind, FORWARD + (CLEAR,)))
    k = kind[rows]
    at = np.where(in_cycle[rows], decision["AT"][rows], rows)  # the committing entry
    row_id = e["ROW_ID"].to_numpy()
    before_pos = np.where(k == UP, ub_pair[rows], np.where(k == DELETE, rows, -1))
    before = pd.array(np.where(before_pos >= 0, row_id[np.maximum(before_pos, 0)], 0), dtype="Int64")
    before[before_pos < 0] = pd.NA
    after = pd.array(row_id[rows], dtype="Int64")
    after[np.isin(k, (DELETE, CLEAR))] = pd.NA
    cycle_text = e["COMMIT_CYCLE"].to_numpy()[rows].astype(str).astype(object)
    out = pd.DataFrame(
        {
            frame.OP: pd.Series(k).map({INSERT: "c", UP: "u", DELETE: "d", CLEAR: "t"}).to_numpy(dtype=object),
            frame.BEFORE_ROW: before,
            frame.AFTER_ROW: after,
            frame.BEFORE_PRESENT: before_pos >= 0,
            frame.COMMIT_TIMESTAMP: e["ENTRY_TIMESTAMP"].to_numpy()[at],
            frame.COMMIT_POSITION: _hex_positions(e["RESET_EPOCH"].to_numpy()[at], e["SEQUENCE"].to_numpy()[at]),
            "_AT": at,
            "_POS": rows,
            frame.TRANSACTION_ID: np.where(in_cycle[rows], cycle_text, None),
        }
    )
    out = out.sort_values(["_AT", "_POS"], kind="stable").reset_index(drop=True)
    out[frame.CHANGE_POSITION] = out.groupby("_AT").cumcount().astype(np.int64) + 1
    return out.loc[:, list(frame.CHANGE_COLUMNS)]


def _hex_positions(epoch: np.ndarray, sequence: np.ndarray) -> np.ndarray:
    """f"{epoch:04X}{sequence:020X}" for whole arrays."""
    shifts = np.arange(15, -1, -1, dtype=np.uint64) * np.uint64(4)  # a uint64 has 16 hex digits
    seq_digits = (sequence.astype(np.uint64)[:, None] >> shifts) & np.uint64(0xF)
    epoch_digits = (epoch.astype(np.uint64)[:, None] >> shifts[-4:]) & np.uint64(0xF)
    zeros = np.zeros((len(sequence), 4), dtype=np.uint64)
    chars = np.ascontiguousarray(HEX[np.concatenate([epoch_digits, zeros, seq_digits], axis=1).astype(np.int64)])
    return chars.view("<U24").ravel().astype(object) if len(chars) else np.array([], dtype=object)

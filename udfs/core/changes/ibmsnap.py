"""IBM SQL Replication commit resolution: which CD table rows of one declared table are committed, in commit order.

`resolve(images, uows, key)` takes the row images of a CD table (its twin: one row per image, see
udfs/render/tables_ibmsnap.py) and the UOW table rows of their units of work, and gives a change frame (`frame`),
the ROW_IDs still undecided (carry them into the next call), the ROW_IDs of rejected units of work and the problems
found. Whole-batch pandas/numpy: sorts, shifts and group numbers, no Python loop per row or per group.

Rules (seed 003, the CD and UOW tables; reference formats.md section 3):
- A CD row is committed when the UOW table holds its unit of work: the row whose IBMSNAP_UOWID is the CD row's
  (a CD table of a later release carries IBMSNAP_COMMITSEQ instead: it joins on that). Until then it is pending.
- The unit of work gives the commit: COMMIT_POSITION is its IBMSNAP_COMMITSEQ as 32 upper-case hex digits, left
  padded with zeros, so the CHAR(10) and VARCHAR(16) forms both sort as Db2 orders them (unsigned, big-endian);
  COMMIT_TIMESTAMP its IBMSNAP_LOGMARKER (the source's local time); TRANSACTION_ID its IBMSNAP_UOWID in hex. Within
  a commit the changes are in IBMSNAP_INTENTSEQ order (padded the same way); CHANGE_POSITION numbers them from 1.
- I is 'c' (the after image), D is 'd' (the before image), U is 'u' (the after image; its before image when the
  CD table holds before-image columns: BEFORE_PRESENT says so).
- When the registration turns updates into a delete and an insert (the images' PAIRS), a D immediately followed,
  among the commit's images of the same key (NULL equal to NULL), by an I is one 'u': the D's image before, the
  I's after, at the D's place. A D and an I of different keys stay a 'd' and a 'c' (a key change).
- An update whose before image holds another key than its after image (the key's before-image column in use, NULL
  equal to NULL) is a key change too: a 'd' of its before image then a 'c' of its after image, at its place, as
  the history splits it.
- A unit of work whose IBMSNAP_REJ_CODE is neither '0' nor blank (1: a same-row conflict, the transaction was
  reversed at the replica; 2: rejected in cascade; any other value or NULL: unknown, counted with them) was undone
  where it ran: its rows are decided but give no change; their ROW_IDs are returned as `rejected`.
- One CD row landed twice (the same unit of work, intent sequence and image) counts once: the lowest ROW_ID; one
  UOW row landed twice likewise (the first given).
- An operation other than I, U, D is a problem row and gives no change (never silently).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from udfs.core.changes import frame

# The image frame: one row per image, hex strings for the FOR BIT DATA sequences, the key columns besides.
INPUT_COLUMNS = ("ROW_ID", "OPERATION", "IMAGE_KIND", "UOW", "INTENTSEQ", "PAIRS")
# The unit-of-work frame: UOW is what a CD row's UOW holds (IBMSNAP_UOWID, or IBMSNAP_COMMITSEQ for a CD table
# without a UOWID column).
UOW_COLUMNS = ("UOW", "UOWID", "COMMITSEQ", "LOGMARKER", "REJ_CODE")
WIDTH = 32  # hex digits of the widest sequence, VARCHAR(16) FOR BIT DATA
APPLIED_CODES = ("0", "")  # IBMSNAP_REJ_CODE of a unit of work that stands
UNKNOWN_OPERATION = "IBMSNAP_OPERATION other than I, U, D: left out"
OPS = {"I": "c", "U": "u", "D": "d"}


@dataclass(frozen=True)
class Resolution:
    changes: pd.DataFrame  # frame.CHANGE_COLUMNS, sorted by COMMIT_POSITION then CHANGE_POSITION
    pending: np.ndarray  # int64 ROW_IDs whose unit of work has no UOW row yet
    rejected: np.ndarray  # int64 ROW_IDs of rejected units of work (decided, no change)
    problems: pd.DataFrame  # ROW_ID, REASON


def position(hex_sequence: pd.Series) -> pd.Series:
    """A FOR BIT DATA sequence's hex as a fixed-width string that sorts in Db2's order."""
    return hex_sequence.astype(object).where(hex_sequence.isna(), hex_sequence.astype(str).str.upper().str.zfill(WIDTH))


def resolve(images: pd.DataFrame, uows: pd.DataFrame, key: Sequence[str]) -> Resolution:
    """The committed changes of one table's images (see the module's docstring for the rules)."""
    key = list(key)
    i = _images(images, key)
    u = _uows(uows)
    joined = i.merge(u, on="UOW", how="left", sort=False)
    found = joined["COMMITSEQ"].notna().to_numpy()
    rejected = found & ~joined["REJ_CODE"].fillna("?").astype(str).str.strip().isin(APPLIED_CODES).to_numpy()
    unknown = found & ~rejected & ~joined["OPERATION"].isin(tuple(OPS)).to_numpy()
    row_id = joined["ROW_ID"].to_numpy(dtype=np.int64)
    problems = pd.DataFrame({"ROW_ID": row_id[unknown], "REASON": UNKNOWN_OPERATION})
    applied = joined[found & ~rejected & ~unknown].reset_index(drop=True)
    return Resolution(_changes(applied, key), row_id[~found], row_id[rejected], problems)


def _images(images: pd.DataFrame, key: list[str]) -> pd.DataFrame:
    missing = [c for c in (*INPUT_COLUMNS, *key) if c not in images.columns]
    if missing:
        raise ValueError(f"images lack columns {missing}")
    if images["ROW_ID"].duplicated().any():
        raise ValueError("ROW_ID must be unique within one resolution's input")
    i = images.loc[:, [*INPUT_COLUMNS, *key]].copy()
    i["OPERATION"] = i["OPERATION"].astype(str).str.strip()
    i["INTENTSEQ"] = position(i["INTENTSEQ"])
    i = i.sort_values("ROW_ID", kind="stable")
    return i.drop_duplicates(["UOW", "INTENTSEQ", "IMAGE_KIND"]).reset_index(drop=True)


def _uows(uows: pd.DataFrame) -> pd.DataFrame:
    missing = [c for c in UOW_COLUMNS if c not in uows.columns]
    if missing:
        raise ValueError(f"uows lack columns {missing}")
    u = uows.loc[:, list(UOW_COLUMNS)]
    u = u[u["UOW"].notna() & u["COMMITSEQ"].notna()].drop_duplicates("UOW")
    return u.assign(COMMITSEQ=position(u["COMMITSEQ"]))


def _changes(a: pd.DataFrame, key: list[str]) -> pd.DataFrame:
    """One change per CD row (an update's two images one change), D+I pairs folded, in commit order."""
    a = a.sort_values(["COMMITSEQ", "INTENTSEQ", "UOW", "IMAGE_KIND"], kind="stable").reset_index(drop=True)
    # IMAGE_KIND sorts 'after' before 'before': an update's after image is the row's first.
    first = ~a.duplicated(["UOW", "INTENTSEQ"]).to_numpy()
    before_of_update = (a["OPERATION"] == "U").to_numpy() & (a["IMAGE_KIND"] == "before").to_numpy()
    before_row = (
        pd.Series(np.where(before_of_update, a["ROW_ID"], -1)).groupby(np.cumsum(first)).transform("max").to_numpy()
    )
    rows = a[first].reset_index(drop=True)
    before_row = before_row[first]
    op = rows["OPERATION"].map(OPS).to_numpy(dtype=object)
    row_id = rows["ROW_ID"].to_numpy(dtype=np.int64)
    before = np.where(op == "d", row_id, before_row)
    after = np.where(op == "d", -1, row_id)
    partner, absorbed = _delete_insert_pairs(rows, key)
    paired = partner >= 0
    after = np.where(paired, row_id[np.maximum(partner, 0)], after)
    op = np.where(paired, "u", op)
    keep = np.flatnonzero(~absorbed)
    moved = _key_changed(a, op, before, after, key)[keep]
    # A key change becomes two changes at its place: its before image deleted, then its after image inserted.
    source = keep[np.repeat(np.arange(len(keep)), np.where(moved, 2, 1))]
    second = np.r_[False, source[1:] == source[:-1]]
    deleted, inserted = np.repeat(moved, np.where(moved, 2, 1)) & ~second, second
    op = np.where(deleted, "d", np.where(inserted, "c", op[source]))
    before, after = np.where(inserted, -1, before[source]), np.where(deleted, -1, after[source])
    out = pd.DataFrame(
        {
            frame.OP: op,
            frame.BEFORE_ROW: _rows(before),
            frame.AFTER_ROW: _rows(after),
            frame.BEFORE_PRESENT: before >= 0,
            frame.COMMIT_TIMESTAMP: rows["LOGMARKER"].to_numpy()[source],
            frame.COMMIT_POSITION: rows["COMMITSEQ"].to_numpy(dtype=object)[source],
            frame.TRANSACTION_ID: rows["UOWID"]
            .astype(object)
            .where(rows["UOWID"].notna(), None)
            .str.upper()
            .to_numpy(dtype=object)[source],
        }
    )
    out[frame.CHANGE_POSITION] = out.groupby(frame.COMMIT_POSITION, sort=False).cumcount().astype(np.int64) + 1
    return out.loc[:, list(frame.CHANGE_COLUMNS)].reset_index(drop=True)


def _key_changed(a: pd.DataFrame, op: np.ndarray, before: np.ndarray, after: np.ndarray, key: list[str]) -> np.ndarray:
    """For each change, whether it is an update whose before image's key is not its after image's (NULL equal to
    NULL): the images' key columns looked up by their ROW_IDs."""
    both = (op == "u") & (before >= 0) & (after >= 0)
    if not key or not both.any():
        return np.zeros(len(op), bool)
    images = a.set_index("ROW_ID")[key]
    b = images.loc[before[both]].reset_index(drop=True)
    f = images.loc[after[both]].reset_index(drop=True)
    same = ((b == f) | (b.isna() & f.isna())).all(axis=1).to_numpy()
    changed = np.zeros(len(op), bool)
    changed[np.flatnonzero(both)[~same]] = True
    return changed


def _delete_insert_pairs(rows: pd.DataFrame, key: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(for each D that pairs, the position of its I, else -1; the I rows absorbed), rows in commit order: a pair
    is a D whose next row of the same key in the same commit is an I, when the D's registration pairs."""
    n = len(rows)
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, bool)
    group = rows.groupby(["COMMITSEQ", *key], sort=False, dropna=False).ngroup().to_numpy()
    order = np.lexsort((np.arange(n), group))  # by group, then commit order
    g, op = group[order], rows["OPERATION"].to_numpy(dtype=object)[order]
    pairs = rows["PAIRS"].fillna(False).astype(bool).to_numpy()[order]
    same_next = np.r_[g[1:] == g[:-1], False]
    next_op = np.r_[op[1:], None]
    head = pairs & (op == "D") & same_next & (next_op == "I")
    partner, absorbed = np.full(n, -1, np.int64), np.zeros(n, bool)
    partner[order[head]] = order[np.flatnonzero(head) + 1]
    absorbed[order[np.flatnonzero(head) + 1]] = True
    return partner, absorbed


def _rows(values: np.ndarray) -> pd.arrays.IntegerArray:
    out = pd.array(np.maximum(values, 0), dtype="Int64")
    out[values < 0] = pd.NA
    return out

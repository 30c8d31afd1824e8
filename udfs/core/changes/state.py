"""Current state and history (SCD type 2) of a declared table from its committed changes, on whole batches.

Input "valued changes": the change frame's OP, COMMIT_POSITION, CHANGE_POSITION, COMMIT_TIMESTAMP and
BEFORE_PRESENT, with the row images as columns BEFORE_<c> and AFTER_<c> for every table column c (NULL = None/NA).
Output versions: the table columns, then VALID_FROM_POSITION and VALID_TO_POSITION (commit positions, half-open
[from, to)), VALID_FROM and VALID_TO (the commits' timestamps, as the log gives them); the open version of a key
has NULL VALID_TO_POSITION and VALID_TO. Builds are incremental: `apply` takes the open versions of the last build
and returns the versions closed by the new changes (to append) and the open ones (to rewrite).

A version is a key's row between transactions (one COMMIT_POSITION): the key's state after the transaction's last
change of it. Within a transaction a row's identity ends when it is deleted, inserted over or truncated: the
transaction then closes its version and, if the key is present at its end, opens a new one even with the same
values. A transaction that only updates a key opens a new version only if a value changed (NULL equals NULL).
A snapshot row ('r') is an insert; a clear ('t') ends every row. Anomalies follow the log (an insert over a present
key replaces its row, an update of an absent key inserts it, a delete of an absent key does nothing) and are
returned as problems, one row per change.

Everything is whole-batch numpy/pandas (sort, group, shift, searchsorted): no Python loop per row or key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from udfs.core.changes.frame import (
    BEFORE_PRESENT,
    CHANGE_POSITION,
    COMMIT_POSITION,
    COMMIT_TIMESTAMP,
    OP,
)

VALID_FROM_POSITION = "VALID_FROM_POSITION"
VALID_TO_POSITION = "VALID_TO_POSITION"
VALID_FROM = "VALID_FROM"
VALID_TO = "VALID_TO"
VALIDITY_COLUMNS = (VALID_FROM_POSITION, VALID_TO_POSITION, VALID_FROM, VALID_TO)

# Columns of the problems frame (then the key columns): anomalies the log shows, applied as the log says.
PROBLEM = "PROBLEM"
INSERT_OF_OPEN_KEY = "insert of a key already present: its version closed, the inserted row opened"
UPDATE_OF_ABSENT_KEY = "update of an absent key: the updated row opened"
DELETE_OF_ABSENT_KEY = "delete of an absent key: nothing to close"
PROBLEM_COLUMNS = (PROBLEM, OP, COMMIT_POSITION, CHANGE_POSITION)

_OPENING_OPS = ("c", "r", "u")  # ops whose after image is the key's row
_IDENTITY_ENDING_OPS = ("c", "r", "d")  # ops that end the row a key had, whatever the values


class ChangesNotLater(ValueError):
    """The changes reach back to or before what the open versions already hold: rebuild from the start."""


class Applied(NamedTuple):
    closed: pd.DataFrame  # versions the changes closed: append to the history
    open: pd.DataFrame  # every open version after the changes: the new current state with its validity
    problems: pd.DataFrame  # PROBLEM_COLUMNS + key columns: anomalies in the log, one row per change


def before(column: str) -> str:
    return f"BEFORE_{column}"


def after(column: str) -> str:
    return f"AFTER_{column}"


def empty_versions(columns: Sequence[str]) -> pd.DataFrame:
    """The open versions of a table never built: the start of the first `apply`."""
    return pd.DataFrame({c: pd.Series(dtype=object) for c in (*columns, *VALIDITY_COLUMNS)})


def current(open_versions: pd.DataFrame) -> pd.DataFrame:
    """The table's rows after the last commit applied: the open versions without their validity."""
    return open_versions.drop(columns=list(VALIDITY_COLUMNS)).reset_index(drop=True)


def split_key_changes(changes: pd.DataFrame, key: Sequence[str]) -> pd.DataFrame:
    """Each update whose before key differs from its after key as a delete (before) then an insert (after).

    Both stay in the update's commit; CHANGE_POSITION is renumbered 1.. within every commit, in order. An update
    without a before image keeps its op: as far as the log shows, its key did not change.
    """
    ordered = _in_change_order(changes)
    moves = (
        (ordered[OP] == "u").to_numpy()
        & ordered[BEFORE_PRESENT].fillna(False).astype(bool).to_numpy()
        & ~_same_rows(ordered, [before(k) for k in key], ordered, [after(k) for k in key])
    )
    # A moving update's row twice, in place: its delete (first) then its insert.
    source = np.repeat(np.arange(len(ordered)), np.where(moves, 2, 1))
    out = ordered.iloc[source].reset_index(drop=True)
    moved = moves[source]
    second = np.r_[False, source[1:] == source[:-1]]
    as_delete, as_insert = moved & ~second, moved & second
    out[OP] = out[OP].mask(as_delete, "d").mask(as_insert, "c")
    out[BEFORE_PRESENT] = out[BEFORE_PRESENT].mask(as_insert, False)
    for c in out.columns:
        if c.startswith("AFTER_"):
            out[c] = out[c].mask(as_delete)
        elif c.startswith("BEFORE_") and c != BEFORE_PRESENT:
            out[c] = out[c].mask(as_insert)
    out[CHANGE_POSITION] = out.groupby(COMMIT_POSITION, sort=False).cumcount().astype("int64") + 1
    return out


def apply(
    open_versions: pd.DataFrame,
    changes: pd.DataFrame,
    key: Sequence[str],
    columns: Sequence[str],
    applied_through: str | None = None,
) -> Applied:
    """Apply committed changes to the open versions of a table (SCD type 2).

    `applied_through`: the last COMMIT_POSITION the open versions hold, if the caller keeps it (a last delete or
    clear leaves no open version to show it). Changes at or before it, or at or before any open version's
    VALID_FROM_POSITION, raise ChangesNotLater. Applying in one call or in consecutive batches gives the same
    closed and open versions.
    """
    key, columns = list(key), list(columns)
    changes = split_key_changes(changes, key)
    _check_later(open_versions, changes, applied_through)
    open_versions = open_versions.reset_index(drop=True)
    if changes.empty:
        return Applied(
            _versions_frame(open_versions.iloc[:0], columns),
            _versions_frame(open_versions, columns),
            _problems_frame(changes, key, np.zeros(0, dtype=object)),
        )
    commits = _Commits(changes)
    keyed = changes[changes[OP] != "t"].reset_index()  # "index" is the change's ordinal in commit order
    keyed["_key_id"], open_ids = _key_ids(open_versions, keyed, key)
    keyed["_txn"] = commits.txn_of_change[keyed["index"].to_numpy()]
    problems = _problems(keyed, open_ids, commits, key)
    events = _transaction_events(keyed, open_versions, open_ids, commits, columns)
    closed, still_open = _versions(open_versions, open_ids, events, commits, columns)
    return Applied(closed, still_open, problems)


def _in_change_order(changes: pd.DataFrame) -> pd.DataFrame:
    return changes.sort_values([COMMIT_POSITION, CHANGE_POSITION], kind="stable").reset_index(drop=True)


def _check_later(open_versions: pd.DataFrame, changes: pd.DataFrame, applied_through: str | None) -> None:
    if changes.empty:
        return
    first = changes[COMMIT_POSITION].iloc[0]
    held = [
        p
        for p in (applied_through, open_versions[VALID_FROM_POSITION].max() if len(open_versions) else None)
        if p is not None
    ]
    if held and first <= max(held):
        raise ChangesNotLater(
            f"changes start at commit {first}, not after {max(held)} which the open versions "
            "already hold: rebuild the history from the first change"
        )


class _Commits:
    """The transactions of one batch: dense ordinals in commit order, and where the table was cleared."""

    def __init__(self, changes: pd.DataFrame):
        codes, self.positions = pd.factorize(changes[COMMIT_POSITION], sort=True)
        self.txn_of_change = codes.astype(np.int64)
        first_row = np.unique(codes, return_index=True)[1]
        self.timestamps = changes[COMMIT_TIMESTAMP].iloc[first_row].reset_index(drop=True)  # keeps its type
        clears = np.flatnonzero((changes[OP] == "t").to_numpy())
        self.clear_ordinals = clears  # ordinals of the 't' changes, ascending
        self.clear_txns = np.unique(codes[clears]).astype(np.int64)
        last_clear = np.full(len(self.positions), -1, dtype=np.int64)
        np.maximum.at(last_clear, codes[clears], clears)
        self.last_clear_in_txn = last_clear  # ordinal of each transaction's last 't', -1 without one

    def last_clear_before(self, ordinals: np.ndarray) -> np.ndarray:
        """The ordinal of the last clear before each change, -1 for none."""
        padded = np.r_[-1, self.clear_ordinals]
        return padded[np.searchsorted(self.clear_ordinals, ordinals, side="left")]

    def clears_between(self, after_txn: np.ndarray, before_txn: np.ndarray) -> np.ndarray:
        """How many transactions strictly between the two held a clear."""
        return np.searchsorted(self.clear_txns, before_txn, side="left") - np.searchsorted(
            self.clear_txns, after_txn, side="right"
        )

    def first_clear_after(self, txns: np.ndarray) -> np.ndarray:
        """The first transaction after each one that cleared the table, len(positions) for none."""
        at = np.searchsorted(self.clear_txns, txns, side="right")
        padded = np.append(self.clear_txns, len(self.positions))
        return padded[at]


def _key_ids(open_versions: pd.DataFrame, keyed: pd.DataFrame, key: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """One integer per distinct key (NULL equals NULL) over the open versions and the changes."""
    is_delete = (keyed[OP] == "d").to_numpy()
    ids = np.zeros(len(open_versions) + len(keyed), dtype=np.int64)
    for k in key:
        of_changes = np.where(
            is_delete, keyed[before(k)].to_numpy(dtype=object), keyed[after(k)].to_numpy(dtype=object)
        )
        both = np.concatenate([open_versions[k].to_numpy(dtype=object), of_changes])
        codes = pd.factorize(pd.Series(both, dtype=object), use_na_sentinel=True)[0] + 1  # NULL is code 0
        # Pairs of dense codes below n stay below n * (n + 1): no overflow; factorize makes them dense again.
        ids = pd.factorize(ids * (codes.max(initial=0) + 1) + codes)[0].astype(np.int64)
    open_ids = ids[: len(open_versions)]
    if len(np.unique(open_ids)) != len(open_ids):
        raise ValueError("the open versions hold a key twice: one open version per key")
    return ids[len(open_versions) :], open_ids


def _problems(keyed: pd.DataFrame, open_ids: np.ndarray, commits: _Commits, key: list[str]) -> pd.DataFrame:
    """Whether each change found its key present, replayed in order: a present key stays so until a delete or a
    clear."""
    by_key = keyed.sort_values(["_key_id", "index"], kind="stable")
    grouped = by_key.groupby("_key_id", sort=False)
    previous_ordinal = grouped["index"].shift().to_numpy(dtype=float)
    previous_op = grouped[OP].shift().to_numpy(dtype=object)
    ordinal = by_key["index"].to_numpy()
    last_clear = commits.last_clear_before(ordinal)
    has_previous = ~np.isnan(previous_ordinal)
    present = np.where(
        has_previous,
        (previous_ordinal > last_clear) & (previous_op != "d"),
        (last_clear < 0) & np.isin(by_key["_key_id"].to_numpy(), open_ids),
    )
    op = by_key[OP].to_numpy(dtype=object)
    problem = np.select(
        [np.isin(op, ["c", "r"]) & present, (op == "u") & ~present, (op == "d") & ~present],
        [INSERT_OF_OPEN_KEY, UPDATE_OF_ABSENT_KEY, DELETE_OF_ABSENT_KEY],
        default="",
    )
    found = by_key.assign(**{PROBLEM: problem}).loc[problem != ""].sort_values("index")
    return _problems_frame(found, key, found[PROBLEM].to_numpy(dtype=object))


def _problems_frame(found: pd.DataFrame, key: list[str], problem: np.ndarray) -> pd.DataFrame:
    is_delete = (found[OP] == "d").to_numpy()
    keys = {
        k: np.where(is_delete, found[before(k)].to_numpy(dtype=object), found[after(k)].to_numpy(dtype=object))
        for k in key
    }
    return pd.DataFrame(
        {
            PROBLEM: problem,
            OP: found[OP].to_numpy(dtype=object),
            COMMIT_POSITION: found[COMMIT_POSITION].to_numpy(dtype=object),
            CHANGE_POSITION: found[CHANGE_POSITION].to_numpy(dtype=np.int64),
            **keys,
        }
    )


def _transaction_events(
    keyed: pd.DataFrame, open_versions: pd.DataFrame, open_ids: np.ndarray, commits: _Commits, columns: list[str]
) -> pd.DataFrame:
    """One row per key and transaction touching it: its row at the transaction's end, whether that closes the
    version open before and whether it opens a new one."""
    keyed = keyed.assign(_ends_identity=keyed[OP].isin(_IDENTITY_ENDING_OPS))
    grouped = keyed.groupby(["_key_id", "_txn"], sort=True)
    events = grouped.tail(1).sort_values(["_key_id", "_txn"]).reset_index(drop=True)
    events["_ends_identity"] = grouped["_ends_identity"].any().to_numpy()
    txn = events["_txn"].to_numpy()
    cleared_later = events["index"].to_numpy() < commits.last_clear_in_txn[txn]
    present = events[OP].isin(_OPENING_OPS).to_numpy() & ~cleared_later
    ends_identity = events["_ends_identity"].to_numpy() | (commits.last_clear_in_txn[txn] >= 0)

    key_id = events["_key_id"].to_numpy()
    first = key_id != _shifted(key_id, -1)
    was_open_before_batch = np.isin(key_id, open_ids) & (commits.clears_between(np.full_like(txn, -1), txn) == 0)
    open_before = np.where(
        first, was_open_before_batch, _shifted(present, False) & (commits.clears_between(_shifted(txn, -1), txn) == 0)
    )
    after_values = events[[after(c) for c in columns]].astype(object)
    before_values = _values_before(
        after_values, first & was_open_before_batch, key_id, open_versions, open_ids, columns
    )
    unchanged = _same_rows(after_values, list(after_values.columns), before_values, list(before_values.columns))
    changed = ends_identity | ~unchanged
    events["_closes"] = open_before & (~present | changed)
    events["_opens"] = present & (~open_before | changed)
    return events


def _values_before(
    after_values: pd.DataFrame,
    from_open: np.ndarray,
    key_id: np.ndarray,
    open_versions: pd.DataFrame,
    open_ids: np.ndarray,
    columns: list[str],
) -> pd.DataFrame:
    """The key's row before each event: the previous event's (same key: events are sorted by key, then commit),
    or for `from_open` events the open version's. Where the key was absent the values do not matter."""
    values = after_values.shift()
    open_row = pd.Series(np.arange(len(open_versions)), index=open_ids).reindex(key_id[from_open]).to_numpy()
    values.iloc[np.flatnonzero(from_open)] = open_versions[columns].iloc[open_row].to_numpy(dtype=object)
    return values


def _versions(
    open_versions: pd.DataFrame, open_ids: np.ndarray, events: pd.DataFrame, commits: _Commits, columns: list[str]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Each version ends at the first transaction after its start that closes its key's version or clears."""
    openings = events[events["_opens"]]
    starts_key = np.concatenate([open_ids, openings["_key_id"].to_numpy()])
    starts_txn = np.concatenate([np.full(len(open_ids), -1), openings["_txn"].to_numpy()]).astype(np.int64)
    closes = events[events["_closes"]]
    end = np.minimum(
        _next_of_key(
            closes["_key_id"].to_numpy(), closes["_txn"].to_numpy(), starts_key, starts_txn, len(commits.positions)
        ),
        commits.first_clear_after(starts_txn),
    )
    new = pd.DataFrame({c: openings[after(c)].reset_index(drop=True) for c in columns})
    new[VALID_FROM_POSITION] = commits.positions.to_numpy()[openings["_txn"].to_numpy()]
    new[VALID_FROM] = commits.timestamps.take(openings["_txn"].to_numpy()).to_numpy()
    versions = _concat([open_versions[[*columns, VALID_FROM_POSITION, VALID_FROM]], new])
    # Reindexing past the last transaction gives NULL: the open versions' end.
    versions[VALID_TO_POSITION] = pd.Series(commits.positions, dtype=object).reindex(end).to_numpy()
    versions[VALID_TO] = commits.timestamps.reindex(end).to_numpy()
    versions = versions[[*columns, *VALIDITY_COLUMNS]]
    ended = end < len(commits.positions)
    return _versions_frame(versions[ended], columns), _versions_frame(versions[~ended], columns)


def _next_of_key(
    event_key: np.ndarray, event_txn: np.ndarray, start_key: np.ndarray, start_txn: np.ndarray, none: int
) -> np.ndarray:
    """For each start, the first event of the same key strictly after it; `none` where there is none."""
    width = none + 2  # txns -1..none fit as 0..none+1
    events = np.sort(event_key.astype(np.int64) * width + event_txn + 1)
    starts = start_key.astype(np.int64) * width + start_txn + 1
    at = np.searchsorted(events, starts, side="right")
    found = np.append(events, -1)[at]
    return np.where((at < len(events)) & (found // width == start_key), found % width - 1, none)


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenation that lets an empty part decide no column's type (pandas is changing that default)."""
    kept = [f for f in frames if len(f)] or frames[:1]
    return pd.concat(kept, ignore_index=True)


def _versions_frame(versions: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    out = versions.reindex(columns=[*columns, *VALIDITY_COLUMNS])
    return out.sort_values([VALID_FROM_POSITION], kind="stable").reset_index(drop=True)


def _shifted(values: np.ndarray, fill) -> np.ndarray:
    """Each element's predecessor, `fill` for the first."""
    out = np.empty_like(values)
    out[:1] = fill
    out[1:] = values[:-1]
    return out


def _same_rows(
    left: pd.DataFrame, left_columns: list[str], right: pd.DataFrame, right_columns: list[str]
) -> np.ndarray:
    """Row-wise equality of column lists, NULL equal to NULL (and to nothing else)."""
    same = np.ones(len(left), dtype=bool)
    for lc, rc in zip(left_columns, right_columns):
        a, b = left[lc].to_numpy(dtype=object), right[rc].to_numpy(dtype=object)
        a_null, b_null = pd.isna(a), pd.isna(b)
        both = ~a_null & ~b_null
        equal = a_null & b_null
        equal[both] = (a[both] == b[both]).astype(bool)
        same &= equal
    return same

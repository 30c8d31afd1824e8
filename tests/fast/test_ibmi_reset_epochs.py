"""IBM i sequence resets as a table's build numbers them (udfs/spark/changes/ibmi.py `assign_epochs`): a table's
entries are a sparse part of the journal, so across a reset (CHGJRN SEQOPT(*RESET): the next receiver numbers from
1 again) its sequence numbers can climb past, or land exactly on, one it had before. The stories are the journal's,
seen through one table's entries: other tables' entries fill the numbers between."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from udfs.spark.changes.ibmi import OlderThanApplied, assign_epochs

T0 = np.datetime64("2026-03-01T08:00:00.000000", "us")


def frame(entries: list[tuple[int, int]], held: dict[int, int] | None = None) -> pd.DataFrame:
    """(sequence number, seconds after T0) per entry, in any order; `held`: row -> its epoch from a build before."""
    held = held or {}
    return pd.DataFrame(
        {
            "SEQUENCE": np.array([s for s, _ in entries], dtype=np.uint64),
            "ENTRY_TIMESTAMP": np.array([T0 + np.timedelta64(t, "s") for _, t in entries]),
            "RESET_EPOCH": [held.get(i, np.nan) for i in range(len(entries))],
        }
    )


def epochs(pdf: pd.DataFrame, resume=None) -> tuple[list[int], dict]:
    out, state = assign_epochs(pdf, resume)
    return list(out["RESET_EPOCH"]), json.loads(state)


def test_a_sequence_number_met_again_after_a_reset_starts_a_new_epoch():
    # epoch 0: the table's entries at 40 and 45; two resets (the epochs between hold other tables' entries only);
    # then its next entry is numbered 45 again, then 60
    got, state = epochs(frame([(40, 1), (45, 2), (45, 100), (60, 101)]))
    assert got == [0, 0, 1, 1]  # the second 45 is not the first's journal position
    assert state == {"epoch": 1, "sequence": "60", "timestamp": str(T0 + np.timedelta64(101, "s"))}


def test_a_sequence_number_lower_than_the_one_before_starts_a_new_epoch():
    got, _ = epochs(frame([(45, 1), (46, 2), (50, 3), (45, 100), (60, 101)]))
    assert got == [0, 0, 0, 1, 1]


def test_a_reset_the_tables_numbers_climb_past_keeps_journal_order():
    # across the reset the table's next numbers (70, 80) exceed its last (50): one epoch, and still in time order
    got, _ = epochs(frame([(45, 1), (50, 3), (70, 100), (80, 101)]))
    assert got == [0, 0, 0, 0]


def test_the_first_new_entry_at_the_last_applied_number_later_is_a_reset():
    last = {"epoch": 3, "sequence": "50", "timestamp": str(T0 + np.timedelta64(3, "s"))}
    got, state = epochs(frame([(50, 200), (51, 201)]), json.dumps(last))
    assert got == [4, 4] and state["epoch"] == 4


def test_the_last_applied_entry_landed_again_is_no_reset():
    """The same number at the same time is the same entry (an overlapping outfile)."""
    last = {"epoch": 3, "sequence": "50", "timestamp": str(T0 + np.timedelta64(3, "s"))}
    got, _ = epochs(frame([(50, 3), (51, 4)]), json.dumps(last))
    assert got == [3, 3]


def test_held_entries_keep_their_epoch_and_new_ones_continue():
    got, _ = epochs(frame([(45, 1), (46, 2), (47, 5)], held={0: 0, 1: 0}))
    assert got == [0, 0, 0]


def test_an_entry_older_than_what_was_applied_is_refused():
    last = {"epoch": 0, "sequence": "50", "timestamp": str(T0 + np.timedelta64(30, "s"))}
    with pytest.raises(OlderThanApplied):
        assign_epochs(frame([(40, 10)]), json.dumps(last))

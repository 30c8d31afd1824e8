"""The state and history (SCD type 2) kernels: named cases per rule, then random streams against a plain
sequential replay (tests/support/scd2_oracle.py) and batch-split equivalence."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from support.change_streams import COLUMNS, KEY, as_frame, change, position, random_stream, timestamp
from support.scd2_oracle import Replay

from udfs.core.changes import state
from udfs.core.changes.state import VALIDITY_COLUMNS, ChangesNotLater, apply, current, empty_versions, split_key_changes

ALL = [*COLUMNS, *VALIDITY_COLUMNS]


def _plain(v):
    """NULL as None, numpy scalars as Python's, and a whole float as the int it is (a NULL-able integer column of
    a frame is float)."""
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return None
    if isinstance(v, np.datetime64):
        return pd.Timestamp(v)
    if isinstance(v, np.generic):
        v = v.item()
    return int(v) if isinstance(v, float) and v.is_integer() else v


def rows(frame: pd.DataFrame, columns=ALL) -> list[tuple]:
    return sorted((tuple(_plain(v) for v in r) for r in frame[columns].itertuples(index=False)), key=repr)


def version(k1, k2, a, b, start, end=None) -> tuple:
    """A version as rows() gives it: the commit numbers stand for their positions and timestamps."""
    return (
        k1,
        k2,
        a,
        b,
        position(start),
        None if end is None else position(end),
        timestamp(start),
        None if end is None else timestamp(end),
    )


def build(*changes: dict, open_versions=None):
    return apply(
        empty_versions(COLUMNS) if open_versions is None else open_versions, as_frame(list(changes)), KEY, COLUMNS
    )


def row(k1, a=None, b=None, k2="x") -> dict:
    return {"K1": k1, "K2": k2, "A": a, "B": b}


# split_key_changes


def test_an_update_that_changes_its_key_becomes_a_delete_then_an_insert_renumbered():
    changes = as_frame(
        [
            change("c", 5, 1, after=row(9)),
            change("u", 5, 2, before=row(1, 1), after=row(2, 1)),
            change("u", 5, 3, before=row(3, 1), after=row(3, 2)),
        ]
    )
    split = split_key_changes(changes, KEY)
    assert split["OP"].tolist() == ["c", "d", "c", "u"]
    assert split["CHANGE_POSITION"].tolist() == [1, 2, 3, 4]
    assert [_plain(v) for v in split["BEFORE_K1"]] == [None, 1, None, 3]
    assert [_plain(v) for v in split["AFTER_K1"]] == [9, None, 2, 3]
    assert split["BEFORE_PRESENT"].tolist() == [False, True, False, True]


def test_an_update_without_a_before_image_keeps_its_key():
    changes = as_frame([change("u", 5, 1, after=row(2, 1), before_present=False)])
    assert split_key_changes(changes, KEY)["OP"].tolist() == ["u"]


def test_a_null_key_part_equals_null_when_splitting():
    changes = as_frame(
        [
            change("u", 5, 1, before=row(1, 1, k2=None), after=row(1, 2, k2=None)),
            change("u", 5, 2, before=row(1, 1, k2=None), after=row(1, 2, k2="x")),
        ]
    )
    assert split_key_changes(changes, KEY)["OP"].tolist() == ["u", "d", "c"]


# apply: one rule each


def test_an_insert_opens_and_an_update_closes_and_opens():
    built = build(change("c", 1, 1, after=row(1, 1)), change("u", 2, 1, before=row(1, 1), after=row(1, 2)))
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(1, "x", 2, None, 2)]
    assert built.problems.empty
    assert built.closed["VALID_FROM"].dtype == built.closed["VALID_TO"].dtype == "datetime64[ns]"  # the commits'
    assert built.open["VALID_TO"].isna().all() and built.open["VALID_TO_POSITION"].isna().all()


def test_an_update_that_changes_no_value_opens_nothing_null_equal_to_null():
    built = build(
        change("c", 1, 1, after=row(1, None, "p")), change("u", 2, 1, before=row(1, None, "p"), after=row(1, None, "p"))
    )
    assert rows(built.closed) == []
    assert rows(built.open) == [version(1, "x", None, "p", 1)]


def test_one_version_per_key_per_commit_its_state_after_the_last_change():
    built = build(
        change("c", 1, 1, after=row(1, 1)),
        change("u", 1, 2, before=row(1, 1), after=row(1, 2)),
        change("u", 1, 3, before=row(1, 2), after=row(1, 3)),
    )
    assert rows(built.open) == [version(1, "x", 3, None, 1)]
    assert rows(built.closed) == []


def test_updates_back_to_the_open_values_within_a_commit_open_nothing():
    built = build(
        change("c", 1, 1, after=row(1, 1)),
        change("u", 2, 1, before=row(1, 1), after=row(1, 2)),
        change("u", 2, 2, before=row(1, 2), after=row(1, 1)),
    )
    assert rows(built.open) == [version(1, "x", 1, None, 1)]
    assert rows(built.closed) == []


def test_a_delete_closes_and_a_later_reinsert_opens_a_new_version():
    built = build(
        change("c", 1, 1, after=row(1, 1)), change("d", 2, 1, before=row(1, 1)), change("c", 3, 1, after=row(1, 1))
    )
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(1, "x", 1, None, 3)]


def test_a_delete_and_reinsert_of_the_same_row_in_one_commit_opens_a_new_version():
    built = build(
        change("c", 1, 1, after=row(1, 1)), change("d", 2, 1, before=row(1, 1)), change("c", 2, 2, after=row(1, 1))
    )
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(1, "x", 1, None, 2)]


def test_an_insert_then_delete_in_one_commit_leaves_no_version():
    built = build(change("c", 1, 1, after=row(1, 1)), change("d", 1, 2, before=row(1, 1)))
    assert rows(built.closed) == [] and rows(built.open) == []


def test_a_clear_closes_every_open_version_at_its_position_and_later_inserts_reopen():
    built = build(
        change("r", 1, 1, after=row(1, 1)),
        change("r", 1, 2, after=row(2, 1)),
        change("c", 2, 1, after=row(3, 1)),
        change("t", 4, 1),
        change("c", 4, 2, after=row(2, 1)),
    )
    assert rows(built.closed) == [
        version(1, "x", 1, None, 1, 4),
        version(2, "x", 1, None, 1, 4),
        version(3, "x", 1, None, 2, 4),
    ]
    assert rows(built.open) == [version(2, "x", 1, None, 4)]


def test_a_clear_ends_a_row_even_when_an_update_writes_its_values_back_in_the_same_commit():
    built = build(
        change("c", 1, 1, after=row(1, 1)), change("t", 2, 1), change("u", 2, 2, after=row(1, 1), before_present=False)
    )
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(1, "x", 1, None, 2)]
    assert built.problems["PROBLEM"].tolist() == [state.UPDATE_OF_ABSENT_KEY]


def test_a_clear_in_a_later_batch_ends_the_open_versions_before_a_later_commit_writes_them_back():
    first = build(change("c", 1, 1, after=row(1, 1)))
    second = build(
        change("t", 2, 1), change("u", 3, 1, after=row(1, 1), before_present=False), open_versions=first.open
    )
    assert rows(second.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(second.open) == [version(1, "x", 1, None, 3)]
    assert second.problems["PROBLEM"].tolist() == [state.UPDATE_OF_ABSENT_KEY]


def test_a_key_change_closes_the_old_key_and_opens_the_new_one():
    built = build(change("c", 1, 1, after=row(1, 1)), change("u", 2, 1, before=row(1, 1), after=row(7, 1)))
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(7, "x", 1, None, 2)]


def test_anomalies_follow_the_log_and_are_named():
    built = build(
        change("c", 1, 1, after=row(1, 1)),
        change("c", 2, 1, after=row(1, 1)),  # insert of an open key, same values: still a new row
        change("u", 3, 1, after=row(2, 5), before_present=False),  # update of an absent key
        change("d", 4, 1, before=row(3, 1)),
    )  # delete of an absent key
    assert rows(built.closed) == [version(1, "x", 1, None, 1, 2)]
    assert rows(built.open) == [version(1, "x", 1, None, 2), version(2, "x", 5, None, 3)]
    problems = built.problems
    assert problems["PROBLEM"].tolist() == [
        state.INSERT_OF_OPEN_KEY,
        state.UPDATE_OF_ABSENT_KEY,
        state.DELETE_OF_ABSENT_KEY,
    ]
    assert problems["COMMIT_POSITION"].tolist() == [position(2), position(3), position(4)]
    assert problems["K1"].tolist() == [1, 2, 3]


def test_changes_not_after_the_open_versions_raise():
    first = build(change("c", 5, 1, after=row(1, 1)))
    with pytest.raises(ChangesNotLater, match=position(5)):
        build(change("c", 5, 2, after=row(2, 1)), open_versions=first.open)
    with pytest.raises(ChangesNotLater):
        apply(first.open, as_frame([change("c", 6, 1, after=row(2, 1))]), KEY, COLUMNS, applied_through=position(6))


def test_a_later_batch_closes_the_open_versions_of_an_earlier_one():
    first = build(change("c", 1, 1, after=row(1, 1)), change("c", 1, 2, after=row(2, 1)))
    second = build(
        change("u", 2, 1, before=row(1, 1), after=row(1, 1)),  # no change: stays open
        change("u", 3, 1, before=row(2, 1), after=row(2, 9)),
        open_versions=first.open,
    )
    assert rows(second.closed) == [version(2, "x", 1, None, 1, 3)]
    assert rows(second.open) == [version(1, "x", 1, None, 1), version(2, "x", 9, None, 3)]


def test_current_is_the_open_versions_without_their_validity():
    built = build(change("c", 1, 1, after=row(1, 1, "p")), change("c", 2, 1, after=row(2, None, "q")))
    assert list(current(built.open).columns) == COLUMNS
    assert rows(current(built.open), COLUMNS) == [(1, "x", 1, "p"), (2, "x", None, "q")]


def test_no_changes_keep_the_open_versions():
    first = build(change("c", 1, 1, after=row(1, 1)))
    again = apply(first.open, as_frame([]), KEY, COLUMNS)
    assert rows(again.open) == rows(first.open) and again.closed.empty and again.problems.empty


# random streams


def _oracle(changes: list[dict]) -> Replay:
    replay = Replay(KEY, COLUMNS)
    replay.run(changes)
    return replay


def _oracle_rows(versions) -> list[tuple]:
    return sorted((tuple(_plain(v[c]) for c in ALL) for v in versions), key=repr)


_WORD = {state.INSERT_OF_OPEN_KEY: "insert", state.UPDATE_OF_ABSENT_KEY: "update", state.DELETE_OF_ABSENT_KEY: "delete"}


@pytest.mark.parametrize("seed", range(8))
def test_random_streams_match_the_sequential_replay(seed):
    changes = random_stream(seed)
    built = build(*changes)
    replay = _oracle(changes)
    assert rows(built.closed) == _oracle_rows(replay.closed)
    assert rows(built.open) == _oracle_rows(replay.open.values())
    kernel_problems = Counter(
        (_WORD[p], op, pos, (_plain(k1), _plain(k2)))
        for p, op, pos, k1, k2 in built.problems[["PROBLEM", "OP", "COMMIT_POSITION", "K1", "K2"]].itertuples(
            index=False
        )
    )
    assert kernel_problems == Counter(replay.problems)
    assert len(replay.closed) > 100 and len(replay.problems) > 10  # the stream holds what it should


@pytest.mark.parametrize("seed", range(4))
def test_batches_give_what_one_call_gives(seed):
    changes = random_stream(100 + seed)
    whole = build(*changes)
    commits = sorted({c["COMMIT_POSITION"] for c in changes})
    cuts = sorted(random.Random(seed).sample(commits[1:], 6))
    bounds = [None, *cuts, None]
    open_versions, closed = empty_versions(COLUMNS), []
    for low, high in zip(bounds, bounds[1:]):
        batch = [
            c
            for c in changes
            if (low is None or c["COMMIT_POSITION"] >= low) and (high is None or c["COMMIT_POSITION"] < high)
        ]
        step = apply(open_versions, as_frame(batch), KEY, COLUMNS)
        open_versions = step.open
        closed += rows(step.closed)
    assert sorted(closed, key=repr) == rows(whole.closed)
    assert rows(open_versions) == rows(whole.open)


def test_open_versions_holding_a_key_twice_are_refused():
    first = build(change("c", 1, 1, after=row(1, 1)))
    twice = pd.concat([first.open, first.open], ignore_index=True)
    with pytest.raises(ValueError, match="twice"):
        build(change("c", 2, 1, after=row(2, 1)), open_versions=twice)


def test_nullable_typed_columns_give_the_versions_object_columns_give():
    changes = random_stream(7, commits=120)
    typed = as_frame(changes)
    for side in ("BEFORE", "AFTER"):
        typed[f"{side}_K1"] = typed[f"{side}_K1"].astype("Int64")
        typed[f"{side}_A"] = typed[f"{side}_A"].astype("Int64")
        typed[f"{side}_B"] = typed[f"{side}_B"].astype("string")
    built = apply(empty_versions(COLUMNS), typed, KEY, COLUMNS)
    replay = _oracle(changes)
    assert rows(built.closed) == _oracle_rows(replay.closed)
    assert rows(built.open) == _oracle_rows(replay.open.values())


def test_a_batch_holding_only_a_clear_closes_every_open_version():
    first = build(change("c", 1, 1, after=row(1, 1)), change("c", 2, 1, after=row(2, 2)))
    cleared = build(change("t", 3, 1), open_versions=first.open)
    assert rows(cleared.closed) == [version(1, "x", 1, None, 1, 3), version(2, "x", 2, None, 2, 3)]
    assert rows(cleared.open) == [] and cleared.problems.empty

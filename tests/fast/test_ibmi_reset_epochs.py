"""IBM i sequence-reset epochs: numbered per journal receiver from the whole journal
(udfs/core/changes/ibmi_receivers.py), and where a table's next build carries on (udfs/spark/changes/ibmi.py
`resume_point`). CHGJRN SEQOPT(*RESET) attaches a new receiver numbering from 1; a plain CHGJRN attaches one that
carries on. The journals here are written as the stories of their receivers: which were attached with a reset."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from udfs.core.changes.ibmi_receivers import ReceiverSpan, receiver_epochs
from udfs.spark.changes.ibmi import OlderThanApplied, resume_point

T0 = datetime(2026, 3, 1, 8, 0, 0)


def journal(chain: list[tuple[str, bool, int]], library: str = "JRNLIB", system: str = "SYS1", start: int = 0):
    """Receivers attached one after another: (name, attached with SEQOPT(*RESET), entries it holds). Returns their
    spans and the epoch each must have (the resets before it)."""
    spans, expected, seq, resets = [], {}, 0, 0
    for i, (name, reset, entries) in enumerate(chain):
        if reset and i:
            seq, resets = 0, resets + 1
        first = seq + 1
        seq += entries
        receiver = (system, library, name)
        spans.append(ReceiverSpan(receiver, first, seq, T0 + timedelta(hours=start + i)))
        expected[receiver] = resets
    return spans, expected


def test_a_receiver_attached_with_a_reset_starts_a_new_epoch():
    spans, expected = journal([("RCV0001", False, 100), ("RCV0002", True, 50)])
    assert receiver_epochs(spans) == expected == {("SYS1", "JRNLIB", "RCV0001"): 0, ("SYS1", "JRNLIB", "RCV0002"): 1}


def test_a_receiver_that_carries_the_numbers_on_stays_in_its_epoch():
    spans, _ = journal([("RCV0001", False, 100), ("RCV0002", False, 100), ("RCV0003", True, 5)])
    assert list(receiver_epochs(spans).values()) == [0, 0, 1]


def test_a_receiver_starting_at_the_last_number_of_the_one_before_is_a_reset():
    # 1..5 then 5..9: two receivers of one journal never share a number without a reset between them
    spans = [
        ReceiverSpan(("S", "L", "A"), 1, 5, T0),
        ReceiverSpan(("S", "L", "B"), 5, 9, T0 + timedelta(hours=1)),
        ReceiverSpan(("S", "L", "C"), 10, 12, T0 + timedelta(hours=2)),
    ]
    assert list(receiver_epochs(spans).values()) == [0, 1, 1]


def test_receivers_are_ordered_by_their_first_entry_time_not_by_name_or_arrival():
    spans, expected = journal([("ZZZ", False, 10), ("AAA", True, 10), ("MMM", True, 10)])
    assert receiver_epochs(reversed(spans)) == expected
    assert expected[("SYS1", "JRNLIB", "MMM")] == 2


def test_each_log_system_and_library_numbers_its_own_epochs():
    a, ea = journal([("R1", False, 10), ("R2", True, 10)], library="LIBA")
    b, eb = journal([("R1", False, 10), ("R2", True, 10), ("R3", True, 10)], library="LIBB")
    c, ec = journal([("R1", False, 10)], library="LIBA", system="SYS2")
    assert receiver_epochs(a + b + c) == {**ea, **eb, **ec}


def test_two_journals_sharing_a_library_only_raise_epochs_so_each_keeps_its_order():
    # journal A's receivers carry on (1..100, 101..200); journal B's, attached between them, numbers from 1
    spans = [
        ReceiverSpan(("S", "L", "A1"), 1, 100, T0),
        ReceiverSpan(("S", "L", "B1"), 1, 30, T0 + timedelta(minutes=30)),
        ReceiverSpan(("S", "L", "A2"), 101, 200, T0 + timedelta(hours=1)),
    ]
    epochs = receiver_epochs(spans)
    positions = [(epochs[s.receiver], s.first_sequence) for s in spans if s.receiver[2].startswith("A")]
    assert positions == sorted(positions)  # A's commits still sort in journal order


@given(st.lists(st.tuples(st.booleans(), st.integers(1, 10**6)), min_size=1, max_size=40), st.randoms())
def test_a_journals_epochs_count_its_resets(chain, rnd):
    spans, expected = journal([(f"R{i:04d}", reset, n) for i, (reset, n) in enumerate(chain)])
    rnd.shuffle(spans)
    assert receiver_epochs(spans) == expected


def test_sequence_numbers_past_two_to_the_63_keep_their_order():
    big = 2**63 + 5
    spans = [ReceiverSpan(("S", "L", "A"), big, big + 10, T0), ReceiverSpan(("S", "L", "B"), 1, 2, T0 + timedelta(1))]
    assert list(receiver_epochs(spans).values()) == [0, 1]


# ---- where the next build carries on ------------------------------------------------------------------------
RECEIVERS = [("SYS1", "JRNLIB", "RCV0001"), ("SYS1", "JRNLIB", "RCV0002")]


def span(entries: list[tuple[int, int, int, bool]]) -> tuple:
    """(receiver code, epoch, sequence number, held) per entry, in any order: the (first, last) new entries as the
    build's aggregation gives them to resume_point (the last with its receiver; None, None when none is new)."""
    new = sorted((e, s, r) for r, e, s, held in entries if not held)
    if not new:
        return None, None
    (e0, s0, _), (e1, s1, r1) = new[0], new[-1]
    return (e0, s0), (e1, s1, RECEIVERS[r1])


def point(receiver: int, epoch: int, sequence: int) -> str:
    return json.dumps({"receiver": list(RECEIVERS[receiver]), "epoch": epoch, "sequence": str(sequence)})


EPOCHS = {RECEIVERS[0]: 0, RECEIVERS[1]: 1}


def test_the_next_build_carries_on_from_the_new_entry_furthest_in_the_journal():
    got = resume_point(*span([(0, 0, 90, False), (1, 1, 3, False), (1, 1, 2, False)]), None, EPOCHS)
    assert json.loads(got) == json.loads(point(1, 1, 3))


def test_held_entries_before_the_resume_point_are_not_older_than_applied():
    got = resume_point(*span([(0, 0, 40, True), (1, 1, 7, False)]), point(1, 1, 5), EPOCHS)
    assert json.loads(got) == json.loads(point(1, 1, 7))


def test_a_build_with_only_held_entries_keeps_its_resume_point():
    assert resume_point(*span([(0, 0, 40, True)]), point(1, 1, 5), EPOCHS) == point(1, 1, 5)


@pytest.mark.parametrize(
    "entry",
    [(1, 1, 5, False), (1, 1, 4, False), (0, 0, 900, False)],
    ids=["the applied entry landed again", "earlier in the epoch", "an earlier epoch, higher number"],
)
def test_a_new_entry_not_past_the_applied_point_is_older_than_applied(entry):
    with pytest.raises(OlderThanApplied, match="not past sequence 5"):
        resume_point(*span([entry, (1, 1, 9, False)]), point(1, 1, 5), EPOCHS)


def test_a_receiver_landed_before_the_applied_point_renumbers_it_and_is_older_than_applied():
    shifted = {RECEIVERS[0]: 1, RECEIVERS[1]: 2}  # an older receiver, with a reset after it, landed since
    with pytest.raises(OlderThanApplied, match="JRNLIB/RCV0002 is in sequence epoch 2 now, not 1"):
        resume_point(*span([(1, 2, 9, False)]), point(1, 1, 5), shifted)


def test_changes_built_with_epochs_counted_per_table_are_rebuilt():
    old = json.dumps({"epoch": 0, "sequence": "5", "timestamp": "2026-03-01T08:00:00"})
    with pytest.raises(OlderThanApplied, match="table's own entries"):
        resume_point(*span([(1, 1, 9, False)]), old, EPOCHS)

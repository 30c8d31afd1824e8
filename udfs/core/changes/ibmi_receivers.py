"""IBM i sequence-reset epochs, numbered per journal receiver from the whole journal's entries.

CHGJRN SEQOPT(*RESET) attaches a new receiver whose entries number from 1 again, so a reset only ever happens at a
receiver: within one receiver sequence numbers only grow, and two receivers of one journal never share a number
unless a reset came between them. A log (one system's receivers in one library: the *TYPE5 outfile does not name its
journal, as in jcat.log_gaps) takes its receivers in the order of their first entry's time; a receiver whose first
number is not above the last number of the receiver before it starts a new epoch.

Counted from the journal's receivers, not from one table's entries, the epoch of an entry is the same whichever
table's build reads it, so COMMIT_POSITION orders commits across tables. Journals whose receivers share a library
interleave: their receivers can look like resets, which only raises later epochs (never lowers one), so each
table's order stays right.

One row per receiver, never per entry: the spans are a small aggregate of the journal (Spark's, in
udfs/spark/changes/ibmi.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

Receiver = tuple[str, str, str]  # SYSTEM_NAME, RECEIVER_LIBRARY, RECEIVER_NAME
RECEIVER_COLUMNS = ("SYSTEM_NAME", "RECEIVER_LIBRARY", "RECEIVER_NAME")


@dataclass(frozen=True)
class ReceiverSpan:
    receiver: Receiver
    first_sequence: int
    last_sequence: int
    first_time: datetime


def receiver_epochs(spans: Iterable[ReceiverSpan]) -> dict[Receiver, int]:
    """Each receiver's RESET_EPOCH: how many resets came before it in its log, counted from 0."""
    logs: dict[tuple[str, str], list[ReceiverSpan]] = {}
    for span in spans:
        logs.setdefault(span.receiver[:2], []).append(span)
    epochs = {}
    for receivers in logs.values():
        receivers.sort(key=lambda s: (s.first_time, s.first_sequence, s.receiver))
        epoch, previous = 0, None
        for span in receivers:
            if previous is not None and span.first_sequence <= previous.last_sequence:
                epoch += 1
            epochs[span.receiver] = epoch
            previous = span
    return epochs

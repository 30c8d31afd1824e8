"""Valued change streams for the state and history tests: one change written by hand, or random seeded streams
with every case the rules name (snapshots, no-op updates, NULLs, key changes, clears, deletes and re-inserts in
one commit, and the anomalies: inserts of present keys, updates and deletes of absent ones)."""

from __future__ import annotations

import random

import pandas as pd

COLUMNS = ["K1", "K2", "A", "B"]
KEY = ["K1", "K2"]


def position(n: int) -> str:
    """A commit position as the change frame spells it: fixed-width upper-case hex."""
    return f"{n:016X}"


def timestamp(n: int) -> pd.Timestamp:
    return pd.Timestamp("2026-01-01 00:00:00") + pd.Timedelta(seconds=n)


def change(
    op: str,
    commit: int,
    step: int,
    before: dict | None = None,
    after: dict | None = None,
    columns=COLUMNS,
    before_present: bool | None = None,
) -> dict:
    """One valued change; a missing image is all NULL."""
    out = {
        "OP": op,
        "COMMIT_POSITION": position(commit),
        "CHANGE_POSITION": step,
        "COMMIT_TIMESTAMP": timestamp(commit),
        "BEFORE_PRESENT": before is not None if before_present is None else before_present,
    }
    for c in columns:
        out[f"BEFORE_{c}"] = (before or {}).get(c)
        out[f"AFTER_{c}"] = (after or {}).get(c)
    return out


def as_frame(changes: list[dict], columns=COLUMNS) -> pd.DataFrame:
    names = [
        "OP",
        "COMMIT_POSITION",
        "CHANGE_POSITION",
        "COMMIT_TIMESTAMP",
        "BEFORE_PRESENT",
        *(f"{side}_{c}" for c in columns for side in ("BEFORE", "AFTER")),
    ]
    frame = pd.DataFrame(changes, columns=names)
    frame["CHANGE_POSITION"] = frame["CHANGE_POSITION"].astype("int64")
    return frame


def random_stream(seed: int, commits: int = 300, keys: int = 12) -> list[dict]:
    """A random stream; its generator keeps a rough state only to make most changes plausible: the oracle, not
    this, decides what they mean."""
    rnd = random.Random(seed)
    state: dict = {}

    def some_key():
        return {"K1": rnd.randrange(keys), "K2": rnd.choice(["x", "y", None])}

    def some_row(k):
        return {**k, "A": rnd.choice([None, 1, 2]), "B": rnd.choice([None, "p", "q"])}

    def present():
        return dict(rnd.choice(list(state.values()))) if state else None

    def key_of(row):
        return (row["K1"], row["K2"])

    out = []
    number = 0
    for i in range(1, 8):  # a starting snapshot
        row = some_row(some_key())
        state[key_of(row)] = row
        out.append(change("r", 1, i, after=row))
    for n in range(2, commits + 2):
        number = n * 3  # gaps between positions, as a log's positions have
        steps = []
        for _ in range(rnd.randint(1, 5)):
            roll = rnd.random()
            old = present()
            if roll < 0.03:
                steps.append(("t", None, None, True))
                state.clear()
                if old is not None and rnd.random() < 0.5:  # the cleared row written back by an update
                    steps.append(("u", None, old, False))
                    state[key_of(old)] = old
            elif roll < 0.25 or old is None:
                row = some_row(some_key())  # sometimes over a present key: an anomaly
                steps.append(("c", None, row, False))
                state[key_of(row)] = row
            elif roll < 0.55:
                new = {**old, "A": rnd.choice([None, 1, 2]), "B": rnd.choice([None, "p", old["B"]])}
                shown = rnd.random() < 0.8
                steps.append(("u", old if shown else None, new, shown))
                state[key_of(new)] = new
            elif roll < 0.62:
                new = some_row(some_key())  # a key change
                steps.append(("u", old, new, True))
                state.pop(key_of(old), None)
                state[key_of(new)] = new
            elif roll < 0.75:
                steps.append(("d", old, None, True))
                state.pop(key_of(old), None)
            elif roll < 0.85:  # delete and re-insert in one commit, sometimes the same values
                again = old if rnd.random() < 0.5 else some_row({"K1": old["K1"], "K2": old["K2"]})
                steps += [("d", old, None, True), ("c", None, again, False)]
                state[key_of(again)] = again
            elif roll < 0.92:  # an update or delete of a key maybe absent: anomalies
                row = some_row(some_key())
                if rnd.random() < 0.5:
                    steps.append(("u", None, row, False))
                    state[key_of(row)] = row
                else:
                    steps.append(("d", row, None, True))
                    state.pop(key_of(row), None)
            else:
                steps.append(("u", old, dict(old), True))  # changes nothing
        for i, (op, before, after, shown) in enumerate(steps, start=1):
            out.append(change(op, number, i, before, after, before_present=shown))
    rnd.shuffle(out)  # the kernel and the oracle order by position themselves
    return out

"""A declared IBM i table started from a snapshot: the generated workload (support.ibmi.journal_files) cut so that a
CPYF copy of the file is taken at one journal entry, and the journal is landed from an earlier entry (the two
overlap), and the relations the build must give: the oracle started from the snapshot.

- `quiet_points(journal)`: entries before which no transaction (and no update between its UB and UP) is open: a
  journal landed from there holds every entry of the transactions it shows.
- `cpyf_records(rows)`: the file's rows as a CPYF to a flat file writes them: each record the file's buffer
  (support.ibmi.images encoders, in DDL order), no null map: a NULL column arrives as its default (zeros, blanks).
- `expected_from(full, at, rows, lineage)`: the snapshot's rows as 'r' changes at position `at`, then the full
  oracle's changes committed after it; current and history replayed from those (support.scd2_oracle).
"""

from __future__ import annotations

from decimal import Decimal

import pandas as pd

from . import journal_files as jf


def quiet_points(journal) -> list[int]:
    e = journal.entries
    open_at = pd.Series(0, index=range(len(e) + 1))
    cycles = e[e["COMMIT_CYCLE"] != 0].groupby(["RESET_EPOCH", "COMMIT_CYCLE"])
    for _, cycle in cycles:
        ends = cycle.index[cycle["JOURNAL_ENTRY_TYPE"].isin(["CM", "RB"])]
        last = int(ends[-1]) if len(ends) else len(e)
        open_at.iloc[int(cycle.index[0]) + 1 : last + 1] += 1  # a cut before any entry after its first, to its end
    ub = e["JOURNAL_ENTRY_TYPE"].to_numpy() == "UB"
    return [i for i in range(1, len(e)) if open_at.iloc[i] == 0 and not ub[i - 1]]


def rebased(position: str, base: int) -> str:
    """A COMMIT_POSITION as a build sees it when the landed journal starts in epoch `base`: the build counts
    sequence resets from its first entry."""
    return f"{int(position[:4], 16) - base:04X}{position[4:]}"


def snapshot_row(row: dict) -> dict:
    """A row as a flat-file copy gives it back: NULL columns hold their default."""
    return {
        **row,
        "QTY": row["QTY"] if row["QTY"] is not None else Decimal(0),
        "NOTE": row["NOTE"] if row["NOTE"] is not None else "",
    }


def cpyf_records(rows: list[dict]) -> list[bytes]:
    return [jf.image(row) for row in rows]


def state_at(full: jf.Expected, at: str, table: jf.Table) -> list[dict]:
    """The table's rows after every commit at or before position `at`, in key order (the copy's record order)."""
    current, _ = jf._state([c for c in full.changes if c["COMMIT_POSITION"] <= at], table)
    return sorted(current, key=lambda r: r["ORDER_ID"])


def expected_from(
    full: jf.Expected, at: str, rows: list[dict], lineage: list[dict], table: jf.Table, log_lineage, base: int
) -> jf.Expected:
    """`rows`: the snapshot's rows as decoded, `lineage`: each record's source_file/record_offset/record_number/
    load_id; `log_lineage(entry)`: the lineage of a journal entry as landed; `base`: the epoch the landed journal
    starts in (positions are rebased on it)."""
    snap = []
    for i, (row, where) in enumerate(zip(rows, lineage, strict=True), start=1):
        change = {"OP": "r"}
        for c in jf.COLUMNS:
            change[f"BEFORE_{c}"], change[f"AFTER_{c}"] = None, row[c]
        change |= {
            "BEFORE_PRESENT": False,
            "COMMIT_TIMESTAMP": None,
            "COMMIT_POSITION": rebased(at, base),
            "CHANGE_POSITION": i,
            "TRANSACTION_ID": None,
            "RRN": None,
            "decode_errors": [],
            **where,
        }
        snap.append(change)
    later = []
    for c in full.changes:
        if c["COMMIT_POSITION"] > at:
            entry = c["ENTRY"]
            where = (
                dict.fromkeys(("source_file", "record_offset", "record_number", "load_id"))
                if entry is None
                else log_lineage(entry)
            )
            later.append(
                {
                    **{k: v for k, v in c.items() if k != "ENTRY"},
                    **where,
                    "COMMIT_POSITION": rebased(c["COMMIT_POSITION"], base),
                }
            )
    changes = snap + later
    current, history = jf._state(changes, table)
    return jf.Expected(changes, current, history)

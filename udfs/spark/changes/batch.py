"""What a log's resolution gives one build, whatever the log: the valued changes, the entries it holds, the lines
it says."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd


@dataclass
class Batch:
    changes: object  # DataFrame: OP, BEFORE_<c>, AFTER_<c>, BEFORE_PRESENT, COMMIT_*, CHANGE_POSITION, ..., lineage
    count: int  # how many changes
    held: object  # DataFrame: the entries held for a later load, in the shape the log's candidates read back
    pending: int  # how many entries held
    positions: list[str]  # the changes' COMMIT_POSITIONs
    resume: str | None = None  # what the next build needs to carry on (IBM i: the sequence-reset epoch)
    lines: list[str] = field(default_factory=list)


def problem_lines(name: str, problems: pd.DataFrame, pdf: pd.DataFrame) -> list[str]:
    """One line per kind of problem: how many, and where the first one is (pdf: the kernel's rows by ROW_ID)."""
    lines = []
    for reason, group in problems.groupby("REASON", sort=True):
        first = pdf.iloc[int(group["ROW_ID"].min())]
        lines.append(f"jcat: {name}: {len(group)} entries: {reason} (first: {first['source_file']} offset "
                     f"{first['record_offset']})")
    return lines

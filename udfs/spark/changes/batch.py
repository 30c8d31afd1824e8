"""What a log's resolution gives one build, whatever the log: the valued changes, the entries it holds, the lines
it says."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from pyspark.sql import functions as F

from ...core.changes import frame


@dataclass
class Batch:
    changes: object  # DataFrame: OP, BEFORE_<c>, AFTER_<c>, BEFORE_PRESENT, COMMIT_*, CHANGE_POSITION, ..., lineage
    count: int  # how many changes
    held: object  # DataFrame: the entries held for a later load, in the shape the log's candidates read back
    pending: int  # how many entries held
    through: str | None  # the furthest COMMIT_POSITION of the changes (None: no change)
    resume: str | None = None  # what the next build needs to carry on (IBM i: the sequence-reset epoch)
    lines: list[str] = field(default_factory=list)


def loads_holding(df, loads: list[str]) -> set[str]:
    """The loads among `loads` that `df` has rows of (one distinct aggregation)."""
    return {r[0] for r in df.where(F.col("load_id").isin(loads)).select("load_id").distinct().collect()}


def not_decoded(spark, loads: list[str], relevant: set[str], twins: tuple[str, ...]) -> list[str]:
    """Those of the `relevant` loads that none of the decoded tables `twins` has rows of yet, in load order: the
    build waits for them (a `jcat build` decodes them first)."""
    decoded = set().union(*(loads_holding(spark.table(t), loads) for t in twins))
    return sorted(relevant - decoded)


def waiting_line(name: str, lagging: list[str], relations: tuple[str, ...]) -> str:
    return (
        f"jcat: {name}: loads {', '.join(lagging)} are not in {' or '.join(relations)} yet: run `jcat build` "
        f"(its changes wait until then)"
    )


def change_columns(pdf: pd.DataFrame, changes: pd.DataFrame, identity: tuple[str, ...]) -> dict:
    """The kernel's changes as columns for Spark: OP, positions, times, and for each side (b before, a after) the
    identity of the row that holds its image (None where the change has no such image)."""
    out = {c: changes[c].to_numpy(dtype=object) for c in ("OP", "COMMIT_POSITION", "TRANSACTION_ID")}
    out["BEFORE_PRESENT"] = changes[frame.BEFORE_PRESENT].to_numpy(dtype=bool)
    out["COMMIT_TIMESTAMP"] = changes[frame.COMMIT_TIMESTAMP].to_numpy()
    out["CHANGE_POSITION"] = changes[frame.CHANGE_POSITION].to_numpy(dtype=np.int64)
    for side, col in (("b", frame.BEFORE_ROW), ("a", frame.AFTER_ROW)):
        rows = changes[col].to_numpy(dtype=float, na_value=np.nan)
        at = np.nan_to_num(rows).astype(np.int64)
        for c in identity:
            values = pdf[c].to_numpy(dtype=object)[at] if len(pdf) else np.array([], dtype=object)
            out[f"{side}_{c}"] = np.where(np.isnan(rows), None, values)
    return out

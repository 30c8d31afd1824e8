"""How many rows a piece of work brings to the driver, or sends from it: every `collect` (and what calls it:
`first`, `take`, `head`), every Arrow collect (`toPandas`, `toArrow`), every local iterator and every
`createDataFrame` of local data is counted, and the largest is kept with the code that asked for it. A change build
must bring only what one aggregation gives (counts, the furthest position, a line per kind of problem) and its
BOOKKEEPING (a row per receiver, load or build, not counted), never a row per entry or change."""

from __future__ import annotations

import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field

from pyspark.sql import SparkSession
from pyspark.sql.classic.dataframe import DataFrame

# The build's reads of one row per receiver, load or build (the journal's sequence-reset epochs and their
# broadcast, its current loads, the ledger): allowed, they do not grow with the entries. In a test session they
# hold every test's.
BOOKKEEPING = ("journal_epochs", "with_epochs", "journal_loads", "current_loads", "loads_holding", "live_builds")


@dataclass
class Largest:
    rows: int = 0
    where: list[str] = field(default_factory=list)  # the jcat frames that asked, innermost last

    def saw(self, rows: int) -> None:
        if rows <= self.rows:
            return
        stack = [f for f in traceback.extract_stack()[:-2] if "/udfs/" in f.filename]
        if not any(f.name in BOOKKEEPING for f in stack):
            self.rows, self.where = rows, [f"{f.filename}:{f.lineno} {f.name}" for f in stack]


def _local_rows(data) -> int:
    try:
        return len(data)
    except TypeError:  # an RDD or an iterator: not local data held whole
        return 0


@contextmanager
def counted():
    """A `Largest` that grows while the block runs."""
    largest = Largest()
    collect, arrow, local, create = (
        DataFrame.collect,
        DataFrame._collect_as_arrow,
        DataFrame.toLocalIterator,
        SparkSession.createDataFrame,
    )

    def collect_counted(self):
        rows = collect(self)
        largest.saw(len(rows))
        return rows

    def arrow_counted(self, *args, **kwargs):
        batches = arrow(self, *args, **kwargs)
        largest.saw(sum(b.num_rows for b in batches))
        return batches

    def local_counted(self, *args, **kwargs):
        rows = list(local(self, *args, **kwargs))
        largest.saw(len(rows))
        return iter(rows)

    def create_counted(self, data, *args, **kwargs):
        largest.saw(_local_rows(data))
        return create(self, data, *args, **kwargs)

    DataFrame.collect, DataFrame._collect_as_arrow = collect_counted, arrow_counted
    DataFrame.toLocalIterator, SparkSession.createDataFrame = local_counted, create_counted
    try:
        yield largest
    finally:
        DataFrame.collect, DataFrame._collect_as_arrow = collect, arrow
        DataFrame.toLocalIterator, SparkSession.createDataFrame = local, create

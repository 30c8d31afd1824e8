"""What a log's change adapter provides (`ChangeAdapter`), and the adapter of each log whose commits jcat resolves.

An adapter is a module of this package named for its log (ibmi.py, ibmsnap.py, lldf.py, idms.py): it gathers a
build's entries, resolves which are committed with its log's kernel (udfs/core/changes/) and joins their images.
The build (build.py) calls only what the Protocol names. The logs are the registry's (udfs/core/tables/logs.py):
a log with `changes=True` and no adapter here, or an adapter of a log without changes, fails at import.
"""

from __future__ import annotations

from typing import Protocol

from ...core.tables.declaration import DeclaredTable
from ...core.tables.logs import CHANGE_LOGS
from . import ibmi, ibmsnap, idms, lldf
from .batch import Batch


class ChangeAdapter(Protocol):
    def twin(self, table: DeclaredTable) -> str:
        """The table the entries are read from (its images, decoded and stored)."""

    def inputs(self, table: DeclaredTable) -> tuple[str, ...]:
        """The relations the build reads (schema-qualified dbt models: its twin and the log's other entries). The
        build runs once they all exist; `jcat build --select +NAME_current` builds them and what they need."""

    def key(self, table: DeclaredTable) -> list[str]:
        """The columns that say which row a change is of."""

    def unresolvable(self, table: DeclaredTable) -> str | None:
        """Why the declaration allows no changes, in words; None when it does."""

    def columns(self, spark, table: DeclaredTable) -> list[str]:
        """The table's columns as the twin types them, in declared order."""

    def history_columns(self, table: DeclaredTable, columns: list[str]) -> list[str]:
        """The columns a history version holds."""

    def current_loads(self, spark, table: DeclaredTable) -> set[str]:
        """The load ids currently landed for the table."""

    def new_loads(self, spark, table: DeclaredTable, current: set[str], consumed: set[str]):
        """(loads this build reads, loads that must land or build first)."""

    def waiting_line(self, table: DeclaredTable, lagging: list[str]) -> str:
        """What the build says while it waits for `lagging`."""

    def candidates(self, spark, table: DeclaredTable, loads: list[str], held):
        """The entries of `loads` and those the last build held, in one DataFrame."""

    def resolve_batch(self, spark, table: DeclaredTable, entries, last, columns: list[str]) -> Batch:
        """Which entries are committed, in commit order, as changes; the rest held."""


ADAPTERS: dict[str, ChangeAdapter] = {m.__name__.rsplit(".", 1)[1]: m for m in (ibmi, ibmsnap, idms, lldf)}
if set(ADAPTERS) != set(CHANGE_LOGS):
    raise ImportError(f"change adapters {sorted(ADAPTERS)} differ from the logs with changes {sorted(CHANGE_LOGS)}")

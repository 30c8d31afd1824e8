"""The one registry of logs a user's table can be declared from: what each log is, as data.

For each log: how its tables are described (DDL or copybook), its options type (options.py), the core module that
lays out its row images (`images`, which provides `image_columns(table)`), whether jcat resolves its commits and
whether a table can start from a snapshot, where its records land, and the words its messages use. Everything
that differs by log reads this table: `jcat tables` (its --log help and flags), the declaration files, the change
builds (udfs/spark/changes/, one adapter per log with changes), the snapshots and the renderers (udfs/render/,
one module per log). A new log is one `Log(...)` here and one module in each of those places.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .options import DeclarationProblem, FileOptions, IbmiOptions, IbmsnapOptions, IdmsOptions, LldfOptions


@dataclass(frozen=True)
class Log:
    name: str  # as `--log` and the declaration file's `log:` give it
    described_by: str  # "ddl" (a table's DDL) or "copybook" (a COBOL copybook's record)
    options: type  # its options type; the declaration file keeps it under the log's name
    images: str  # the core module laying out its row images: image_columns(table)
    changes: bool  # jcat resolves its commits: NAME_changes, _current, _history, ...
    landed: str  # where its records land: a layout (`jcat load LAYOUT`), or "{name}"-templated per table
    snapshot: str | None = None  # what a snapshot of one of its tables is; None: cannot start from one
    keyless: str = ""  # why a table of it without a key cannot start from a snapshot
    no_key: str = "none (no primary key in the DDL: give --key COL,... to say which row an image is)"
    default_key: tuple[str, ...] = ()  # the key when none is given (beyond the DDL's primary key)
    commit_zone: str | None = None  # the zone its commit times are in whatever is declared; None: declared
    view_suffix: str = "_images"  # the view giving a table's rows is NAME + this

    def image_reader(self):
        """The module laying out this log's row images (named, not imported here: it imports the declaration)."""
        return importlib.import_module(self.images)

    def lands_per_table(self) -> bool:
        """Its tables' own records are landed (`jcat load NAME`), not a journal's."""
        return "{name}" in self.landed

    def landed_layout(self, table_name: str) -> str:
        return self.landed.format(name=table_name)


IBMI = Log(
    name="ibmi",
    described_by="ddl",
    options=IbmiOptions,
    images="udfs.core.tables.ibmi_image",
    changes=True,
    landed="qjordje5",
    snapshot="a CPYF copy to a flat file",
    keyless="is keyed by the relative record number, which a copy to a flat file does not keep",
    no_key="relative record number",
)
LLDF = Log(
    name="lldf",
    described_by="ddl",
    options=LldfOptions,
    images="udfs.core.tables.lldf_image",
    changes=True,
    landed="lldf",
    snapshot="a Db2 UNLOAD of the table",
    keyless="has no key (its DDL names no PRIMARY KEY): a logical log's images say which row they change only by one",
)
IBMSNAP = Log(
    name="ibmsnap",
    described_by="ddl",
    options=IbmsnapOptions,
    images="udfs.core.tables.ibmsnap_image",
    changes=True,
    landed="ibmsnap_{name}",
    snapshot="a Db2 UNLOAD of the source table",
    keyless="has no key: its CD rows say which source row they change only by one",
)
FILE = Log(
    name="file",
    described_by="copybook",
    options=FileOptions,
    images="udfs.core.tables.copybook_table",
    changes=False,
    landed="file_{name}",
    no_key="none (give --key FIELD,... to say which record a row is)",
    view_suffix="",
)
IDMS = Log(
    name="idms",
    described_by="copybook",
    options=IdmsOptions,
    images="udfs.core.tables.copybook_table",
    changes=True,
    landed="idms",
    snapshot="a file of the record's occurrences",
    keyless="is keyed by DB_KEY, the database key, which a file of the record's occurrences does not carry",
    no_key="DB_KEY",
    default_key=("DB_KEY",),  # the record's database key, from the journal record
    commit_zone="UTC",  # an IDMS journal's times are GMT
)

LOGS: dict[str, Log] = {log.name: log for log in (IBMI, LLDF, IBMSNAP, FILE, IDMS)}
CHANGE_LOGS = tuple(name for name, log in LOGS.items() if log.changes)  # jcat resolves their commits
SNAPSHOT_LOGS = tuple(name for name, log in LOGS.items() if log.snapshot)  # a table can start from a snapshot


def log_of(name: str) -> Log:
    """The log named `name`, or a one-line refusal naming the logs there are."""
    if name not in LOGS:
        raise DeclarationProblem(f"unknown log {name!r}: use one of {', '.join(LOGS)}")
    return LOGS[name]

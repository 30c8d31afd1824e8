"""A user's table as declared: its name, its log, its DDL and the options that say how the log wrote its rows.

This module holds the data and every rule that refuses a declaration, each in one line naming what to fix; what
differs by log is the registry's (logs.py), each log's options are options.py's, and the declaration file
(`tables/<name>.yml` in the user's dbt project) is read and written by declaration_file.py.
"""

from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass, field

from ..ddl import TableDdl
from .logs import LOGS, Log, log_of
from .options import (
    DeclarationProblem,
    FileOptions,
    IbmiOptions,
    IbmsnapOptions,
    IdmsOptions,
    LldfOptions,
)

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# Relations jcat itself creates start with these: a declared name never does, so no table shadows one of jcat's.
BUILT_IN_PREFIXES = ("raw_", "landed_", "ibmi_", "lldf_", "ibmsnap_", "idms_", "journal_", "audit_")
# The relations a declared table NAME creates beside its view and twin (DeclaredTable.relations) when jcat resolves
# its log's commits.
CHANGE_RELATION_SUFFIXES = (
    "_changes",
    "_current",
    "_history",
    "_pending",
    "_builds",
    "_changes_stored",
    "_versions_stored",
    "_closings_stored",
    "_pending_stored",
)
# Columns jcat adds to a declared table's relations; a DDL column of the same name would be ambiguous.
LINEAGE_COLUMNS = ("source_file", "record_offset", "record_number", "load_id")
CHANGE_COLUMNS = (
    "change_type",
    "change_seq",
    "commit_seq",
    "is_committed",
    "valid_from",
    "valid_to",
    "is_current",
    "image_kind",
    "OP",
    "BEFORE_PRESENT",
    "COMMIT_TIMESTAMP",
    "COMMIT_POSITION",
    "CHANGE_POSITION",
    "TRANSACTION_ID",
    "RRN",
    "VALID_FROM_POSITION",
    "VALID_TO_POSITION",
    "RESET_EPOCH",
    "build_id",
    "COMMIT_VERSION",
    "_change_type",
    "_commit_version",
    "_commit_timestamp",
    "_table",
)
SYSTEM_COLUMNS = ("decode_errors",) + LINEAGE_COLUMNS + CHANGE_COLUMNS


@dataclass(frozen=True)
class DeclaredTable:
    name: str
    log: str
    ddl: TableDdl | None  # None for a table described by a copybook
    ddl_file: str  # the DDL's (or copybook's) file name, beside the declaration
    key: tuple[str, ...]  # the DDL's primary key, else () for the relative record number
    ibmi: IbmiOptions | None = None
    lldf: LldfOptions | None = None
    ibmsnap: IbmsnapOptions | None = None
    file: FileOptions | None = None
    idms: IdmsOptions | None = None
    copybook: object = field(default=None, compare=False)  # the parsed copybook (udfs.core.copybook.Copybook)
    time_zone: str | None = None  # the zone of the log's local commit times (IANA); None: the reading session's

    @property
    def spec(self) -> Log:
        """Its log, as the registry describes it."""
        return LOGS[self.log]

    @property
    def options(self):
        """Its log's options (IbmiOptions, LldfOptions, ...)."""
        return getattr(self, self.log)

    @property
    def commit_zone(self) -> str | None:
        """The zone COMMIT_TIMESTAMP is in: an IDMS journal gives GMT whatever is declared; None: the session's."""
        return self.spec.commit_zone or self.time_zone

    @property
    def key_columns(self) -> tuple[str, ...]:
        return self.key

    @property
    def view(self) -> str:
        """The relation that gives the table's rows, always what has landed."""
        return self.name + self.spec.view_suffix

    @property
    def twin(self) -> str:
        """Its decoded table, built by jcat."""
        return f"{self.view}_decoded"

    @property
    def relations(self) -> tuple[str, ...]:
        view = (self.view, self.twin)
        changes = CHANGE_RELATION_SUFFIXES if self.spec.changes else ()
        return view + tuple(self.name + s for s in changes)


def check_name(name: str) -> str:
    if not NAME.match(name):
        raise DeclarationProblem(f"table name {name!r}: use lower case letters, digits and _, starting with a letter")
    for prefix in BUILT_IN_PREFIXES:
        if name.startswith(prefix):
            raise DeclarationProblem(
                f"table name {name!r} starts with {prefix!r}, which jcat's own relations use: choose another name"
            )
    return name


def check_log(log: str) -> str:
    return log_of(log).name


UTC_NAMES = ("UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu")


def check_time_zone(zone: str | None, log: str) -> str | None:
    """--time-zone: an IANA zone name (Spark and Java know the same names); an IDMS journal's times are GMT."""
    if zone is None:
        return None
    if zone not in zoneinfo.available_timezones() and zone not in UTC_NAMES:
        raise DeclarationProblem(
            f"--time-zone {zone!r}: give an IANA time zone name such as Europe/Berlin, America/New_York or UTC"
        )
    if LOGS[log].commit_zone == "UTC" and zone not in UTC_NAMES:
        raise DeclarationProblem(f"--time-zone {zone}: an IDMS journal's times are GMT: give UTC or leave it out")
    return zone


def check_columns(ddl: TableDdl) -> None:
    """No DDL column may take a name jcat gives its own columns (compared as Spark does: case-insensitively)."""
    taken = {c.lower() for c in SYSTEM_COLUMNS}
    for c in ddl.columns:
        if c.name.lower() in taken:
            raise DeclarationProblem(
                f"{ddl.source_file}: column {c.name} has the name of a column jcat adds "
                f"({c.name.lower()}): rename it in a copy of the DDL"
            )


def check_key(ddl: TableDdl, key: tuple[str, ...]) -> tuple[str, ...]:
    names = {c.name for c in ddl.columns}
    unknown = [k for k in key if k not in names]
    if unknown:
        raise DeclarationProblem(
            f"--key names {', '.join(unknown)}, not a column of {ddl.name}: use {', '.join(sorted(names))}"
        )
    return key


def default_key(ddl: TableDdl) -> tuple[str, ...]:
    """The DDL's primary key; () means the relative record number (an IBM i file without a key)."""
    return tuple(getattr(ddl, "primary_key", ()) or ())


def key_words(table: DeclaredTable) -> str:
    """The table's key in words: its columns, the relative record number of an IBM i file without a key, or none
    (a CD table or logged Db2 table whose DDL names no primary key: no column says which row an image is)."""
    return ", ".join(table.key) if table.key else table.spec.no_key

"""A user's table as declared: its name, its log, its DDL and the options that say how the log wrote its rows.

The declaration file (`tables/<name>.yml` in the user's dbt project) is read and written by the render layer;
this module holds the data and every rule that refuses a declaration, each in one line naming what to fix.
"""

from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass, field

from ..copybook.text import TRIMS
from ..ddl import TableDdl

LOGS = ("ibmi", "lldf", "ibmsnap", "file", "idms")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# Relations jcat itself creates start with these: a declared name never does, so no table shadows one of jcat's.
BUILT_IN_PREFIXES = ("raw_", "landed_", "ibmi_", "lldf_", "ibmsnap_", "idms_", "journal_", "audit_")
# The relations a declared table NAME creates (a record file's: NAME and NAME_decoded); and those of its changes
# (logs jcat resolves commits of).
RELATION_SUFFIXES = ("_images", "_images_decoded")
FILE_RELATION_SUFFIXES = ("", "_decoded")
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
CHANGE_LOGS = ("ibmi", "lldf", "ibmsnap", "file", "idms")
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


class DeclarationProblem(ValueError):
    """A declaration jcat refuses: the message is one line saying what to fix."""


@dataclass(frozen=True)
class ColumnFormat:
    """Per-column overrides of the table's formats (IBM i: DDS fields may differ from the file's)."""

    ccsid: int | None = None
    datfmt: str | None = None
    datsep: str | None = None
    timfmt: str | None = None
    timsep: str | None = None


@dataclass(frozen=True)
class IbmiOptions:
    """Where an IBM i table's entries are and how its record buffer is written."""

    library: str
    file: str
    member: str | None = None  # None: every member of the file
    ccsid: int = 37  # text columns the DDL gives no CCSID
    datfmt: str = "*ISO"
    datsep: str | None = None
    timfmt: str = "*ISO"
    timsep: str | None = None
    columns: dict[str, ColumnFormat] = field(default_factory=dict, hash=False)

    @property
    def journaled(self) -> str:
        return "/".join(p for p in (self.library, self.file, self.member) if p)


@dataclass(frozen=True)
class LldfOptions:
    """Which table's changes a BMC Log Master logical log holds, and how its row images write text and floats."""

    owner: str  # the header's TABLEOWNER
    table: str  # the header's TABLENAME
    ccsid: int = 37  # text columns the DDL gives no CCSID (an EBCDIC table's)
    float_format: str = "hfp"  # REAL/DOUBLE bytes: System/390 hexadecimal ("hfp") or "ieee"

    @property
    def qualified(self) -> str:
        return f"{self.owner}.{self.table}"


@dataclass(frozen=True)
class IbmsnapOptions:
    """How an IBM SQL Replication CD table's unload records are written and read (udfs/core/tables/ibmsnap_image.py).

    None: the landed REGISTER row decides at build time (BEFORE_IMG_PREFIX; PARTITION_KEYS_CHG 'Y'). A before
    prefix of '' says the CD table has no before-image columns."""

    before_prefix: str | None = None
    updates_as_delete_insert: bool | None = None
    variant: str = "os390/char10"  # platform/sequence form, as decode_ibmsnap_<table>
    null_indicator: str = "leading"  # leading (Db2 UNLOAD) or trailing (DSNTIAUL format)
    ccsid: int = 37


FRAMINGS = ("fixed", "rdw", "vb")


@dataclass(frozen=True)
class FileOptions:
    """A record file described by a copybook (VSAM or QSAM copied off the mainframe): which 01 level, how the file
    is framed, and how its text and floats are written."""

    record: str | None = None  # the 01 level (its Cobrix name); None: the copybook's only one
    framing: str = "fixed"
    ccsid: int = 37
    float_format: str = "hfp"
    trim: str = "right"


@dataclass(frozen=True)
class IdmsOptions:
    """Which CA IDMS record's images (BFOR/AFTR entries of USER-REC-ID `record_id`) and how the copybook reads them."""

    record_id: int
    record: str | None = None  # the copybook's 01 level; None: its only one
    ccsid: int = 37
    float_format: str = "hfp"
    trim: str = "right"


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
    def commit_zone(self) -> str | None:
        """The zone COMMIT_TIMESTAMP is in: an IDMS journal gives GMT whatever is declared; None: the session's."""
        return "UTC" if self.log == "idms" else self.time_zone

    @property
    def key_columns(self) -> tuple[str, ...]:
        return self.key

    @property
    def view(self) -> str:
        """The relation that gives the table's rows, always what has landed."""
        return self.name if self.log == "file" else f"{self.name}_images"

    @property
    def twin(self) -> str:
        """Its decoded table, built by jcat."""
        return f"{self.view}_decoded"

    @property
    def relations(self) -> tuple[str, ...]:
        if self.log == "file":
            return tuple(self.name + s for s in FILE_RELATION_SUFFIXES)
        changes = CHANGE_RELATION_SUFFIXES if self.log in CHANGE_LOGS else ()
        return tuple(self.name + s for s in RELATION_SUFFIXES + changes)


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
    if log not in LOGS:
        raise DeclarationProblem(f"unknown log {log!r}: use one of {', '.join(LOGS)}")
    return log


def parse_journaled(text: str) -> tuple[str, str, str | None]:
    """`LIB/FILE[/MEMBER]` as IBM i names them: upper case, up to 10 characters each."""
    parts = [p.strip().upper() for p in text.split("/")]
    if len(parts) not in (2, 3) or not all(parts) or any(len(p) > 10 for p in parts):
        raise DeclarationProblem(
            f"--journaled {text!r}: give LIBRARY/FILE or LIBRARY/FILE/MEMBER (names of up to 10 characters)"
        )
    return parts[0], parts[1], parts[2] if len(parts) == 3 else None


FLOAT_FORMATS = ("hfp", "ieee")


def parse_lldf_table(text: str) -> tuple[str, str]:
    """`OWNER.NAME` as the logical log's header names the table (TABLEOWNER, TABLENAME: up to 128 characters)."""
    parts = [p.strip() for p in text.split(".")]
    if len(parts) != 2 or not all(parts) or any(len(p) > 128 for p in parts):
        raise DeclarationProblem(f"--table {text!r}: give OWNER.NAME as the logical log names the table")
    return parts[0], parts[1]


def check_idms_options(o: IdmsOptions) -> IdmsOptions:
    if not 0 <= o.record_id <= 65535:
        raise DeclarationProblem(f"--record-id {o.record_id}: USER-REC-ID is 2 bytes, 0 to 65535")
    return _check_copybook_reading(o)


def check_file_options(o: FileOptions) -> FileOptions:
    if o.framing not in FRAMINGS:
        raise DeclarationProblem(f"framing {o.framing!r}: use fixed (every record the copybook's length), rdw or vb")
    return _check_copybook_reading(o)


def _check_copybook_reading(o):
    """How a copybook's record is read (FileOptions, IdmsOptions): its text trimming and its floats."""
    if o.trim not in TRIMS:
        raise DeclarationProblem(f"trim {o.trim!r}: use {', '.join(TRIMS)}")
    check_float_format(o.float_format)
    return o


def check_float_format(text: str) -> str:
    if text not in FLOAT_FORMATS:
        raise DeclarationProblem(f"float format {text!r}: use hfp (System/390 hexadecimal) or ieee")
    return text


UTC_NAMES = ("UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu")


def check_time_zone(zone: str | None, log: str) -> str | None:
    """--time-zone: an IANA zone name (Spark and Java know the same names); an IDMS journal's times are GMT."""
    if zone is None:
        return None
    if zone not in zoneinfo.available_timezones() and zone not in UTC_NAMES:
        raise DeclarationProblem(
            f"--time-zone {zone!r}: give an IANA time zone name such as Europe/Berlin, America/New_York or UTC"
        )
    if log == "idms" and zone not in UTC_NAMES:
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
    if table.key:
        return ", ".join(table.key)
    if table.log == "ibmi":
        return "relative record number"
    if table.log == "file":
        return "none (give --key FIELD,... to say which record a row is)"
    if table.log == "idms":
        return "DB_KEY"
    return "none (no primary key in the DDL: give --key COL,... to say which row an image is)"

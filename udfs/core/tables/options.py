"""How each log wrote a declared table's rows: one options type per log, and every rule that refuses a value.

Each type reads itself from its part of the declaration file (`from_yaml`), writes that part back (`to_yaml`) and
is made from `jcat tables add`'s flags (`from_flags`: a dict of flag values by their argparse names, and the
table's parsed DDL when the log is declared from one). The registry of logs (logs.py) names the type of each log.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from ..copybook.text import TRIMS
from ..kernels.unload import NULL_INDICATORS
from ..layouts.ibmsnap import VARIANTS


class DeclarationProblem(ValueError):
    """A declaration jcat refuses: the message is one line saying what to fix."""


FLOAT_FORMATS = ("hfp", "ieee")
FRAMINGS = ("fixed", "rdw", "vb")
FORMAT_KEYS = ("ccsid", "datfmt", "datsep", "timfmt", "timsep")
PREFIX_MAX = 4  # REGISTER.BEFORE_IMG_PREFIX is VARCHAR(4)
YES_NO = {"yes": True, "no": False}


class _WrittenByKeys:
    """Options whose part of the declaration file is each of their KEYS (None: a value decided at build time)."""

    KEYS: tuple[str, ...] = ()

    def to_yaml(self) -> dict:
        return {k: getattr(self, k) for k in self.KEYS}


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

    @property
    def where(self) -> str:
        return self.journaled

    def to_yaml(self) -> dict:
        return {
            "journaled": self.journaled,
            "ccsid": self.ccsid,
            "datfmt": self.datfmt,
            "datsep": self.datsep,
            "timfmt": self.timfmt,
            "timsep": self.timsep,
            "columns": {
                name: {k: v for k, v in vars(f).items() if v is not None} for name, f in sorted(self.columns.items())
            },
        }

    @classmethod
    def from_yaml(cls, path: Path, raw) -> IbmiOptions:
        if not isinstance(raw, dict) or "journaled" not in raw:
            raise DeclarationProblem(f"{path}: an ibmi table needs `ibmi: journaled: LIBRARY/FILE[/MEMBER]`")
        lib, file, member = parse_journaled(str(raw["journaled"]))
        columns = {}
        for name, fmt in (raw.get("columns") or {}).items():
            unknown = set(fmt or {}) - set(FORMAT_KEYS)
            if unknown:
                raise DeclarationProblem(
                    f"{path}: column {name}: unknown option {sorted(unknown)[0]}; use {', '.join(FORMAT_KEYS)}"
                )
            columns[str(name)] = ColumnFormat(**(fmt or {}))
        return cls(
            lib,
            file,
            member,
            int(raw.get("ccsid") or 37),
            raw.get("datfmt") or "*ISO",
            raw.get("datsep"),
            raw.get("timfmt") or "*ISO",
            raw.get("timsep"),
            columns,
        )

    @classmethod
    def from_flags(cls, flags: dict, ddl) -> IbmiOptions:
        lib, file, member = parse_journaled(flags.get("journaled") or _journaled_default(ddl))
        return cls(
            lib,
            file,
            member,
            flags["ccsid"],
            flags["datfmt"].upper(),
            flags.get("datsep"),
            flags["timfmt"].upper(),
            flags.get("timsep"),
        )


def _journaled_default(ddl) -> str:
    name = getattr(ddl, "system_name", None) or ddl.name
    if not ddl.schema or len(name) > 10 or len(ddl.schema) > 10:
        raise DeclarationProblem(
            f"{ddl.source_file}: give --journaled LIBRARY/FILE: the DDL names no library and "
            "system name of 10 characters or less"
        )
    return f"{ddl.schema}/{name}"


def parse_journaled(text: str) -> tuple[str, str, str | None]:
    """`LIB/FILE[/MEMBER]` as IBM i names them: upper case, up to 10 characters each."""
    parts = [p.strip().upper() for p in text.split("/")]
    if len(parts) not in (2, 3) or not all(parts) or any(len(p) > 10 for p in parts):
        raise DeclarationProblem(
            f"--journaled {text!r}: give LIBRARY/FILE or LIBRARY/FILE/MEMBER (names of up to 10 characters)"
        )
    return parts[0], parts[1], parts[2] if len(parts) == 3 else None


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

    @property
    def where(self) -> str:
        return self.qualified

    def to_yaml(self) -> dict:
        return {"table": self.qualified, "ccsid": self.ccsid, "float_format": self.float_format}

    @classmethod
    def from_yaml(cls, path: Path, raw) -> LldfOptions:
        if not isinstance(raw, dict) or "table" not in raw:
            raise DeclarationProblem(f"{path}: an lldf table needs `lldf: table: OWNER.NAME`")
        owner, name = parse_lldf_table(str(raw["table"]))
        return cls(owner, name, int(raw.get("ccsid") or 37), check_float_format(raw.get("float_format") or "hfp"))

    @classmethod
    def from_flags(cls, flags: dict, ddl) -> LldfOptions:
        if flags.get("table"):
            owner, name = parse_lldf_table(flags["table"])
        elif ddl.schema:
            owner, name = ddl.schema, ddl.name
        else:
            raise DeclarationProblem(f"{ddl.source_file}: give --table OWNER.NAME: the DDL names no schema")
        return cls(owner, name, flags["ccsid"], check_float_format(flags.get("float_format") or "hfp"))


def parse_lldf_table(text: str) -> tuple[str, str]:
    """`OWNER.NAME` as the logical log's header names the table (TABLEOWNER, TABLENAME: up to 128 characters)."""
    parts = [p.strip() for p in text.split(".")]
    if len(parts) != 2 or not all(parts) or any(len(p) > 128 for p in parts):
        raise DeclarationProblem(f"--table {text!r}: give OWNER.NAME as the logical log names the table")
    return parts[0], parts[1]


@dataclass(frozen=True)
class IbmsnapOptions(_WrittenByKeys):
    """How an IBM SQL Replication CD table's unload records are written and read (udfs/core/tables/ibmsnap_image.py).

    None: the landed REGISTER row decides at build time (BEFORE_IMG_PREFIX; PARTITION_KEYS_CHG 'Y'). A before
    prefix of '' says the CD table has no before-image columns."""

    before_prefix: str | None = None
    updates_as_delete_insert: bool | None = None
    variant: str = "os390/char10"  # platform/sequence form, as decode_ibmsnap_<table>
    null_indicator: str = "leading"  # leading (Db2 UNLOAD) or trailing (DSNTIAUL format)
    ccsid: int = 37

    KEYS = ("before_prefix", "updates_as_delete_insert", "variant", "null_indicator", "ccsid")

    @classmethod
    def from_yaml(cls, path: Path, raw) -> IbmsnapOptions:
        raw = _known_keys(path, "ibmsnap", raw, cls.KEYS)
        pairs = raw.get("updates_as_delete_insert")
        if pairs is not None and not isinstance(pairs, bool):
            raise DeclarationProblem(
                f"{path}: ibmsnap: updates_as_delete_insert is true, false or null (REGISTER says)"
            )
        prefix = raw.get("before_prefix")
        values = _or_defaults(cls, raw, ("variant", "null_indicator", "ccsid"))
        return cls(None if prefix is None else str(prefix), pairs, **values).checked()

    @classmethod
    def from_flags(cls, flags: dict, ddl) -> IbmsnapOptions:
        pairs = flags.get("updates_as_delete_insert")
        return cls(
            flags.get("before_prefix"),
            None if pairs is None else YES_NO[pairs],
            flags.get("variant") or "os390/char10",
            flags.get("null_indicator") or "leading",
            flags["ccsid"],
        ).checked()

    def checked(self) -> IbmsnapOptions:
        if self.variant not in VARIANTS:
            raise DeclarationProblem(f"--variant {self.variant}: use one of {', '.join(VARIANTS)}")
        if self.null_indicator not in NULL_INDICATORS:
            raise DeclarationProblem(
                f"--null-indicator {self.null_indicator}: use leading (Db2 UNLOAD) or trailing (DSNTIAUL format)"
            )
        prefix = self.before_prefix
        if prefix is not None and (len(prefix) > PREFIX_MAX or prefix != prefix.strip()):
            raise DeclarationProblem(
                f"--before-prefix {prefix!r}: BEFORE_IMG_PREFIX is up to {PREFIX_MAX} "
                "characters without blanks ('' for none)"
            )
        return self


@dataclass(frozen=True)
class FileOptions(_WrittenByKeys):
    """A record file described by a copybook (VSAM or QSAM copied off the mainframe): which 01 level, how the file
    is framed, and how its text and floats are written."""

    record: str | None = None  # the 01 level (its Cobrix name); None: the copybook's only one
    framing: str = "fixed"
    ccsid: int = 37
    float_format: str = "hfp"
    trim: str = "right"

    KEYS = ("record", "framing", "ccsid", "float_format", "trim")

    @classmethod
    def from_yaml(cls, path: Path, raw) -> FileOptions:
        raw = _known_keys(path, "file", raw, cls.KEYS)
        return cls(raw.get("record"), **_or_defaults(cls, raw, cls.KEYS[1:])).checked()

    @classmethod
    def from_flags(cls, flags: dict, ddl=None) -> FileOptions:
        floats = flags.get("float_format") or "hfp"
        return cls(flags.get("record"), flags["framing"], flags["ccsid"], floats, flags["trim"]).checked()

    def checked(self) -> FileOptions:
        if self.framing not in FRAMINGS:
            raise DeclarationProblem(
                f"framing {self.framing!r}: use fixed (every record the copybook's length), rdw or vb"
            )
        return _check_copybook_reading(self)


@dataclass(frozen=True)
class IdmsOptions(_WrittenByKeys):
    """Which CA IDMS record's images (BFOR/AFTR entries of USER-REC-ID `record_id`) and how the copybook reads them."""

    record_id: int
    record: str | None = None  # the copybook's 01 level; None: its only one
    ccsid: int = 37
    float_format: str = "hfp"
    trim: str = "right"

    KEYS = ("record_id", "record", "ccsid", "float_format", "trim")

    @classmethod
    def from_yaml(cls, path: Path, raw) -> IdmsOptions:
        if not isinstance(raw, dict) or "record_id" not in raw:
            raise DeclarationProblem(f"{path}: an idms table needs `idms: record_id: N` (the record's USER-REC-ID)")
        raw = _known_keys(path, "idms", raw, cls.KEYS)
        values = _or_defaults(cls, raw, cls.KEYS[2:])
        return cls(int(raw["record_id"]), raw.get("record"), **values).checked()

    @classmethod
    def from_flags(cls, flags: dict, ddl=None) -> IdmsOptions:
        if flags.get("record_id") is None:
            raise DeclarationProblem(
                "an IDMS record (--log idms) needs --record-id N: the USER-REC-ID of its BFOR/AFTR journal records"
            )
        floats = flags.get("float_format") or "hfp"
        return cls(flags["record_id"], flags.get("record"), flags["ccsid"], floats, flags["trim"]).checked()

    def checked(self) -> IdmsOptions:
        if not 0 <= self.record_id <= 65535:
            raise DeclarationProblem(f"--record-id {self.record_id}: USER-REC-ID is 2 bytes, 0 to 65535")
        return _check_copybook_reading(self)


def _known_keys(path: Path, log: str, raw, keys: tuple[str, ...]) -> dict:
    """The log's part of the declaration file, refused when it names an option the log does not take."""
    raw = raw or {}
    unknown = set(raw) - set(keys) if isinstance(raw, dict) else {"(not a mapping)"}
    if unknown:
        raise DeclarationProblem(f"{path}: {log}: unknown option {min(unknown)}; use {', '.join(keys)}")
    return raw


def _or_defaults(options_type, raw: dict, keys) -> dict:
    """Each of `keys` from the file, or its default when missing or empty, as the default's type (int or str)."""
    defaults = {f.name: f.default for f in fields(options_type)}
    return {k: type(defaults[k])(raw.get(k) or defaults[k]) for k in keys}


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

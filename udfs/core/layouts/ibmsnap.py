"""IBM SQL Replication (DataPropagator) control tables as Db2 unload records: layouts derived from their DDL
figures (ControlTables, over the files of a folder the caller names: this project's sql/ibmsnap, read by
udfs/render/ibmsnap_ddl.py). A user's CD tables are declared from their own DDL (udfs.core.tables.ibmsnap_image),
laid out by the same rules (lay_out).

Record convention (formats.md section 3, confirmed against IBM's Db2 UNLOAD "Layout of output fields" and
File Manager's "Null indicator byte processing"): columns in DDL order; CHAR(n) n bytes EBCDIC; FOR BIT DATA raw;
SMALLINT 2 / INT 4 / BIGINT 8 bytes big-endian; DECIMAL(p,s) packed, p//2+1 bytes; TIMESTAMP 26 EBCDIC characters
`YYYY-MM-DD-HH.MM.SS.ffffff`; VARCHAR(n) 2-byte length then n bytes (padded); a nullable column has a 1-byte
null indicator, X'00' = value present, X'FF' = NULL (UNLOAD) or X'6F' '?' (DSNTIAUL-style unloads).
UNLOAD puts the indicator before the field; DSNTIAUL-format unloads after it: dbt var `ibmsnap_null_indicator`.

Variants (dbt vars): `ibmsnap_platform` os390 | vmvse | other picks the DDL figure; `ibmsnap_sequence_form`
char10 | varchar16 gives the sequence columns CHAR(10) FOR BIT DATA (the seed's V5 DDL) or VARCHAR(16) FOR BIT DATA
(later versions).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cache
from pathlib import Path

from .. import encoders as enc
from ..ddl import Column, TableDdl, load_all
from ..kernels.unload import UnloadColumn

PLATFORMS = ("os390", "vmvse", "other")
SEQUENCE_FORMS = ("char10", "varchar16")
VARIANTS = tuple(f"{p}/{s}" for p in PLATFORMS for s in SEQUENCE_FORMS)
DEFAULT_VARIANT = "os390/char10"
NULL_PRESENT, NULL_UNLOAD, NULL_DSNTIAUL = b"\x00", b"\xff", b"\x6f"

# The log sequence columns of formats.md section 3: CHAR(10) FOR BIT DATA in V5, VARCHAR(16) FOR BIT DATA later.
SEQUENCE_COLUMNS = frozenset(
    {
        "IBMSNAP_UOWID",
        "IBMSNAP_INTENTSEQ",
        "IBMSNAP_COMMITSEQ",
        "SYNCHPOINT",
        "CD_OLD_SYNCHPOINT",
        "CD_NEW_SYNCHPOINT",
        "CCD_OLD_SYNCHPOINT",
        "SEQ",
    }
)
CONTROL_TABLES = ("register", "pruncntl", "uow", "critsec", "trace", "ccpparms", "warm_start", "ccpenq")


# --- layout ------------------------------------------------------------------------------------------------


def kind(c: Column) -> str:
    """The decoder a column needs (the `kind` argument of macro jcat_ibmsnap_column)."""
    if c.db2_type == "CHAR":
        return "bit" if c.for_bit_data else "char"
    if c.db2_type == "VARCHAR":
        return "varbit" if c.for_bit_data else "varchar"
    return {"INTEGER": "int"}.get(c.db2_type, c.db2_type.lower())


def unload_column(c: Column, pos: int = 1) -> UnloadColumn:
    """The column as the unload kernel reads it (its width and types are the kernel's one table)."""
    return UnloadColumn(c.name, pos, kind(c), unload_length(c), c.scale or 0, c.nullable)


def unload_length(c: Column) -> int:
    """The length the unload decoder takes: a TIMESTAMP's is its fixed 26 characters, so 0."""
    return 0 if c.db2_type == "TIMESTAMP" else c.length or 0


def data_width(c: Column) -> int:
    return unload_column(c).data_width


def spark_type(c: Column) -> str:
    return unload_column(c).sql_type.lower()


@dataclass(frozen=True)
class Slot:
    """A column's place in the record: `pos` 1-based, `width` bytes including null indicator and length."""

    column: Column
    pos: int
    width: int

    @property
    def name(self) -> str:
        return self.column.name


@dataclass(frozen=True)
class Layout:
    table: str  # landing/model suffix: uow, register (a declared CD table: its name)
    ddl: TableDdl
    variant: str  # platform/sequence form
    slots: tuple[Slot, ...]

    @property
    def record_length(self) -> int:
        return sum(s.width for s in self.slots)

    def slot(self, name: str) -> Slot:
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(name)


def with_sequence_form(c: Column, form: str) -> Column:
    if form == "varchar16" and c.name in SEQUENCE_COLUMNS and c.for_bit_data and c.db2_type == "CHAR":
        return replace(c, db2_type="VARCHAR", length=16)
    return c


def lay_out(ddl: TableDdl, variant: str, table: str) -> Layout:
    form = variant.split("/")[1]
    slots, pos = [], 1
    for c in ddl.columns:
        c = with_sequence_form(c, form)
        width = data_width(c) + (1 if c.nullable else 0)
        slots.append(Slot(c, pos, width))
        pos += width
    return Layout(table, ddl, variant, tuple(slots))


def table_key(ddl: TableDdl) -> str:
    name = ddl.name.lower()
    return name[len("ibmsnap_") :] if name.startswith("ibmsnap_") else name


def all_tables() -> tuple[str, ...]:
    """jcat's own IBMSNAP tables: the control tables (a CD table is the user's, declared)."""
    return CONTROL_TABLES


@dataclass(frozen=True)
class ControlTables:
    """The control tables laid out from their DDL figures: every `<table>.<variant>.sql` of the folder `source`."""

    ddls: tuple[TableDdl, ...]
    source: Path

    def control_ddl(self, table: str, platform: str) -> TableDdl:
        """The DDL figure for a platform: its own, else 'all other platforms' (not OS/390), else 'all platforms',
        else the only one there is (CCPENQ exists for VM/VSE only)."""
        found = {d.variant: d for d in self.ddls if d.variant != "template" and table_key(d) == table}
        if not found:
            raise KeyError(f"no DDL for IBMSNAP_{table.upper()} in {self.source}")
        for v in (platform, "other" if platform != "os390" else None, "all"):
            if v in found:
                return found[v]
        return next(iter(found.values()))

    def layout(self, table: str, variant: str = DEFAULT_VARIANT) -> Layout:
        platform = variant.split("/")[0]
        if variant not in VARIANTS:
            raise ValueError(f"variant {variant!r}: expected one of {', '.join(VARIANTS)}")
        if table in CONTROL_TABLES:
            return lay_out(self.control_ddl(table, platform), variant, table)
        raise KeyError(f"no layout ibmsnap_{table}")

    def default_record_lengths(self) -> dict[str, int]:
        """Record lengths for the landing lookup (default variant os390/char10)."""
        return {t: self.layout(t).record_length for t in all_tables()}

    def variant_groups(self, table: str) -> list[tuple[list[str], Layout]]:
        """Variants that share one record layout, in VARIANTS order: ([variant, ...], layout)."""
        groups: list[tuple[list[str], Layout]] = []
        for v in VARIANTS:
            lay = self.layout(table, v)
            for vs, other in groups:
                if other.slots == lay.slots:
                    vs.append(v)
                    break
            else:
                groups.append(([v], lay))
        return groups

    def union_columns(self, table: str) -> list[Column]:
        """Every column any variant has, in first-seen order (a stable model schema across variants); a column's
        Spark type is the same in every variant (checked: the layout function's struct has one type per column)."""
        seen: dict[str, Column] = {}
        for _, lay in self.variant_groups(table):
            for s in lay.slots:
                first = seen.setdefault(s.name, s.column)
                if spark_type(first) != spark_type(s.column):
                    raise ValueError(
                        f"ibmsnap_{table}.{s.name} is {spark_type(first)} in one variant and "
                        f"{spark_type(s.column)} in another: one column, one type"
                    )
        return list(seen.values())

    def encode_row(
        self,
        table: str,
        values: dict,
        variant: str = DEFAULT_VARIANT,
        null_marker: bytes = NULL_UNLOAD,
        null_indicator: str = "leading",
        ccsid: int = 37,
    ) -> bytes:
        """One unload record of a control table. Every column must be given; None for a nullable column writes the
        null marker and binary zeros (as unload utilities do)."""
        return encode_layout(self.layout(table, variant), values, null_marker, null_indicator, ccsid)

    def sample_values(self, table: str, variant: str = DEFAULT_VARIANT, seed: int = 1, nulls: bool = False) -> dict:
        """Deterministic values of the right type for every column; `nulls` makes every nullable column NULL."""
        return sample_layout_values(self.layout(table, variant), seed, nulls)


@cache
def read_control_tables(sql_dir: Path, root: Path | None = None) -> ControlTables:
    """The control tables of the DDL figures in `sql_dir` (problems name a file relative to `root`), read once."""
    return ControlTables(tuple(load_all(sql_dir, root)), sql_dir)


# --- encoder -----------------------------------------------------------------------------------------------


def encode_value(c: Column, value, ccsid: int = 37) -> bytes:
    k = kind(c)
    if k == "char":
        return enc.ebcdic(str(value), c.length, ccsid)
    if k == "bit":
        raw = bytes(value)
        if len(raw) != c.length:
            raise ValueError(f"{c.name} takes {c.length} bytes, got {len(raw)}")
        return raw
    if k in ("varchar", "varbit"):
        raw = bytes(value) if k == "varbit" else enc.ebcdic(str(value), None, ccsid)
        if len(raw) > c.length:
            raise ValueError(f"{c.name} holds at most {c.length} bytes, got {len(raw)}")
        return len(raw).to_bytes(2, "big") + raw + b"\x00" * (c.length - len(raw))
    if k in ("smallint", "int", "bigint"):
        return enc.binary(value, data_width(c))
    if k == "decimal":
        scaled = Decimal(value).scaleb(c.scale)
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{c.name} has scale {c.scale}: {value} does not fit")
        return enc.packed(int(scaled), 2 * data_width(c) - 1)
    if k == "timestamp":
        assert isinstance(value, dt.datetime)
        return enc.ibmi_timestamp(value, ccsid)
    raise ValueError(f"unknown kind {k}")


def encode_layout(
    lay: Layout, values: dict, null_marker: bytes = NULL_UNLOAD, null_indicator: str = "leading", ccsid: int = 37
) -> bytes:
    """One unload record of any laid-out table (a control table, or a CD table from its DDL: lay_out)."""
    names = [s.name for s in lay.slots]
    if set(values) != set(names):
        raise KeyError(
            f"ibmsnap_{lay.table} needs exactly {names}; missing {sorted(set(names) - set(values))}, "
            f"unknown {sorted(set(values) - set(names))}"
        )
    out = bytearray()
    for s in lay.slots:
        c, v = s.column, values[s.name]
        if v is None:
            if not c.nullable:
                raise ValueError(f"{c.name} is NOT NULL")
            data, ni = b"\x00" * data_width(c), null_marker
        else:
            data, ni = encode_value(c, v, ccsid), NULL_PRESENT
        if not c.nullable:
            out += data
        elif null_indicator == "leading":
            out += ni + data
        else:
            out += data + ni
    assert len(out) == lay.record_length
    return bytes(out)


def sample_layout_values(lay: Layout, seed: int = 1, nulls: bool = False) -> dict:
    """Deterministic values of the right type for every column of `lay`; `nulls` makes every nullable column NULL."""
    out = {}
    for i, s in enumerate(lay.slots):
        c, k, n = s.column, kind(s.column), seed * 31 + i
        if nulls and c.nullable:
            out[c.name] = None
        elif k == "char":
            out[c.name] = (f"{c.name[: c.length - 1]}{seed % 10}" if c.length > 1 else "Y")[: c.length]
        elif k in ("bit", "varbit"):
            width = c.length if k == "bit" else min(c.length, 10)
            out[c.name] = bytes((n + j * 37) % 256 for j in range(width))
        elif k == "varchar":
            out[c.name] = f"{c.name.lower()} {seed}"[: c.length]
        elif k in ("smallint", "int", "bigint"):
            out[c.name] = (-1) ** n * (n * 7)
        elif k == "decimal":
            out[c.name] = Decimal(n * 12345 % 10 ** (c.length - c.scale)).scaleb(-c.scale) + Decimal(1).scaleb(-c.scale)
        elif k == "timestamp":
            out[c.name] = dt.datetime(2001, 2, 3, 4, 5, 6, 789012) + dt.timedelta(minutes=n)
    return out

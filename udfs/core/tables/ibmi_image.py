"""An IBM i table's record image as its journal writes it: each DDL column at its place in the record buffer.

R entries (journal code R) carry the changed record in JOESD, in the physical file's buffer layout (seed 001,
table 43, "Record images"), and its null values in JONVI: one byte per field in record-format order, EBCDIC '1'
for null. Each column's value is read by one catalog function (both engines: the Arrow kernel in a table build,
the persistent SQL function in a view); `value_function` says which, with which arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ddl import Column
from ..kernels.ebcdic import SUPPORTED_CCSIDS
from .declaration import DeclarationProblem, DeclaredTable
from .values import DATE_WIDTHS, TIME_WIDTHS, ValueSpec, buffer_offsets

# Entry types of journal code R that carry a record image (seed 001, table 43): before images (UB, BR, DL, DR)
# and after images (PT, PX, UP, UR).
IMAGE_ENTRY_TYPES = ("PT", "PX", "UB", "UP", "UR", "BR", "DL", "DR")
AFTER_IMAGE_TYPES = ("PT", "PX", "UP", "UR")
# DSPJRN's outfile holds JONVI as Char(50) by default (*TYPE5): one indicator for each of the first 50 fields.
NULL_INDICATORS = 50
BIT_DATA = 65535
UTF8, UTF16 = 1208, 1200
TEXT_CCSIDS = frozenset(SUPPORTED_CCSIDS) | {UTF8, UTF16, 13488, BIT_DATA}
MAX_DIGITS = (
    31  # Db2 for i DECIMAL/NUMERIC hold up to 63 digits; declared tables read up to 31 (scaled exactly: decimal_sql)
)
LOB_LIKE = ("GRAPHIC", "VARGRAPHIC")


@dataclass(frozen=True)
class ImageColumn:
    name: str
    index: int  # 1-based: the column's field number, its byte in JONVI
    pos: int  # 1-based position in the record buffer (JOESD)
    spec: ValueSpec
    nullable: bool
    label: str = ""

    @property
    def width(self) -> int:
        return self.spec.width

    @property
    def spark_type(self) -> str:
        return spark_type(self.spec)


def spark_type(spec: ValueSpec) -> str:
    t = spec.type
    if t in ("CHAR", "VARCHAR"):
        return "BINARY" if spec.ccsid == BIT_DATA else "STRING"
    return {
        "BINARY": "BINARY",
        "VARBINARY": "BINARY",
        "SMALLINT": "SMALLINT",
        "INTEGER": "INT",
        "BIGINT": "BIGINT",
        "DECIMAL": f"DECIMAL({spec.length},{spec.scale})",
        "NUMERIC": f"DECIMAL({spec.length},{spec.scale})",
        "REAL": "FLOAT",
        "DOUBLE": "DOUBLE",
        "DATE": "DATE",
        "TIME": "STRING",
        "TIMESTAMP": "TIMESTAMP_NTZ",
    }[t]


def value_function(spec: ValueSpec) -> tuple[str | None, tuple]:
    """(catalog function, its arguments after the bytes) reading a value of `spec`; None: the bytes themselves."""
    t, ccsid = spec.type, spec.ccsid
    if t == "CHAR":
        return (None, ()) if ccsid == BIT_DATA else ("ebcdic_str", (ccsid,))
    if t == "VARCHAR":
        return ("ibmi_varbinary", ()) if ccsid == BIT_DATA else ("ibmi_varchar", (ccsid,))
    if t == "BINARY":
        return None, ()
    if t == "VARBINARY":
        return "ibmi_varbinary", ()
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        return "unpack_bin", ()
    if t == "DECIMAL":
        return "unpack_packed", ()
    if t == "NUMERIC":
        return "unpack_zoned", ()
    if t in ("REAL", "DOUBLE"):
        return "unpack_float", ()
    if t == "DATE":
        return "ibmi_date", (spec.datfmt, spec.date_separator)
    if t == "TIME":
        return "ibmi_time", (spec.timfmt, spec.time_separator)
    if t == "TIMESTAMP":
        return "parse_ibmi_timestamp", ()
    raise ValueError(f"no function reads {t}")


def _spec(table: DeclaredTable, c: Column) -> ValueSpec:
    o = table.ibmi
    fmt = o.columns.get(c.name)
    where = f"{table.ddl.source_file}:{getattr(c, 'line', 0) or '?'}"
    if c.db2_type in LOB_LIKE:
        raise DeclarationProblem(
            f"{where}: column {c.name} is {c.db2_type}, not supported until DBCS decoding "
            "exists: drop the column from a copy of the DDL"
        )
    t = {"INT": "INTEGER", "FLOAT": "DOUBLE"}.get(c.db2_type, c.db2_type)
    if t in ("DECIMAL", "NUMERIC") and (c.length or 0) > MAX_DIGITS:
        raise DeclarationProblem(f"{where}: column {c.name} has {c.length} digits; jcat reads up to {MAX_DIGITS}")
    ccsid = (fmt.ccsid if fmt and fmt.ccsid else None) or getattr(c, "ccsid", None)
    if getattr(c, "for_bit_data", False):
        ccsid = BIT_DATA
    if t in ("CHAR", "VARCHAR") and ccsid is None:
        ccsid = o.ccsid
    if t in ("CHAR", "VARCHAR") and ccsid not in TEXT_CCSIDS:
        raise DeclarationProblem(
            f"{where}: column {c.name} has CCSID {ccsid}, which jcat does not read: give the "
            f"column a CCSID jcat reads ({', '.join(map(str, sorted(TEXT_CCSIDS)))}) in "
            "tables/<name>.yml, or 65535 for its bytes"
        )
    datfmt = (fmt.datfmt if fmt else None) or o.datfmt
    timfmt = (fmt.timfmt if fmt else None) or o.timfmt
    if datfmt not in DATE_WIDTHS or timfmt not in TIME_WIDTHS:
        bad = datfmt if datfmt not in DATE_WIDTHS else timfmt
        raise DeclarationProblem(
            f"{where}: column {c.name}: unknown date or time format {bad}; use one of "
            f"{', '.join(DATE_WIDTHS) if bad == datfmt else ', '.join(TIME_WIDTHS)}"
        )
    length = c.length or 0
    if t == "TIMESTAMP":
        return ValueSpec(t, fraction=6 if c.length is None else c.length)
    return ValueSpec(
        t,
        length,
        c.scale,
        ccsid=ccsid,
        datfmt=datfmt,
        timfmt=timfmt,
        datsep=(fmt.datsep if fmt and fmt.datsep else o.datsep),
        timsep=(fmt.timsep if fmt and fmt.timsep else o.timsep),
    )


def image_columns(table: DeclaredTable) -> tuple[ImageColumn, ...]:
    """Every DDL column with its place in the buffer; refuses what the outfile cannot say or jcat cannot read."""
    cols = table.ddl.columns
    if len(cols) > NULL_INDICATORS:
        raise DeclarationProblem(
            f"{table.ddl.source_file}: {table.ddl.name} has {len(cols)} columns; a *TYPE5 "
            f"outfile's JONVI holds null indicators for {NULL_INDICATORS}: jcat cannot tell "
            "which of the others are null"
        )
    specs = [_spec(table, c) for c in cols]
    return tuple(
        ImageColumn(c.name, i + 1, off + 1, s, c.nullable, getattr(c, "label", "") or "")
        for i, (c, s, off) in enumerate(zip(cols, specs, buffer_offsets(specs)))
    )


def record_width(columns: tuple[ImageColumn, ...]) -> int:
    """Bytes of a whole record image: an ESD shorter than this is a truncated entry."""
    return sum(c.width for c in columns)

"""A declared IBM SQL Replication CD table: its unload record layout from its DDL, its columns' roles, its layout
function.

The CD table's DDL (seed 003, Figures 35/36) starts with the IBMSNAP columns: IBMSNAP_UOWID (V5; later releases
IBMSNAP_COMMITSEQ), IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION; the registration chose the user columns after them and
the before-image columns, each named BEFORE_IMG_PREFIX + the column it holds the before image of. The record is laid
out by the IBMSNAP unload rules (udfs/core/layouts/ibmsnap.py); the variant, null indicator and CCSID are the
declaration's.

Which columns are before-image columns is fixed when the table is declared (the relation's columns never change
with data): the prefix the declaration gives, else the one prefix the DDL's column names show. Whether an update
gives a before row is decided at build time (udfs/render/tables_ibmsnap.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import Arg, Function
from ..ddl import TableDdl
from ..kernels.unload import UnloadColumn, decode_unload
from ..layouts.ibmsnap import Layout, Slot, lay_out, spark_type, unload_column
from .declaration import DeclarationProblem, DeclaredTable
from .options import PREFIX_MAX

# The first columns of a CD table, in order: V5 (seed 003) has the unit of work's id, later releases its commit
# sequence.
SEQUENCE_FIRST = ("IBMSNAP_UOWID", "IBMSNAP_COMMITSEQ")
CD_REST = ("IBMSNAP_INTENTSEQ", "IBMSNAP_OPERATION")
# Columns jcat adds to a CD table's image rows besides the shared system columns.
ADDED_COLUMNS = ("IBMSNAP_UOWID", "IBMSNAP_COMMITSEQ", "updates_as_delete_insert")
# Names the images macro's own steps use (a user column of one of these names would be ambiguous there).
STEP_COLUMNS = ("record", "d", "before_prefix", "all_errors")


@dataclass(frozen=True)
class ImageColumn:
    """A column of the source table: its after-image slot in the CD record and its before-image slot, if any."""

    after: Slot
    before: Slot | None

    @property
    def name(self) -> str:
        return self.after.name

    @property
    def spark_type(self) -> str:
        return spark_type(self.after.column)


def check_cd_columns(ddl: TableDdl) -> None:
    names = [c.name for c in ddl.columns]
    if len(names) < 4 or names[0] not in SEQUENCE_FIRST or tuple(names[1:3]) != CD_REST:
        raise DeclarationProblem(
            f"{ddl.source_file}: a CD table starts with IBMSNAP_UOWID (or IBMSNAP_COMMITSEQ), "
            "IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION, then the registered columns: give the CD "
            "table's DDL"
        )
    taken = {c.lower() for c in ADDED_COLUMNS + STEP_COLUMNS}
    for n in names[3:]:
        if n.lower() in taken:
            raise DeclarationProblem(
                f"{ddl.source_file}: column {n} has the name of a column jcat adds: rename it in a copy of the DDL"
            )


def check_name_free(name: str) -> None:
    """The table lands as layout ibmsnap_<name>: a name of jcat's own IBMSNAP tables would share its raw table."""
    from ..layouts.ibmsnap import all_tables

    if name in all_tables():
        raise DeclarationProblem(
            f"table name {name!r}: jcat's own IBMSNAP table ibmsnap_{name} lands in "
            f"raw_ibmsnap_{name}: choose another name"
        )


def candidate_prefixes(ddl: TableDdl) -> list[str]:
    """Prefixes P for which some user column is P + another user column's name."""
    user = [c.name for c in ddl.columns[3:]]
    found = {n[:i] for n in user for i in range(1, PREFIX_MAX + 1) if len(n) > i and n[i:] in user}
    return sorted(found)


def schema_prefix(table: DeclaredTable) -> str:
    """The before-image prefix the relation's columns follow ('' none): the declaration's, else the DDL's one."""
    given = table.ibmsnap.before_prefix
    if given is not None:
        return given
    found = candidate_prefixes(table.ddl)
    if len(found) > 1:
        raise DeclarationProblem(
            f"{table.ddl.source_file}: column names fit before-image prefixes "
            f"{', '.join(found)}: give --before-prefix (REGISTER.BEFORE_IMG_PREFIX)"
        )
    return found[0] if found else ""


def record_layout(table: DeclaredTable) -> Layout:
    return lay_out(table.ddl, table.ibmsnap.variant, table.name)


def cd_slots(table: DeclaredTable) -> dict[str, Slot]:
    return {s.name: s for s in record_layout(table).slots}


def image_columns(table: DeclaredTable) -> list[ImageColumn]:
    """The source table's columns, in DDL order: every user column that is not a before-image column."""
    slots = list(record_layout(table).slots)[3:]
    prefix = schema_prefix(table)
    by_name = {s.name: s for s in slots}
    befores = {prefix + s.name for s in slots if prefix and prefix + s.name in by_name}
    return [ImageColumn(s, by_name.get(prefix + s.name) if prefix else None) for s in slots if s.name not in befores]


def registered_as(table: DeclaredTable) -> tuple[str, str]:
    """REGISTER.CD_OWNER and CD_TABLE of this CD table, as Db2 stores them (upper case)."""
    return (table.ddl.schema or "").upper(), table.ddl.name.upper()


def layout_function(table: DeclaredTable, name: str) -> Function:
    """`<name>(record)`: every column of the CD record, one struct, in the declaration's variant and null indicator."""
    o = table.ibmsnap
    slots = record_layout(table).slots
    cols = [unload_column(s.column, s.pos) for s in slots]

    def decode(record, strict: bool = False):
        return decode_unload(record, cols, o.null_indicator, o.ccsid, strict=strict, function=name)

    return Function(
        name,
        decode,
        (Arg("record", "BINARY", "one CD table unload record as landed"),),
        "STRUCT<" + ", ".join(f"`{c.name}`: {c.sql_type}" for c in cols) + ">",
        f"Every column of {table.name}'s CD record ({table.ddl.schema}.{table.ddl.name}), as one struct.",
    )


def snapshot_columns(table: DeclaredTable) -> list[UnloadColumn]:
    """A Db2 UNLOAD of the source table, as a starting snapshot: image_columns in DDL order, each laid out by the
    unload rules from the record's start (the CD table's null indicator placement)."""
    out, pos = [], 1
    for c in image_columns(table):
        u = unload_column(c.after.column, pos)
        out.append(u)
        pos += u.data_width + (1 if u.nullable else 0)
    return out


def snapshot_record_length(table: DeclaredTable) -> int:
    return sum(u.data_width + (1 if u.nullable else 0) for u in snapshot_columns(table))


def snapshot_function(table: DeclaredTable, name: str) -> Function:
    """`<name>(record)`: a source-table unload record (snapshot_columns) as one struct, in the CD table's CCSID and
    null indicator placement."""
    o = table.ibmsnap
    cols = snapshot_columns(table)

    def decode(record, strict: bool = False):
        return decode_unload(record, cols, o.null_indicator, o.ccsid, strict=strict, function=name)

    return Function(
        name,
        decode,
        (Arg("record", "BINARY", "one unload record of the source table"),),
        "STRUCT<" + ", ".join(f"`{c.name}`: {c.sql_type}" for c in cols) + ">",
        f"Every column of a Db2 UNLOAD of {table.name}'s source table (its starting snapshot).",
    )

"""The one registry of built-in layouts, the records `jcat load LAYOUT` lands: what each layout is, as data.

For each layout: the core module declaring its fields, how its records are framed (a fixed length, or each
record carrying its own), the area it belongs to (its folder of models and its demo), the dbt model decoding it,
its raw table and its layout function. Everything that differs by layout reads this table: the landing's framing
(udfs/core/framing/layout_framing.py), the landed tables (udfs/spark/landing/store.py), the layout functions
(udfs/core/catalog.py), the dbt sources (models/sources.yml, a generated section), the bench's models
(udfs/bench/models.py); per-layout code (a renderer per area, the bench's record pools, the framing of
self-delimiting records) is keyed by it and checked against it at import. Per-table layouts (a declared table's
`ibmsnap_<table>`, `file_<table>`, `snapshot_<table>`) are the logs registry's (udfs/core/tables/logs.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    name: str  # as `jcat load` takes it; its records land in jcat.raw_<name>
    declared_in: str  # the core module declaring its fields
    area: str  # its models' folder (models/<area>/), its renderer's target (<area>_models) and its demo
    model: str  # the dbt model decoding its records (through its layout function in a table build)
    title: str  # one line: what its records are (the raw table's description)
    record_length: int | None = None  # bytes per record; None: a property of the file (`--record-length N`)
    length_varies: bool = False  # record_length is the default variant's only: another length is accepted
    self_delimiting: bool = False  # each record carries its own length (framing `self`)
    record_note: str = ""  # the raw table's `record` column, where it says more than the title
    fields: str | None = None  # the declaration's fields (an attribute of declared_in): decode_<name> from them
    summary: str = ""  # decode_<name>'s one-line summary
    example: tuple[str, str] = ("", "")  # decode_<name>'s example: SQL, and the value it gives
    by_record_type: bool = False  # each field applies to some record types only (decode_<name> is lenient)

    @property
    def raw_table(self) -> str:
        return f"raw_{self.name}"

    @property
    def function(self) -> str:
        return f"decode_{self.name}"

    @property
    def framing(self) -> str:
        """`jcat load`'s default framing: "self" (each record its own length) or "fixed"."""
        return "self" if self.self_delimiting else "fixed"

    def declared_fields(self) -> tuple:
        """The declaration's fields (imported here, not at import of the registry: the catalog imports both)."""
        return getattr(importlib.import_module(self.declared_in), self.fields)


def _ibmsnap(table: str, length: int, note: str = "", decoded: bool = False) -> Layout:
    """An IBM SQL Replication control table as Db2 unloads it: its layout comes from its DDL (sql/ibmsnap), its
    default length from the default variant (os390, CHAR(10) sequences; others give --record-length), and
    decode_ibmsnap_<table> is declared by the catalog from udfs/core/layouts/ibmsnap_ddl_generated.py."""
    return Layout(
        name=f"ibmsnap_{table}",
        declared_in="udfs.core.layouts.ibmsnap",
        area="ibmsnap",
        model=f"ibmsnap_{table}_decoded" if decoded else f"ibmsnap_{table}",
        title=f"Db2 unload records of ASN.IBMSNAP_{table.upper()}{f' ({note})' if note else ''}.",
        record_length=length,
        length_varies=True,
    )


LAYOUTS: tuple[Layout, ...] = (
    Layout(
        name="qasym7j5",
        declared_in="udfs.core.layouts.qasym7j5",
        area="ibmi",
        model="audit_journal_m7",
        title="IBM i audit journal M7 outfile records (QASYM7J5, 971 bytes).",
        record_length=971,
        record_note="One 971-byte QASYM7J5 record: *TYPE5 heading at 1-609, M7 fields at 610-971 (docs/ibmi_m7.md).",
        fields="FIELDS",
        summary="Every field of an IBM i M7 audit outfile record (QASYM7J5, *TYPE5 heading + M7) as one struct.",
        example=("decode_qasym7j5(X'F0F0F9F7F1').JOENTL", "971"),
    ),
    Layout(
        name="qjordje5",
        declared_in="udfs.core.layouts.qjordje5",
        area="ibmi",
        model="journal_entries",
        title="IBM i DSPJRN *TYPE5 outfile records (QJORDJE5).",
        record_note="One *TYPE5 outfile record (the outfile's record length): heading at 1-609, entry-specific data "
        "from var jcat_ibmi_esd_pos (docs/ibmi_journal_entries.md).",
        fields="HEADING",
        summary="Every field of an IBM i journal entry's *TYPE5 heading (QJORDJE5, positions 1-609) as one struct.",
        example=("decode_qjordje5(X'F0F0F6F4F5').JOENTL", "645"),
    ),
    Layout(
        name="lldf",
        declared_in="udfs.core.layouts.lldf",
        area="lldf",
        model="lldf_segments",
        title="BMC Log Master logical log data change records (LLDF), segments as landed.",
        self_delimiting=True,
        fields="LAYOUT",
        summary="Every field of a BMC Log Master LLDF record header (seed 002, offsets 0-287) as one struct.",
        example=("decode_lldf(X'0120').LENGTH", "288"),
    ),
    Layout(
        name="idms",
        declared_in="udfs.core.layouts.idms",
        area="idms",
        model="idms_journal",
        title="CA IDMS journal records.",
        self_delimiting=True,
        fields="LAYOUT",
        summary="Every field of a CA IDMS journal record (JREPORT 000, seed 004) as one struct, by column name.",
        example=("decode_idms(X'00340000E3C9D4C5').TYPE", "TIME"),
        by_record_type=True,
    ),
    # Default lengths: tests/fast/test_ibmsnap_ddl.py fails when they drift from the DDL.
    _ibmsnap("register", 504, "IBM SQL Replication; layout from sql/ibmsnap", decoded=True),
    _ibmsnap("pruncntl", 195, decoded=True),
    _ibmsnap("uow", 95, decoded=True),
    _ibmsnap("critsec", 18),
    _ibmsnap("trace", 290),
    _ibmsnap("ccpparms", 20, decoded=True),
    _ibmsnap("warm_start", 50, "either platform form"),
    _ibmsnap("ccpenq", 9, "VM/VSE"),
)
BY_NAME: dict[str, Layout] = {layout.name: layout for layout in LAYOUTS}
AREAS: tuple[str, ...] = tuple(dict.fromkeys(layout.area for layout in LAYOUTS))  # in the registry's order
IBMSNAP_PREFIX = "ibmsnap_"  # an IBM SQL Replication table's layout: ibmsnap_<table> (its control tables above)


def with_layout_function() -> tuple[Layout, ...]:
    """The layouts whose decode_<name> the catalog declares from their fields."""
    return tuple(layout for layout in LAYOUTS if layout.fields)

"""A parsed copybook: its records and their fields, flattened with Cobrix's names, and how each field decodes.

`parse_copybook(text)` reads the data division entries (source.py, entries.py), sizes and places them (layout.py)
and gives a `Copybook`. `field_call(f)` is the catalog function (and literal arguments) that decodes one element of
a field, the same in every engine; `sql_type(f)` the Spark type of its value after the picture's scale.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .entries import Entry, read_entry
from .layout import Node, build_records
from .problems import CopybookProblem
from .source import sentences

FLOAT_FORMATS = ("hfp", "ieee")  # COMP-1 / COMP-2 bytes: System/390 hexadecimal (the mainframe's) or IEEE 754


@dataclass(frozen=True)
class Dim:
    """One OCCURS around a field: how many elements at most, bytes from one element to the next, the counter."""

    most: int
    least: int
    stride: int
    depending_on: str | None = None


@dataclass(frozen=True)
class CopyField:
    name: str  # Cobrix's column name: the copybook's, '-' as '_'
    path: tuple[str, ...]  # the names of the groups above it (the record first)
    level: int
    line: int  # 1-based line of the copybook
    offset: int  # 0-based, of the first element, in the record
    length: int  # bytes of one element
    usage: str  # display, comp, comp-5, comp-3, comp-1, comp-2
    kind: str  # char, zoned, packed, binary, float, edited
    picture: str = ""  # as written, upper case, no blanks ('' for COMP-1 / COMP-2)
    digits: int = 0
    scale: int = 0  # digits after the point; negative for P's right of the digits
    signed: bool = False
    sign: str | None = None  # zoned: trailing, leading, trailing separate, leading separate
    redefines: str | None = None
    redefined: bool = False
    dims: tuple[Dim, ...] = ()  # the OCCURS around it, outermost first (its own last)
    filler: bool = False

    @property
    def occurs(self) -> tuple[int, int] | None:
        return (self.dims[-1].least, self.dims[-1].most) if self.dims else None

    @property
    def depending_on(self) -> str | None:
        return self.dims[-1].depending_on if self.dims else None

    @property
    def precision(self) -> int:
        return max(self.digits, self.scale) if self.scale >= 0 else self.digits - self.scale


@dataclass(frozen=True)
class Record:
    name: str
    line: int
    length: int  # bytes, the longest form (OCCURS DEPENDING ON at its most)
    fields: tuple[CopyField, ...]  # elementary items in copybook order


@dataclass(frozen=True)
class Copybook:
    source: str
    records: tuple[Record, ...]
    nodes: tuple[Node, ...] = field(default=(), compare=False, repr=False)  # the records' trees, groups included

    def record(self, name: str | None = None) -> Record:
        """The record of that 01 level (its Cobrix name or as written); the only one when name is None."""
        if name is None and len(self.records) == 1:
            return self.records[0]
        wanted = (name or "").upper().replace("-", "_")
        for r in self.records:
            if r.name == wanted:
                return r
        names = ", ".join(r.name for r in self.records)
        raise CopybookProblem(
            self.source,
            self.records[0].line,
            f"record {name or '(none given)'}",
            f"the copybook's records are {names}: name one",
        )

    def fields(self, record: str | None = None) -> tuple[CopyField, ...]:
        return self.record(record).fields


def cobrix_name(name: str) -> str:
    """As Cobrix makes a copybook name a column name (CopybookParser.transformIdentifier)."""
    return name.replace("-", "_").replace(":", "").replace("'", "").replace('"', "")


def parse_copybook(text: str, *, source: str = "copybook") -> Copybook:
    entries = [e for e in (read_entry(s, source) for s in sentences(text, source)) if e is not None]
    roots = build_records(entries, source)
    records = tuple(
        Record(cobrix_name(r.entry.name), r.entry.line, r.actual, tuple(_flatten(r, (cobrix_name(r.entry.name),), ())))
        for r in roots
    )
    for rec in records:
        _check_counters(rec, source)
    return Copybook(source, records, tuple(roots))


def _check_counters(rec: Record, source: str) -> None:
    """Each OCCURS DEPENDING ON names a numeric field of its record, outside any OCCURS (one count a record)."""
    counters = {f.name.upper() for f in rec.fields if f.kind not in ("char", "float") and not f.dims}
    for f in rec.fields:
        for d in f.dims:
            if d.depending_on and cobrix_name(d.depending_on).upper() not in counters:
                raise CopybookProblem(
                    source,
                    f.line,
                    f"DEPENDING ON {d.depending_on}",
                    "name a numeric field of the record, outside any OCCURS, that holds the count",
                )


def _flatten(node: Node, path: tuple[str, ...], dims: tuple[Dim, ...]):
    for child in node.children:
        here = dims + (
            (Dim(child.entry.occurs[1], child.entry.occurs[0], child.size, child.entry.depending_on),)
            if child.entry.occurs
            else ()
        )
        if child.is_group:
            yield from _flatten(child, path + (cobrix_name(child.entry.name),), here)
        else:
            yield _field(child, path, here)


def _field(node: Node, path: tuple[str, ...], dims: tuple[Dim, ...]) -> CopyField:
    e: Entry = node.entry
    pic = e.picture
    kind = _kind(node)
    sign = node.sign or "trailing" if kind == "zoned" else None
    return CopyField(
        cobrix_name(e.name),
        path,
        e.level,
        e.line,
        node.offset,
        node.size,
        node.usage,
        kind,
        picture=pic.text if pic else "",
        digits=pic.digits if pic and pic.kind != "char" else 0,
        scale=pic.scale if pic else 0,
        signed=bool(pic and pic.signed) or bool(node.sign and "separate" in node.sign),
        sign=sign,
        redefines=e.redefines,
        redefined=node.redefined,
        dims=dims,
        filler=e.filler,
    )


def _kind(node: Node) -> str:
    pic, usage = node.entry.picture, node.usage
    if usage in ("comp-1", "comp-2"):
        return "float"
    if pic.kind in ("char", "edited"):
        return pic.kind
    return {"display": "zoned", "comp-3": "packed"}.get(usage, "binary")


def field_call(f: CopyField, float_format: str = "hfp") -> tuple[str, tuple[str, ...]]:
    """(catalog function, literal SQL arguments after the bytes) that decode one element of the field; text takes
    the table's CCSID as its caller adds it. The numeric functions give the unscaled integer: see sql_type."""
    if f.kind == "char":
        return "ebcdic_str", ()
    if f.kind == "zoned":
        return "unpack_zoned", (() if f.sign == "trailing" else (f"'{f.sign}'",))
    if f.kind == "packed":
        return "unpack_packed", ()
    if f.kind == "edited":
        return "unpack_edited", (f"'{f.picture}'",)
    if f.kind == "float":
        return ("unpack_hfp" if float_format == "hfp" else "unpack_float"), ()
    signed = "true" if f.signed else "false"
    fits = f.length < 8 or f.length == 8 and f.signed  # an unsigned doubleword can pass BIGINT
    return ("unpack_bin" if fits else "unpack_bin_decimal"), (signed,)


def sql_type(f: CopyField) -> str:
    """The field's value type, as Cobrix types it: STRING; FLOAT (COMP-1) or DOUBLE (COMP-2); without a scale INT up
    to 9 digits and BIGINT up to 18 (an unsigned binary: INT up to 8, BIGINT up to 17, DECIMAL(20,0) for 18, as
    its bytes hold more than its digits); with a scale, or P's, DECIMAL(p,s) of the picture."""
    if f.kind == "char":
        return "STRING"
    if f.kind == "float":
        return "FLOAT" if f.usage == "comp-1" else "DOUBLE"
    if f.scale:
        return f"DECIMAL({f.precision},{max(f.scale, 0)})"
    unsigned_binary = f.kind == "binary" and not f.signed
    if f.digits <= (8 if unsigned_binary else 9):
        return "INT"
    if f.digits <= (17 if unsigned_binary else 18):
        return "BIGINT"
    return f"DECIMAL({20 if unsigned_binary and f.digits == 18 else f.digits},0)"

"""The benchmark's layouts: deterministic records built with the encoders, and the fields each decodes.

Each layout decodes the fixed fields its records carry, every one that has a catalog kernel:
- qasym7j5: all 63 fields of the M7 audit outfile record (971 bytes).
- qjordje5: the 45 fields of the *TYPE5 journal entry heading (700-byte records, ESD after 609).
- lldf: the 51 fields of the Log Master data change header (LRSNs in extended form, RBAs as the number in
  their last 8 bytes), records of 288 header bytes plus one row image.
- idms: the common prefix and the statistics of COMT/ENDJ/ABRT records (200 bytes); the 8-byte IDMS
  date-times are left out: they are decoded by a SQL macro over unpack_bin, not by a kernel of their own.
- ibmsnap: the unit-of-work control table IBMSNAP_UOW as unloaded (one row per committed transaction: FOR BIT
  DATA sequences, TIMESTAMP, CHAR). A user's CD tables are declared: bench them by name (udfs/bench/tables.py).
Every record is made unique when landed (`unique`: a field overwritten with the row number), so the raw
table is as hard to scan as real data, not a dictionary of a few thousand values.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..core.layouts import Field
from ..core.layouts.registry import BY_NAME

POOL = 4096  # distinct generated records, repeated to the requested count


@dataclass(frozen=True)
class BenchLayout:
    name: str
    pool: Callable[[int], list[bytes]]
    fields: tuple[Field, ...]
    unique: tuple[int, int, str]  # (1-based position, length, "digits" | "bin"): overwritten with the row number
    note: str


def _fields(fields: tuple[Field, ...], kinds: dict[str, str] | None = None) -> tuple[Field, ...]:
    """Layout fields as bench fields: 'digits' (text of digits) is text; other kinds may be renamed."""
    rename = {"digits": "char", **(kinds or {})}
    return tuple(
        Field(name=f.name.replace("-", "_"), pos=f.pos, length=f.length, kind=rename.get(f.kind, f.kind))
        for f in fields
    )


def _word(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randint(1, n)))


def _stamp(rng: random.Random) -> dt.datetime:
    return dt.datetime(2020, 1, 1) + dt.timedelta(seconds=rng.randrange(10**8), microseconds=rng.randrange(10**6))


# --- IBM i ---------------------------------------------------------------------------------------------------


def _m7_pool(n: int) -> list[bytes]:
    from ..core.samples.m7 import m7_records

    return m7_records(n)


def _m7_fields() -> tuple[Field, ...]:
    from ..core.layouts import qasym7j5

    return _fields(qasym7j5.FIELDS)


def _type5_pool(n: int) -> list[bytes]:
    from ..core.layouts import qjordje5

    rng = random.Random(5)
    out = []
    for _i in range(n):
        values = {}
        for f in qjordje5.HEADING:
            if f.kind == "char":
                values[f.name] = _word(rng, min(f.length, 10))
            elif f.kind in ("zoned", "digits"):
                values[f.name] = rng.randrange(10 ** min(f.length, 18))
            elif f.kind == "ibmi_ts":
                values[f.name] = _stamp(rng)
            elif f.kind == "hex":
                values[f.name] = rng.randbytes(f.length)
        values.pop("JOENTL")
        out.append(qjordje5.encode(values, esd=rng.randbytes(rng.randrange(20, 90)), record_length=700))
    return out


def _type5_fields() -> tuple[Field, ...]:
    from ..core.layouts import qjordje5

    return _fields(qjordje5.HEADING)


# --- LLDF ----------------------------------------------------------------------------------------------------


def _lldf_pool(n: int) -> list[bytes]:
    from ..core.layouts import lldf

    rng = random.Random(2)
    out = []
    for _i in range(n):
        values = {}
        for f in lldf.HEADER:
            if f.name in ("LENGTH", "SEGLEN", "TOTALSEGS", "SEGNUM"):
                continue
            if f.kind == "char":
                values[f.name] = _word(rng, f.length)
            elif f.kind == "ubin":
                values[f.name] = rng.randrange(256**f.length)
            elif f.kind == "ts17":
                values[f.name] = _stamp(rng)
            elif f.kind == "lrsn":
                values[f.name] = lldf.lrsn_field(_stamp(rng), extended=True)
            elif f.kind == "rba":
                values[f.name] = lldf.rba_field(rng.randrange(2**48), extended=True)
            elif f.kind == "hex":
                values[f.name] = rng.randbytes(f.length)
        out.append(lldf.encode_record(values, [rng.randbytes(rng.randrange(40, 200))]))
    return out


def _lldf_fields() -> tuple[Field, ...]:
    from ..core.layouts import lldf

    out = []
    for f in lldf.HEADER:
        if f.kind == "rba":  # the number an RBA holds: its last 8 bytes, unsigned
            out.append(Field(name=f.name, pos=f.pos + 2, length=8, kind="ubin"))
        else:
            out.append(Field(name=f.name, pos=f.pos, length=f.length, kind=f.kind))
    return tuple(out)


# --- IDMS ----------------------------------------------------------------------------------------------------


def _idms_recs():
    from ..core.layouts import idms

    return [
        r for r in idms.REC if "COMT" in r.types and not r.folded and r.field.kind in ("ubin", "char", "hex", "packed")
    ]


def _idms_pool(n: int) -> list[bytes]:
    from ..core.layouts import idms

    rng = random.Random(4)
    out = []
    for _i in range(n):
        values = {}
        for r in _idms_recs():
            f = r.field
            if r.column in ("REC_LEN", "TYPE"):
                continue
            if f.kind == "ubin":
                values[r.column] = rng.randrange(256 ** min(f.length, 7))
            elif f.kind == "char":
                values[r.column] = _word(rng, f.length)
            elif f.kind == "hex":
                values[r.column] = rng.randbytes(f.length)
            elif f.kind == "packed":
                values[r.column] = rng.randrange(10 ** (2 * f.length - 1))
        out.append(idms.encode(rng.choice(["COMT", "ENDJ", "ABRT"]), values))
    return out


def _idms_fields() -> tuple[Field, ...]:
    return _fields(tuple(r.field for r in _idms_recs()))


# --- IBM SQL Replication -------------------------------------------------------------------------------------

SNAP_TABLE = "uow"  # the busiest control table: a row per committed unit of work


def _snap_pool(n: int) -> list[bytes]:
    from ..render.ibmsnap_ddl import control_tables

    tables = control_tables()
    return [tables.encode_row(SNAP_TABLE, tables.sample_values(SNAP_TABLE, seed=i % 150 + 1)) for i in range(n)]


def _snap_fields() -> tuple[Field, ...]:
    from ..core.layouts import ibmsnap
    from ..render.ibmsnap_ddl import control_tables

    kinds = {
        "char": "char",
        "bit": "hex",
        "decimal": "packed",
        "smallint": "bin",
        "int": "bin",
        "bigint": "bin",
        "timestamp": "ibmi_ts",
    }
    out = []
    for s in control_tables().layout(SNAP_TABLE).slots:
        k = ibmsnap.kind(s.column)
        if k not in kinds:
            continue
        lead = 1 if s.column.nullable else 0  # the null indicator byte before the value
        out.append(Field(name=s.name, pos=s.pos + lead, length=s.width - lead, kind=kinds[k]))
    return tuple(out)


LAYOUTS: dict[str, Callable[[], BenchLayout]] = {
    "qasym7j5": lambda: BenchLayout(
        "qasym7j5", _m7_pool, _m7_fields(), (6, 20, "digits"), "IBM i M7 audit outfile, all 63 fields"
    ),
    "qjordje5": lambda: BenchLayout(
        "qjordje5", _type5_pool, _type5_fields(), (6, 20, "digits"), "IBM i *TYPE5 journal entry heading, 45 fields"
    ),
    "lldf": lambda: BenchLayout(
        "lldf", _lldf_pool, _lldf_fields(), (90, 8, "bin"), "Log Master LLDF data change header, 51 fields"
    ),
    "idms": lambda: BenchLayout(
        "idms", _idms_pool, _idms_fields(), (17, 8, "bin"), "CA IDMS COMT/ENDJ/ABRT records, prefix and statistics"
    ),
    "ibmsnap": lambda: BenchLayout(
        "ibmsnap", _snap_pool, _snap_fields(), (1, 10, "bin"), "IBM SQL Replication unit-of-work table IBMSNAP_UOW"
    ),
}

# Record pools for some of the registry's layouts (udfs/core/layouts/registry.py); "ibmsnap" is one control table's
if not set(LAYOUTS) <= set(BY_NAME) | {"ibmsnap"}:
    raise ImportError(f"bench layouts {sorted(set(LAYOUTS) - set(BY_NAME))} are not in the layouts registry")


def get(name: str):
    """A built-in layout, else a table declared in the project jcat builds (udfs/bench/tables.py)."""
    if name in LAYOUTS:
        return LAYOUTS[name]()
    from .copybook import added
    from .tables import declared_layout, declared_names

    if added(name) is not None:  # `--copybook`: a copybook and its data file
        return added(name)

    declared = declared_layout(name)
    if declared is None:
        tables = declared_names()
        raise ValueError(
            f"unknown bench layout {name!r}; choose from {', '.join(LAYOUTS)}"
            + (
                f" or a declared table ({', '.join(tables)})"
                if tables
                else " or a table declared with `jcat tables add`"
            )
        )
    return declared

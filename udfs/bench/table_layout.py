"""A declared table as a bench layout: its generated records and the ways that read them, whatever its log
(udfs/bench/tables.py: IBM i and the dispatch; udfs/bench/table_logs.py: LLDF and IBMSNAP)."""

from __future__ import annotations

import datetime as dt
import random
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import encoders as enc
from ..core.tables.declaration import DeclaredTable
from ..core.tables.values import ValueSpec
from ..render.field_calls import CATALOG, PERSISTENT, SPARK, Calls, named
from .kinds import SQL_ENGINE_SCHEMA
from .table_rows import PY_CODECS, PY_DATES, PY_TIMES, RowCalls

WORD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


# --- generated values --------------------------------------------------------------------------------------------


def text(spec: ValueSpec, rng: random.Random) -> bytes:
    """1 to 20 letters and digits that fit the column, in its CCSID (random bytes for FOR BIT DATA)."""
    room = spec.length if spec.ccsid not in (1200,) else spec.length // 2
    chars = "".join(rng.choice(WORD) for _ in range(rng.randint(1, max(1, min(room, 20)))))
    return chars.encode(PY_CODECS.get(spec.ccsid, "cp037")) if spec.ccsid != 65535 else rng.randbytes(len(chars))


def value_bytes(spec: ValueSpec, rng: random.Random) -> bytes:
    """A valid value of the column in its IBM i buffer form (text of letters and digits, dates 1940-2039)."""
    s, t = spec, spec.type
    stamp = dt.datetime(1940, 1, 1) + dt.timedelta(
        seconds=rng.randrange(100 * 365 * 86400), microseconds=rng.randrange(10**6)
    )
    if t in ("CHAR", "VARCHAR"):
        raw = text(s, rng)
        return (
            raw.ljust(s.length, b"\x40") if t == "CHAR" else len(raw).to_bytes(2, "big") + raw.ljust(s.length, b"\x00")
        )
    if t == "BINARY":
        return rng.randbytes(s.length)
    if t == "VARBINARY":
        n = rng.randint(0, s.length)
        return n.to_bytes(2, "big") + rng.randbytes(n) + b"\x00" * (s.length - n)
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        bits = 8 * s.width
        return rng.randrange(-(2 ** (bits - 1)), 2 ** (bits - 1)).to_bytes(s.width, "big", signed=True)
    if t in ("DECIMAL", "NUMERIC"):
        v = rng.randrange(-(10**s.length) + 1, 10**s.length)
        return enc.packed(v, s.length) if t == "DECIMAL" else enc.zoned(v, s.length)
    if t in ("REAL", "DOUBLE"):
        return struct.pack(">f" if t == "REAL" else ">d", rng.randrange(-(10**6), 10**6) / 64)
    if t == "DATE":
        return enc.ebcdic(stamp.strftime(PY_DATES[s.datfmt].format(s=s.date_separator)))
    if t == "TIME":
        return enc.ebcdic(
            stamp.replace(hour=rng.randrange(1, 23)).strftime(PY_TIMES[s.timfmt].format(s=s.time_separator))
        )
    text_ = stamp.strftime("%Y-%m-%d-%H.%M.%S") + (
        "." + f"{stamp.microsecond:06d}".ljust(s.fraction, "0")[: s.fraction] if s.fraction else ""
    )
    return enc.ebcdic(text_)


# --- the layout ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableLayout:
    """A declared table as a bench layout (the attributes `land` and `_bench_in` read, and its own ways)."""

    name: str
    table: DeclaredTable
    fields: tuple  # the model's columns (each with a .name)
    unique: tuple[int, int, str] | None
    note: str
    record: Callable[[random.Random], bytes]  # one generated record
    by_layout: Callable[[str], list[str]]  # the model's columns from the layout function's struct `d`
    per_field: Callable[[Calls], list[list[str]]]  # select lists over `record`, one after the other
    rows: RowCalls = field(default=None, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "rows", RowCalls(f"bench_row_{self.name}"))

    def pool(self, n: int) -> list[bytes]:
        rng = random.Random(31)
        return [self.record(rng) for _ in range(n)]

    def register(self, spark, function: str) -> None:
        """The table's layout function as `function`, the row UDFs of its functions, and the persistent functions."""
        from ..spark import declared_functions as declared
        from ..spark.function_install import ensure_installed
        from ..spark.udf_registration import arrow_udf_for, register

        register(spark)  # the per-field Arrow UDFs
        ensure_installed(spark)
        build = {
            "ibmi": declared.layout_function,
            "lldf": declared.lldf_layout_function,
            "ibmsnap": declared.ibmsnap_layout_function,
        }[self.table.log]
        spark.udf.register(function, arrow_udf_for(build(self.table)))
        self.per_field(self.rows)  # names the row UDFs the row way calls
        self.rows.register(spark)

    def frames(self, function: str) -> dict:
        """Way -> a function of the raw DataFrame (`record`) giving the model's columns."""

        def over(steps):
            def frame(df):
                for exprs in steps:
                    df = df.selectExpr(*exprs)
                return df

            return frame

        return {
            "catalog": over([[f"{function}(record) AS d"], self.by_layout("d")]),
            "catalog_per_field": over(self.per_field(CATALOG)),
            "sql_functions": over(self.per_field(named(lambda fn: f"{SQL_ENGINE_SCHEMA}.{fn}"))),
            "jvm_functions": over(self.per_field(PERSISTENT)),
            "jvm_expressions": over(self.per_field(SPARK)),
            "row_udf": over(self.per_field(self.rows)),
        }

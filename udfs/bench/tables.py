"""`jcat bench --layout NAME` for a table declared in the project (`jcat tables add`): its row images, timed by
the same ways as a built-in layout.

The records are row images as an R entry's JOESD holds them (the table's buffer layout), generated from the
declaration with the encoders; every way gives the model's columns (`tables_ibmi.ibmi_value` over each column's
raw value), from:
- catalog: the table's layout function (`decode_<name>_image`, one call per Arrow batch; a table build's way);
- catalog_per_field: each column's catalog function as an Arrow UDF;
- sql_functions: each column's persistent SQL function (`jcat.<fn>`, a view's way);
- jvm_expressions: Spark's own expressions (udfs/render/ibmi_value_sql.py);
- row_udf: a naive row-at-a-time Python UDF per column;
- arrow_floor: an Arrow UDF that decodes nothing.
"""

from __future__ import annotations

import datetime as dt
import random
import struct
from dataclasses import dataclass
from decimal import Decimal

from ..core import encoders as enc
from ..core.project import ProjectNotFound, project_dir
from ..core.tables.declaration import DeclaredTable
from ..core.tables.ibmi_image import (
    ImageColumn,
    image_columns,
    record_width,
    value_function,
)
from ..core.tables.image_decode import KERNELS
from ..render.ibmi_value_sql import spark_value
from ..render.table_names import quote
from ..render.tables_ibmi import ibmi_value

PY_CODECS = {37: "cp037", 273: "cp273", 500: "cp500", 1140: "cp1140", 1208: "utf-8", 1200: "utf-16-be"}
PY_DATES = {"*ISO": "%Y-%m-%d", "*JIS": "%Y-%m-%d", "*EUR": "%d.%m.%Y", "*USA": "%m/%d/%Y", "*MDY": "%m{s}%d{s}%y",
            "*DMY": "%d{s}%m{s}%y", "*YMD": "%y{s}%m{s}%d", "*JUL": "%y{s}%j"}
PY_TIMES = {"*ISO": "%H.%M.%S", "*EUR": "%H.%M.%S", "*JIS": "%H:%M:%S", "*HMS": "%H{s}%M{s}%S", "*USA": "%I:%M %p"}
WORD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _cut(c: ImageColumn) -> str:
    return f"substr(record, {c.pos}, {c.width})"


def _call(fn: str | None, args: tuple, b: str, prefix: str = "") -> str:
    if fn is None:
        return b
    literals = [str(a) if isinstance(a, int) else f"'{a}'" for a in args]
    return f"{prefix}{fn}({', '.join([b] + literals)})"


# --- generated row images ------------------------------------------------------------------------------------

def _value_bytes(c: ImageColumn, rng: random.Random) -> bytes:
    """A valid value of the column in its buffer form (text of letters and digits, dates 1940-2039)."""
    s, t = c.spec, c.spec.type
    stamp = dt.datetime(1940, 1, 1) + dt.timedelta(seconds=rng.randrange(100 * 365 * 86400),
                                                   microseconds=rng.randrange(10 ** 6))
    if t in ("CHAR", "VARCHAR"):
        room = s.length if s.ccsid not in (1200,) else s.length // 2
        text = "".join(rng.choice(WORD) for _ in range(rng.randint(1, max(1, min(room, 20)))))
        raw = text.encode(PY_CODECS.get(s.ccsid, "cp037")) if s.ccsid != 65535 else rng.randbytes(len(text))
        return raw.ljust(s.length, b"\x40") if t == "CHAR" else len(raw).to_bytes(2, "big") + raw.ljust(s.length, b"\x00")
    if t == "BINARY":
        return rng.randbytes(s.length)
    if t == "VARBINARY":
        n = rng.randint(0, s.length)
        return n.to_bytes(2, "big") + rng.randbytes(n) + b"\x00" * (s.length - n)
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        bits = 8 * s.width
        return rng.randrange(-2 ** (bits - 1), 2 ** (bits - 1)).to_bytes(s.width, "big", signed=True)
    if t in ("DECIMAL", "NUMERIC"):
        v = rng.randrange(-(10 ** s.length) + 1, 10 ** s.length)
        return enc.packed(v, s.length) if t == "DECIMAL" else enc.zoned(v, s.length)
    if t in ("REAL", "DOUBLE"):
        return struct.pack(">f" if t == "REAL" else ">d", rng.randrange(-10 ** 6, 10 ** 6) / 64)
    if t == "DATE":
        return enc.ebcdic(stamp.strftime(PY_DATES[s.datfmt].format(s=s.date_separator)))
    if t == "TIME":
        return enc.ebcdic(stamp.replace(hour=rng.randrange(1, 23)).strftime(PY_TIMES[s.timfmt].format(s=s.time_separator)))
    text = stamp.strftime("%Y-%m-%d-%H.%M.%S") + ("." + f"{stamp.microsecond:06d}".ljust(s.fraction, "0")[:s.fraction]
                                                   if s.fraction else "")
    return enc.ebcdic(text)


# --- the row-at-a-time decoders --------------------------------------------------------------------------------

def _row_decoder(c: ImageColumn):
    """The catalog function's raw value of one column, one row at a time, as a user first writes it."""
    s, t = c.spec, c.spec.type

    def varying(b):
        n = int.from_bytes(b[:2], "big")
        return b[2:2 + n] if n <= len(b) - 2 else None

    def decode(b):
        if b is None:
            return None
        if t in ("CHAR", "VARCHAR") and s.ccsid == 65535:
            return b if t == "CHAR" else varying(b)
        if t == "CHAR":
            return b.decode(PY_CODECS[s.ccsid]).rstrip(" \x00")
        if t == "VARCHAR":
            v = varying(b)
            return None if v is None else v.decode(PY_CODECS[s.ccsid])
        if t == "BINARY":
            return b
        if t == "VARBINARY":
            return varying(b)
        if t in ("SMALLINT", "INTEGER", "BIGINT"):
            return int.from_bytes(b, "big", signed=True)
        if t == "DECIMAL":
            h = b.hex()
            return Decimal(h[:-1]) * (-1 if h[-1] in "bd" else 1)
        if t == "NUMERIC":
            return Decimal("".join(str(x & 0x0F) for x in b)) * (-1 if b[-1] >> 4 in (0xB, 0xD) else 1)
        if t in ("REAL", "DOUBLE"):
            return struct.unpack(">f" if t == "REAL" else ">d", b)[0]
        text = b.decode("cp037")
        if t == "DATE":
            d = dt.datetime.strptime(text, PY_DATES[s.datfmt].format(s=s.date_separator)).date()
            return d.replace(year=d.year - 100) if d.year >= 2040 and "%y" in PY_DATES[s.datfmt] else d
        if t == "TIME":
            return dt.datetime.strptime(text, PY_TIMES[s.timfmt].format(s=s.time_separator)).strftime("%H:%M:%S")
        return dt.datetime.strptime(text[:26], "%Y-%m-%d-%H.%M.%S" + (".%f" if s.fraction else ""))
    return decode


def _row_type(c: ImageColumn) -> str:
    fn, _ = value_function(c.spec)
    return "binary" if fn is None else KERNELS[fn].returns.lower()


# --- the layout -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableLayout:
    """A declared table as a bench layout (the attributes `land` and `_bench_in` read, and its own ways)."""
    name: str
    table: DeclaredTable
    fields: tuple[ImageColumn, ...]
    unique: tuple[int, int, str] | None
    note: str

    def pool(self, n: int) -> list[bytes]:
        rng = random.Random(31)
        return [b"".join(_value_bytes(c, rng) for c in self.fields) for _ in range(n)]

    def row_udf_name(self, c: ImageColumn) -> str:
        return f"bench_row_{self.name}_{c.index}"

    def register(self, spark, function: str) -> None:
        """The table's layout function as `function`, one row UDF per column, and the persistent functions."""
        from pyspark.sql.functions import udf

        from ..spark.declared_tables import layout_function
        from ..spark.spark_catalog import arrow_udf_for, register
        from ..spark.sql_functions import ensure_installed

        register(spark)  # the per-field Arrow UDFs
        ensure_installed(spark)
        spark.udf.register(function, arrow_udf_for(layout_function(self.table)))
        for c in self.fields:
            spark.udf.register(self.row_udf_name(c), udf(_row_decoder(c), _row_type(c)))

    def frames(self, function: str) -> dict:
        """Way -> a function of the raw DataFrame (`record`) giving the model's columns."""
        def each(raw) -> list[str]:
            return [f"{ibmi_value(c, raw(c))} AS {quote(c.name)}" for c in self.fields]

        def over(exprs, first=None):
            return lambda df: (df.selectExpr(*first) if first else df).selectExpr(*exprs)
        return {
            "catalog": over(each(lambda c: f"d.{quote(c.name)}"), [f"{function}(record) AS d"]),
            "catalog_per_field": over(each(lambda c: _call(*value_function(c.spec), _cut(c)))),
            "sql_functions": over(each(lambda c: _call(*value_function(c.spec), _cut(c), prefix="jcat."))),
            "jvm_expressions": over(each(lambda c: spark_value(c.spec, _cut(c)))),
            "row_udf": over(each(lambda c: f"{self.row_udf_name(c)}({_cut(c)})")),
        }


def _unique(cols: tuple[ImageColumn, ...]) -> tuple[int, int, str] | None:
    """An INTEGER or BIGINT column to overwrite with the row number (rows as hard to scan as real data)."""
    for c in cols:
        if c.spec.type in ("INTEGER", "BIGINT"):
            return c.pos, c.width, "bin"
    return None


def declared_names() -> list[str]:
    from ..render.declared_tables import read_all

    try:
        return [t.name for t in read_all(project_dir())]
    except ProjectNotFound:
        return []


def declared_layout(name: str) -> TableLayout | None:
    """The declared table `name` of the project jcat builds as a bench layout, or None when there is none."""
    from ..render.declared_tables import read_all

    try:
        tables = {t.name: t for t in read_all(project_dir())}
    except ProjectNotFound:
        return None
    table = tables.get(name)
    if table is None:
        return None
    if table.log != "ibmi":
        raise ValueError(f"bench layout {name!r}: only IBM i tables are benchmarked (this one's log is {table.log})")
    cols = image_columns(table)
    return TableLayout(name, table, cols, _unique(cols),
                       f"declared table {name} ({table.ibmi.journaled}), {len(cols)} columns, "
                       f"{record_width(cols)}-byte row images")


def project_env() -> dict[str, str]:
    """JCAT_PROJECT_DIR for a child `jcat bench` with a JCAT_HOME of its own: the project whose tables it reads."""
    try:
        return {"JCAT_PROJECT_DIR": str(project_dir())}
    except ProjectNotFound:
        return {}

"""How each kind of field is decoded by the ways the benchmark compares.

Every way gives the model's column for each field (udfs/render/kind_sql.py): from the layout function's struct,
from a catalog function per field, from a naive row-at-a-time Python decoder (below, with its Spark type), or in
Spark's own expressions (kind_sql's baseline, the same text the models' jcat_field_engine='spark' compiles to:
what a careful user writes by hand over `substr`/`hex`/`conv`, validating its bytes). `check_agreement` holds
them to the same values before timing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from ..core.kinds import Field
from ..render.kind_sql import column_sql, spark_sql

TOD_UNIX_EPOCH_US = 0x7D91048BCA000000 >> 12  # 1900-01-01 to 1970-01-01 in TOD microseconds (bit 51)
UTC = dt.timezone.utc


def _cut(f: Field) -> str:
    return f"substr(record, {f.pos}, {f.length})"


def _row_char(b):
    return None if b is None else b.decode("cp037").rstrip(" \x00")


def _row_zoned(b):
    if b is None:
        return None
    value = Decimal("".join(str(x & 0x0F) for x in b))
    return -value if (b[-1] >> 4) in (0xB, 0xD) else value


def _row_packed(b):
    if b is None:
        return None
    h = b.hex()
    value = Decimal(h[:-1])
    return -value if h[-1] in "bd" else value


def _row_bin(b):
    return None if b is None else int.from_bytes(b, "big", signed=True)


def _row_ubin(b):
    return None if b is None else int.from_bytes(b, "big", signed=False)


def _row_ibmi_ts(b):
    return None if b is None else dt.datetime.strptime(b.decode("cp037"), "%Y-%m-%d-%H.%M.%S.%f")


def _row_ts17(b):
    return None if b is None else dt.datetime.strptime(b.hex()[:20], "%Y%m%d%H%M%S%f")


def _row_lrsn(b):
    if b is None:
        return None
    micros = (b[0] << 52) + (int.from_bytes(b[1:9], "big") >> 12) - TOD_UNIX_EPOCH_US
    return dt.datetime(1970, 1, 1, tzinfo=UTC) + dt.timedelta(microseconds=micros)


def _row_hex(b):
    return b


@dataclass(frozen=True)
class Kind:
    row: Callable  # the row-at-a-time decoder: the kernel's value (the model's column is taken from it in SQL)
    row_type: str
    per_field_sql: str  # the catalog function the per-field way calls, {cut} the field's bytes


BENCH_KINDS: dict[str, Kind] = {
    "char": Kind(_row_char, "string", "ebcdic_str({cut})"),
    "zoned": Kind(_row_zoned, "decimal(38,0)", "unpack_zoned({cut})"),
    "packed": Kind(_row_packed, "decimal(38,0)", "unpack_packed({cut})"),
    "bin": Kind(_row_bin, "bigint", "unpack_bin({cut})"),
    "ubin": Kind(_row_ubin, "bigint", "unpack_bin({cut}, false)"),
    "ibmi_ts": Kind(_row_ibmi_ts, "timestamp_ntz", "parse_ibmi_timestamp({cut})"),
    "ts17": Kind(_row_ts17, "timestamp_ntz", "parse_timestamp17({cut})"),
    "lrsn": Kind(_row_lrsn, "timestamp", "parse_lrsn({cut})"),
    "hex": Kind(_row_hex, "binary", "{cut}"),
}


def row_udf_name(kind: str) -> str:
    return f"bench_row_{kind}"


def _column(f: Field, value: str) -> str:
    return f"{column_sql(f.kind, value, f.length)} AS {f.name}"


def layout_sql(f: Field, struct: str = "d") -> str:
    """The model's column from the layout function's struct, as a table build reads it."""
    return _column(f, f"{struct}.{f.name}")


def catalog_per_field_sql(f: Field) -> str:
    return _column(f, BENCH_KINDS[f.kind].per_field_sql.format(cut=_cut(f)))


SQL_ENGINE_SCHEMA = "jcat_sql_engine"  # the bench installs the SQL bodies here; `jcat` holds the JVM engine


def sql_function_sql(f: Field, schema: str = SQL_ENGINE_SCHEMA) -> str:
    """The per-field call through the persistent function (`<schema>.ebcdic_str(...)`): no Python at all. The SQL
    bodies by default; `jvm_function_sql` the compiled GenericUDFs behind the same signatures."""
    call = BENCH_KINDS[f.kind].per_field_sql
    if call.split("(", 1)[0].isidentifier():
        call = f"{schema}." + call
    return _column(f, call.format(cut=_cut(f)))


def jvm_function_sql(f: Field) -> str:
    return sql_function_sql(f, "jcat")


def row_udf_sql(f: Field) -> str:
    return _column(f, f"{row_udf_name(f.kind)}({_cut(f)})")


def jvm_sql(f: Field) -> str:
    """Spark's own expressions: the kind's baseline from udfs/render/kind_sql.py, the models' 'spark' engine."""
    return f"{spark_sql(f.kind, _cut(f), f.length)} AS {f.name}"

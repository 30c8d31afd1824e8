"""How each kind of field is decoded by the three ways the benchmark compares.

For every kind: the record-kernel kind the catalog's layout function uses, the same decode in Spark's own
JVM expressions (as a careful user would write it over `substr`/`hex`/`conv`), and a naive row-at-a-time
Python decoder with its Spark type. `check_agreement` holds the three to the same values before timing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable

from ..core.kinds import Field

TOD_UNIX_EPOCH_US = 0x7D91048BCA000000 >> 12  # 1900-01-01 to 1970-01-01 in TOD microseconds (bit 51)
UTC = dt.timezone.utc


BenchField = Field  # the one field type (udfs.core.kinds); kind: a key of KINDS below


def _cut(f: BenchField) -> str:
    return f"substr(record, {f.pos}, {f.length})"


def _jvm_char(f):
    return f"rtrim(decode({_cut(f)}, 'IBM037'))"


def _jvm_zoned(f):
    h = f"hex({_cut(f)})"
    digits = f"cast(regexp_replace({h}, '(.)(.)', '$2') AS DECIMAL(31,0))"
    return f"CASE WHEN substr({h}, -2, 1) IN ('D', 'B') THEN -{digits} ELSE {digits} END"


def _jvm_packed(f):
    h = f"hex({_cut(f)})"
    digits = f"cast(substr({h}, 1, {2 * f.length - 1}) AS DECIMAL(31,0))"
    return f"CASE WHEN substr({h}, -1, 1) IN ('D', 'B') THEN -{digits} ELSE {digits} END"


def _jvm_bin(f):
    bits = 8 * f.length
    unsigned = f"cast(conv(hex({_cut(f)}), 16, 10) AS DECIMAL(20,0))"
    return f"cast(CASE WHEN {unsigned} >= {2 ** (bits - 1)} THEN {unsigned} - {2 ** bits} ELSE {unsigned} END AS BIGINT)"


def _jvm_ubin(f):
    return f"cast(conv(hex({_cut(f)}), 16, 10) AS BIGINT)"


def _jvm_ibmi_ts(f):
    return f"to_timestamp_ntz(decode({_cut(f)}, 'IBM037'), 'yyyy-MM-dd-HH.mm.ss.SSSSSS')"


def _jvm_ts17(f):
    # BCD digits YYYYMMDDHHMMSS then the fraction; Java's formatter cannot parse adjacent digit runs, so the
    # parts go to make_timestamp_ntz one by one
    h = f"hex({_cut(f)})"
    part = lambda a, n: f"cast(substr({h}, {a}, {n}) AS INT)"  # noqa: E731
    seconds = f"cast(concat(substr({h}, 13, 2), '.', substr({h}, 15, 6)) AS DECIMAL(8,6))"
    return (f"make_timestamp_ntz({part(1, 4)}, {part(5, 2)}, {part(7, 2)}, {part(9, 2)}, {part(11, 2)}, "
            f"{seconds})")


def _jvm_lrsn(f):
    # 10-byte extended LRSN: byte 0 the TOD epoch index, bytes 1-8 the 64-bit TOD value (bit 51 = 1 us)
    tod = f"cast(conv(hex(substr(record, {f.pos + 1}, 8)), 16, 10) AS DECIMAL(20,0))"
    epoch = f"cast(conv(hex(substr(record, {f.pos}, 1)), 16, 10) AS BIGINT)"
    return f"timestamp_micros(cast({tod} div 4096 AS BIGINT) + {epoch} * {2 ** 52} - {TOD_UNIX_EPOCH_US})"


def _jvm_hex(f):
    return _cut(f)


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
    record_kind: str  # kind in udfs.core.kernels.record.KINDS
    jvm: Callable[[BenchField], str]
    row: Callable
    row_type: str
    per_field_sql: str  # the catalog function the per-field way calls, {cut} the field's bytes


KINDS: dict[str, Kind] = {
    "char": Kind("char", _jvm_char, _row_char, "string", "ebcdic_str({cut})"),
    "zoned": Kind("zoned", _jvm_zoned, _row_zoned, "decimal(31,0)", "unpack_zoned({cut})"),
    "packed": Kind("packed", _jvm_packed, _row_packed, "decimal(31,0)", "unpack_packed({cut})"),
    "bin": Kind("bin", _jvm_bin, _row_bin, "bigint", "unpack_bin({cut})"),
    "ubin": Kind("ubin", _jvm_ubin, _row_ubin, "bigint", "unpack_bin({cut}, false)"),
    "ibmi_ts": Kind("ibmi_ts", _jvm_ibmi_ts, _row_ibmi_ts, "timestamp_ntz", "parse_ibmi_timestamp({cut})"),
    "ts17": Kind("ts17", _jvm_ts17, _row_ts17, "timestamp_ntz", "parse_timestamp17({cut})"),
    "lrsn": Kind("lrsn", _jvm_lrsn, _row_lrsn, "timestamp", "parse_lrsn({cut})"),
    "hex": Kind("hex", _jvm_hex, _row_hex, "binary", "{cut}"),
}


def catalog_per_field_sql(f: BenchField) -> str:
    return KINDS[f.kind].per_field_sql.format(cut=_cut(f)) + f" AS {f.name}"


def sql_function_sql(f: BenchField) -> str:
    """The per-field call through the persistent SQL function (`jcat.ebcdic_str(...)`): no Python at all."""
    call = KINDS[f.kind].per_field_sql
    if call.split("(", 1)[0].isidentifier():
        call = "jcat." + call
    return call.format(cut=_cut(f)) + f" AS {f.name}"


def jvm_sql(f: BenchField) -> str:
    return f"{KINDS[f.kind].jvm(f)} AS {f.name}"

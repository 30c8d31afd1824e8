"""One field type and one table of kinds: the only place that says how a kind of field is decoded and encoded.

A layout is a tuple of `Field`s, one per line of the IBM (or BMC, or Broadcom) table: position (1-based, as
the manual prints it; LLDF's 0-based offsets are converted where declared), width in bytes, kind, the model's
column, IBM's format and the description. `KINDS[field.kind]` then gives everything derived from the kind:

- `kernel`: the batch decoder the layout function (`decode_<layout>`) runs on the field's bytes, or RAW
  (the bytes themselves) or None (no kernel: the kind is decoded by SQL only, e.g. IDMS date-times);
- `sql_type`: the Spark SQL type the kernel returns (`{n}`: the width in bytes, `{d}`: 2n-1 digits);
- `encode(field, value)`: the sample/test-data encoder (what the demo and the benchmark write);
- `macro`: the dbt field macro and its extra arguments ('' where the layouts' own macros decode the kind);
- `model_sql`: the model's column from the layout function's struct (macro `jcat_layout_field`, table builds);
- `blank`: the byte an absent value is written as.

Tests never derive an expected value from this table: they hold golden hex and encoders written from the
manual (tests/golden.py, the encoders in udfs/encoders.py).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Callable

from . import encoders as enc
from .kernels.binary import unpack_bin
from .kernels.clocks import (idms_datetime, parse_ibmi_timestamp, parse_lrsn, parse_timestamp17,
                             parse_timestamp17_fraction)
from .kernels.decimal import unpack_packed, unpack_zoned
from .kernels.ebcdic import ebcdic_str


@dataclass(frozen=True)
class Field:
    """One line of a layout table."""
    name: str  # the manual's field name (IBM i short names, LLDF/IDMS names), also the layout function's struct field
    pos: int  # 1-based, as the manual prints it
    length: int  # bytes
    kind: str  # a key of KINDS
    doc: str = ""  # the manual's description
    column: str | None = None  # the model's column; None: not a column of the model (reserved, copies)
    fmt: str = ""  # the manual's format as printed (Char(10), Zoned(5,0), Bin(5), BIN(17), ...)
    values: tuple[str, ...] = ()  # accepted values, only where the manual states them

    @property
    def offset(self) -> int:
        return self.pos - 1

    @property
    def end(self) -> int:  # 1-based position after the field
        return self.pos + self.length

    @property
    def len(self) -> int:  # the ESD tables' spelling
        return self.length

    @property
    def sql_type(self) -> str:
        return KINDS[self.kind].type_for(self.length)


RAW = "raw"  # kernel marker: the field's bytes as BINARY, not decoded


@dataclass(frozen=True)
class Kind:
    name: str
    kernel: Callable | str | None
    sql_type: str
    encode: Callable[[Field, Any], bytes]
    macro: str  # dbt field macro ('' where a layout's own macros decode the kind)
    macro_args: str = "col, pos, len"  # its arguments, as jinja
    blank: bytes = b"\x00"
    doc: str = ""
    # the model's column from the layout function's struct field `{v}` (table builds): equal to what the field
    # macro gives from the bytes, for every record that holds the whole field
    model_sql: str = "{v}"
    # the same column in Spark's own expressions over the field's bytes `{b}` (the benchmark's baseline; needs
    # spark.sql.legacy.javaCharsets=true for decode(..., 'IBM037'))
    spark_sql: str = ""

    def type_for(self, length: int) -> str:
        return self.sql_type.format(n=length, d=2 * length - 1)


def _exact(f: Field, raw: bytes) -> bytes:
    raw = bytes(raw)
    if len(raw) != f.length:
        raise ValueError(f"{f.name} takes {f.length} bytes, got {len(raw)}")
    return raw


def _char(f, v):
    return enc.ebcdic("" if v is None else str(v), f.length)


def _digits(f, v):
    return enc.ebcdic(str(int(v)).rjust(f.length, "0"), f.length)


def _ibmi_ts(f, v):
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    assert isinstance(v, dt.datetime), f"{f.name}: a datetime"
    return enc.ibmi_timestamp(v)


def _ts17(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    if isinstance(v, tuple):  # (datetime, fraction digits below the second)
        return enc.timestamp17(v[0], v[1])
    return enc.timestamp17(v)


def _lrsn(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, dt.datetime):
        return enc.lrsn(v, extended=f.length == 10)
    return _exact(f, v)


def _rba(f, v):
    if v is None:
        return b"\x00" * f.length
    if isinstance(v, int):
        return enc.rba(v, extended=f.length == 10)
    return _exact(f, v)


def _idms_ts(f, v):
    if v is None:
        return b"\x00" * 8
    if isinstance(v, (bytes, bytearray)):
        return _exact(f, v)
    days = (v.date() - dt.date(1, 1, 1)).days  # IDMS date-time: days since 0001-01-01, seconds, microseconds
    secs = v.hour * 3600 + v.minute * 60 + v.second
    return ((days << 37) | (secs << 20) | v.microsecond).to_bytes(8, "big")


def _idms_local(b, strict=False):
    return idms_datetime(b, False, strict=strict)


def _idms_utc(b, strict=False):
    return idms_datetime(b, True, strict=strict)


def _idms_sql(utc: bool) -> str:
    """The IDMS date-time in Spark's own expressions over `{b}` (as macros/jcat_idms_datetime.sql, with conv)."""
    hi, lo = "cast(conv(hex(substr({b}, 1, 4)), 16, 10) as bigint)", "cast(conv(hex(substr({b}, 5, 4)), 16, 10) as bigint)"
    days, secs, us = f"shiftright({hi}, 5)", f"(shiftleft({hi} & 31, 12) | shiftright({lo}, 20))", f"({lo} & 1048575)"
    value = (f"timestamp_micros(({days} - 719162) * 86400000000 + {secs} * 1000000 + {us})" if utc else
             f"timestamp_ntz'0001-01-01 00:00:00' + make_dt_interval(cast({days} as int), 0, 0, "
             f"cast(cast({secs} * 1000000 + {us} as decimal(18, 0)) / 1000000 as decimal(18, 6)))")
    return (f"case when length({{b}}) < 8 or {{b}} = X'0000000000000000' then null "
            f"when {days} > 3652058 or {secs} >= 86400 or {us} >= 1000000 then null else {value} end")


def _ubin_kernel(b, strict=False):
    return unpack_bin(b, False, strict=strict)


def _u64_kernel(b, strict=False):
    """Unsigned Bin(64) as DECIMAL(20,0): exact above 2^63 (BIGINT is not)."""
    import numpy as np
    import pyarrow as pa

    from .kernels.batch import binary_batch
    from .kernels.binary import unsigned_be

    batch = binary_batch(b)
    ok = batch.valid & (batch.lengths == 8)
    mat = np.zeros((batch.n, 8), np.uint8)
    rows = np.nonzero(ok)[0]
    if len(rows):
        mat[rows] = batch.matrix(rows, 8)
    values = unsigned_be(mat)
    return pa.array(values, pa.uint64(), mask=~ok).cast(pa.decimal128(20, 0))


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("char", ebcdic_str, "STRING", _char, "jcat_char", blank=b"\x40", doc="EBCDIC text, trailing blanks removed",
         model_sql="nullif({v}, '')", spark_sql="nullif(rtrim(decode({b}, 'IBM037')), '')"),
    Kind("digits", ebcdic_str, "STRING", _digits, "jcat_ibmi_digits", blank=b"\x40",
         doc="Char(n) holding decimal digits: text in a layout function, DECIMAL(n,0) in the models",
         model_sql="case when {v} rlike '^[0-9]{{{n}}}$' then cast({v} as decimal({n}, 0)) end",
         spark_sql="case when hex({b}) rlike '^(F[0-9]){{{n}}}$' "
                   "then cast(regexp_replace(hex({b}), 'F([0-9])', '$1') as decimal({n}, 0)) end"),
    Kind("zoned", unpack_zoned, "DECIMAL(31,0)", lambda f, v: enc.zoned(v or 0, f.length), "jcat_zoned",
         doc="zoned decimal, one digit a byte", model_sql="cast({v} as decimal({n}, 0))",
         spark_sql="case when hex({b}) rlike '^(F[0-9]){{{m}}}[CDFABE][0-9]$' then cast(case when substr(hex({b}), -2, 1) "
                   "in ('D', 'B') then -1 else 1 end * cast(regexp_replace(hex({b}), '.([0-9])', '$1') as decimal({n}, 0)) "
                   "as decimal({n}, 0)) end"),
    Kind("packed", unpack_packed, "DECIMAL(31,0)", lambda f, v: enc.packed(v or 0, 2 * f.length - 1), "jcat_packed",
         doc="packed decimal, two digits a byte", model_sql="cast({v} as decimal({d}, 0))",
         spark_sql="case when hex({b}) rlike '^[0-9]{{{d}}}[A-F]$' then cast(case when substr(hex({b}), -1, 1) in ('D', 'B') "
                   "then -1 else 1 end * cast(substr(hex({b}), 1, {d}) as decimal({d}, 0)) as decimal({d}, 0)) end"),
    Kind("bin", unpack_bin, "BIGINT", lambda f, v: enc.binary(v or 0, f.length), "jcat_bin",
         doc="signed big-endian binary (two's complement)",
         spark_sql="cast(case when cast(conv(hex({b}), 16, 10) as decimal(20, 0)) >= {half} "
                   "then cast(conv(hex({b}), 16, 10) as decimal(20, 0)) - {full} "
                   "else cast(conv(hex({b}), 16, 10) as decimal(20, 0)) end as bigint)"),
    Kind("ubin", _ubin_kernel, "BIGINT", lambda f, v: enc.binary(v or 0, f.length, signed=False), "jcat_bin",
         "col, pos, len, false", doc="unsigned big-endian binary", spark_sql="cast(conv(hex({b}), 16, 10) as bigint)"),
    Kind("u64", _u64_kernel, "DECIMAL(20,0)", lambda f, v: enc.binary(v or 0, f.length, signed=False), "jcat_u64",
         doc="unsigned Bin(64), exact above 2^63", spark_sql="cast(conv(hex({b}), 16, 10) as decimal(20, 0))"),
    Kind("hex", RAW, "BINARY", lambda f, v: b"\x00" * f.length if v is None else _exact(f, v), "jcat_hex",
         doc="raw bytes (identifiers); models show them as hex text", model_sql="hex({v})", spark_sql="hex({b})"),
    Kind("ibmi_ts", parse_ibmi_timestamp, "TIMESTAMP_NTZ", _ibmi_ts, "jcat_ibmi_timestamp", "col, pos", blank=b"\x40",
         doc="IBM i 26-character timestamp",
         spark_sql="to_timestamp_ntz(decode({b}, 'IBM037'), 'yyyy-MM-dd-HH.mm.ss.SSSSSS')"),
    Kind("ts17", parse_timestamp17, "TIMESTAMP_NTZ", _ts17, "jcat_ts17", doc="BMC BIN(17) BCD timestamp",
         # Java's formatter cannot parse adjacent digit runs, so the BCD parts go to make_timestamp_ntz one by one
         spark_sql="case when hex({b}) rlike '^[0-9]{{34}}$' then make_timestamp_ntz(cast(substr(hex({b}), 1, 4) as int), "
                   "cast(substr(hex({b}), 5, 2) as int), cast(substr(hex({b}), 7, 2) as int), "
                   "cast(substr(hex({b}), 9, 2) as int), cast(substr(hex({b}), 11, 2) as int), "
                   "cast(concat(substr(hex({b}), 13, 2), '.', substr(hex({b}), 15, 6)) as decimal(8, 6))) end"),
    Kind("ts17_fraction", parse_timestamp17_fraction, "STRING", _ts17, "jcat_ts17_fraction",
         doc="all fraction digits of a BIN(17) timestamp: 12, more where they are not zero",
         spark_sql="case when hex({b}) rlike '^[0-9]{{34}}$' "
                   "then concat(substr(hex({b}), 15, 12), regexp_replace(substr(hex({b}), 27, 8), '0+$', '')) end"),
    Kind("lrsn", parse_lrsn, "TIMESTAMP", _lrsn, "jcat_lrsn", doc="Db2 LRSN, 6 or 10 bytes",
         # the 10-byte (extended) form: byte 1 the TOD epoch index, bytes 2-9 the TOD clock (bit 51 = 1 us)
         spark_sql="timestamp_micros(cast(cast(conv(hex(substr({b}, 2, 8)), 16, 10) as decimal(20, 0)) div 4096 as bigint)"
                   " + cast(conv(hex(substr({b}, 1, 1)), 16, 10) as bigint) * 4503599627370496 - 2208988800000000)"),
    Kind("rba", None, "BINARY", _rba, "", doc="Db2 RBA, 6 or 10 bytes"),
    Kind("idms_ts", _idms_local, "TIMESTAMP_NTZ", _idms_ts, "jcat_idms_datetime", "col, pos",
         doc="IDMS 8-byte date-time, the system's wall clock", spark_sql=_idms_sql(utc=False)),
    Kind("idms_ts_utc", _idms_utc, "TIMESTAMP", _idms_ts, "jcat_idms_datetime", "col, pos, true",
         doc="IDMS 8-byte date-time, a UTC instant (the GMT stamps)", spark_sql=_idms_sql(utc=True)),
    Kind("reserved", None, "BINARY", lambda f, v: b"\x00" * f.length, "", doc="reserved bytes, not decoded"),
    Kind("tail", None, "BINARY", lambda f, v: bytes(v or b""), "", doc="Char(*): from the position to the end"),
    Kind("group", None, "", lambda f, v: b"", "", doc="a heading naming the fields that follow (no bytes)"),
)}


def encode_field(f: Field, value) -> bytes:
    """The field's bytes for `value` (None: the kind's blank)."""
    if f.kind not in KINDS:
        raise ValueError(f"unknown kind {f.kind}")
    if value is None and f.kind in ("char", "digits", "ibmi_ts"):
        return KINDS[f.kind].blank * f.length
    return KINDS[f.kind].encode(f, value)


def check_contiguous(fields, start: int, end: int) -> None:
    """Each field starts where the previous ended: the table closes exactly at `end`."""
    pos = start
    for f in fields:
        if f.pos != pos:
            raise AssertionError(f"{f.name} starts at {f.pos}, expected {pos}")
        pos = f.end
    if pos != end:
        raise AssertionError(f"layout ends at {pos}, expected {end}")


def record_kinds() -> dict[str, tuple[Callable | None, str]]:
    """kind -> (kernel or None for raw bytes, Spark SQL type) for every kind a layout function decodes."""
    return {k.name: (None if k.kernel == RAW else k.kernel, k.sql_type)
            for k in KINDS.values() if k.kernel is not None}

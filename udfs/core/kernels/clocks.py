"""Time values: z/Architecture TOD clocks, Db2 LRSNs, LLDF BIN(17) BCD stamps, IBM i SAA text stamps.

Instants (TOD, LRSN) come out as UTC TIMESTAMP; wall-clock values with no zone (IBM i, LLDF) come
out as TIMESTAMP_NTZ so that they read the same whatever `spark.sql.session.timeZone` is.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pyarrow as pa

from .batch import BinaryBatch, binary_batch, int_argument, raise_if_strict
from .binary import unsigned_be
from .ebcdic import DEFAULT_CCSID, ascii_table, codec_name

# TOD value of 1970-01-01 00:00:00 UTC (Linux arch/s390 TOD_UNIX_EPOCH); bit 51 is one microsecond.
TOD_UNIX_EPOCH = 0x7D91048BCA000000
TOD_UNIX_EPOCH_US = TOD_UNIX_EPOCH >> 12
MIN_US = -62135596800 * 10**6  # 0001-01-01 00:00:00
MAX_US = 253402300799999999  # 9999-12-31 23:59:59.999999
UTC = pa.timestamp("us", tz="UTC")
NTZ = pa.timestamp("us")


def _timestamps(micros: np.ndarray, ok: np.ndarray, typ: pa.DataType) -> pa.Array:
    ok = ok & (micros >= MIN_US) & (micros <= MAX_US)
    return pa.array(np.where(ok, micros, 0), type=typ, mask=~ok)


def _tod_micros(epoch: np.ndarray, tod: np.ndarray) -> np.ndarray:
    """Microseconds since 1970 of an extended TOD value (epoch index, 64-bit TOD)."""
    return (epoch.astype(np.int64) << 52) + (tod >> np.uint64(12)).astype(np.int64) - TOD_UNIX_EPOCH_US


def parse_tod(b, strict: bool = False) -> pa.Array:
    """8-byte STCK or 16-byte STCKE (byte 0 the epoch index, bytes 1-8 the TOD value) to a UTC TIMESTAMP."""
    batch = binary_batch(b)
    micros = np.zeros(batch.n, dtype=np.int64)
    ok = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if width == 8:
            micros[rows] = _tod_micros(np.zeros(len(rows), np.uint64), unsigned_be(mat))
        elif width == 16:
            micros[rows] = _tod_micros(mat[:, 0], unsigned_be(mat[:, 1:9]))
        else:
            continue
        ok[rows] = True
    raise_if_strict(
        strict,
        "parse_tod",
        batch,
        batch.valid & ~ok,
        lambda r: f"{batch.lengths[r]} bytes: a TOD clock is 8 (STCK) or 16 (STCKE) bytes",
    )
    return _timestamps(micros, ok, UTC)


def _lrsn_tod(batch: BinaryBatch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(epoch, tod, ok) of 6-byte (TOD bits 0-47) or 10-byte extended LRSNs (STCKE bytes 0-9)."""
    epoch = np.zeros(batch.n, dtype=np.uint64)
    tod = np.zeros(batch.n, dtype=np.uint64)
    ok = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if width == 6:
            tod[rows] = unsigned_be(mat) << np.uint64(16)
        elif width == 10:
            epoch[rows] = mat[:, 0]
            tod[rows] = unsigned_be(mat[:, 1:9])
        elif width == 8:  # a delta may be given as a plain TOD value
            tod[rows] = unsigned_be(mat)
        else:
            continue
        ok[rows] = True
    return epoch, tod, ok


def parse_lrsn(b, delta=None, strict: bool = False) -> pa.Array:
    """6- or 10-byte Db2 LRSN to the UTC instant it encodes, less an optional STCK-to-LRSN delta."""
    batch = binary_batch(b)
    epoch, tod, ok = _lrsn_tod(batch)
    ok &= ~np.isin(batch.lengths, [8])  # 8 bytes is only a delta form, not an LRSN
    reason = "an LRSN is 6 bytes (basic) or 10 bytes (extended)"
    if delta is not None:
        dbatch = binary_batch(delta)
        _, dtod, dok = _lrsn_tod(dbatch)
        dtod = np.where(dbatch.valid, dtod, np.uint64(0))
        ok &= dok | ~dbatch.valid
        borrow = tod < dtod
        tod = tod - dtod
        ok &= ~(borrow & (epoch == 0))
        epoch = epoch - borrow.astype(np.uint64)
        reason += "; the delta is 6, 8 or 10 bytes and not larger than the LRSN"
    raise_if_strict(strict, "parse_lrsn", batch, batch.valid & ~ok, lambda r: reason)
    return _timestamps(_tod_micros(epoch, tod), ok, UTC)


# ---- CA IDMS 8-byte date-time ----------------------------------------------------------------------------

IDMS_DAY0_US = -62135596800 * 10**6  # day 0 of the IDMS date-time: 0001-01-01 00:00:00
IDMS_LAST_DAY = 3652058  # 9999-12-31


def idms_datetime(b, utc: bool = False, strict: bool = False) -> pa.Array:
    """IDMS 8-byte date-time (Broadcom KB 28740): bits 0-26 days since 0001-01-01, 27-43 seconds since midnight,
    44-63 microseconds. A TIMESTAMP instant when `utc` (the GMT stamps), else TIMESTAMP_NTZ (local stamps).
    All zeros ("not yet written") is NULL and no error; seconds >= 86400, microseconds >= 10^6, a day past
    9999-12-31 or a length other than 8 are NULL (strict: an error). A kind's kernel for layout functions; the
    models' per-field form is the macro jcat_idms_datetime."""
    batch = binary_batch(b)
    micros = np.zeros(batch.n, dtype=np.int64)
    ok = np.zeros(batch.n, dtype=bool)
    zero = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if width != 8:
            continue
        v = unsigned_be(mat)
        days = (v >> np.uint64(37)).astype(np.int64)
        secs = ((v >> np.uint64(20)) & np.uint64(0x1FFFF)).astype(np.int64)
        us = (v & np.uint64(0xFFFFF)).astype(np.int64)
        zero[rows] = v == 0
        ok[rows] = (v != 0) & (days <= IDMS_LAST_DAY) & (secs < 86400) & (us < 1_000_000)
        micros[rows] = IDMS_DAY0_US + days * 86_400_000_000 + secs * 1_000_000 + us
    raise_if_strict(
        strict,
        "idms_datetime",
        batch,
        batch.valid & ~ok & ~zero,
        lambda r: (
            "an IDMS date-time is 8 bytes: days (bits 0-26) up to 9999-12-31, seconds (27-43) "
            "below 86400, microseconds (44-63) below 10^6"
        ),
    )
    return _timestamps(micros, ok, UTC if utc else NTZ)


# ---- calendar -------------------------------------------------------------------------------------------

_MONTH_DAYS = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], dtype=np.int64)


def civil_valid(y, mo, d, h, mi, s) -> np.ndarray:
    leap = (y % 4 == 0) & ((y % 100 != 0) | (y % 400 == 0))
    mo_c = np.clip(mo, 0, 12)
    dim = _MONTH_DAYS[mo_c] + ((mo_c == 2) & leap)
    return (y >= 1) & (y <= 9999) & (mo >= 1) & (mo <= 12) & (d >= 1) & (d <= dim) & (h <= 23) & (mi <= 59) & (s <= 59)


def days_from_civil(y, mo, d) -> np.ndarray:
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm, vectorized)."""
    y = y - (mo <= 2)
    era = np.floor_divide(y, 400)
    yoe = y - era * 400
    mp = (mo + 9) % 12
    doy = (153 * mp + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_micros(y, mo, d, h, mi, s, us) -> np.ndarray:
    return ((days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s) * 1_000_000 + us).astype(np.int64)


def _number(digits: np.ndarray) -> np.ndarray:
    """(k, m) decimal digits to (k,) int64."""
    weights = 10 ** np.arange(digits.shape[1] - 1, -1, -1, dtype=np.int64)
    return digits.astype(np.int64) @ weights


# ---- LLDF BIN(17) ---------------------------------------------------------------------------------------

TS17_WIDTH = 17
TS17_FRACTION_DIGITS = 12  # Db2 TIMESTAMP(12)


def _ts17_nibbles(batch: BinaryBatch):
    """Yield (rows, nibbles[k, 34], ok) for the 17-byte rows."""
    for width, rows, mat in batch.width_groups():
        if width != TS17_WIDTH:
            continue
        nib = np.empty((len(rows), 34), dtype=np.uint8)
        nib[:, 0::2] = mat >> 4
        nib[:, 1::2] = mat & 0x0F
        ok = (nib <= 9).all(axis=1)
        n = nib.astype(np.int64)
        y, mo, d = _number(n[:, 0:4]), _number(n[:, 4:6]), _number(n[:, 6:8])
        h, mi, s = _number(n[:, 8:10]), _number(n[:, 10:12]), _number(n[:, 12:14])
        ok &= civil_valid(y, mo, d, h, mi, s)
        yield rows, n, ok, (y, mo, d, h, mi, s)


_TS17_REASON = (
    "not a BIN(17) timestamp X'YYYYMMDDHHMMSS' + fraction digits: 17 bytes of BCD digits holding a real date and time"
)


def parse_timestamp17(b, strict: bool = False) -> pa.Array:
    """LLDF BIN(17) BCD timestamp to TIMESTAMP_NTZ (microseconds; see parse_timestamp17_fraction)."""
    batch = binary_batch(b)
    micros = np.zeros(batch.n, dtype=np.int64)
    ok_all = np.zeros(batch.n, dtype=bool)
    for rows, n, ok, (y, mo, d, h, mi, s) in _ts17_nibbles(batch):
        us = _number(n[:, 14:20])
        micros[rows] = np.where(ok, civil_micros(y, mo, d, h, mi, s, us), 0)
        ok_all[rows] = ok
    raise_if_strict(strict, "parse_timestamp17", batch, batch.valid & ~ok_all, lambda r: _TS17_REASON)
    return _timestamps(micros, ok_all, NTZ)


def parse_timestamp17_fraction(b, strict: bool = False) -> pa.Array:
    """The fraction of a BIN(17) timestamp as digits: 12 (picoseconds), more only if any beyond are not 0."""
    batch = binary_batch(b)
    n_rows = batch.n
    frac = np.full((n_rows, 20), ord("0"), dtype=np.uint8)
    keep = np.full(n_rows, TS17_FRACTION_DIGITS, dtype=np.int64)
    ok_all = np.zeros(n_rows, dtype=bool)
    for rows, n, ok, _ in _ts17_nibbles(batch):
        digits = n[:, 14:34]
        frac[rows] = (digits + ord("0")).astype(np.uint8)
        nonzero = digits != 0
        last = 19 - np.argmax(nonzero[:, ::-1], axis=1)
        last = np.where(nonzero.any(axis=1), last, -1)
        keep[rows] = np.maximum(last + 1, TS17_FRACTION_DIGITS)
        ok_all[rows] = ok
    raise_if_strict(strict, "parse_timestamp17_fraction", batch, batch.valid & ~ok_all, lambda r: _TS17_REASON)
    keep = np.where(ok_all, keep, 0)
    take = np.arange(20)[None, :] < keep[:, None]
    offsets = np.zeros(n_rows + 1, dtype=np.int32)
    np.cumsum(keep, out=offsets[1:])
    validity = pa.py_buffer(np.packbits(ok_all, bitorder="little"))
    return pa.Array.from_buffers(
        pa.string(), n_rows, [validity, pa.py_buffer(offsets), pa.py_buffer(frac[take].tobytes())]
    )


# ---- IBM i SAA timestamp --------------------------------------------------------------------------------

IBMI_TS_WIDTH = 26  # TIMESTAMP(6), the journal's own stamps
IBMI_TS_FRACTIONS = range(0, 13)  # TIMESTAMP(p): 19 characters, or 20 + p with a fraction
IBMI_TS_WIDTHS = (19, *(20 + p for p in IBMI_TS_FRACTIONS if p))
_SEPARATORS = {4: "-", 7: "-", 10: "-", 13: ".", 16: ".", 19: "."}


@cache
def _ibmi_ts_form(width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(digit positions, separator positions, separator characters, weights[digits, 7]) of a width: the digits'
    weights in year (4), month, day, hour, minute, second (2 each) and microseconds (the first 6 fraction digits,
    later ones dropped)."""
    seps = {i: c for i, c in _SEPARATORS.items() if i < width}
    digits = np.array([i for i in range(width) if i not in seps])
    w = np.zeros((len(digits), 7))
    for j, (a, b) in enumerate(((0, 4), (4, 6), (6, 8), (8, 10), (10, 12), (12, 14))):
        w[a:b, j] = 10.0 ** np.arange(b - a - 1, -1, -1)
    fraction = min(len(digits) - 14, 6)
    w[14 : 14 + fraction, 6] = 10.0 ** np.arange(5, 5 - fraction, -1)
    return digits, np.array(list(seps)), np.array([ord(c) for c in seps.values()], dtype=np.uint8), w


def parse_ibmi_timestamp(b, ccsid=None, strict: bool = False) -> pa.Array:
    """EBCDIC `YYYY-MM-DD-HH.MM.SS[.f...]` of TIMESTAMP(p), p 0 to 12 (19 or 20 + p characters; local wall clock,
    no zone) to TIMESTAMP_NTZ. Spark keeps microseconds: fraction digits past the sixth are dropped."""
    batch = binary_batch(b)
    cc = int_argument(ccsid, batch.n, DEFAULT_CCSID)
    micros = np.zeros(batch.n, dtype=np.int64)
    ok_all = np.zeros(batch.n, dtype=bool)
    for c in np.unique(cc[batch.valid]).tolist():
        codec_name(int(c))
        table = ascii_table(int(c))  # one byte a character: digits and separators are ASCII
        for width, rows, mat in batch.width_groups(cc == c):
            if width not in IBMI_TS_WIDTHS:
                continue
            digit_pos, sep_pos, sep_chars, weights = _ibmi_ts_form(width)
            chars = table[mat]
            ok = (chars[:, sep_pos] == sep_chars).all(axis=1)
            dg = chars[:, digit_pos] - np.uint8(ord("0"))  # a byte below '0' wraps above 9
            ok &= (dg <= 9).all(axis=1)
            # the seven numbers in one product (exact: at most 6 digits each)
            parts = (np.where(ok[:, None], dg, 0).astype(np.float64) @ weights).astype(np.int64)
            y, mo, d, h, mi, s, us = parts.T
            ok &= civil_valid(y, mo, d, h, mi, s)
            micros[rows] = np.where(ok, civil_micros(y, mo, d, h, mi, s, us), 0)
            ok_all[rows] = ok
    raise_if_strict(
        strict,
        "parse_ibmi_timestamp",
        batch,
        batch.valid & ~ok_all,
        lambda r: "not a YYYY-MM-DD-HH.MM.SS[.f...] timestamp (19 or 21 to 32 characters) with a real date and time",
    )
    return _timestamps(micros, ok_all, NTZ)

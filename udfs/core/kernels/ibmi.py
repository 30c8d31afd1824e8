"""Values in an IBM i record buffer (JOESD of a journal R entry): dates and times as characters in the file's
DATFMT/TIMFMT, REAL/DOUBLE, VARCHAR/VARBINARY (a 2-byte length, then the declared maximum of bytes) and the
null-value indicators of JONVI.

Dates and times are read as bytes: digits, the separators / - . , : and blank, and the letters of AM/PM are the
same bytes in every supported EBCDIC CCSID (IBM's invariant characters), so they take no CCSID argument.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .batch import binary_batch, int_argument, raise_if_strict
from .clocks import civil_valid, days_from_civil
from .ebcdic import DEFAULT_CCSID, ascii_table, check_text_ccsid, decode_text, gather

# DATFMT -> its characters: y m d (j: day of the year) digits, '?' the DATSEP separator, others fixed
DATE_FORMS = {
    "*ISO": "yyyy-mm-dd",
    "*EUR": "dd.mm.yyyy",
    "*USA": "mm/dd/yyyy",
    "*JIS": "yyyy-mm-dd",
    "*MDY": "mm?dd?yy",
    "*DMY": "dd?mm?yy",
    "*YMD": "yy?mm?dd",
    "*JUL": "yy?jjj",
}
# TIMFMT -> its characters: h m s digits, '?' the TIMSEP separator; *USA is hh:mm AM / PM
TIME_FORMS = {"*ISO": "hh.mm.ss", "*EUR": "hh.mm.ss", "*JIS": "hh:mm:ss", "*HMS": "hh?mm?ss", "*USA": "hh:mm xM"}
SEPARATORS = ("/", "-", ".", ",", " ", ":")  # what DATSEP/TIMSEP may be (blank for DDS '&')
DEFAULT_DATSEP, DEFAULT_TIMSEP = "/", ":"
CENTURY_SPLIT = 40  # two-digit years 40-99 are 19xx, 00-39 20xx
_EBCDIC = ascii_table(DEFAULT_CCSID)  # byte -> ASCII; the characters read here are invariant


def string_argument(arr, n: int, default: str | None) -> tuple[np.ndarray, list]:
    """A STRING argument (usually a literal repeated) as (index per row, distinct values): one dictionary encode,
    no per-row Python. NULL becomes `default` (None: stays None)."""
    if arr is None or isinstance(arr, str):
        return np.zeros(n, dtype=np.int64), [default if arr is None else arr]
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    enc = pc.dictionary_encode(arr.cast(pa.string()))
    values = enc.dictionary.to_pylist() + [default]
    idx = enc.indices.fill_null(len(values) - 1).to_numpy(zero_copy_only=False).astype(np.int64)
    return idx, values


def _form(forms: dict, fmt: str | None, sep: str | None, what: str) -> str | None:
    """The characters of a format with its separator in place; None for a NULL format. Unknown ones are errors in
    every mode (a wrong argument, not a wrong byte)."""
    if fmt is None:
        return None
    key = fmt.strip(" ").upper()  # as SQL trim() and upper() do
    if key not in forms:
        raise ValueError(f"{what} {fmt!r} is not one of {', '.join(forms)}")
    if sep is None or sep not in SEPARATORS:
        raise ValueError(f"separator {sep!r} is not one of {', '.join(map(repr, SEPARATORS))}")
    return forms[key].replace("?", sep)


def _groups(b, fmt, sep, forms, default_sep, what):
    """Yield (form, rows, characters as ASCII codes) per format, separator and width of the batch."""
    batch = binary_batch(b)
    fi, fvals = string_argument(fmt, batch.n, None)
    si, svals = string_argument(sep, batch.n, default_sep)
    pair = fi * len(svals) + si
    for p in np.unique(pair[batch.valid]).tolist():
        form = _form(forms, fvals[p // len(svals)], svals[p % len(svals)], what)
        if form is None:
            continue
        for width, rows, mat in batch.width_groups(pair == p):
            if width == len(form):
                yield form, rows, _EBCDIC[mat]


def _field(chars: np.ndarray, form: str, letter: str) -> tuple[np.ndarray, np.ndarray]:
    """(value, all digits) of the positions `letter` holds in `form`."""
    pos = [i for i, c in enumerate(form) if c == letter]
    dg = chars[:, pos].astype(np.int64) - ord("0")
    ok = ((dg >= 0) & (dg <= 9)).all(axis=1)
    return np.where(ok[:, None], dg, 0) @ (10 ** np.arange(len(pos) - 1, -1, -1)), ok


def _fixed_chars_ok(chars: np.ndarray, form: str, letters: str) -> np.ndarray:
    """Every position that is not a digit of `letters` holds the form's own character."""
    pos = [i for i, c in enumerate(form) if c not in letters]
    want = np.array([ord(form[i]) for i in pos], dtype=np.uint8)
    return (chars[:, pos] == want).all(axis=1)


def ibmi_date(b, datfmt=None, datsep=None, strict: bool = False) -> pa.Array:
    """Characters of a DATE column in its DATFMT (and DATSEP) to a DATE; a date that does not exist is NULL."""
    batch = binary_batch(b)
    days = np.zeros(batch.n, dtype=np.int64)
    ok_all = np.zeros(batch.n, dtype=bool)
    for form, rows, chars in _groups(batch, datfmt, datsep, DATE_FORMS, DEFAULT_DATSEP, "DATFMT"):
        ok = _fixed_chars_ok(chars, form, "ymdj")
        y, ok_y = _field(chars, form, "y")
        if form.count("y") == 2:
            y = np.where(y >= CENTURY_SPLIT, 1900 + y, 2000 + y)
        if "j" in form:
            doy, ok_d = _field(chars, form, "j")
            leap = (y % 4 == 0) & ((y % 100 != 0) | (y % 400 == 0))
            ok &= ok_y & ok_d & (doy >= 1) & (doy <= 365 + leap)
            d = days_from_civil(y, np.ones_like(y), np.ones_like(y)) + doy - 1
        else:
            mo, ok_m = _field(chars, form, "m")
            dd, ok_d = _field(chars, form, "d")
            zero = np.zeros_like(y)
            ok &= ok_y & ok_m & ok_d & civil_valid(y, mo, dd, zero, zero, zero)
            d = days_from_civil(y, np.clip(mo, 1, 12), dd)
        days[rows] = np.where(ok, d, 0)
        ok_all[rows] = ok
    raise_if_strict(
        strict,
        "ibmi_date",
        batch,
        batch.valid & ~ok_all,
        lambda r: "not a date in the DATFMT given (its length, separators, digits and a real date)",
    )
    return pa.array(days.astype(np.int32), pa.date32(), mask=~ok_all)


def ibmi_time(b, timfmt=None, timsep=None, strict: bool = False) -> pa.Array:
    """Characters of a TIME column in its TIMFMT (and TIMSEP) to 'HH:MM:SS', 24-hour; 24:00:00 (Db2's end of day)
    is kept. *USA: 12:01 AM-12:59 AM are 00:01-00:59, 12:00 AM is 24:00:00 and 00:00 AM is 00:00:00 (IBM's
    USA-to-ISO table), seconds 00."""
    batch = binary_batch(b)
    hms = np.zeros((batch.n, 3), dtype=np.int64)
    ok_all = np.zeros(batch.n, dtype=bool)
    for form, rows, chars in _groups(batch, timfmt, timsep, TIME_FORMS, DEFAULT_TIMSEP, "TIMFMT"):
        h, ok_h = _field(chars, form, "h")
        m, ok_m = _field(chars, form, "m")
        if "x" in form:  # *USA
            ok = _fixed_chars_ok(chars, form.replace("x", "A"), "hmA")  # ':', blank, 'M' in place
            am, pm = chars[:, 6] == ord("A"), chars[:, 6] == ord("P")
            ok &= ok_h & ok_m & (am | pm) & (m <= 59) & (((h >= 1) & (h <= 12)) | ((h == 0) & (m == 0) & am))
            h = np.where(am, np.where(h == 12, np.where(m == 0, 24, 0), h), np.where(h == 12, 12, h + 12))
            s = np.zeros_like(h)
        else:
            s, ok_s = _field(chars, form, "s")
            ok = _fixed_chars_ok(chars, form, "hms") & ok_h & ok_m & ok_s & (m <= 59) & (s <= 59)
            ok &= (h <= 23) | ((h == 24) & (m == 0) & (s == 0))
        hms[rows] = np.where(ok[:, None], np.stack([h, m, s], axis=1), 0)
        ok_all[rows] = ok
    raise_if_strict(
        strict,
        "ibmi_time",
        batch,
        batch.valid & ~ok_all,
        lambda r: "not a time in the TIMFMT given (its length, separators, digits and a real time)",
    )
    out = np.full((batch.n, 8), ord(":"), dtype=np.uint8)
    for j, col in enumerate((0, 3, 6)):
        out[:, col] = ord("0") + hms[:, j] // 10
        out[:, col + 1] = ord("0") + hms[:, j] % 10
    offsets = np.arange(batch.n + 1, dtype=np.int32) * 8
    return pa.Array.from_buffers(
        pa.string(),
        batch.n,
        [pa.py_buffer(np.packbits(ok_all, bitorder="little")), pa.py_buffer(offsets), pa.py_buffer(out.tobytes())],
    )


def unpack_float(b, strict: bool = False) -> pa.Array:
    """IEEE 754 big-endian binary32 (4 bytes, REAL) or binary64 (8 bytes, DOUBLE) to DOUBLE; infinities and NaN
    are values, as in the column."""
    batch = binary_batch(b)
    values = np.zeros(batch.n, dtype=np.float64)
    ok = np.zeros(batch.n, dtype=bool)
    for width, rows, mat in batch.width_groups():
        if width in (4, 8):
            values[rows] = np.ascontiguousarray(mat).view(">f4" if width == 4 else ">f8").reshape(-1)
            ok[rows] = True
    raise_if_strict(
        strict,
        "unpack_float",
        batch,
        batch.valid & ~ok,
        lambda r: f"{batch.lengths[r]} bytes: a float is 4 (REAL) or 8 (DOUBLE) bytes",
    )
    return pa.array(values, pa.float64(), mask=~ok)


def _varying(batch) -> tuple[np.ndarray, np.ndarray]:
    """(length L, ok) of VARCHAR/VARBINARY buffers: 2-byte big-endian L, then at least L bytes."""
    lengths = np.where(batch.valid, batch.lengths, 0)
    head = gather(batch, np.zeros(batch.n, dtype=np.int64), np.where(lengths >= 2, 2, 0))
    ok = batch.valid & (lengths >= 2)
    L = np.zeros(batch.n, dtype=np.int64)
    L[ok] = head.reshape(-1, 2).astype(np.int64) @ np.array([256, 1])
    ok &= L <= lengths - 2
    return np.where(ok, L, 0), ok


_VARYING_REASON = "a 2-byte length above the bytes that follow it, or fewer than 2 bytes"


def ibmi_varchar(b, ccsid=None, strict: bool = False) -> pa.Array:
    """VARCHAR as the buffer holds it: the first L bytes after the 2-byte length L, in the CCSID, untrimmed."""
    batch = binary_batch(b)
    cc = int_argument(ccsid, batch.n, DEFAULT_CCSID)
    for c in np.unique(cc[batch.valid]).tolist():
        check_text_ccsid(int(c))
    L, ok = _varying(batch)
    out = decode_text(gather(batch, np.full(batch.n, 2, dtype=np.int64), L), L, ok, cc)
    bad = batch.valid & (~ok | ~out.is_valid().to_numpy(zero_copy_only=False))
    raise_if_strict(
        strict,
        "ibmi_varchar",
        batch,
        bad,
        lambda r: _VARYING_REASON if not ok[r] else f"not well-formed in CCSID {cc[r]}",
    )
    return out


def ibmi_varbinary(b, strict: bool = False) -> pa.Array:
    """VARBINARY (or VARCHAR FOR BIT DATA) as the buffer holds it: the first L bytes after the 2-byte length L."""
    batch = binary_batch(b)
    L, ok = _varying(batch)
    data = gather(batch, np.full(batch.n, 2, dtype=np.int64), L)
    offsets = np.zeros(batch.n + 1, dtype=np.int32)
    np.cumsum(L, out=offsets[1:])
    raise_if_strict(strict, "ibmi_varbinary", batch, batch.valid & ~ok, lambda r: _VARYING_REASON)
    return pa.Array.from_buffers(
        pa.binary(),
        batch.n,
        [pa.py_buffer(np.packbits(ok, bitorder="little")), pa.py_buffer(offsets), pa.py_buffer(data.tobytes())],
    )


MAX_FIELDS = 8000  # an IBM i record format has at most 8000 fields
NULL_BYTE, NOT_NULL_BYTE = 0xF1, 0xF0  # EBCDIC '1' and '0'


def ibmi_null_flags(nvi, count=None, strict: bool = False) -> pa.Array:
    """JONVI to one flag per field in record-format order: true for '1' (null), false for '0', NULL for any other
    byte or a field past the bytes given. `count` fields (0 to 8000; NULL or outside: the result is NULL)."""
    batch = binary_batch(nvi)
    n_fields = int_argument(count, batch.n, None)
    ok = batch.valid & (n_fields >= 0) & (n_fields <= MAX_FIELDS)
    k = np.where(ok, n_fields, 0)
    have = np.minimum(k, np.where(batch.valid, batch.lengths, 0))
    raw = gather(batch, np.zeros(batch.n, dtype=np.int64), have)
    # element j of row r: byte j when j < have[r], else missing
    rows = np.repeat(np.arange(batch.n), k)
    j = np.arange(int(k.sum())) - np.repeat(np.cumsum(k) - k, k)
    byte = np.zeros(len(j), dtype=np.int64)
    present = j < have[rows]
    byte[present] = raw
    known = present & ((byte == NULL_BYTE) | (byte == NOT_NULL_BYTE))
    values = pa.array(byte == NULL_BYTE, pa.bool_(), mask=~known)
    offsets = np.zeros(batch.n + 1, dtype=np.int32)
    np.cumsum(k, out=offsets[1:])
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), values, mask=None if ok.all() else pa.array(~ok))

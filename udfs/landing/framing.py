"""Framing: cut a journal file's bytes into logical records. Pure Python and numpy, no Spark.

Every byte of a buffer ends up in exactly one of three places, so the caller can always check
`record_bytes + framing_bytes + rejected_bytes == len(buffer)`:

* a record (`starts`, `lengths`: the logical record, without RDW or BDW),
* framing (the 4-byte RDWs and BDWs of records that were landed),
* a reject (`Reject(offset, length, reason)`), for bytes that cannot be framed.

Offsets are relative to the buffer; the caller adds the buffer's position in the file.

Framings:

* fixed  - every `record_length` bytes; a short tail is a reject.
* rdw    - z/OS RECFM=V: each record is preceded by an RDW: 2-byte big-endian length including the
           4 RDW bytes, then X'0000'. A bad RDW loses the framing: the rest of the buffer is rejected.
* vb     - z/OS RECFM=VB: blocks, each a BDW (2-byte length including the 4 BDW bytes, then X'0000';
           or the extended form: high bit set, 31-bit length in all 4 bytes) followed by RDW records
           that must fill the block exactly. A bad RDW rejects the rest of its block only: the BDW
           says where the next block starts.
* self   - records that carry their own length (`lldf`, `idms`); a bad length rejects the rest.

`inner` (lldf or idms) inside rdw/vb: the RDW is the authority on where a record ends; the record's
own length must agree with the RDW payload, otherwise that one record is rejected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

FRAMINGS = ("fixed", "rdw", "vb", "self")
SELF_KINDS = ("lldf", "idms")
LLDF_RULES = ("segment", "images")

# EBCDIC CHANGE TYPE values in the LLDF header (offset 104, CHAR(2)).
LLDF_CHANGE_TYPE_AT = 104
LLDF_MIN_HEADER = LLDF_CHANGE_TYPE_AT + 2
EBCDIC_UB = b"\xe4\xc2"
EBCDIC_DM = b"\xc4\xd4"
LIMIT_KEY_TYPES = (EBCDIC_DM, b"\xc4\xe3", b"\xc4\xd9")  # DM, DT, DR
IDMS_MIN_LENGTH = 8  # REC-LEN(2) + X'0000' + the 4-byte record type


@dataclass(frozen=True)
class Reject:
    offset: int
    length: int
    reason: str  # "code: detail"; the code (before the colon) is what accounting groups by

    @property
    def code(self) -> str:
        return self.reason.split(":", 1)[0]


@dataclass
class Frames:
    starts: np.ndarray
    lengths: np.ndarray
    framing_bytes: int = 0
    rejects: list[Reject] = field(default_factory=list)

    @property
    def record_bytes(self) -> int:
        return int(self.lengths.sum())

    @property
    def rejected_bytes(self) -> int:
        return sum(r.length for r in self.rejects)

    def accounted_bytes(self) -> int:
        return self.record_bytes + self.framing_bytes + self.rejected_bytes


@dataclass(frozen=True)
class Framing:
    kind: str = "fixed"
    record_length: int | None = None  # fixed only
    inner: str | None = None  # lldf or idms: the record's own length (self, or checked inside rdw/vb)
    lldf_rule: str = "segment"

    def __post_init__(self):
        if self.kind not in FRAMINGS:
            raise ValueError(f"framing {self.kind!r}: expected one of {', '.join(FRAMINGS)}")
        if self.kind == "fixed" and not (self.record_length and self.record_length > 0):
            raise ValueError("fixed framing needs a record length above 0")
        if self.kind == "self" and self.inner not in SELF_KINDS:
            raise ValueError(f"self-delimiting framing needs a layout that carries its length ({', '.join(SELF_KINDS)})")
        if self.inner is not None and self.inner not in SELF_KINDS:
            raise ValueError(f"record kind {self.inner!r}: expected one of {', '.join(SELF_KINDS)}")
        if self.lldf_rule not in LLDF_RULES:
            raise ValueError(f"LLDF length rule {self.lldf_rule!r}: expected one of {', '.join(LLDF_RULES)}")


def _u16(buf, pos: int) -> int:
    return (buf[pos] << 8) | buf[pos + 1]


def _hex(buf, pos: int, n: int) -> str:
    return bytes(buf[pos:pos + n]).hex().upper()


# ---- fixed ----------------------------------------------------------------------------------------------

def frame_fixed(size: int, record_length: int) -> Frames:
    """Only the size matters: records at multiples of the length, a short tail is rejected."""
    n = size // record_length
    starts = np.arange(n, dtype=np.int64) * record_length
    lengths = np.full(n, record_length, dtype=np.int64)
    tail = size - n * record_length
    rejects = []
    if tail:
        rejects.append(Reject(n * record_length, tail,
                              f"short_tail: {tail} bytes after the last whole {record_length}-byte record "
                              f"(file size {size} is not a multiple of {record_length})"))
    return Frames(starts, lengths, 0, rejects)


# ---- self-delimiting record lengths ------------------------------------------------------------------------

def idms_length(buf, pos: int, end: int) -> tuple[int | None, str | None]:
    """IDMS REC-LEN: the first 2 bytes, the whole record's length including themselves."""
    if end - pos < 2:
        return None, f"truncated_length: {end - pos} byte(s) left, an IDMS REC-LEN needs 2"
    n = _u16(buf, pos)
    if n < IDMS_MIN_LENGTH:
        return None, f"bad_length: IDMS REC-LEN {n} is below the {IDMS_MIN_LENGTH}-byte record prefix"
    return n, None


def lldf_length(buf, pos: int, end: int, rule: str = "segment") -> tuple[int | None, str | None]:
    """A Log Master data change record: header (its length in the first 2 bytes) then the DATA segment.

    rule "segment" (the seed's field table, default): the DATA segment's first halfword is the total
    length of the segment including that halfword, and covers both images of an update.
    rule "images" (the seed's prose): each row image has its own 2-byte length excluding itself;
    an update (CHANGE TYPE 'UB') has a second image right after the first.
    A mass delete ('DM') may have no DATA segment: taken as absent when the header is the last
    thing in the buffer or is directly followed by a halfword equal to the header length (the next
    record's LENGTH: the header length is the same for every record of a file).
    """
    if end - pos < 2:
        return None, f"truncated_length: {end - pos} byte(s) left, an LLDF header LENGTH needs 2"
    h = _u16(buf, pos)
    if h < LLDF_MIN_HEADER:
        return None, f"bad_length: LLDF header LENGTH {h} is below {LLDF_MIN_HEADER} (header up to CHANGE TYPE)"
    if pos + h > end:
        return None, f"past_end: LLDF header of {h} bytes needs {h} bytes, {end - pos} left"
    change = bytes(buf[pos + LLDF_CHANGE_TYPE_AT:pos + LLDF_CHANGE_TYPE_AT + 2])
    data = pos + h
    if change == EBCDIC_DM and (data == end or (data + 2 <= end and _u16(buf, data) == h)):
        return h, None
    if end - data < 2:
        return None, f"past_end: the DATA length at +{h} needs 2 bytes, {end - data} left"
    d = _u16(buf, data)
    if rule == "segment":
        if d < 2:
            return None, f"bad_length: LLDF DATA segment length {d} is below 2 (it counts its own 2 bytes)"
        return h + d, None
    n = h + 2 + d
    if change == EBCDIC_UB:
        if pos + n + 2 > end:
            return None, f"past_end: the after-image length of an update at +{n} needs 2 bytes, {end - pos - n} left"
        n += 2 + _u16(buf, pos + n)
    return n, None


def self_length(buf, pos: int, end: int, framing: Framing) -> tuple[int | None, str | None]:
    if framing.inner == "idms":
        return idms_length(buf, pos, end)
    return lldf_length(buf, pos, end, framing.lldf_rule)


# ---- variable-length framings -----------------------------------------------------------------------------

class _Builder:
    """Collects records; each step of the framing loops jumps a whole record."""

    def __init__(self):
        self.starts: list[int] = []
        self.lengths: list[int] = []
        self.framing_bytes = 0
        self.rejects: list[Reject] = []

    def reject(self, offset: int, length: int, reason: str):
        if length > 0:
            self.rejects.append(Reject(offset, length, reason))

    def frames(self) -> Frames:
        return Frames(np.asarray(self.starts, dtype=np.int64), np.asarray(self.lengths, dtype=np.int64),
                      self.framing_bytes, self.rejects)


def _read_rdw(buf, pos: int, end: int, what: str = "record") -> tuple[int | None, str | None]:
    """The RDW's length (including its 4 bytes), or why it cannot be one."""
    if end - pos < 4:
        return None, f"truncated_rdw: {end - pos} byte(s) left where a 4-byte RDW should start ({_hex(buf, pos, 4)})"
    n = _u16(buf, pos)
    if _u16(buf, pos + 2) != 0:
        return None, (f"bad_rdw: RDW {_hex(buf, pos, 4)} has X'{_hex(buf, pos + 2, 2)}' in bytes 3-4 "
                      "(X'0000' expected; spanned segments are not supported)")
    if n < 4:
        return None, f"bad_rdw: RDW {_hex(buf, pos, 4)} gives length {n}, below its own 4 bytes"
    if pos + n > end:
        return None, f"past_end: RDW {_hex(buf, pos, 4)} gives a {n}-byte {what}, only {end - pos} bytes left"
    return n, None


LLDF_TOTALSEGS_OFFSET = 184  # seed 002: TOTALSEGS BIN(2); a segment (TOTALSEGS > 1) is framed by its RDW alone


def _rdw_payload_agrees(buf, start: int, length: int, framing: Framing) -> tuple[bool, str | None]:
    """Inside RDW/VB the RDW says where a record ends; its own length is a sanity check.

    LLDF: seed 002 reads two ways (the DATA halfword covering the whole segment, or one length per image),
    so either reading that lands exactly on the RDW's end is accepted; a segment of a long record
    (TOTALSEGS > 1) cannot end where its own lengths say, and is taken as the RDW frames it.
    """
    own, why = self_length(buf, start, start + length, framing)
    if own == length:
        return True, None
    if framing.inner == "lldf":
        if length >= LLDF_TOTALSEGS_OFFSET + 2 and _u16(buf, start + LLDF_TOTALSEGS_OFFSET) > 1:
            return True, None
        # DM, DT and DR may carry no DATA segment at all: the record is exactly its header.
        if length >= 106 and _u16(buf, start) == length and bytes(buf[start + 104:start + 106]) in LIMIT_KEY_TYPES:
            return True, None
        other = "images" if framing.lldf_rule == "segment" else "segment"
        if lldf_length(buf, start, start + length, other)[0] == length:
            return True, None
    return False, why or f"the record says {own} bytes"


def _land_payload(b: _Builder, buf, rdw_pos: int, n: int, framing: Framing) -> None:
    """An RDW-framed record: checked against its own length when the layout carries one."""
    start, length = rdw_pos + 4, n - 4
    if framing.inner is not None:
        agrees, why = _rdw_payload_agrees(buf, start, length, framing)
        if not agrees:
            b.reject(rdw_pos, n, f"length_mismatch: RDW payload is {length} bytes but {why}")
            return
    b.starts.append(start)
    b.lengths.append(length)
    b.framing_bytes += 4


def _frame_rdw_run(b: _Builder, buf, pos: int, end: int, framing: Framing) -> None:
    """RDW records from pos to end; a bad RDW rejects everything after it up to end."""
    while pos < end:
        n, why = _read_rdw(buf, pos, end)
        if n is None:
            b.reject(pos, end - pos, why)
            return
        _land_payload(b, buf, pos, n, framing)
        pos += n


def frame_rdw(buf, framing: Framing | None = None) -> Frames:
    b = _Builder()
    _frame_rdw_run(b, buf, 0, len(buf), framing or Framing("rdw"))
    return b.frames()


def _read_bdw(buf, pos: int, end: int) -> tuple[int | None, str | None]:
    if end - pos < 4:
        return None, f"truncated_bdw: {end - pos} byte(s) left where a 4-byte BDW should start ({_hex(buf, pos, 4)})"
    if buf[pos] & 0x80:  # extended BDW: 31-bit length in all four bytes
        n = int.from_bytes(bytes(buf[pos:pos + 4]), "big") & 0x7FFFFFFF
    else:
        n = _u16(buf, pos)
        if _u16(buf, pos + 2) != 0:
            return None, f"bad_bdw: BDW {_hex(buf, pos, 4)} has X'{_hex(buf, pos + 2, 2)}' in bytes 3-4 (X'0000' expected)"
    if n < 8:
        return None, f"bad_bdw: BDW {_hex(buf, pos, 4)} gives block length {n}, too short for a BDW and an RDW"
    if pos + n > end:
        return None, f"past_end: BDW {_hex(buf, pos, 4)} gives a {n}-byte block, only {end - pos} bytes left"
    return n, None


def frame_vb(buf, framing: Framing | None = None) -> Frames:
    framing = framing or Framing("vb")
    b = _Builder()
    pos, end = 0, len(buf)
    while pos < end:
        n, why = _read_bdw(buf, pos, end)
        if n is None:
            b.reject(pos, end - pos, why)
            break
        b.framing_bytes += 4
        _frame_rdw_run(b, buf, pos + 4, pos + n, framing)
        pos += n
    return b.frames()


def frame_self(buf, framing: Framing) -> Frames:
    b = _Builder()
    pos, end = 0, len(buf)
    while pos < end:
        n, why = self_length(buf, pos, end, framing)
        if n is not None and pos + n > end:
            n, why = None, f"past_end: record at offset {pos} says {n} bytes, only {end - pos} left"
        if n is None:
            b.reject(pos, end - pos, why)
            break
        b.starts.append(pos)
        b.lengths.append(n)
        pos += n
    return b.frames()


def frame(buf, framing: Framing) -> Frames:
    """Frame a whole file's bytes (bytes, bytearray, memoryview or a uint8 numpy array)."""
    if framing.kind == "fixed":
        return frame_fixed(len(buf), framing.record_length)
    if framing.kind == "rdw":
        return frame_rdw(buf, framing)
    if framing.kind == "vb":
        return frame_vb(buf, framing)
    return frame_self(buf, framing)


# ---- cutting records out ----------------------------------------------------------------------------------

def gather(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The records' bytes back to back and their int32 Arrow offsets, with one numpy fancy index."""
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    total = int(offsets[-1])
    if total == 0:
        return np.empty(0, dtype=np.uint8), offsets.astype(np.int32)
    index = np.arange(total, dtype=np.int64) - np.repeat(offsets[:-1] - starts, lengths)
    return data[index], offsets.astype(np.int32)


def batches(lengths: np.ndarray, max_bytes: int = 16 << 20) -> list[tuple[int, int]]:
    """[lo, hi) record ranges of at most max_bytes each (at least one record), to bound memory."""
    if len(lengths) == 0:
        return []
    ends = np.cumsum(lengths)
    out, lo, base = [], 0, 0
    while lo < len(lengths):
        hi = int(np.searchsorted(ends, base + max_bytes, side="right"))
        hi = max(hi, lo + 1)
        out.append((lo, hi))
        base = int(ends[hi - 1])
        lo = hi
    return out

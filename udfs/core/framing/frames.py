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

import struct
from dataclasses import dataclass, field

import numpy as np

FRAMINGS = ("fixed", "rdw", "vb", "self")
SELF_KINDS = ("lldf", "idms")

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

    def __post_init__(self):
        if self.kind not in FRAMINGS:
            raise ValueError(f"framing {self.kind!r}: expected one of {', '.join(FRAMINGS)}")
        if self.kind == "fixed" and not (self.record_length and self.record_length > 0):
            raise ValueError("fixed framing needs a record length above 0")
        if self.kind == "self" and self.inner not in SELF_KINDS:
            raise ValueError(
                f"self-delimiting framing needs a layout that carries its length ({', '.join(SELF_KINDS)})"
            )
        if self.inner is not None and self.inner not in SELF_KINDS:
            raise ValueError(f"record kind {self.inner!r}: expected one of {', '.join(SELF_KINDS)}")


def _u16(buf, pos: int) -> int:
    return (buf[pos] << 8) | buf[pos + 1]


def _hex(buf, pos: int, n: int) -> str:
    return bytes(buf[pos : pos + n]).hex().upper()


# ---- fixed ----------------------------------------------------------------------------------------------


def frame_fixed(size: int, record_length: int) -> Frames:
    """Only the size matters: records at multiples of the length, a short tail is rejected."""
    return frame_fixed_span(0, size, size, record_length)


def frame_fixed_span(start: int, end: int, size: int, record_length: int) -> Frames:
    """The records of file bytes [start, end) (start a multiple of the record length), relative to start;
    the short tail, when end is the file's end, is rejected with the same words as for the whole file."""
    n = (end - start) // record_length
    starts = np.arange(n, dtype=np.int64) * record_length
    lengths = np.full(n, record_length, dtype=np.int64)
    tail = (end - start) - n * record_length
    rejects = []
    if tail:
        rejects.append(
            Reject(
                n * record_length,
                tail,
                f"short_tail: {tail} bytes after the last whole {record_length}-byte record "
                f"(file size {size} is not a multiple of {record_length})",
            )
        )
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


LLDF_SEGLEN_OFFSET = 182  # seed 002: SEGLEN BIN(2) "Length of segment"
LLDF_TOTALSEGS_OFFSET = 184  # seed 002: TOTALSEGS BIN(2) "Total number of segments"


def lldf_length(buf, pos: int, end: int) -> tuple[int | None, str | None]:
    """A Log Master data change record: header (its length in the first 2 bytes) then DATA, whose first halfword
    "contains total length of the data segment (including 2-byte length)" (seed 002): record = LENGTH + that.

    A segment of a long record (TOTALSEGS > 1) carries only a slice of DATA, so DATA's total cannot frame it:
    SEGLEN ("Length of segment"), read as the whole segment with its header (our reading), does.
    A mass delete ('DM', also 'DT', 'DR') may have no DATA ("data segments might or might not exist"): taken as
    absent when the header is the last thing in the buffer or is directly followed by a halfword equal to the
    header length (the next record's LENGTH: the header length is the same for every record of a file).
    """
    if end - pos < 2:
        return None, f"truncated_length: {end - pos} byte(s) left, an LLDF header LENGTH needs 2"
    h = _u16(buf, pos)
    if h < LLDF_MIN_HEADER:
        return None, f"bad_length: LLDF header LENGTH {h} is below {LLDF_MIN_HEADER} (header up to CHANGE TYPE)"
    if pos + h > end:
        return None, f"past_end: LLDF header of {h} bytes needs {h} bytes, {end - pos} left"
    if h >= LLDF_TOTALSEGS_OFFSET + 2 and _u16(buf, pos + LLDF_TOTALSEGS_OFFSET) > 1:
        seglen = _u16(buf, pos + LLDF_SEGLEN_OFFSET)
        if seglen <= h:
            return None, f"bad_length: LLDF segment SEGLEN {seglen} does not exceed its {h}-byte header"
        return seglen, None
    change = bytes(buf[pos + LLDF_CHANGE_TYPE_AT : pos + LLDF_CHANGE_TYPE_AT + 2])
    data = pos + h
    if change in LIMIT_KEY_TYPES and (data == end or (data + 2 <= end and _u16(buf, data) == h)):
        return h, None
    if end - data < 2:
        return None, f"past_end: the DATA length at +{h} needs 2 bytes, {end - data} left"
    d = _u16(buf, data)
    if d < 2:
        return None, f"bad_length: LLDF DATA total length {d} is below 2 (it counts its own 2 bytes)"
    return h + d, None


def self_length(buf, pos: int, end: int, framing: Framing) -> tuple[int | None, str | None]:
    if framing.inner == "idms":
        return idms_length(buf, pos, end)
    return lldf_length(buf, pos, end)


# ---- variable-length framings -----------------------------------------------------------------------------


class _Builder:
    """Collects records; each step of the framing loops jumps a whole record.

    The loops also say where each top-level unit starts (an RDW record, a VB block, a self-delimiting
    record: a place framing can start from) and where they give up on the rest of the buffer:
    the sparse index (`_Indexer`) listens to those, and keeps no records.
    """

    def __init__(self):
        self.starts: list[int] = []
        self.lengths: list[int] = []
        self.framing_bytes = 0
        self.rejects: list[Reject] = []

    def record(self, start: int, length: int):
        self.starts.append(start)
        self.lengths.append(length)

    def unit(self, pos: int):
        pass

    def stop(self, pos: int):
        pass

    def reject(self, offset: int, length: int, reason: str):
        if length > 0:
            self.rejects.append(Reject(offset, length, reason))

    def frames(self) -> Frames:
        return Frames(
            np.asarray(self.starts, dtype=np.int64),
            np.asarray(self.lengths, dtype=np.int64),
            self.framing_bytes,
            self.rejects,
        )


def _read_rdw(buf, pos: int, end: int, what: str = "record") -> tuple[int | None, str | None]:
    """The RDW's length (including its 4 bytes), or why it cannot be one."""
    if end - pos < 4:
        return None, f"truncated_rdw: {end - pos} byte(s) left where a 4-byte RDW should start ({_hex(buf, pos, 4)})"
    n = _u16(buf, pos)
    if _u16(buf, pos + 2) != 0:
        return None, (
            f"bad_rdw: RDW {_hex(buf, pos, 4)} has X'{_hex(buf, pos + 2, 2)}' in bytes 3-4 "
            "(X'0000' expected; spanned segments are not supported)"
        )
    if n < 4:
        return None, f"bad_rdw: RDW {_hex(buf, pos, 4)} gives length {n}, below its own 4 bytes"
    if pos + n > end:
        return None, f"past_end: RDW {_hex(buf, pos, 4)} gives a {n}-byte {what}, only {end - pos} bytes left"
    return n, None


def _rdw_payload_agrees(buf, start: int, length: int, framing: Framing) -> tuple[bool, str | None]:
    """Inside RDW/VB the RDW says where a record ends; its own length is a sanity check.

    LLDF: a segment of a long record (TOTALSEGS > 1) is taken as the RDW frames it (its SEGLEN need not
    agree: that SEGLEN counts the header is our reading of "Length of segment", not the seed's words).
    """
    own, why = self_length(buf, start, start + length, framing)
    if own == length:
        return True, None
    if framing.inner == "lldf":
        if length >= LLDF_TOTALSEGS_OFFSET + 2 and _u16(buf, start + LLDF_TOTALSEGS_OFFSET) > 1:
            return True, None
        # DM, DT and DR may carry no DATA segment at all: the record is exactly its header.
        if length >= 106 and _u16(buf, start) == length and bytes(buf[start + 104 : start + 106]) in LIMIT_KEY_TYPES:
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
    b.record(start, length)
    b.framing_bytes += 4


_RDW = struct.Struct(">HH")  # length, then the two bytes that must be zero


def _straight_rdws(b: _Builder, buf: bytes, pos: int, end: int) -> int:
    """The common case, without a call per record: well-formed RDWs of records that carry no length of their own.
    Returns where the checked loop below must take over (a bad RDW, or the end)."""
    starts, lengths, before = b.starts, b.lengths, len(b.starts)
    add_start, add_length, rdw = starts.append, lengths.append, _RDW.unpack_from  # one lookup, not one a record
    while pos + 4 <= end:
        n, flags = rdw(buf, pos)
        if flags or n < 4 or pos + n > end:
            break
        add_start(pos + 4)
        add_length(n - 4)
        pos += n
    b.framing_bytes += 4 * (len(starts) - before)
    return pos


def _frame_rdw_run(b: _Builder, buf, pos: int, end: int, framing: Framing, units: bool = False) -> None:
    """RDW records from pos to end; a bad RDW rejects everything after it up to end.
    units: the records are the file's top-level units (RECFM=V), not the inside of a VB block."""
    if framing.inner is None and type(b) is _Builder and isinstance(buf, bytes):
        pos = _straight_rdws(b, buf, pos, end)  # a plain builder listens to no units: the same result, faster
    while pos < end:
        if units:
            b.unit(pos)
        n, why = _read_rdw(buf, pos, end)
        if n is None:
            if units:
                b.stop(pos)
            b.reject(pos, end - pos, why)
            return
        _land_payload(b, buf, pos, n, framing)
        pos += n


def frame_rdw(buf, framing: Framing | None = None, b: _Builder | None = None) -> Frames:
    b = b or _Builder()
    _frame_rdw_run(b, buf, 0, len(buf), framing or Framing("rdw"), units=True)
    return b.frames()


def _read_bdw(buf, pos: int, end: int) -> tuple[int | None, str | None]:
    if end - pos < 4:
        return None, f"truncated_bdw: {end - pos} byte(s) left where a 4-byte BDW should start ({_hex(buf, pos, 4)})"
    if buf[pos] & 0x80:  # extended BDW: 31-bit length in all four bytes
        n = int.from_bytes(bytes(buf[pos : pos + 4]), "big") & 0x7FFFFFFF
    else:
        n = _u16(buf, pos)
        if _u16(buf, pos + 2) != 0:
            return (
                None,
                f"bad_bdw: BDW {_hex(buf, pos, 4)} has X'{_hex(buf, pos + 2, 2)}' in bytes 3-4 (X'0000' expected)",
            )
    if n < 8:
        return None, f"bad_bdw: BDW {_hex(buf, pos, 4)} gives block length {n}, too short for a BDW and an RDW"
    if pos + n > end:
        return None, f"past_end: BDW {_hex(buf, pos, 4)} gives a {n}-byte block, only {end - pos} bytes left"
    return n, None


def frame_vb(buf, framing: Framing | None = None, b: _Builder | None = None) -> Frames:
    b = b or _Builder()
    _frame_vb_from(b, buf, 0, framing or Framing("vb"))
    return b.frames()


def _frame_vb_from(b: _Builder, buf, pos: int, framing: Framing) -> None:
    end = len(buf)
    while pos < end:
        b.unit(pos)
        n, why = _read_bdw(buf, pos, end)
        if n is None:
            b.stop(pos)
            b.reject(pos, end - pos, why)
            break
        b.framing_bytes += 4
        _frame_rdw_run(b, buf, pos + 4, pos + n, framing)
        pos += n


def frame_self(buf, framing: Framing, b: _Builder | None = None, origin: int = 0) -> Frames:
    """origin: the buffer's offset in the file, only for the words of a past_end reason."""
    b = b or _Builder()
    pos, end = 0, len(buf)
    while pos < end:
        b.unit(pos)
        n, why = self_length(buf, pos, end, framing)
        if n is not None and pos + n > end:
            n, why = None, f"past_end: record at offset {origin + pos} says {n} bytes, only {end - pos} left"
        if n is None:
            b.stop(pos)
            b.reject(pos, end - pos, why)
            break
        b.record(pos, n)
        pos += n
    return b.frames()


def frame(buf, framing: Framing, origin: int = 0) -> Frames:
    """Frame a whole file's bytes (bytes, bytearray, memoryview, a uint8 numpy array or a FileView),
    or a run of whole units of it starting at file offset `origin` (see SparseIndex): the same records
    and rejects either way, offsets relative to the buffer."""
    if framing.kind == "fixed":
        return frame_fixed(len(buf), framing.record_length)
    if framing.kind == "rdw":
        return frame_rdw(buf, framing)
    if framing.kind == "vb":
        return frame_vb(buf, framing)
    return frame_self(buf, framing, origin=origin)

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
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

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


# ---- the sparse index: where a file can be cut, found by walking its lengths ------------------------------


class FileView:
    """File bytes [base, base + size) as a read-only buffer the framing loops can walk: reads a page at a
    time through read_at(offset, n), so walking the lengths of a big file never holds it in memory."""

    def __init__(self, read_at, base: int, size: int, page: int = 1 << 20):
        self.read_at, self.base, self.size, self.page_size = read_at, base, size, page
        self.lo, self.hi, self.page = 0, 0, b""

    def __len__(self) -> int:
        return self.size

    def _load(self, i: int):
        self.lo = i
        self.page = self.read_at(self.base + i, min(self.page_size, self.size - i))
        self.hi = i + len(self.page)

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop = max(i.start or 0, 0), min(self.size if i.stop is None else i.stop, self.size)
            if stop <= start:
                return b""
            if not (self.lo <= start and stop <= self.hi):
                if stop - start > self.page_size:
                    return self.read_at(self.base + start, stop - start)
                self._load(start)
            return self.page[start - self.lo : stop - self.lo]
        if not self.lo <= i < self.hi:
            if not 0 <= i < self.size:
                raise IndexError(i)
            self._load(i)
        return self.page[i - self.lo]


@dataclass
class SparseIndex:
    """Places a variable-length file can be cut: unit starts about every `step` bytes, each with the number
    of records landed before it (so record numbers stay file-wide), and `stop`, where framing gives up and
    the rest of the file is one reject (None when it frames to the end)."""

    size: int
    points: list[tuple[int, int]]
    stop: int | None
    records: int


class _Indexer(_Builder):
    def __init__(self, step: int):
        super().__init__()
        self.step, self.next, self.count = step, 0, 0
        self.points: list[tuple[int, int]] = []
        self.stopped: int | None = None

    def record(self, start: int, length: int):
        self.count += 1

    def unit(self, pos: int):
        if pos >= self.next:
            self.points.append((pos, self.count))
            self.next = pos + self.step

    def stop(self, pos: int):
        self.stopped = pos
        if not self.points or self.points[-1][0] != pos:
            self.points.append((pos, self.count))

    def reject(self, offset: int, length: int, reason: str):
        pass  # the tasks find them again; the index only counts records


FastWalk = Callable[[bool], tuple[int, int, list[tuple[int, int]]]]


def sparse_index(buf, framing: Framing, step: int, fast_walk: FastWalk | None = None) -> SparseIndex:
    """One sequential walk of the lengths (the framing loops themselves, so the index can never disagree
    with them), keeping a unit start every `step` bytes. buf is usually a FileView.

    fast_walk(blocks), when given, does what `_fast_walk` does (same checks, same cut points, at this step)
    elsewhere, for example in the driver JVM, and returns (where it stopped, records before that, cut points)."""
    if framing.kind == "fixed":
        raise ValueError("fixed-length files need no index: cut them at multiples of the record length")
    ix = _Indexer(step)
    if framing.kind == "rdw":
        pos = _walk_common(buf, ix, False, fast_walk) if framing.inner is None and isinstance(buf, FileView) else 0
        _frame_rdw_run(ix, buf, pos, len(buf), framing, units=True)
    elif framing.kind == "vb":
        pos = _walk_common(buf, ix, True, fast_walk) if framing.inner is None and isinstance(buf, FileView) else 0
        _frame_vb_from(ix, buf, pos, framing)
    else:
        frame_self(buf, framing, ix)
    return SparseIndex(len(buf), ix.points, ix.stopped, ix.count)


def _walk_common(view: FileView, ix: _Indexer, blocks: bool, fast_walk: FastWalk | None) -> int:
    if fast_walk is None:
        return _fast_walk(view, ix, blocks)
    pos, count, points = fast_walk(blocks)
    ix.points, ix.count = list(points), count
    ix.next = points[-1][0] + ix.step if points else 0
    return pos


def _fast_walk(view: FileView, ix: _Indexer, blocks: bool) -> int:
    """The common case of the walk, straight off the view's pages: well-formed RDWs (or, for VB, short-form
    BDWs whose RDWs fill the block exactly). Returns where something else starts (or the end); the framing
    loop itself carries on from there, so the index is the same as the loop's alone, only faster."""
    pos, end = 0, len(view)
    while pos < end:
        if blocks:
            if not (view.lo <= pos and pos + 4 <= view.hi):
                if end - pos < 4:
                    return pos
                view._load(pos)
            page, p = view.page, pos - view.lo
            n = (page[p] << 8) | page[p + 1]
            if page[p] & 0x80 or page[p + 2] or page[p + 3] or n < 8 or pos + n > end:
                return pos
            if not (view.lo <= pos and pos + n <= view.hi):
                view._load(pos)
                page, p = view.page, 0
                if n > len(page):  # a block longer than a page: the loop handles it
                    return pos
            q, block_end, count = p + 4, p + n, 0
            while q < block_end:
                if block_end - q < 4:
                    return pos
                m = (page[q] << 8) | page[q + 1]
                if page[q + 2] or page[q + 3] or m < 4 or q + m > block_end:
                    return pos
                q += m
                count += 1
        else:
            if not (view.lo <= pos and pos + 4 <= view.hi):
                if end - pos < 4:
                    return pos
                view._load(pos)
            page, p = view.page, pos - view.lo
            n = (page[p] << 8) | page[p + 1]
            if page[p + 2] or page[p + 3] or n < 4 or pos + n > end:
                return pos
            count = 1
        if pos >= ix.next:
            ix.points.append((pos, ix.count))
            ix.next = pos + ix.step
        ix.count += count
        pos += n
    return pos


def fixed_points(size: int, record_length: int, step: int) -> list[tuple[int, int]]:
    """Cut points of a fixed-length file: whole records, about `step` bytes apart."""
    every = max(1, step // record_length) * record_length
    return [(off, off // record_length) for off in range(0, max(size, 1), every)]


def plan_ranges(points: list[tuple[int, int]], stop: int | None, size: int, target: int) -> list[list[list]]:
    """Group the intervals between cut points into ranges of about `target` bytes, one task each.

    Returns ranges, each a list of intervals [start, end, records_before, lazy]: a task frames one interval
    at a time (memory bounded by the step, or one unit when a unit is longer). `lazy` marks the interval
    from `stop` to the end: it is one reject, framed by reading its first bytes only, and gets its own range.
    """
    cuts = [p for p in points if p[0] < size]
    intervals = [
        [a, b, n, stop is not None and a == stop] for (a, n), b in zip(cuts, [c[0] for c in cuts[1:]] + [size])
    ]
    ranges: list[list[list]] = []
    current: list[list] = []
    for iv in intervals:
        if current and (iv[3] or iv[1] - current[0][0] > target):
            ranges.append(current)
            current = []
        current.append(iv)
    if current:
        ranges.append(current)
    return ranges


# ---- cutting records out ----------------------------------------------------------------------------------


def gather(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The records' bytes back to back and their int32 Arrow offsets.

    Records come in file order with gaps between them (an RDW, a BDW, a rejected stretch): their span is cut into
    values, alternately gap and record, and Arrow's take copies the records out, one memcpy each (0.02 s for a
    128 MiB range, where a boolean mask over the bytes took 0.05 s and an int64 index per byte 1.07 s). Records
    out of order or overlapping take the general fancy index."""
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    total = int(offsets[-1])
    if total == 0:
        return np.empty(0, dtype=np.uint8), offsets.astype(np.int32)
    starts = np.asarray(starts, dtype=np.int64)
    ends = starts + lengths
    gaps = starts[1:] - ends[:-1]
    lo, hi = int(starts[0]), int(ends[-1])
    if (len(gaps) and int(gaps.min()) < 0) or hi - lo >= 1 << 31:
        index = np.arange(total, dtype=np.int64) - np.repeat(offsets[:-1] - starts, lengths)
        return data[index], offsets.astype(np.int32)
    if not (gaps > 0).any():
        return data[lo:hi].copy(), offsets.astype(np.int32)
    n = len(starts)
    bounds = np.empty(2 * n + 1, dtype=np.int32)
    bounds[0] = 0
    bounds[1::2] = starts - lo
    bounds[2::2] = ends - lo
    cut = pa.BinaryArray.from_buffers(pa.binary(), 2 * n, [None, pa.py_buffer(bounds), pa.py_buffer(data[lo:hi])])
    cut.validate(full=True)  # bounds past the buffer would make take read out of bounds, not raise
    records = cut.take(pa.array(np.arange(1, 2 * n, 2, dtype=np.int64)))
    return np.frombuffer(records.buffers()[2], dtype=np.uint8, count=total), offsets.astype(np.int32)


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

"""What a Spark task does with a piece of a file: frame it and emit Arrow rows. pyarrow and numpy only.

A piece is a *range* of a file (whole units between two cut points of its sparse index, or whole
fixed-length records), read an interval at a time: by the task itself with os.pread for a local file, or,
for a file a Python task cannot open (HDFS, S3A...), by the executor's JVM (udfs/spark/java,
`RangeInputFormat`), which streams the range's bytes to the task in pieces, in order, as rows after the
range's plan (`StreamedReads` turns them back into positioned reads). Or a *chunk* whose bytes came in the
row: an aligned run of fixed-length records from Hadoop's FixedLengthInputFormat, or a whole file read by
`binaryFiles` when the session lacks jcat's landing jar. Every piece yields one summary row (kind 'S') with its
byte accounting, and 'H' rows: the sha256 of each 1 MiB block of the file (at fixed offsets, so the
fingerprint depends on the content only, never on how the file was cut) that starts in the piece. Records are
kind 'R', rejected pieces kind 'J'; all share one schema so a load is written in a single pass.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

import numpy as np
import pyarrow as pa

from ...core.framing.frames import Framing, frame, frame_fixed_span
from ...core.framing.gather import batches, gather
from ...core.framing.sparse_index import FileView

BLOCK = 1 << 20  # fingerprint block: fixed, so a fingerprint never depends on split sizes or settings
READ_PIECE = 8 << 20

STAGED_COLUMNS = [
    ("kind", pa.string()),
    ("source_file", pa.string()),
    ("record_offset", pa.int64()),
    ("record_number", pa.int64()),
    ("record", pa.binary()),
    ("length", pa.int64()),
    ("reason", pa.string()),
    ("first_bytes_hex", pa.string()),
    ("layout", pa.string()),
    ("chunk_offset", pa.int64()),
    ("records", pa.int64()),
    ("record_bytes", pa.int64()),
    ("framing_bytes", pa.int64()),
    ("rejected_bytes", pa.int64()),
    ("digest", pa.string()),
    ("reasons", pa.string()),
]
STAGED_SCHEMA = pa.schema(STAGED_COLUMNS)
STAGED_DDL = (
    "kind STRING, source_file STRING, record_offset BIGINT, record_number BIGINT, record BINARY, "
    "length BIGINT, reason STRING, first_bytes_hex STRING, layout STRING, chunk_offset BIGINT, records BIGINT, "
    "record_bytes BIGINT, framing_bytes BIGINT, rejected_bytes BIGINT, digest STRING, reasons STRING"
)
CHUNK_DDL = "source_file STRING, chunk_offset BIGINT, chunk BINARY, whole BOOLEAN, plan STRING"
FIRST_BYTES = 32


class StreamedReads:
    """read_at(offset, n) over a range's bytes arriving in order as (offset, bytes) pieces (from the JVM).

    Reads must not go back before the start of the previous read (range_rows reads that way): what lies before
    it is dropped, so a reader holds the bytes of its last read and the pieces it spans, never the range. A
    read past the last piece, or a gap between pieces, is an OSError like a short pread."""

    def __init__(self, source_file: str, pieces):
        self.source_file, self.pieces = source_file, iter(pieces)
        self.held: list[tuple[int, bytes]] = []  # pieces in order, contiguous
        self.floor = 0  # the start of the last read: nothing before it can be read again
        self.hi = None  # the end of the last piece taken

    def read_at(self, off: int, n: int) -> bytes:
        if off < self.floor:
            raise OSError(
                f"{self.source_file}: a read at offset {off} goes back before {self.floor} "
                "(streamed bytes are read in order)"
            )
        self.floor = off
        while self.hi is None or self.hi < off + n:
            nxt = next(self.pieces, None)
            if nxt is None:
                got = max(0, (self.hi or 0) - off)
                raise OSError(
                    f"{self.source_file}: {n} bytes expected at offset {off}, read {min(got, n)} "
                    "(did the file change during the load?)"
                )
            p_off, data = nxt
            if self.hi is not None and p_off != self.hi:
                raise OSError(f"{self.source_file}: a piece at offset {p_off} where {self.hi} was expected")
            self.hi = p_off + len(data)
            if self.hi > off:
                self.held.append((p_off, data))
        while self.held and self.held[0][0] + len(self.held[0][1]) <= off:
            self.held.pop(0)
        if n == 0:
            return b""
        out, end = [], off + n
        for p_off, data in self.held:
            if p_off >= end:
                break
            a, b = max(off - p_off, 0), min(end - p_off, len(data))
            if b > a:
                out.append(data[a:b] if (a, b) != (0, len(data)) else data)
        return out[0] if len(out) == 1 else b"".join(out)


def _batch(n: int, **cols) -> pa.RecordBatch:
    arrays = []
    for name, typ in STAGED_COLUMNS:
        v = cols.get(name)
        if v is None:
            arrays.append(pa.nulls(n, typ))
        elif isinstance(v, pa.Array):
            arrays.append(v)
        elif isinstance(v, np.ndarray):
            arrays.append(pa.array(v, typ))
        elif isinstance(v, list):
            arrays.append(pa.array(v, typ))
        else:
            arrays.append(pa.array([v] * n, typ))
    return pa.RecordBatch.from_arrays(arrays, schema=STAGED_SCHEMA)


class BlockHasher:
    """sha256 of each `block`-byte block (at multiples of block, the last one shorter) that starts in
    [start, end), fed the file's bytes in order from start; blocks that run past end are finished by
    reading on (`finish`). Every block of a file is owned by exactly one piece."""

    def __init__(self, start: int, end: int, size: int, block: int = BLOCK):
        self.end, self.size, self.block = end, size, max(block, 1)
        self.pos = start
        self.next = -(-start // self.block) * self.block
        self.cur = None
        self.cur_start = self.cur_end = 0
        self.out: list[tuple[int, int, str]] = []

    def feed(self, data) -> None:
        mv = memoryview(data)
        i, n = 0, len(mv)
        while i < n:
            if self.cur is None:
                if self.pos < self.next:
                    k = min(n - i, self.next - self.pos)
                    i += k
                    self.pos += k
                    continue
                if self.pos >= self.end:
                    self.pos += n - i
                    return
                self.cur, self.cur_start = hashlib.sha256(), self.pos
                self.cur_end = min(self.pos + self.block, self.size)
                self.next = self.pos + self.block
            k = min(n - i, self.cur_end - self.pos)
            self.cur.update(mv[i : i + k])
            i += k
            self.pos += k
            if self.pos == self.cur_end:
                self.out.append((self.cur_start, self.cur_end - self.cur_start, self.cur.hexdigest()))
                self.cur = None

    def finish(self, read_at) -> list[tuple[int, int, str]]:
        while self.cur is not None:
            self.feed(read_at(self.pos, min(READ_PIECE, self.cur_end - self.pos)))
        return self.out


def block_digests(read_at, size: int, block: int = BLOCK) -> list[tuple[int, int, str]]:
    """(offset, length, sha256) of every block of a file, read piece by piece (never whole)."""
    h = BlockHasher(0, size, size, block)
    for off in range(0, size, READ_PIECE):
        h.feed(read_at(off, min(READ_PIECE, size - off)))
    return h.finish(read_at)


def local_path(source_file: str) -> str | None:
    """The local path of a `file:` URI as Hadoop prints it, else None."""
    if not source_file.startswith("file:"):
        return None
    rest = source_file[len("file:") :]
    if rest.startswith("//"):
        rest = rest[2:]
        if not rest.startswith("/"):  # file://host/path
            return None
    return rest


def _record_batches(source_file, data: np.ndarray, origin: int, fr, numbers_from, max_batch_bytes):
    """'R' batches of one buffer's records; numbers_from(starts) gives their record numbers."""
    for lo, hi in batches(fr.lengths, max_batch_bytes):
        starts, lengths = fr.starts[lo:hi], fr.lengths[lo:hi]
        if len(starts) and int(starts[-1] + lengths[-1] - starts[0]) == int(lengths.sum()):
            # contiguous records (fixed-length, self-delimiting): the buffer itself, no copy
            a = int(starts[0])
            flat = data[a : a + int(lengths.sum())]
            offsets = np.zeros(len(lengths) + 1, dtype=np.int32)
            np.cumsum(lengths, out=offsets[1:])
        else:
            flat, offsets = gather(data, starts, lengths)
        record = pa.BinaryArray.from_buffers(pa.binary(), hi - lo, [None, pa.py_buffer(offsets), pa.py_buffer(flat)])
        yield _batch(
            hi - lo,
            kind="R",
            source_file=source_file,
            record_offset=origin + starts,
            record_number=numbers_from(lo, starts),
            record=record,
        )


def _reject_batch(source_file, layout, origin, rejects, first_bytes):
    return _batch(
        len(rejects),
        kind="J",
        source_file=source_file,
        layout=layout,
        record_offset=[origin + r.offset for r in rejects],
        length=[r.length for r in rejects],
        reason=[r.reason for r in rejects],
        first_bytes_hex=[first_bytes(r.offset).hex().upper() for r in rejects],
    )


def _summary_batch(source_file, offset, length, records, record_bytes, framing_bytes, reasons: Counter):
    return _batch(
        1,
        kind="S",
        source_file=source_file,
        chunk_offset=offset,
        length=length,
        records=records,
        record_bytes=record_bytes,
        framing_bytes=framing_bytes,
        rejected_bytes=sum(reasons.values()),
        reasons=json.dumps(dict(reasons), sort_keys=True),
    )


def _hash_batch(source_file, blocks):
    return _batch(
        len(blocks),
        kind="H",
        source_file=source_file,
        chunk_offset=[b[0] for b in blocks],
        length=[b[1] for b in blocks],
        digest=[b[2] for b in blocks],
    )


def range_rows(
    source_file: str, plan: dict, framing: Framing, layout: str, max_batch_bytes: int = 4 << 20, read_at=None
):
    """Arrow batches for one range: each interval read, framed and emitted in turn. read_at(offset, n) reads the
    file (default: os.pread of plan["local"]); reads go forward only (never before the previous read's start),
    up to `read_end(plan)`, so a stream of the range's bytes can feed them (StreamedReads)."""
    if read_at is None:
        yield from _local_range_rows(source_file, plan, framing, layout, max_batch_bytes)
        return
    size, intervals = plan["size"], plan["intervals"]
    start, end = intervals[0][0], intervals[-1][1]
    hasher = BlockHasher(start, end, size)
    records = record_bytes = framing_bytes = 0
    reasons = Counter()
    for a, b, before, lazy in intervals:
        if lazy:  # from where framing gave up to the end: one reject, only its first bytes are read
            view = FileView(read_at, a, b - a)
            fr = frame(view, framing, origin=a)
            if fr.rejects:  # before the bytes are hashed: reads go forward only
                yield _reject_batch(
                    source_file, layout, a, fr.rejects, lambda off, view=view: view[off : off + FIRST_BYTES]
                )
            for off in range(a, b, READ_PIECE):
                hasher.feed(read_at(off, min(READ_PIECE, b - off)))
            buf = None
        else:
            buf = read_at(a, b - a)
            hasher.feed(buf)
            fr = (
                frame_fixed_span(a, b, size, framing.record_length)
                if framing.kind == "fixed"
                else frame(buf, framing, origin=a)
            )
        if len(fr.starts):
            data = np.frombuffer(buf, dtype=np.uint8)
            if framing.kind == "fixed":
                numbers = lambda lo, starts, a=a: (a + starts) // framing.record_length + 1
            else:
                numbers = lambda lo, starts, first=before + 1: np.arange(
                    first + lo, first + lo + len(starts), dtype=np.int64
                )
            yield from _record_batches(source_file, data, a, fr, numbers, max_batch_bytes)
        if fr.rejects and not lazy:
            # the first bytes at the offset, as in the whole file (they may run past the interval)
            first = lambda off, a=a: read_at(a + off, min(FIRST_BYTES, size - a - off))
            yield _reject_batch(source_file, layout, a, fr.rejects, first)
        records += len(fr.starts)
        record_bytes += fr.record_bytes
        framing_bytes += fr.framing_bytes
        for r in fr.rejects:
            reasons[r.code] += r.length
        del buf, fr
    yield _hash_batch(source_file, hasher.finish(read_at))
    yield _summary_batch(source_file, start, end - start, records, record_bytes, framing_bytes, reasons)


def _local_range_rows(source_file: str, plan: dict, framing: Framing, layout: str, max_batch_bytes: int):
    """range_rows over a local file the task opens itself (os.pread: no stream, any offset)."""
    fd = os.open(plan["local"], os.O_RDONLY)
    try:

        def pread(off, n):
            out = os.pread(fd, n, off)
            if len(out) != n:
                raise OSError(
                    f"{source_file}: {n} bytes expected at offset {off}, read {len(out)} "
                    "(did the file change during the load?)"
                )
            return out

        yield from range_rows(source_file, plan, framing, layout, max_batch_bytes, pread)
    finally:
        os.close(fd)


def read_end(plan: dict) -> int:
    """How far a task reads for a range: its end, then on to finish the last fingerprint block that starts in
    it and a reject's first bytes, never past the file's end."""
    size, start, end = plan["size"], plan["intervals"][0][0], plan["intervals"][-1][1]
    last_block = (end - 1) // BLOCK * BLOCK
    block_end = min(last_block + BLOCK, size) if last_block >= start else end
    return min(size, max(end + FIRST_BYTES, block_end))


def chunk_rows(
    source_file: str,
    chunk_offset: int,
    chunk: bytes,
    whole: bool,
    framing: Framing,
    layout: str,
    max_batch_bytes: int = 4 << 20,
):
    """Arrow batches for one chunk that came in the row: records, rejects, block digests, the summary row."""
    fr = frame(chunk, framing)
    data = np.frombuffer(chunk, dtype=np.uint8)
    if whole:
        numbers = lambda lo, starts: np.arange(lo + 1, lo + 1 + len(starts), dtype=np.int64)
    else:  # an aligned run of fixed-length records: the number follows from the offset
        numbers = lambda lo, starts: (chunk_offset + starts) // framing.record_length + 1
    yield from _record_batches(source_file, data, chunk_offset, fr, numbers, max_batch_bytes)
    if fr.rejects:
        yield _reject_batch(source_file, layout, chunk_offset, fr.rejects, lambda off: chunk[off : off + FIRST_BYTES])
    if whole:
        blocks = block_digests(lambda off, n: chunk[off : off + n], len(chunk))
    else:  # Hadoop's fixed-length chunks: one digest per chunk (the chunk length labels the fingerprint)
        blocks = [(chunk_offset, len(chunk), hashlib.sha256(chunk).hexdigest())]
    yield _hash_batch(source_file, blocks)
    reasons = Counter()
    for r in fr.rejects:
        reasons[r.code] += r.length
    yield _summary_batch(
        source_file, chunk_offset, len(chunk), len(fr.starts), fr.record_bytes, fr.framing_bytes, reasons
    )


def _rows(batch_iter):
    """(source_file, chunk_offset, chunk, whole, plan) of every row, batch after batch; a chunk's bytes are
    copied out of its batch only when asked for (a callable), so a batch can go once its rows are done."""
    for b in batch_iter:
        files = b.column("source_file").to_pylist()
        offsets = b.column("chunk_offset").to_pylist()
        wholes = b.column("whole").to_pylist()
        plans = b.column("plan").to_pylist()
        chunks = b.column("chunk")
        for i in range(b.num_rows):
            yield files[i], offsets[i], (lambda i=i, c=chunks: c[i].as_py()), wholes[i], plans[i]


class _Peekable:
    def __init__(self, it):
        self.it, self.head = iter(it), None

    def peek(self):
        if self.head is None:
            self.head = next(self.it, None)
        return self.head

    def __next__(self):
        out = self.peek()
        if out is None:
            raise StopIteration
        self.head = None
        return out

    def __iter__(self):
        return self


def frame_batches(framing: Framing, layout: str):
    """The mapInArrow function: piece batches in, staged rows out. A row is a local range's plan, a chunk's
    bytes, or a streamed range's plan followed by rows of its bytes in order (plan NULL), from the JVM."""

    def run(batch_iter):
        rows = _Peekable(_rows(batch_iter))
        for f, off, chunk, whole, plan in rows:
            if plan is None:
                yield from chunk_rows(f, off, chunk(), whole, framing, layout)
                continue
            plan = json.loads(plan)
            if not plan.get("stream"):
                yield from range_rows(f, plan, framing, layout)
                continue

            def pieces():  # the rows after the plan, up to the next plan
                while (nxt := rows.peek()) is not None and nxt[4] is None:
                    row = next(rows)
                    yield row[1], row[2]()

            reads = StreamedReads(f, pieces())
            yield from range_rows(f, plan, framing, layout, read_at=reads.read_at)
            while (nxt := rows.peek()) is not None and nxt[4] is None:  # read on for, not needed
                next(rows)

    return run


def fingerprint(chunks: list[tuple[int, int, str]]) -> str:
    """One file's fingerprint from its blocks' (offset, length, sha256): the plain sha256 when it is one
    block, else a sha256 of the block digests in order, labelled with the block length.

    Loads write 1 MiB blocks (`BLOCK`), so the fingerprint depends on the content only. Ledgers written
    before that hold `sha256:` of whole files of any size, or `sha256-chunks-C:` with C the chunk length
    of the time; `scheme_block` says which block length recomputes such a value."""
    chunks = sorted(chunks)
    if len(chunks) == 1 and chunks[0][0] == 0:
        return f"sha256:{chunks[0][2]}"
    h = hashlib.sha256("".join(d for _, _, d in chunks).encode())
    return f"sha256-chunks-{chunks[0][1]}:{h.hexdigest()}"


def scheme_block(stored: str | None, size: int) -> int:
    """The block length whose digests reproduce a stored fingerprint (the whole size for `sha256:`)."""
    if stored and stored.startswith("sha256-chunks-"):
        label = stored[len("sha256-chunks-") :].split(":", 1)[0]
        if label.isdigit() and int(label) > 0:
            return int(label)
    if stored and stored.startswith("sha256:"):
        return max(size, 1)
    return BLOCK

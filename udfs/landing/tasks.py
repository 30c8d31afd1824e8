"""What a Spark task does with a chunk of a file: frame it and emit Arrow rows. pyarrow and numpy only.

A chunk is a whole file (variable-length framings, small files) or an aligned run of whole
fixed-length records of a big file. Every chunk yields one summary row (kind 'S') with its byte
accounting and sha256, so the driver can check the accounting and fingerprint each file without
reading it again. Records are kind 'R', rejected pieces kind 'J'; all three share one schema so a
load is written in a single pass.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import numpy as np
import pyarrow as pa

from .framing import Framing, batches, frame, gather

STAGED_COLUMNS = [
    ("kind", pa.string()), ("source_file", pa.string()), ("record_offset", pa.int64()),
    ("record_number", pa.int64()), ("record", pa.binary()),
    ("length", pa.int64()), ("reason", pa.string()), ("first_bytes_hex", pa.string()), ("layout", pa.string()),
    ("chunk_offset", pa.int64()), ("records", pa.int64()), ("record_bytes", pa.int64()),
    ("framing_bytes", pa.int64()), ("rejected_bytes", pa.int64()), ("digest", pa.string()), ("reasons", pa.string()),
]
STAGED_SCHEMA = pa.schema(STAGED_COLUMNS)
STAGED_DDL = ("kind STRING, source_file STRING, record_offset BIGINT, record_number BIGINT, record BINARY, "
              "length BIGINT, reason STRING, first_bytes_hex STRING, layout STRING, chunk_offset BIGINT, records BIGINT, "
              "record_bytes BIGINT, framing_bytes BIGINT, rejected_bytes BIGINT, digest STRING, reasons STRING")
CHUNK_DDL = "source_file STRING, chunk_offset BIGINT, chunk BINARY, whole BOOLEAN"
FIRST_BYTES = 32


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


def chunk_rows(source_file: str, chunk_offset: int, chunk: bytes, whole: bool, framing: Framing, layout: str,
               digest_only: bool = False, max_batch_bytes: int = 16 << 20):
    """Arrow batches for one chunk: records, rejects, then the summary row."""
    digest = hashlib.sha256(chunk).hexdigest()
    if digest_only:
        yield _batch(1, kind="S", source_file=source_file, chunk_offset=chunk_offset, digest=digest,
                     length=len(chunk))
        return
    fr = frame(chunk, framing)
    data = np.frombuffer(chunk, dtype=np.uint8)
    for lo, hi in batches(fr.lengths, max_batch_bytes):
        starts, lengths = fr.starts[lo:hi], fr.lengths[lo:hi]
        flat, offsets = gather(data, starts, lengths)
        record = pa.BinaryArray.from_buffers(pa.binary(), hi - lo, [None, pa.py_buffer(offsets), pa.py_buffer(flat)])
        if whole:
            numbers = np.arange(lo + 1, hi + 1, dtype=np.int64)
        else:  # an aligned run of fixed-length records: the number follows from the offset
            numbers = (chunk_offset + starts) // framing.record_length + 1
        yield _batch(hi - lo, kind="R", source_file=source_file, record_offset=chunk_offset + starts,
                     record_number=numbers, record=record)
    if fr.rejects:
        yield _batch(len(fr.rejects), kind="J", source_file=source_file, layout=layout,
                     record_offset=[chunk_offset + r.offset for r in fr.rejects],
                     length=[r.length for r in fr.rejects], reason=[r.reason for r in fr.rejects],
                     first_bytes_hex=[chunk[r.offset:r.offset + FIRST_BYTES].hex().upper() for r in fr.rejects])
    reasons = Counter()
    for r in fr.rejects:
        reasons[r.code] += r.length
    yield _batch(1, kind="S", source_file=source_file, chunk_offset=chunk_offset, length=len(chunk),
                 records=len(fr.starts), record_bytes=fr.record_bytes, framing_bytes=fr.framing_bytes,
                 rejected_bytes=fr.rejected_bytes, digest=digest, reasons=json.dumps(dict(reasons), sort_keys=True))


def frame_batches(framing: Framing, layout: str, digest_only: bool = False):
    """The mapInArrow function: chunk batches in, staged rows out."""

    def run(batch_iter):
        for b in batch_iter:
            files = b.column("source_file").to_pylist()
            offsets = b.column("chunk_offset").to_pylist()
            wholes = b.column("whole").to_pylist()
            chunks = b.column("chunk")
            for i, (f, off, whole) in enumerate(zip(files, offsets, wholes)):
                yield from chunk_rows(f, off, chunks[i].as_py(), whole, framing, layout, digest_only)

    return run


def fingerprint(chunks: list[tuple[int, int, str]]) -> str:
    """One file's fingerprint from its chunks' (offset, length, sha256): the plain sha256 when read whole,
    else a sha256 of the chunk digests in order, labelled with the chunk length (the same file and
    record length always give the same chunking)."""
    chunks = sorted(chunks)
    if len(chunks) == 1 and chunks[0][0] == 0:
        return f"sha256:{chunks[0][2]}"
    h = hashlib.sha256("".join(d for _, _, d in chunks).encode())
    return f"sha256-chunks-{chunks[0][1]}:{h.hexdigest()}"

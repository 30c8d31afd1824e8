"""Splitting variable-length files: a sparse index of cut points, ranges framed one interval at a time.

Pure (no Spark): the tasks' own function (`range_rows`) runs on ranges of a file on disk and must give
exactly what framing the whole file gives (`chunk_rows`): the same records, numbers, offsets, rejects
with their words and first bytes, accounting and fingerprint, whatever the step and range size. And the
same again when the ranges' bytes arrive as the JVM streams them for files a task cannot open (HDFS, S3A):
rows of a plan, then its bytes in pieces up to `read_end`, through `frame_batches`.
"""

from __future__ import annotations

import hashlib
import json

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.landing_data import idms_record, lldf_record, rdw, vb

from udfs.core.framing.frames import Framing
from udfs.core.framing.sparse_index import FileView, fixed_points, plan_ranges, sparse_index
from udfs.spark.landing.tasks import (
    BLOCK,
    CHUNK_DDL,
    StreamedReads,
    block_digests,
    chunk_rows,
    fingerprint,
    frame_batches,
    range_rows,
    read_end,
    scheme_block,
)

CHUNK_SCHEMA = pa.schema(
    [
        ("source_file", pa.string()),
        ("chunk_offset", pa.int64()),
        ("chunk", pa.binary()),
        ("whole", pa.bool_()),
        ("plan", pa.string()),
    ]
)
assert CHUNK_DDL == "source_file STRING, chunk_offset BIGINT, chunk BINARY, whole BOOLEAN, plan STRING"


def streamed_batches(data: bytes, plans: list[dict], piece: int, per_batch: int):
    """What RangeInputFormat sends for one task holding these ranges: per range a row with its plan, then its
    bytes [start, read_end) in pieces, keyed by offset; cut into Arrow batches of per_batch rows."""
    rows = []
    for p in plans:
        start = p["intervals"][0][0]
        rows.append(("file:/x", start, None, False, json.dumps(p)))
        rows += [
            ("file:/x", o, data[o : min(o + piece, read_end(p))], False, None) for o in range(start, read_end(p), piece)
        ]
    for i in range(0, len(rows), per_batch):
        yield pa.RecordBatch.from_arrays(
            [pa.array(c, t.type) for c, t in zip(zip(*rows[i : i + per_batch]), CHUNK_SCHEMA)], schema=CHUNK_SCHEMA
        )


def staged(batches) -> dict:
    t = pa.Table.from_batches(list(batches)).to_pylist()
    out = {k: [r for r in t if r["kind"] == k] for k in "RJSH"}
    out["R"] = [(r["record_offset"], r["record_number"], r["record"]) for r in out["R"]]
    out["J"] = [(r["record_offset"], r["length"], r["reason"], r["first_bytes_hex"]) for r in out["J"]]
    return out


def whole(data: bytes, framing: Framing) -> dict:
    return staged(chunk_rows("file:/x", 0, data, True, framing, "t"))


def split(path, data: bytes, framing: Framing, step: int, target: int) -> tuple[dict, list]:
    if framing.kind == "fixed":
        points, stop = fixed_points(len(data), framing.record_length, step), None
    else:
        ix = sparse_index(FileView(lambda o, n: data[o : o + n], 0, len(data), page=64), framing, step)
        # the walk's fast path (whole pages) and the framing loop (tiny pages force it) agree, and with plain bytes
        big = sparse_index(FileView(lambda o, n: data[o : o + n], 0, len(data), page=1 << 20), framing, step)
        loop = sparse_index(data, framing, step)
        assert (
            (ix.points, ix.stop, ix.records)
            == (big.points, big.stop, big.records)
            == (loop.points, loop.stop, loop.records)
        )
        points, stop = ix.points, ix.stop
    ranges = plan_ranges(points, stop, len(data), target)
    plans = [{"size": len(data), "local": str(path), "intervals": ivs} for ivs in ranges]
    out = {k: [] for k in "RJSH"}
    for p in plans:
        s = staged(range_rows("file:/x", p, framing, "t", max_batch_bytes=97))
        for k in "RJSH":
            out[k] += s[k]
    # the same ranges as the JVM streams them (one task holding them all, small pieces, small batches)
    piece = max(13, len(data) // 40)
    streamed = staged(
        frame_batches(framing, "t")(
            streamed_batches(
                data, [{"size": p["size"], "stream": True, "intervals": p["intervals"]} for p in plans], piece, 3
            )
        )
    )
    assert streamed == out
    return out, ranges


def totals(s: dict) -> tuple:
    return tuple(
        sum(r[k] for r in s["S"]) for k in ("length", "records", "record_bytes", "framing_bytes", "rejected_bytes")
    )


def check_same(tmp_path, data: bytes, framing: Framing, step: int, target: int) -> list:
    if not data:
        return []  # empty files are never framed (the loader records them as empty)
    path = tmp_path / "f.bin"
    path.write_bytes(data)
    want = whole(data, framing)
    got, ranges = split(path, data, framing, step, target)
    assert got["R"] == want["R"]
    assert got["J"] == want["J"]
    assert totals(got) == totals(want) and totals(got)[0] == len(data)
    assert sorted((r["chunk_offset"], r["length"], r["digest"]) for r in got["H"]) == sorted(
        (r["chunk_offset"], r["length"], r["digest"]) for r in want["H"]
    )
    # ranges tile the file, each starting where the previous ended
    flat = [iv for r in ranges for iv in r]
    assert [iv[0] for iv in flat[1:]] == [iv[1] for iv in flat[:-1]] and flat[0][0] == 0 and flat[-1][1] == len(data)
    return ranges


payload = st.binary(min_size=0, max_size=90)
garbage = st.binary(min_size=0, max_size=40)


@settings(max_examples=60, deadline=None)
@given(st.lists(payload, max_size=40), garbage, st.integers(1, 300), st.integers(1, 900))
def test_rdw_split_equals_whole(tmp_path_factory, recs, tail, step, target):
    data = b"".join(rdw(r) for r in recs) + tail
    check_same(tmp_path_factory.mktemp("rdw"), data, Framing("rdw"), step, target)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(payload, max_size=30), st.integers(1, 4), st.booleans(), garbage, st.integers(1, 300), st.integers(1, 900)
)
def test_vb_split_equals_whole(tmp_path_factory, recs, per_block, extended, tail, step, target):
    data = vb(recs, per_block, extended) + tail
    check_same(tmp_path_factory.mktemp("vb"), data, Framing("vb"), step, target)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["I ", "UB", "D "]), st.binary(max_size=30)), max_size=12),
    garbage,
    st.integers(1, 2000),
    st.integers(1, 3000),
)
def test_lldf_split_equals_whole(tmp_path_factory, specs, tail, step, target):
    data = b"".join(lldf_record(i, c, (img, img) if c == "UB" else (img,)) for i, (c, img) in enumerate(specs)) + tail
    check_same(tmp_path_factory.mktemp("lldf"), data, Framing("self", inner="lldf"), step, target)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.binary(max_size=50), max_size=30), garbage, st.integers(1, 300), st.integers(1, 900))
def test_idms_in_rdw_split_equals_whole(tmp_path_factory, bodies, tail, step, target):
    recs = [idms_record(i, "BFOR", b) for i, b in enumerate(bodies)]
    recs = [r + b"!" if i % 7 == 3 else r for i, r in enumerate(recs)]  # some disagree with their RDW
    data = b"".join(rdw(r) for r in recs) + tail
    check_same(tmp_path_factory.mktemp("idms"), data, Framing("rdw", inner="idms"), step, target)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 40), st.integers(0, 6), st.integers(1, 300), st.integers(1, 900))
def test_fixed_split_equals_whole(tmp_path_factory, n, tail, step, target):
    data = bytes(range(256)) * (n * 7 // 256 + 1)
    data = data[: n * 7] + b"\xee" * tail
    if data:
        check_same(tmp_path_factory.mktemp("fixed"), data, Framing("fixed", record_length=7), step, target)


def test_broken_length_mid_file_is_one_reject_read_lazily(tmp_path):
    good = b"".join(rdw(bytes([i]) * 50) for i in range(200))
    data = good + b"\x00\x02\x00\x00" + b"\x5a" * 100_000  # a bad RDW, then a long rest
    ranges = check_same(tmp_path, data, Framing("rdw"), step=500, target=2000)
    last = ranges[-1]
    assert len(last) == 1 and last[0][3] and last[0][0] == len(good)  # the rest: its own range, framed lazily
    assert len(ranges) > 5


def test_sparse_index_walks_lengths_only(tmp_path):
    recs = [bytes([i % 256]) * 1000 for i in range(300)]
    data = b"".join(rdw(r) for r in recs)
    reads = []

    def read_at(o, n):
        reads.append(n)
        return data[o : o + n]

    ix = sparse_index(FileView(read_at, 0, len(data), page=16), Framing("rdw"), step=50_000)
    assert ix.records == 300 and ix.stop is None
    assert sum(reads) < len(data) / 50  # 16-byte pages around each RDW, never the payloads
    assert [p for p, _ in ix.points][:2] == [0, 50 * 1004] and all(n == p // 1004 for p, n in ix.points)


def test_fingerprint_is_content_only_and_old_schemes_are_recomputed(tmp_path):
    data = bytes(range(256)) * (3 * BLOCK // 256 + 77)
    read = lambda o, n: data[o : o + n]
    new = fingerprint(block_digests(read, len(data)))
    for step, target in ((BLOCK // 3, BLOCK), (BLOCK * 2, 5 * BLOCK)):  # any cut, the same blocks
        path = tmp_path / "f.bin"
        path.write_bytes(data)
        got, _ = split(path, data, Framing("fixed", record_length=4096), step, target)
        assert fingerprint([(r["chunk_offset"], r["length"], r["digest"]) for r in got["H"]]) == new
    # written by earlier versions: the plain sha256 of the file, or chunk digests of another length
    old_whole = "sha256:" + hashlib.sha256(data).hexdigest()
    c = 971 * 1000
    chunked = "".join(hashlib.sha256(data[o : o + c]).hexdigest() for o in range(0, len(data), c))
    old_chunks = f"sha256-chunks-{c}:{hashlib.sha256(chunked.encode()).hexdigest()}"
    for old in (old_whole, old_chunks):
        assert fingerprint(block_digests(read, len(data), scheme_block(old, len(data)))) == old
    small = data[:1000]
    assert (
        fingerprint(block_digests(lambda o, n: small[o : o + n], 1000)) == "sha256:" + hashlib.sha256(small).hexdigest()
    )


@pytest.mark.parametrize("framing", [Framing("rdw"), Framing("vb"), Framing("self", inner="idms")])
def test_empty_and_all_garbage(tmp_path, framing):
    for data in (b"\xff", b"\x00\x01\x00\x00" * 3):
        check_same(tmp_path, data, framing, 1, 1)


def test_streamed_reads_go_forward_and_say_what_is_missing():
    data = bytes(range(256)) * 40
    pieces = lambda lo, hi, n: ((o, data[o : min(o + n, hi)]) for o in range(lo, hi, n))
    r = StreamedReads("hdfs://nn/f", pieces(100, 5000, 7))
    assert r.read_at(100, 0) == b"" and r.read_at(100, 30) == data[100:130]
    assert r.read_at(120, 1000) == data[120:1120]  # overlapping the last read, across pieces
    assert r.read_at(3000, 3) == data[3000:3003] and r.read_at(3001, 1999) == data[3001:5000]
    assert len(r.held) <= 2000 // 7 + 2  # pieces before the last read are gone
    with pytest.raises(OSError, match="goes back before 3001"):
        r.read_at(3000, 1)
    with pytest.raises(OSError, match=r"hdfs://nn/f: 10 bytes expected at offset 4995, read 5 \(did the file change"):
        r.read_at(4995, 10)
    gap = iter([(0, b"abc"), (4, b"e")])
    with pytest.raises(OSError, match="a piece at offset 4 where 3 was expected"):
        StreamedReads("f", gap).read_at(0, 5)


def test_read_end_covers_the_last_block_and_first_bytes():
    plan = lambda a, b, size: {"size": size, "intervals": [[a, b, 0, False]]}
    assert read_end(plan(0, 100, 5000)) == 5000  # the one block that starts at 0 runs to the end
    assert read_end(plan(100, 200, 5000)) == 232  # no block starts in it: a reject's first bytes only
    assert read_end(plan(100, 200, 210)) == 210
    assert read_end(plan(BLOCK - 10, BLOCK + 10, 5 * BLOCK)) == 2 * BLOCK  # finishes the block starting at BLOCK
    assert read_end(plan(BLOCK + 1, 2 * BLOCK, 5 * BLOCK)) == 2 * BLOCK + 32

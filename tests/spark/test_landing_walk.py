"""The sparse-index walk in the driver JVM (jcat.landing.LengthWalk) gives the index Python's walk gives, for
well-formed files, broken lengths anywhere, garbage tails, any step and any window size; and the loader uses it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from support.landing_data import rdw, vb

from udfs.core.framing.frames import Framing
from udfs.core.framing.sparse_index import FileView, _fast_walk, _Indexer, sparse_index
from udfs.spark.landing import loader
from udfs.spark.landing.sources import SourceFile

payload = st.binary(min_size=0, max_size=90)


def both(spark, path, data: bytes, framing: Framing, step: int, capacity: int):
    """The whole index, Python alone and with the JVM's walk; and the common-case walk itself, both ways: the
    framing loop would hide a JVM walk that stops early, so where it stops is compared too (Python's pages of
    `capacity` bytes end its walk at the same blocks the JVM's window does)."""
    path.write_bytes(data)
    view = lambda page: FileView(lambda o, n: data[o : o + n], 0, len(data), page=page)  # noqa: E731
    walk = loader.jvm_walk(spark, SourceFile(path.as_uri(), len(data)), step, window=capacity)
    python = sparse_index(view(1 << 20), framing, step)
    jvm = sparse_index(view(1 << 20), framing, step, fast_walk=walk)
    ix = _Indexer(step)
    stopped = _fast_walk(view(max(capacity, 4)), ix, framing.kind == "vb")
    assert walk(framing.kind == "vb") == (stopped, ix.count, ix.points)
    return (python.points, python.stop, python.records), (jvm.points, jvm.stop, jvm.records)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(payload, max_size=40),
    st.sampled_from(["rdw", "vb"]),
    st.integers(1, 4),
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=3),
    st.binary(max_size=12),
    st.integers(1, 400),
    st.integers(4, 300),
)
def test_jvm_walk_gives_pythons_index(
    spark, tmp_path_factory, recs, kind, per_block, extended, flips, tail, step, capacity
):
    data = bytearray(b"".join(rdw(r) for r in recs) if kind == "rdw" else vb(recs, per_block, extended))
    for at, value in flips:  # broken lengths and flags anywhere
        if data:
            data[at % len(data)] = value
    data = bytes(data) + tail
    python, jvm = both(spark, tmp_path_factory.mktemp("walk") / "f.bin", data, Framing(kind), step, capacity)
    assert jvm == python


def test_jvm_walk_reads_past_its_window_and_stops_where_python_stops(spark, tmp_path):
    recs = [bytes([i % 256]) * (i % 700) for i in range(3000)]
    good = b"".join(rdw(r) for r in recs)
    data = good + b"\x00\x02\x00\x00" + b"\x5a" * 5000  # a bad RDW mid-file: the walk stops there
    python, jvm = both(spark, tmp_path / "f.bin", data, Framing("rdw"), 10_000, 4096)
    assert jvm == python and python[1] == len(good) and python[2] == len(recs)
    blocks = vb(recs, 7)
    python, jvm = both(spark, tmp_path / "g.bin", blocks, Framing("vb"), 10_000, 1 << 16)
    assert jvm == python and python[1] is None and python[2] == len(recs)


def test_the_loader_walks_in_the_jvm(spark, monkeypatch, tmp_path):
    recs = [bytes([i % 256]) * 300 for i in range(500)]
    data = b"".join(rdw(r) for r in recs)
    (tmp_path / "f.bin").write_bytes(data)
    f = SourceFile((tmp_path / "f.bin").as_uri(), len(data))
    calls = []
    real = loader.jvm_walk

    def spy(spark_, f_, step, window=None):
        walk = real(spark_, f_, step, window)
        assert walk is not None  # sessions jcat starts have the landing jar
        return lambda blocks: calls.append(blocks) or walk(blocks)

    monkeypatch.setattr(loader, "jvm_walk", spy)
    plans = loader.plan_file(spark, f, Framing("rdw"), target=40_000)
    assert calls == [False]
    monkeypatch.setattr(loader, "jvm_walk", lambda *a: None)  # no landing jar: Python walks, same ranges
    assert loader.plan_file(spark, f, Framing("rdw"), target=40_000) == plans and len(plans) > 3

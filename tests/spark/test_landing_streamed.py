"""Files a Python task cannot open (HDFS, S3A...) land in ranges like local files: planned by the same sparse
index, each range read in the executor's JVM (jcat's landing jar, RangeInputFormat) and streamed to its task.

Non-local paths are simulated (`as_if_remote`): `loader.RANGE_READS = False` sends local files down the
non-local path (Hadoop's LocalFileSystem in the executors' JVM), and the driver's `Reader` reads them through
the driver JVM (py4j), as it does an HDFS file, instead of os.pread. Each file lands twice, once each way, under two
names: records, numbers, rejects, accounting and fingerprint must be the same, and both must use several tasks.
"""

from __future__ import annotations

import pytest
from support.landing_data import bdw, idms_record, rdw, vb

from udfs.core.samples.m7 import m7_records
from udfs.spark.landing import LoadProblem, load
from udfs.spark.landing.tasks import local_path as LOCAL_PATH

pytestmark = pytest.mark.spark

M7 = m7_records(30)


def uri(p) -> str:
    return "file:" + str(p)


def landed(spark, layout, f, load_id):
    recs = spark.sql(
        f"SELECT record_offset, record_number, record FROM jcat.raw_{layout} WHERE source_file = "
        f"'{uri(f)}' ORDER BY record_offset"
    ).collect()
    rejs = spark.sql(
        f"SELECT record_offset, length, reason, first_bytes_hex FROM jcat.raw_rejects WHERE source_file = "
        f"'{uri(f)}' ORDER BY record_offset"
    ).collect()
    staged = spark.read.parquet(f"{spark.conf.get('spark.sql.warehouse.dir')}/jcat_landing/{layout}/load_id={load_id}")
    ranges = staged.where(f"kind = 'S' AND source_file = '{uri(f)}'").count()
    return [tuple(r) for r in recs], [tuple(r) for r in rejs], ranges


def as_if_remote(monkeypatch, remote: bool = True):
    from udfs.spark.landing import loader, tasks

    monkeypatch.setattr(loader, "RANGE_READS", not remote)
    # Reader asks tasks.local_path whether it may os.pread
    monkeypatch.setattr(tasks, "local_path", (lambda path: None) if remote else LOCAL_PATH)


def land_both_ways(spark, monkeypatch, tmp_path, name, data, layout, **kw):
    """(local, streamed): each the file's accounting, records, rejects and number of ranges."""
    out = []
    for mode in (True, False):
        as_if_remote(monkeypatch, not mode)
        f = tmp_path / f"{name}-{'local' if mode else 'streamed'}"
        f.write_bytes(data)
        result = load(spark, layout, [str(f)], split_threshold=1, **kw)
        (fr,) = result.files
        assert fr.status == "loaded" and fr.record_bytes + fr.framing_bytes + fr.rejected_bytes == len(data)
        recs, rejs, ranges = landed(spark, layout, f, result.load_id)
        out.append(
            (
                (fr.records, fr.record_bytes, fr.framing_bytes, fr.rejected_bytes, fr.reasons, fr.fingerprint),
                recs,
                rejs,
                ranges,
            )
        )
    return out


def _payloads(n, salt=0):
    return [M7[(i + salt) % 30][: 60 + (i * 37 + salt) % 840] for i in range(n)]


CASES = {
    # RDW records, then a truncated RDW: 3 odd bytes at the end
    "rdw": (lambda: b"".join(rdw(p) for p in _payloads(5000)) + b"\x01\x02\x03", "qjordje5", {"framing": "rdw"}),
    # VB blocks; one block with a bad RDW (the rest of that block rejected, the next lands); a BDW past the end
    "vb": (
        lambda: (
            vb(_payloads(2500), 5)
            + bdw(rdw(b"\xc1" * 10) + b"\x00\x09\x00\x00" + b"\xe9" * 21)
            + vb(_payloads(2500, 7), 4)
            + b"\x00\x40\x00\x00\x00\x05\x06"
        ),
        "qjordje5",
        {"framing": "vb"},
    ),
    # (self-delimiting records: test_broken_length_mid_file_same_rejects_and_strict_error_streamed)
    # fixed-length with a short tail (a whole-record file would go through FixedLengthInputFormat)
    "fixed": (lambda: b"".join(M7[i % 30] for i in range(2500)) + b"\x40" * 5, "qasym7j5", {}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_streamed_ranges_land_what_local_ranges_land(spark, monkeypatch, tmp_path, case):
    build, layout, kw = CASES[case]
    data = build()
    assert len(data) > (2 << 20)  # several 1 MiB ranges
    local, streamed = land_both_ways(spark, monkeypatch, tmp_path, case, data, layout, **kw)
    assert streamed[0] == local[0]  # accounting, reasons, fingerprint
    assert streamed[1] == local[1] and len(local[1]) > 1000  # records: offsets, numbers, bytes
    assert streamed[2] == local[2] and len(local[2]) >= 1  # rejects: offset, length, reason, first bytes
    assert streamed[3] == local[3] > 1  # the same ranges, each its own task


def test_broken_length_mid_file_same_rejects_and_strict_error_streamed(spark, monkeypatch, tmp_path):
    """Self-delimiting IDMS records (several ranges), a bad REC-LEN, then a long rest: one reject, its own range."""
    good = b"".join(idms_record(i, "BFOR", b"\x02" * (i * 31 % 500)) for i in range(9000))
    data = good + b"\x00\x03\x00\x00" + b"\x5a" * (1 << 20) + b"\x5b" * 77
    assert len(good) > (2 << 20)
    local, streamed = land_both_ways(spark, monkeypatch, tmp_path, "broken", data, "idms")
    assert streamed[0] == local[0] and streamed[1] == local[1] and len(local[1]) == 9000
    assert streamed[2] == local[2] and streamed[3] == local[3] > 3
    (rej,) = local[2]
    assert rej[0] == len(good) and rej[1] == len(data) - len(good) and rej[2].startswith("bad_length")
    assert rej[3] == "00030000" + "5A" * 28
    errors = []
    for mode in (True, False):
        as_if_remote(monkeypatch, not mode)
        g = tmp_path / f"strict-{mode}"
        g.write_bytes(data)
        with pytest.raises(LoadProblem) as e:
            load(spark, "idms", [str(g)], split_threshold=1, strict=True)
        errors.append(str(e.value).replace(str(g), "F"))
    assert errors[0] == errors[1] and f"offset {len(good)}" in errors[0] and "bad_length" in errors[0]


def test_without_the_landing_jar_files_are_read_whole(spark, monkeypatch, tmp_path):
    """A session jcat did not start may lack the jar: then binaryFiles reads such a file whole, same results."""
    from udfs.spark.landing import loader

    data = b"".join(rdw(p) for p in _payloads(2500)) + b"\x00\x07"  # over 1 MiB: two ranges
    e = tmp_path / "small-local"
    e.write_bytes(data)
    first = load(spark, "qjordje5", [str(e)], framing="rdw", split_threshold=1)
    (fr,) = first.files
    local = (
        (fr.records, fr.record_bytes, fr.framing_bytes, fr.rejected_bytes, fr.reasons, fr.fingerprint),
        *landed(spark, "qjordje5", e, first.load_id),
    )
    assert loader.range_reader(spark) is not None  # sessions jcat starts have it
    as_if_remote(monkeypatch)
    monkeypatch.setattr(loader, "range_reader", lambda spark: None)
    f = tmp_path / "small-whole"
    f.write_bytes(data)
    result = load(spark, "qjordje5", [str(f)], framing="rdw", split_threshold=1)
    (fr,) = result.files
    got = (
        (fr.records, fr.record_bytes, fr.framing_bytes, fr.rejected_bytes, fr.reasons, fr.fingerprint),
        *landed(spark, "qjordje5", f, result.load_id),
    )
    assert got[:3] == local[:3] and got[3] == 1 < local[3]  # one task read it whole
    monkeypatch.setattr(loader, "WHOLE_FILE_LIMIT", 1000)
    g = tmp_path / "too-big"
    g.write_bytes(data)
    with pytest.raises(LoadProblem, match="lacks jcat's landing jar.*spark.jars=.*jcat-landing.jar"):
        load(spark, "qjordje5", [str(g)], framing="rdw")


def test_the_driver_reads_remote_files_through_the_jvm(spark, monkeypatch, tmp_path):
    """Reader's py4j path (HDFS, S3A): the bytes themselves, at any offset (a byte[] filled in the JVM reads back
    as zeros through py4j: the sparse index saw an empty file and fingerprints were of zeros)."""
    from udfs.spark.landing.sources import Reader

    data = bytes(range(256)) * 5000
    f = tmp_path / "remote.bin"
    f.write_bytes(data)
    as_if_remote(monkeypatch)
    with Reader(spark, uri(f)) as r:
        assert r.fd is None and r.stream is not None
        assert r.read_at(0, 10) == data[:10] and r.read_at(1_000_003, 200_000) == data[1_000_003:1_200_003]
        assert r.read_at(7, 0) == b""
        with pytest.raises(OSError, match="10 bytes expected at offset 1279995, read 5"):
            r.read_at(len(data) - 5, 10)

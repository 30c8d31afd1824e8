"""Landing through Spark: framings, bad input, exactly-once, accounting. Uses the shared `spark` fixture."""

from __future__ import annotations

import pytest
from support.landing_data import idms_record, lldf_record, rdw, vb

from udfs.core.samples.m7 import m7_records
from udfs.spark.landing import LoadProblem, SourceProblem, load

pytestmark = pytest.mark.spark

M7 = m7_records(30)


def uri(p) -> str:
    return "file:" + str(p)


def rows(spark, layout, files):
    names = ",".join(f"'{uri(f)}'" for f in files)
    return spark.sql(
        f"SELECT source_file, record_offset, record_number, record FROM jcat.raw_{layout} "
        f"WHERE source_file IN ({names}) ORDER BY source_file, record_offset"
    ).collect()


def rejects(spark, files):
    names = ",".join(f"'{uri(f)}'" for f in files)
    return spark.sql(
        f"SELECT * FROM jcat.raw_rejects WHERE source_file IN ({names}) ORDER BY source_file, record_offset"
    ).collect()


def assert_accounted(result):
    for f in result.files:
        assert f.record_bytes + f.framing_bytes + f.rejected_bytes == f.size or f.status in ("unchanged", "refused")


def test_fixed_directory_tail_empty_and_reload_is_a_noop(spark, tmp_path):
    d = tmp_path / "m7"
    d.mkdir()
    (d / "a.bin").write_bytes(b"".join(M7[:10]))
    (d / "b.bin").write_bytes(b"".join(M7[:5]) + b"\xc1\xc2\xc3")  # a 3-byte tail
    (d / "empty.bin").write_bytes(b"")
    result = load(spark, "qasym7j5", [str(d)])
    assert_accounted(result)
    by = {f.source_file.rsplit("/", 1)[1]: f for f in result.files}
    assert (by["a.bin"].status, by["a.bin"].records, by["a.bin"].rejected_bytes) == ("loaded", 10, 0)
    assert (by["b.bin"].records, by["b.bin"].rejected_bytes, by["b.bin"].reasons) == (5, 3, {"short_tail": 3})
    assert by["empty.bin"].status == "empty" and "empty file" in by["empty.bin"].line()

    got = rows(spark, "qasym7j5", [d / "a.bin", d / "b.bin"])
    assert [bytes(r.record) for r in got] == M7[:10] + M7[:5]
    assert [(r.record_offset, r.record_number) for r in got[:3]] == [(0, 1), (971, 2), (1942, 3)]
    (rej,) = rejects(spark, [d / "b.bin"])
    assert (rej.record_offset, rej.length, rej.first_bytes_hex, rej.layout) == (5 * 971, 3, "C1C2C3", "qasym7j5")
    assert rej.reason.startswith("short_tail") and rej.load_id == result.load_id

    again = load(spark, "qasym7j5", [str(d)])
    assert {f.status for f in again.files} == {"unchanged"} and again.ok
    assert len(rows(spark, "qasym7j5", [d / "a.bin", d / "b.bin"])) == 15
    assert len(rejects(spark, [d / "b.bin"])) == 1


def test_changed_content_is_refused_then_replaced(spark, tmp_path):
    f = tmp_path / "c.bin"
    f.write_bytes(b"".join(M7[:4]))
    first = load(spark, "qasym7j5", str(f))
    f.write_bytes(b"".join(M7[10:13]) + b"\x00")
    refused = load(spark, "qasym7j5", str(f))
    assert not refused.ok and refused.files[0].status == "refused" and "--replace" in refused.files[0].line()
    assert [bytes(r.record) for r in rows(spark, "qasym7j5", [f])] == M7[:4]

    replaced = load(spark, "qasym7j5", str(f), replace=True)
    assert replaced.files[0].status == "loaded" and first.load_id in replaced.files[0].message
    assert [bytes(r.record) for r in rows(spark, "qasym7j5", [f])] == M7[10:13]
    assert [r.load_id for r in rejects(spark, [f])] == [replaced.load_id]
    # the old load held only this file: its partition is gone, not just hidden
    parts = [r[0] for r in spark.sql("SHOW PARTITIONS jcat.landed_qasym7j5").collect()]
    assert f"load_id={first.load_id}" not in parts and f"load_id={replaced.load_id}" in parts


PAYLOADS = [b"\xc1" * n for n in (1, 50, 7, 300, 2)]
LLDF = [
    lldf_record(i, c, imgs)
    for i, (c, imgs) in enumerate([("I ", (b"ROW1",)), ("UB", (b"OLD", b"NEW!")), ("D ", (b"GONE",))])
]
IDMS = [idms_record(i, t, b"\x01" * i) for i, t in enumerate(["TIME", "BGIN", "BFOR", "AFTR", "ENDJ"])]


@pytest.mark.parametrize(
    "layout,framing,records,body,bad,bad_code",
    [
        ("qjordje5", "rdw", PAYLOADS, b"".join(rdw(p) for p in PAYLOADS), b"\x00\x02\x00\x00", "bad_rdw"),
        ("qjordje5", "vb", PAYLOADS, vb(PAYLOADS, 2), b"\x00\x40\x00\x00\x00\x05", "past_end"),
        ("qjordje5", "vb", PAYLOADS, vb(PAYLOADS, 2, extended=True), b"\x00\x06\x00\x00\x00\x00", "bad_bdw"),
        ("lldf", "self", LLDF, b"".join(LLDF), LLDF[0][:100], "past_end"),
        ("lldf", "vb", LLDF, vb(LLDF, 2), b"", None),
        ("idms", "self", IDMS, b"".join(IDMS), b"\x00\x03\x00\x00", "bad_length"),
        ("idms", "rdw", IDMS, b"".join(rdw(r) for r in IDMS), rdw(IDMS[0] + b"!"), "length_mismatch"),
    ],
)
def test_variable_framings_land_every_record_at_its_offset_and_reject_the_bad_tail(
    spark, tmp_path, layout, framing, records, body, bad, bad_code
):
    f = tmp_path / f"{layout}.{framing}"
    f.write_bytes(body + bad)
    result = load(spark, layout, [str(f)], framing=framing)
    (fr,) = result.files
    assert fr.records == len(records) and fr.rejected_bytes == len(bad)
    assert fr.record_bytes + fr.framing_bytes + fr.rejected_bytes == len(body + bad)
    got = rows(spark, layout, [f])
    assert [bytes(r.record) for r in got] == records
    assert [r.record_number for r in got] == list(range(1, len(records) + 1))
    for r in got:  # record_offset points at the record itself, past its RDW
        assert (body + bad)[r.record_offset : r.record_offset + len(r.record)] == bytes(r.record)
    rej = rejects(spark, [f])
    assert [r.reason.split(":")[0] for r in rej] == ([bad_code] if bad else [])
    if bad:
        assert rej[0].record_offset == len(body) and rej[0].first_bytes_hex == bad[:32].hex().upper()


def test_big_fixed_file_is_split_by_byte_range(spark, tmp_path):
    f = tmp_path / "big.m7"
    recs = m7_records(3000)
    f.write_bytes(b"".join(recs))
    result = load(spark, "qjordje5", [str(f)], record_length=971, split_threshold=1)
    assert result.files[0].fingerprint.startswith("sha256-chunks-")
    df = spark.table("jcat.raw_qjordje5").where(f"source_file = '{uri(f)}'")
    got = df.orderBy("record_offset").collect()
    assert [bytes(r.record) for r in got] == recs
    assert [r.record_number for r in got] == list(range(1, 3001))
    assert all(r.record_offset == (r.record_number - 1) * 971 for r in got)
    staged = spark.read.parquet(
        f"{spark.conf.get('spark.sql.warehouse.dir')}/jcat_landing/qjordje5/load_id={result.load_id}"
    )
    assert staged.where("kind = 'S'").count() > 1  # several chunks, framed by several tasks
    assert load(spark, "qjordje5", [str(f)], record_length=971, split_threshold=1).files[0].status == "unchanged"


def test_strict_names_file_offset_reason_and_bytes_and_lands_nothing(spark, tmp_path):
    f = tmp_path / "strict.bin"
    f.write_bytes(b"".join(M7[:2]) + b"\xde\xad")
    with pytest.raises(LoadProblem) as e:
        load(spark, "qasym7j5", [str(f)], strict=True)
    msg = str(e.value)
    assert uri(f) in msg and "offset 1942" in msg and "short_tail" in msg and "DEAD" in msg
    assert rows(spark, "qasym7j5", [f]) == [] and rejects(spark, [f]) == []
    assert spark.sql(f"SELECT * FROM jcat.raw_loads WHERE source_file = '{uri(f)}'").count() == 0


def test_missing_path_or_pattern_and_missing_record_length_are_refused(spark, tmp_path):
    with pytest.raises(SourceProblem, match="no such file"):
        load(spark, "qasym7j5", [str(tmp_path / "nope.bin")])
    with pytest.raises(SourceProblem, match="no such file"):
        load(spark, "qasym7j5", [str(tmp_path / "*.none")])
    (tmp_path / "x.bin").write_bytes(b"x")
    with pytest.raises(ValueError, match="--record-length"):
        load(spark, "qjordje5", [str(tmp_path / "x.bin")])


def test_a_thousand_small_files_exact_accounting(spark, tmp_path):
    d = tmp_path / "many"
    d.mkdir()
    expected_records = expected_rejected = total = 0
    for i in range(1000):
        n, tail = i % 3, (i % 7 == 0) * 5
        data = b"".join(M7[j % 30] for j in range(n)) + b"\x40" * tail
        (d / f"f{i:04d}.bin").write_bytes(data)
        expected_records += n
        expected_rejected += tail
        total += len(data)
    result = load(spark, "qasym7j5", [str(d / "f*.bin")])
    assert len(result.files) == 1000
    assert_accounted(result)
    loaded = [f for f in result.files if f.status in ("loaded", "empty")]
    assert len(loaded) == 1000
    assert sum(f.records for f in loaded) == expected_records
    assert sum(f.rejected_bytes for f in loaded) == expected_rejected
    assert sum(f.record_bytes + f.rejected_bytes for f in loaded) == total
    n = spark.sql(f"SELECT count(*) FROM jcat.raw_qasym7j5 WHERE load_id = '{result.load_id}'").first()[0]
    assert n == expected_records


def test_a_plain_table_under_the_raw_name_is_refused_not_read(spark, tmp_path):
    spark.sql("DROP VIEW IF EXISTS jcat.raw_idms")
    spark.sql("CREATE TABLE jcat.raw_idms (record BINARY) USING parquet")
    try:
        f = tmp_path / "j.jrn"
        f.write_bytes(b"".join(IDMS))
        with pytest.raises(LoadProblem, match="jcat.raw_idms is a table, not the view jcat load keeps"):
            load(spark, "idms", [str(f)])
    finally:
        spark.sql("DROP TABLE IF EXISTS jcat.raw_idms")
    assert load(spark, "idms", [str(f)]).files[0].records == len(IDMS)  # the view comes back with the next load


def _rdw_file(path, n, bad_at=None):
    recs = [M7[i % 30][: 100 + (i * 37) % 800] for i in range(n)]
    parts = [rdw(r) for r in recs]
    if bad_at is not None:
        parts.insert(bad_at, b"\x00\x02\x00\x00")  # a broken RDW: the rest of the file is rejected
    path.write_bytes(b"".join(parts))
    return recs[:bad_at] if bad_at is not None else recs


def test_variable_length_file_is_split_by_a_sparse_index(spark, tmp_path, monkeypatch):
    from udfs.spark.landing import loader

    f = tmp_path / "big.rdw"
    recs = _rdw_file(f, 8000)  # about 4 MiB: four 1 MiB ranges
    result = load(spark, "qjordje5", [str(f)], framing="rdw", split_threshold=1)
    (fr,) = result.files
    assert (fr.records, fr.rejected_bytes, fr.framing_bytes) == (8000, 0, 4 * 8000)
    got = spark.table("jcat.raw_qjordje5").where(f"source_file = '{uri(f)}'").orderBy("record_offset").collect()
    assert [bytes(r.record) for r in got] == recs and [r.record_number for r in got] == list(range(1, 8001))
    data = f.read_bytes()
    assert all(data[r.record_offset - 4 : r.record_offset] == rdw(bytes(r.record))[:4] for r in got[::97])
    staged = spark.read.parquet(
        f"{spark.conf.get('spark.sql.warehouse.dir')}/jcat_landing/qjordje5/load_id={result.load_id}"
    )
    assert staged.where("kind = 'S'").count() >= 4  # several ranges, each its own task
    # the fingerprint is the content's: the whole-file path (other file systems) gives the same one
    monkeypatch.setattr(loader, "RANGE_READS", False)
    assert load(spark, "qjordje5", [str(f)], framing="rdw").files[0].status == "unchanged"
    g = tmp_path / "same.rdw"
    g.write_bytes(data)
    assert load(spark, "qjordje5", [str(g)], framing="rdw").files[0].fingerprint == fr.fingerprint


def test_broken_length_mid_file_same_rejects_and_strict_error_split_or_whole(spark, tmp_path, monkeypatch):
    from udfs.spark.landing import loader

    seen = {}
    for mode in (True, False):
        monkeypatch.setattr(loader, "RANGE_READS", mode)
        f = tmp_path / f"broken-{mode}.rdw"
        recs = _rdw_file(f, 6000, bad_at=2500)
        result = load(spark, "qjordje5", [str(f)], framing="rdw", split_threshold=1)
        (fr,) = result.files
        assert fr.records == 2500 and fr.record_bytes + fr.framing_bytes + fr.rejected_bytes == f.stat().st_size
        assert [bytes(r.record) for r in rows(spark, "qjordje5", [f])] == recs
        (rej,) = rejects(spark, [f])
        g = tmp_path / f"strict-{mode}.rdw"
        g.write_bytes(f.read_bytes())
        with pytest.raises(LoadProblem) as e:
            load(spark, "qjordje5", [str(g)], framing="rdw", split_threshold=1, strict=True)
        seen[mode] = (
            fr.records,
            fr.rejected_bytes,
            fr.reasons,
            fr.fingerprint,
            rej.record_offset,
            rej.length,
            rej.reason,
            rej.first_bytes_hex,
            str(e.value).replace(str(g), "F"),
        )
    assert seen[True] == seen[False]
    assert seen[True][6].startswith("bad_rdw") and "offset" in seen[True][8]


def test_an_old_ledger_fingerprint_is_still_recognised(spark, tmp_path):
    import hashlib

    f = tmp_path / "old.rdw"
    _rdw_file(f, 3000)
    first = load(spark, "qjordje5", [str(f)], framing="rdw")
    old = "sha256:" + hashlib.sha256(f.read_bytes()).hexdigest()  # what versions before 17 stored
    assert first.files[0].fingerprint != old  # over 1 MiB: block digests now
    spark.sql(
        f"INSERT INTO jcat.raw_loads SELECT concat(load_id, 'z'), layout, source_file, size, '{old}', framing, "
        f"records, record_bytes, framing_bytes, rejected_bytes, reasons, status, loaded_at FROM jcat.raw_loads "
        f"WHERE source_file = '{uri(f)}'"
    )
    again = load(spark, "qjordje5", [str(f)], framing="rdw")
    assert again.files[0].status == "unchanged" and again.files[0].fingerprint == old
    f.write_bytes(f.read_bytes()[:-1] + b"\x01")
    assert load(spark, "qjordje5", [str(f)], framing="rdw").files[0].status == "refused"

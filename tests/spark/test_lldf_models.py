"""LLDF models end to end: generated records -> raw_lldf -> dbt build -> every value as encoded.

One build for the module (Spark CPU is shared): the demo scenario plus crafted records written from seed 002's
text (every change type, a grown header, a duplicated segment, lengths that do not add up), landed as raw rows.
"""

from __future__ import annotations

import datetime as dt
import os
from decimal import Decimal

import pytest
from support.lldf.project import private_project, seed_data
from support.views import arrow_rows, assert_persistent_view, drop_relation, view_rows

from udfs.core.layouts import lldf
from udfs.demo import lldf as demo

RAW_DDL = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"


# the extra file: every change type written by the seed-text encoder (lldf_support.seed_data), keyed by LOGRBA
# number, with what each image column must hold; then records whose lengths do not add up
def _extra_records() -> tuple[list[bytes], dict]:
    cols = demo.columns()
    row = demo.employee("000090", "EILEEN", "HENDERSON", "29750.00", MIDINIT="W", REMARKS="trailing  ")
    row2 = {**row, "SALARY": Decimal("31000.00"), "REMARKS": None}
    ur = demo.unit_of_recovery(9, 3, demo.T0 + dt.timedelta(seconds=9), demo.T0 + dt.timedelta(seconds=10), True, "C")
    base = {k: v for k, v in ur.items() if not k.startswith("_")} | demo.EMPLOYEE | {"LOGRECDISP": "C"}
    img, img2, key = lldf.encode_image(cols, row), lldf.encode_image(cols, row2), b"\xf5\xf0\xf0\xf0\xf0\xf0"
    owner, name = "PAYROLL".encode("cp037"), "EMPLOYEE_X".encode("cp037")

    def rec(rba, change, data, header_length=288):
        head = lldf.encode_header(
            base | {"CHANGE_TYPE": change, "LOGRBA": lldf.rba_field(rba), "SEGLEN": header_length + len(data)},
            header_length,
        )
        return head + data

    expect = {  # LOGRBA number: (record, before, after, limit key, clone owner, clone name, decode_errors)
        0x90: (rec(0x90, "UB", seed_data([img, img2])), img, img2, None, None, None, []),
        0x91: (rec(0x91, "I", seed_data([img])), None, img, None, None, None, []),
        0x92: (rec(0x92, "D", seed_data([img]), header_length=320), img, None, None, None, None, []),
        0x95: (rec(0x95, "IL", seed_data([img2])), None, img2, None, None, None, []),
        0x96: (rec(0x96, "DR", seed_data([key])), None, None, key, None, None, []),
        0x97: (rec(0x97, "DM", b""), None, None, None, None, None, []),
        0x98: (rec(0x98, "E", seed_data([owner, name])), None, None, None, "PAYROLL", "EMPLOYEE_X", []),
    }
    bad = bytearray(rec(0x93, "I", seed_data([img])))
    bad[288:290] = (int.from_bytes(bad[288:290], "big") + 7).to_bytes(2, "big")  # total says 7 more than landed
    expect[0x93] = (bytes(bad), None, None, None, None, None, ["DATA", "after_image"])
    ub = bytearray(rec(0x99, "UB", seed_data([img, img2])))
    ub[290:292] = (len(img) - 1).to_bytes(2, "big")  # before image 1 short: the after image's length is misplaced
    expect[0x99] = (bytes(ub), None, None, None, None, None, ["DATA", "before_image", "after_image"])
    one = rec(0x9A, "UB", seed_data([img]))  # an update with only one image does not add up to two
    expect[0x9A] = (one, None, None, None, None, None, ["DATA", "before_image", "after_image"])
    ex = bytearray(rec(0x9B, "E", seed_data([owner, name])))
    ex[-len(name) - 2 : -len(name)] = (len(name) + 3).to_bytes(2, "big")  # clone name runs past DATA's end
    expect[0x9B] = (bytes(ex), None, None, None, None, None, ["DATA", "CLONE_TABLE_OWNER", "CLONE_TABLE_NAME"])
    big = demo.employee("000095", "X", "Y", "1.00", REMARKS="z" * 2500)
    dup = lldf.segment(rec(0x94, "I", seed_data([lldf.encode_image(cols, big)])), demo.MAX_SEGMENT)
    return [r[0] for r in expect.values()] + dup + [dup[1]], expect


EXTRA, EXPECT = _extra_records()


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory):
    from udfs.dbt.runner import run_dbt

    project = private_project(tmp_path_factory.mktemp("lldf_project"))
    old = os.environ.get("JCAT_PROJECT_DIR")
    os.environ["JCAT_PROJECT_DIR"] = str(project)
    main, broken = demo.scenario()
    rows = []
    for name, recs in (("main.lldf", main), ("lost.lldf", broken), ("extra.lldf", EXTRA)):
        offset = 0
        for i, r in enumerate(recs):
            rows.append((name, offset, i, r, "load-1"))
            offset += len(r)
    drop_relation(spark, "jcat.raw_lldf")
    spark.createDataFrame(rows, RAW_DDL).write.mode("overwrite").saveAsTable("jcat.raw_lldf")
    try:
        # models and data tests; the LLDF unit tests run once, in test_lldf_unit.py
        ok = run_dbt(spark, ["build", "--select", "source:jcat.raw_lldf+", "--exclude-resource-type", "unit_test"])
    finally:
        if old is None:
            os.environ.pop("JCAT_PROJECT_DIR", None)
        else:
            os.environ["JCAT_PROJECT_DIR"] = old
    assert ok, "dbt build of the LLDF models failed"
    return spark


def _rows(spark, sql):
    return [r.asDict() for r in spark.sql(sql).collect()]


def test_every_change_type_lands_once(built):
    got = _rows(
        built,
        "select source_file, CHANGE_TYPE, count(*) n from jcat.lldf_data_change "
        "where source_file = 'main.lldf' group by 1, 2",
    )
    assert {r["CHANGE_TYPE"]: r["n"] for r in got} == {
        "I": 3,
        "UB": 2,
        "IL": 1,
        "D": 2,
        "DM": 1,
        "DT": 1,
        "DR": 1,
        "E": 1,
        "CO": 1,
        "CM": 1,
        "SC": 1,
    }


def test_segmented_update_is_reassembled(built):
    r = _rows(
        built,
        "select segment_count, before_image, after_image from jcat.lldf_data_change "
        "where source_file = 'main.lldf' and segment_count > 1",
    )[0]
    remarks = ("Performance review notes. " * 120)[:3000].encode("cp037")
    assert r["segment_count"] == 2 and r["before_image"].endswith(b"\x00\x00\x0a" + "r".encode("cp037") * 10)
    assert r["after_image"].endswith(b"\x00" + len(remarks).to_bytes(2, "big") + remarks)  # REMARKS: null byte, length


def test_six_byte_and_extended_positions(built):
    got = {
        r["MEMBERID"]: r
        for r in _rows(
            built,
            "select MEMBERID, LOGRBA_NUMBER, UORID_NUMBER, hex(LOGLRSN) l, "
            "LOGLRSN_TIME from jcat.lldf_data_change where CHANGE_TYPE = 'UB' "
            "and source_file = 'main.lldf'",
        )
    }
    assert got[2]["LOGRBA_NUMBER"] == 0x1A2B3C00 + 2 * 0x10000 + 0x100  # 6-byte RBA at offset 4
    assert got[2]["l"].endswith("000000") and got[2]["l"].startswith("00")  # 6-byte LRSN at offset 1
    assert got[2]["LOGLRSN_TIME"] == dt.datetime(2024, 6, 3, 9, 15, 1, 260000)
    assert got[1]["LOGLRSN_TIME"] == dt.datetime(2024, 6, 3, 9, 15, 0, 270000)
    assert got[1]["UORID_NUMBER"] == 0x1A2B3C00 + 0x10000


def test_missing_and_duplicate_segments_are_rejected_not_built(built):
    rej = _rows(built, "select source_file, reason from jcat.lldf_segment_rejects order by source_file, record_offset")
    reasons = {(r["source_file"], r["reason"].split(":")[0]) for r in rej}
    assert ("lost.lldf", "missing_segment") in reasons and ("extra.lldf", "duplicate_segment") in reasons
    assert any("SEGNUM 2 of 2 not found" in r["reason"] for r in rej)
    n = _rows(
        built,
        "select count(*) n from jcat.lldf_data_change where UORID_NUMBER = 439042048 + 5 * 65536 "
        "or (source_file = 'extra.lldf' and segment_count > 1)",
    )[0]["n"]
    assert n == 0


def test_images_of_every_change_type_are_what_was_written(built):
    got = {
        int(r["LOGRBA_NUMBER"]): r
        for r in _rows(
            built,
            "select LOGRBA_NUMBER, LENGTH, before_image, after_image, limit_key_image, CLONE_TABLE_OWNER, "
            "CLONE_TABLE_NAME, decode_errors from jcat.lldf_data_change where source_file = 'extra.lldf'",
        )
    }
    assert set(got) == set(EXPECT)
    for rba, (_, before, after, key, owner, name, errors) in EXPECT.items():
        r = got[rba]
        assert (r["before_image"], r["after_image"], r["limit_key_image"]) == (before, after, key), hex(rba)
        assert (r["CLONE_TABLE_OWNER"], r["CLONE_TABLE_NAME"]) == (owner, name), hex(rba)
        assert sorted(r["decode_errors"]) == sorted(errors), hex(rba)
    assert got[0x92]["LENGTH"] == 320  # a grown header moves DATA


def test_main_file_images_equal_the_demo_images(built):
    """Every change type of the demo scenario: the images (and the opaque DATA of CO/CM/SC) as written."""
    main, _ = demo.scenario()
    whole = {}
    for r in main:  # unsegmented records of the scenario, by LOGRBA; segmented ones are checked above
        if int.from_bytes(r[184:186], "big") <= 1:
            whole[int.from_bytes(r[87:97], "big")] = r
    got = {
        int(r["LOGRBA_NUMBER"]): r
        for r in _rows(
            built,
            "select LOGRBA_NUMBER, CHANGE_TYPE, data_raw, data_length, DATA_TOTAL_LENGTH, before_image, "
            "after_image, limit_key_image, decode_errors from jcat.lldf_data_change where source_file = 'main.lldf'",
        )
    }
    for rba, rec in whole.items():
        r, data = got[rba], rec[288:]
        assert r["data_raw"] == data and r["decode_errors"] == [], r["CHANGE_TYPE"]
        if not data:
            continue
        assert r["DATA_TOTAL_LENGTH"] == len(data) == r["data_length"]
        first = data[4 : 4 + int.from_bytes(data[2:4], "big")]
        if r["CHANGE_TYPE"] == "UB":
            second = data[4 + len(first) + 2 :]
            assert (r["before_image"], r["after_image"]) == (first, second)
        elif r["CHANGE_TYPE"] in ("I", "IL"):
            assert r["after_image"] == first and r["before_image"] is None
        elif r["CHANGE_TYPE"] == "D":
            assert r["before_image"] == first and r["after_image"] is None
        elif r["CHANGE_TYPE"] == "DR":
            assert r["limit_key_image"] == first


def test_commit_order_and_committed_only(built):
    stream = _rows(
        built,
        "select stream_seq, UORDISP, LOGRECDISP, is_committed, UORCOMMITLRSN_TIME t "
        "from jcat.lldf_change_stream where source_file = 'main.lldf' order by stream_seq",
    )
    committed_times = [r["t"] for r in stream if r["UORDISP"] == "C"]
    assert committed_times == sorted(committed_times)
    assert stream[-1]["UORDISP"] == "A"  # no commit: after the committed work
    kept = _rows(built, "select UORDISP, LOGRECDISP from jcat.lldf_committed_changes")
    assert kept and all(r["UORDISP"] == "C" and r["LOGRECDISP"] == "C" for r in kept)
    assert sum(not r["is_committed"] for r in stream) == 2  # the aborted D and the savepoint rollback


def test_segments_is_a_view_and_the_reassembling_models_stay_tables(built):
    """lldf_segments (one landed record, one row) is a persistent VIEW calling only jcat.<fn>, with the rows its SQL
    gives through the Arrow UDFs; the models that join segments and order changes are tables (they decode raw_lldf
    themselves); a record landed after the build is in the view at once."""
    spark = built
    assert_persistent_view(spark, "lldf_segments", calls=("parse_timestamp17", "unpack_bin", "ebcdic_str"))
    assert view_rows(spark, "lldf_segments") == arrow_rows(spark, "lldf_segments")
    for name in ("lldf_data_change", "lldf_segment_rejects", "lldf_change_stream", "lldf_committed_changes"):
        assert spark.catalog.getTable(f"jcat.{name}").tableType == "MANAGED", name
    n = spark.table("jcat.lldf_segments").count()
    main, _ = demo.scenario()
    spark.createDataFrame([("late.lldf", 0, 0, main[0], "load-late")], RAW_DDL).write.mode("append").saveAsTable(
        "jcat.raw_lldf"
    )
    (late,) = _rows(spark, "select * from jcat.lldf_segments where load_id = 'load-late'")
    (first,) = _rows(spark, "select * from jcat.lldf_segments where source_file = 'main.lldf' and record_offset = 0")
    keep = ("source_file", "load_id", "record_number")
    assert {k: v for k, v in late.items() if k not in keep} == {k: v for k, v in first.items() if k not in keep}
    assert late["decode_errors"] == [] and spark.table("jcat.lldf_segments").count() == n + 1

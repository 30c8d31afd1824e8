"""LLDF models end to end: generated records -> raw_lldf -> dbt build -> every value as encoded.

One build for the module (Spark CPU is shared): the demo scenario plus crafted edge cases (inclusive image
lengths, a grown header, a duplicated segment, a corrupt image length), landed as raw rows.
"""

from __future__ import annotations

import datetime as dt
import os
from decimal import Decimal
from pathlib import Path

import pytest

from udfs.demos import lldf as demo
from udfs.layouts import lldf

from lldf_support import private_project

RAW_DDL = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"


def _extra_records() -> list[bytes]:
    cols = demo.columns()
    row = demo.employee("000090", "EILEEN", "HENDERSON", "29750.00", MIDINIT="W", REMARKS="trailing  ")
    ur = demo._ur(9, 3, demo.T0 + dt.timedelta(seconds=9), demo.T0 + dt.timedelta(seconds=10), True, "C")
    base = {k: v for k, v in ur.items() if not k.startswith("_")} | demo.EMPLOYEE | {"LOGRECDISP": "C"}
    inclusive = lldf.encode_record(base | {"CHANGE_TYPE": "I", "LOGRBA": lldf.rba_field(0x91)},
                                   [lldf.encode_image(cols, row)], length_includes_itself=True)
    grown = lldf.encode_record(base | {"CHANGE_TYPE": "D", "LOGRBA": lldf.rba_field(0x92)},
                               [lldf.encode_image(cols, row)], header_length=320)
    corrupt = bytearray(lldf.encode_record(base | {"CHANGE_TYPE": "I", "LOGRBA": lldf.rba_field(0x93)},
                                           [lldf.encode_image(cols, row)]))
    corrupt[288:290] = (int.from_bytes(corrupt[288:290], "big") + 7).to_bytes(2, "big")
    big = demo.employee("000095", "X", "Y", "1.00", REMARKS="z" * 2500)
    dup = lldf.segment(lldf.encode_record(base | {"CHANGE_TYPE": "I", "LOGRBA": lldf.rba_field(0x94)},
                                          [lldf.encode_image(cols, big)]), demo.MAX_SEGMENT)
    return [inclusive, grown, bytes(corrupt)] + dup + [dup[1]]


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory):
    from udfs.cli import run_dbt

    project = private_project(tmp_path_factory.mktemp("lldf_project"))
    old = os.environ.get("JCAT_PROJECT_DIR")
    os.environ["JCAT_PROJECT_DIR"] = str(project)
    main, broken = demo.scenario()
    rows = []
    for name, recs in (("main.lldf", main), ("lost.lldf", broken), ("extra.lldf", _extra_records())):
        offset = 0
        for i, r in enumerate(recs):
            rows.append((name, offset, i, r, "load-1"))
            offset += len(r)
    spark.sql("drop table if exists jcat.raw_lldf")
    spark.createDataFrame(rows, RAW_DDL).write.mode("overwrite").saveAsTable("jcat.raw_lldf")
    try:
        ok = run_dbt(spark, ["build", "--select", "lldf_columns", "lldf_segments+"])
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
    got = _rows(built, "select source_file, CHANGE_TYPE, count(*) n from jcat.lldf_data_change "
                       "where source_file = 'main.lldf' group by 1, 2")
    assert {r["CHANGE_TYPE"]: r["n"] for r in got} == {"I": 3, "UB": 2, "IL": 1, "D": 2, "DM": 1, "DT": 1,
                                                       "DR": 1, "E": 1, "CO": 1, "CM": 1, "SC": 1}


def test_update_images_and_values_as_encoded(built):
    r = _rows(built, "select * from jcat.lldf_rows_payroll_employee where CHANGE_TYPE = 'UB' and BEFORE_EMPNO = '000010'")[0]
    assert r["decode_errors"] == []
    assert (r["BEFORE_SALARY"], r["AFTER_SALARY"]) == (Decimal("52750.00"), Decimal("55000.00"))
    assert (r["BEFORE_BONUS"], r["AFTER_BONUS"]) == (Decimal("1000.00"), None)
    assert r["AFTER_FIRSTNME"] == "CHRISTINE" and r["AFTER_MIDINIT"] == "I" and r["AFTER_WORKDEPT"] == "A00"
    assert r["AFTER_HIREDATE"] == dt.date(1995, 1, 1) and r["AFTER_BADGE"] == 4711 and r["AFTER_RATING"] == 4.25
    assert r["AFTER_SHIFT_START"] == "08:30:00" and r["AFTER_UPDATED_AT"] == demo.T0
    assert r["AFTER_LEDGER_ID"] == 9_000_000_010 and r["AFTER_REMARKS"] == "raise approved 2024-06"


def test_negative_float_and_nulls(built):
    r = _rows(built, "select * from jcat.lldf_rows_payroll_employee where AFTER_EMPNO = '000020'")[0]
    assert r["AFTER_RATING"] == -0.5 and r["AFTER_MIDINIT"] is None and r["AFTER_HIREDATE"] is None


def test_segmented_update_is_reassembled(built):
    r = _rows(built, "select c.segment_count, r.AFTER_REMARKS, r.BEFORE_REMARKS from jcat.lldf_data_change c "
                     "join jcat.lldf_rows_payroll_employee r using (source_file, record_offset) "
                     "where c.source_file = 'main.lldf' and c.segment_count > 1")[0]
    assert r["segment_count"] == 2 and r["BEFORE_REMARKS"] == "r" * 10
    assert r["AFTER_REMARKS"] == ("Performance review notes. " * 120)[:3000]


def test_six_byte_and_extended_positions(built):
    got = {r["MEMBERID"]: r for r in _rows(built, "select MEMBERID, LOGRBA_NUMBER, UORID_NUMBER, hex(LOGLRSN) l, "
                                                  "LOGLRSN_TIME from jcat.lldf_data_change where CHANGE_TYPE = 'UB' "
                                                  "and source_file = 'main.lldf'")}
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
    n = _rows(built, "select count(*) n from jcat.lldf_data_change where UORID_NUMBER = 439042048 + 5 * 65536 "
                     "or (source_file = 'extra.lldf' and segment_count > 1)")[0]["n"]
    assert n == 0


def test_inclusive_lengths_and_grown_header(built):
    got = {r["CHANGE_TYPE"]: r for r in _rows(
        built, "select CHANGE_TYPE, LENGTH, IMAGE_LENGTH_RULE, decode_errors from jcat.lldf_data_change "
               "where source_file = 'extra.lldf' and size(decode_errors) = 0")}
    assert got["I"]["IMAGE_LENGTH_RULE"] == "inclusive"
    assert got["D"]["LENGTH"] == 320 and got["D"]["IMAGE_LENGTH_RULE"] == "exclusive"
    r = _rows(built, "select BEFORE_REMARKS, AFTER_REMARKS from jcat.lldf_rows_payroll_employee "
                     "where source_file = 'extra.lldf' and decode_errors = array()")
    assert {x["BEFORE_REMARKS"] or x["AFTER_REMARKS"] for x in r} == {"trailing  "}  # trailing blanks kept


def test_corrupt_image_length_is_a_decode_error(built):
    r = _rows(built, "select decode_errors, after_image from jcat.lldf_data_change "
                     "where source_file = 'extra.lldf' and LOGRBA_NUMBER = 147")[0]
    assert r["decode_errors"] == ["DATA"] and r["after_image"] is None


def test_commit_order_and_committed_only(built):
    stream = _rows(built, "select stream_seq, UORDISP, LOGRECDISP, is_committed, UORCOMMITLRSN_TIME t "
                          "from jcat.lldf_change_stream where source_file = 'main.lldf' order by stream_seq")
    committed_times = [r["t"] for r in stream if r["UORDISP"] == "C"]
    assert committed_times == sorted(committed_times)
    assert stream[-1]["UORDISP"] == "A"  # no commit: after the committed work
    kept = _rows(built, "select UORDISP, LOGRECDISP from jcat.lldf_committed_changes")
    assert kept and all(r["UORDISP"] == "C" and r["LOGRECDISP"] == "C" for r in kept)
    assert sum(not r["is_committed"] for r in stream) == 2  # the aborted D and the savepoint rollback

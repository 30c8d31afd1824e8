"""idms_journal: every REC line of seed 004 in the model, every value of every record type as encoded."""

from __future__ import annotations

import datetime as dt

import pytest
from support.idms.project import build, land
from support.views import arrow_rows, assert_persistent_view, view_rows

from udfs.core.layouts import idms
from udfs.demo import idms as demo

# ---- the table as data against the seed (no Spark) -------------------------------------------------------


# ---- through dbt ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def journal_rows(spark):
    land(spark, demo.records())
    assert build(spark, "idms_journal")
    rows = spark.sql("select * from jcat.idms_journal order by SEQ").collect()
    return [r.asDict() for r in rows]


def expected(rec_type: str, values: dict) -> dict:
    """What the model must show for values given to the encoder: text as given, numbers, hex upper-case."""
    out = {}
    by_col = {r.column: r for r in idms.REC if not r.folded}
    for col, v in values.items():
        if col in ("image", "lids"):
            continue
        r = by_col[col]
        if r.field.kind == "hex":
            out[col] = bytes(v).hex().upper()
        elif r.field.kind.startswith("idms_ts") and v is not None and col in ("GMT", "QUAL_LOCAL"):
            out[col] = v.replace(tzinfo=dt.timezone.utc)
        else:
            out[col] = v
    return out


def test_idms_journal_shows_every_value_of_every_record_type_as_encoded(journal_rows):
    scen = demo.scenario()
    assert len(journal_rows) == len(scen)
    assert {r["TYPE"] for r in journal_rows} == set(idms.RECORD_TYPES)
    for i, ((rec_type, values), row) in enumerate(zip(scen, journal_rows)):
        want = expected(rec_type, values)
        want.update(
            TYPE=rec_type,
            SEQ=480001 + i,
            QUAL_CV="SYSTEM74",
            QUAL_LOCAL=None,
            GMT=(demo.START + i * dt.timedelta(milliseconds=125)).replace(tzinfo=dt.timezone.utc),
        )
        got = {k: (v.replace(tzinfo=dt.timezone.utc) if k == "GMT" and v else v) for k, v in row.items()}
        for col, v in want.items():
            assert got[col] == v, (i, rec_type, col, got[col], v)
        assert row["decode_errors"] == [], (i, rec_type, row["decode_errors"])
        assert row["REC_LEN"] == len(demo.records()[i])
        assert row["SEQ_A"] == (480001 + i).to_bytes(8, "big").hex().upper()


def test_fields_are_null_for_types_that_do_not_carry_them(journal_rows):
    carried = {r.column: r.types for r in idms.REC if not r.folded and r.field.kind != "group"}
    for row in journal_rows:
        for col, types in carried.items():
            if row["TYPE"] not in types:
                assert row[col] is None, (row["TYPE"], col)


def test_bfor_aftr_images_db_keys_and_distributed_lids_as_encoded_else_null(journal_rows):
    scen = demo.scenario()
    for (rec_type, values), row in zip(scen, journal_rows):
        if rec_type in ("BFOR", "AFTR"):
            image = values["image"]
            assert row["IMAGE_LEN"] == len(image)
            assert row["RECORD_IMAGE"] == (bytes(image) if image else None)
            assert (row["DB_KEY_PAGE"], row["DB_KEY_LINE"]) == divmod(values["DB_KEY"], 256)
        else:
            assert row["RECORD_IMAGE"] is None and row["DB_KEY_PAGE"] is None
        if rec_type in idms.DIST:
            assert row["LIDS"] == list(values.get("lids", ())), rec_type
        else:
            assert row["LIDS"] is None


def test_time_record_datestamp_is_local_and_a_zero_stamp_is_null_without_error(journal_rows):
    times = [r for r in journal_rows if r["TYPE"] == "TIME"]
    assert times[0]["T_DATESTMP"] == demo.START + demo.LOCAL_OFFSET
    assert times[1]["T_DATESTMP"] is None and times[1]["decode_errors"] == []  # zero: not yet written


def test_a_view_over_the_raw_table_calling_only_persistent_functions(spark, journal_rows):
    """idms_journal is a persistent VIEW: no temporary function in its SQL, the rows the Arrow UDFs give for the
    same SQL (a table build), and a load landed after the build shows up in it with no build."""
    assert_persistent_view(spark, "idms_journal", calls=("unpack_bin", "ebcdic_str", "unpack_packed"))
    assert view_rows(spark, "idms_journal") == arrow_rows(spark, "idms_journal")
    g = dt.datetime(2024, 5, 6, 7, 8, 9, 123456)
    land(
        spark,
        [
            idms.encode(
                "BGIN",
                {
                    "GMT": g,
                    "SEQ": 990001,
                    "QUAL_CV": "SYSTEM99",
                    "TRANSACT_ID": 4242,
                    "PROGRAM_NAME": "LATEPROG",
                    "USER_ID": "AUDITOR",
                },
            )
        ],
        mode="append",
        load_id="FRESH",
        source_file="fresh.jrn",
    )
    (row,) = spark.sql("select * from jcat.idms_journal where load_id = 'FRESH'").collect()
    assert (row.SEQ, row.TYPE, row.TRANSACT_ID, row.PROGRAM_NAME, row.USER_ID, row.QUAL_CV) == (
        990001,
        "BGIN",
        4242,
        "LATEPROG",
        "AUDITOR",
        "SYSTEM99",
    )
    assert row.GMT.replace(tzinfo=dt.timezone.utc) == g.replace(tzinfo=dt.timezone.utc) and row.decode_errors == []
    assert spark.table("jcat.idms_journal").count() == len(journal_rows) + 1


def test_undecodable_fields_are_null_and_named(spark):
    g = dt.datetime(2024, 3, 4, 14, 30)
    base = {"GMT": g, "SEQ": 1, "QUAL_CV": "SYSTEM74", "TRANSACT_ID": 7}
    bad_gmt = bytearray(idms.encode("ENDJ", {**base, "PROGRAM_NAME": "PAYROLL"}))
    bad_gmt[8:16] = ((738000 << 37) | (86400 << 20)).to_bytes(8, "big")  # 86400 s past midnight
    long_len = (
        idms.encode("BFOR", {**base, "SEQ": 2}, length=64)[:0]
        + b"\x00\x41"
        + idms.encode("BFOR", {**base, "SEQ": 2})[2:]
    )
    short_image = bytearray(idms.encode("AFTR", {**base, "SEQ": 3}, image=b"\xc1" * 10))[
        :-4
    ]  # IMAGE-LEN 10, 6 bytes held
    short_image[0:2] = len(short_image).to_bytes(2, "big")
    lids_past_end = bytearray(idms.encode("DCOM", {"GMT": g, "SEQ": 4, "QUAL_CV": "SYSTEM74"}, lids=(1, 2)))
    lids_past_end[70:72] = (3).to_bytes(2, "big")  # LIDNUM 3, only 2 held
    unknown = bytearray(idms.encode("TIME", {"GMT": g, "SEQ": 5, "QUAL_CV": "SYSTEM74"}))
    unknown[4:8] = b"\xe7\xe7\xe7\xe7"  # 'XXXX'
    land(spark, [bytes(bad_gmt), long_len, bytes(short_image), bytes(lids_past_end), bytes(unknown)], load_id="BAD")
    assert build(spark, "idms_journal", command="run")
    got = {r.SEQ: r for r in spark.sql("select * from jcat.idms_journal").collect()}
    assert got[1].GMT is None and got[1].decode_errors == ["GMT"] and got[1].PROGRAM_NAME == "PAYROLL"
    assert got[2].REC_LEN == 65 and got[2].decode_errors == ["REC_LEN"]
    assert got[3].IMAGE_LEN == 10 and got[3].RECORD_IMAGE is None and got[3].decode_errors == ["RECORD_IMAGE"]
    assert got[4].LIDNUM == 3 and got[4].LIDS is None and got[4].decode_errors == ["LIDS"]
    assert got[5].TYPE == "XXXX" and got[5].decode_errors == ["TYPE"] and got[5].T_DATESTMP is None


def test_strict_mode_fails_on_a_decode_error(spark):
    """var jcat_strict: the view carries the strict guard, so reading the record fails naming the field, file and
    offset; a table model decoding the same raw table fails its build. Without the var the view is lenient again."""
    bad = bytearray(idms.encode("ENDJ", {"GMT": dt.datetime(2024, 1, 1), "SEQ": 1, "QUAL_CV": "SYSTEM74"}))
    bad[8:16] = ((738000 << 37) | (86400 << 20)).to_bytes(8, "big")
    land(spark, [bytes(bad)], load_id="STRICT")
    try:
        assert build(spark, "idms_journal", command="run", extra=["--vars", "{jcat_strict: true}"])
        with pytest.raises(Exception, match="jcat strict: cannot decode GMT in j1.jrn at offset 0"):
            spark.sql("select SEQ, decode_errors from jcat.idms_journal").collect()
        assert not build(spark, "idms_transactions", command="run", extra=["--vars", "{jcat_strict: true}"])
    finally:
        assert build(spark, "idms_journal", command="run")
    assert spark.sql("select decode_errors from jcat.idms_journal").collect()[0][0] == ["GMT"]


def test_dbt_unit_tests_from_seed_004s_rec_lines(spark):
    """models/idms/idms_unit_tests.yml (tests/support/idms/unit.py): records built from the copied REC lines.
    dbt reads the raw table's columns to type the fixture: a table must exist."""
    land(spark, demo.records())
    assert build(spark, "idms_journal,test_type:unit", full_refresh=False, command="test")

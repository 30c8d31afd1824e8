"""journal_entries: the *TYPE5 heading decoded and the entry-specific data cut exactly, through dbt: a persistent view,
and journal_entries_decoded, the same decoding as the incremental table the ESD table models read."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from support import REPO
from support.ibmi.entries import HEADING, esd_pos, heading_table, land, type5_record
from support.views import arrow_rows, assert_persistent_view, view_rows

from udfs.dbt.runner import run_dbt

# Records come from the tests' encoder, written from the IBM table in tests/data/sources (never the declaration).
ROW = {r.key: r for r in heading_table()}
BEFORE_ESD = esd_pos() - 1  # bytes of heading

# (name, ESD bytes, JOENTL override or None, record length or None): ESD = min(JOENTL, record) - heading bytes
CASES = [
    ("exact", bytes(range(1, 41)), None, None),
    ("padded_record", b"\xc1\xc2\xc3", None, BEFORE_ESD + 91),
    ("truncated_entry", bytes(range(200)), 2000, BEFORE_ESD + 91),
    ("no_esd", b"", None, BEFORE_ESD),
    ("entry_length_below_heading", b"", 300, BEFORE_ESD + 41),
    ("esd_with_trailing_blanks_and_zeros", b"\xc1\x40\x40\x00\x00", None, None),
]


def expected_esd(esd: bytes, entry_length: int | None, record_length: int | None) -> bytes:
    record = len(esd) if record_length is None else record_length - BEFORE_ESD
    entry = len(esd) if entry_length is None else entry_length - BEFORE_ESD
    return esd[: max(0, min(record, entry))]


def bad_timestamp(record: bytes) -> bytes:
    b = bytearray(record)
    at = ROW["JOTSTP"].pos - 1 + 5  # YYYY-MM-...
    b[at : at + 2] = b"\xf1\xf3"  # month 13
    return bytes(b)


def bad_zoned(record: bytes) -> bytes:
    b = bytearray(record)
    b[ROW["JONBR"].pos - 1 + 2] = 0xC1  # an 'A' inside the job number
    return bytes(b)


@pytest.fixture(scope="module")
def built(spark):
    records = []
    for _, esd, entl, reclen in CASES:
        values = dict(HEADING, **({"JOENTL": entl} if entl is not None else {}))
        records.append(type5_record(values, esd, record_length=reclen))
    good = type5_record(HEADING, b"\xc1", record_length=BEFORE_ESD + 11)
    records += [bad_timestamp(good), bad_zoned(good)]
    land(spark, "raw_qjordje5", records)
    assert run_dbt(spark, ["build", "--select", "journal_entries", "journal_entries_decoded", "--full-refresh"])
    return {r["record_number"]: r for r in spark.table("jcat.journal_entries").collect()}


def test_a_view_over_the_raw_table_equal_to_the_table_build(spark, built):
    """journal_entries is a persistent VIEW calling only jcat.<fn>; its rows are what the Arrow UDFs give for the
    same SQL and what journal_entries_decoded (a table, decoded through decode_qjordje5) holds, and a load landed
    after the build shows up in the view with no build, not in the table."""
    assert_persistent_view(spark, "journal_entries", calls=("ebcdic_str", "unpack_zoned"))
    assert spark.catalog.getTable("jcat.journal_entries_decoded").tableType != "VIEW"
    rows = view_rows(spark, "journal_entries")
    assert rows == arrow_rows(spark, "journal_entries")
    assert rows == sorted(
        (r.asDict(recursive=True) for r in spark.table("jcat.journal_entries_decoded").collect()), key=repr
    )
    late = type5_record(dict(HEADING, JOSEQN=424242), b"\xc1\xc2", record_length=BEFORE_ESD + 11)
    land(spark, "raw_qjordje5", [late], load_id="L-LATE", mode="append")
    (row,) = spark.sql("select * from jcat.journal_entries where load_id = 'L-LATE'").collect()
    assert row.SEQUENCE_NUMBER == 424242 and bytes(row.ENTRY_SPECIFIC_DATA) == b"\xc1\xc2" and row.decode_errors == []
    assert spark.sql("select count(*) from jcat.journal_entries_decoded where load_id = 'L-LATE'").collect()[0][0] == 0


@pytest.mark.parametrize("i,case", list(enumerate(CASES)), ids=[c[0] for c in CASES])
def test_esd_is_exactly_the_entry_bytes_the_record_holds(built, i, case):
    _, esd, entl, reclen = case
    row = built[i]
    want = expected_esd(esd, entl, reclen)
    assert bytes(row["ENTRY_SPECIFIC_DATA"]) == want
    assert row["ENTRY_SPECIFIC_DATA_LENGTH"] == len(want)
    # an entry length shorter than the heading before its null indicators is impossible: named, its value kept
    before_indicators = ROW["JONVI"].pos - 1
    assert row["decode_errors"] == (["ENTRY_LENGTH"] if entl is not None and entl < before_indicators else [])
    assert row["ENTRY_LENGTH"] == (entl if entl is not None else BEFORE_ESD + len(esd))


def test_heading_decodes_every_field_as_encoded(built):
    row = built[0]
    assert row["ENTRY_LENGTH"] == BEFORE_ESD + 40
    assert row["SEQUENCE_NUMBER"] == Decimal(10_000_000_000_000_000_001)
    assert (row["JOURNAL_CODE"], row["JOURNAL_ENTRY_TYPE"]) == ("R", "UP")
    assert row["ENTRY_TIMESTAMP"] == dt.datetime(2024, 2, 29, 23, 59, 59, 999999)
    assert (row["JOB_NAME"], row["JOB_USER"], row["JOB_NUMBER"]) == ("ORDENTRY", "CLERK01", "004711")
    assert row["QUALIFIED_JOB_NAME"] == "004711/CLERK01/ORDENTRY"
    assert (
        row["PROGRAM_NAME"],
        row["PROGRAM_LIBRARY"],
        row["PROGRAM_LIBRARY_ASP_NAME"],
        row["PROGRAM_LIBRARY_ASP_NUMBER"],
    ) == ("ORD500", "ORDLIB", "IASP01", 33)
    assert (row["JOURNALED_OBJECT_NAME"], row["JOURNALED_OBJECT_LIBRARY"], row["JOURNALED_OBJECT_MEMBER"]) == (
        "ORDHDR",
        "ORDDTA",
        "ORDHDR",
    )
    assert row["COUNT_OR_RRN"] == 98765 and row["INDICATOR_FLAG"] == "0" and row["COMMIT_CYCLE"] == 1234567
    assert (row["USER_NAME"], row["SYSTEM_NAME"], row["JOURNAL_IDENTIFIER"]) == (
        "BOB",
        "PRODSYS",
        "0102030405060708090A",
    )
    assert (
        row["REFERENTIAL_CONSTRAINT"],
        row["TRIGGER"],
        row["INCOMPLETE_DATA"],
        row["IGNORED_BY_APPLY_REMOVE"],
        row["MINIMIZED_ENTRY_DATA"],
        row["OBJECT_NAME_INDICATOR"],
    ) == ("0", "1", "0", "0", "0", "1")
    assert row["SYSTEM_SEQUENCE_NUMBER"] == 55555555555
    assert (
        row["RECEIVER_NAME"],
        row["RECEIVER_LIBRARY"],
        row["RECEIVER_LIBRARY_ASP_NAME"],
        row["RECEIVER_LIBRARY_ASP_NUMBER"],
    ) == ("ORDRCV0042", "JRNLIB", "*SYSBAS", 1)
    assert (
        row["ARM_NUMBER"] == 7
        and row["THREAD_IDENTIFIER"] == "00000000000A2B3C"
        and row["THREAD"] == "00000000000A2B3C"
    )
    assert (row["ADDRESS_FAMILY"], row["REMOTE_PORT"], row["REMOTE_ADDRESS"]) == ("4", 50123, "10.1.2.3")
    assert (row["LOGICAL_UNIT_OF_WORK"], row["TRANSACTION_IDENTIFIER"]) == ("APPN.LU1.X'1234'", "XID-0001")
    assert (
        row["JOURNALED_OBJECT_TYPE"],
        row["FILE_TYPE_INDICATOR"],
        row["NESTED_COMMIT_LEVEL"],
        row["NULL_VALUE_INDICATORS"],
    ) == ("*QDDS", "0", 1, "0" * 10)
    assert (row["source_file"], row["record_offset"], row["load_id"]) == ("JRN.bin", 0, "L1")


def test_bad_timestamp_and_bad_zoned_become_nulls_named_in_decode_errors(built):
    ts_row, zoned_row = built[len(CASES)], built[len(CASES) + 1]
    assert ts_row["ENTRY_TIMESTAMP"] is None and ts_row["decode_errors"] == ["ENTRY_TIMESTAMP"]
    assert ts_row["SEQUENCE_NUMBER"] == Decimal(10_000_000_000_000_000_001)  # the rest of the row still decodes
    assert zoned_row["JOB_NUMBER"] is None and zoned_row["QUALIFIED_JOB_NAME"] is None
    assert zoned_row["decode_errors"] == ["JOB_NUMBER"]


def test_esd_start_is_a_property_of_the_outfile(spark, built):
    """NULLINDLEN(100) moves the ESD 50 bytes on: the var moves the cut and the null indicators widen with it."""
    esd = bytes(range(30))
    at = ROW["JONVI"].pos + 100
    rec = type5_record(dict(HEADING, JONVI="1" * 100), esd, record_length=at + 90, esd_at=at)
    land(spark, "raw_qjordje5", [rec], load_id="L-ESD660")
    assert run_dbt(
        spark, ["run", "--select", "journal_entries", "--full-refresh", "--vars", json.dumps({"jcat_ibmi_esd_pos": at})]
    )
    row = spark.table("jcat.journal_entries").collect()[0]
    assert bytes(row["ENTRY_SPECIFIC_DATA"]) == esd and row["ENTRY_SPECIFIC_DATA_LENGTH"] == 30
    assert row["NULL_VALUE_INDICATORS"] == "1" * 100
    assert row["decode_errors"] == []


@pytest.mark.heavy  # an upgrade's path, as test_upgrade.py's (a dbt run: seconds)
def test_a_build_drops_the_table_an_earlier_version_built_under_the_retired_name(spark, built):
    """A home of an earlier version holds the decoded table under its retired name: the next run drops it (its
    on-run-start hook) and leaves the table that replaced it."""
    retired = "jcat.journal_entries_records"  # the name an earlier version built it under
    spark.sql(f"CREATE TABLE {retired} USING parquet AS SELECT * FROM jcat.journal_entries_decoded")
    assert spark.catalog.tableExists(retired)
    assert run_dbt(spark, ["run", "--select", "journal_entries"])
    assert not spark.catalog.tableExists(retired)
    assert spark.catalog.tableExists("jcat.journal_entries_decoded")


def test_the_table_build_gives_each_column_its_description_as_comment(spark, built):
    """persist_docs on a table, in jcat's own run: the model's column descriptions (read here from its .yml) are the
    table's column comments, set in one metastore call; setting them again writes nothing."""
    import yaml

    from udfs.spark.column_comments import set_column_comments

    doc = yaml.safe_load((REPO / "models" / "ibmi" / "journal_entries_decoded.yml").read_text())
    (model,) = [m for m in doc["models"] if m["name"] == "journal_entries_decoded"]
    want = {c["name"]: c["description"] for c in model["columns"] if c.get("description")}
    got = {f.name: f.metadata.get("comment") for f in spark.table("jcat.journal_entries_decoded").schema.fields}
    assert len(want) > 50 and {k: got[k] for k in want} == want
    assert set_column_comments(spark, "jcat.journal_entries_decoded", want) == 0
    assert set_column_comments(spark, "jcat.journal_entries_decoded", {"SEQUENCE_NUMBER": "changed"}) == 1
    assert spark.table("jcat.journal_entries_decoded").schema["SEQUENCE_NUMBER"].metadata["comment"] == "changed"
    set_column_comments(spark, "jcat.journal_entries_decoded", want)

"""audit_journal_m7: generated M7 files of every entry type and action round-trip through jcat load, the dbt
build and `jcat sql --format json` with every value as encoded; mutated records give NULLs named in
decode_errors; the relation is a persistent view over the raw table, calling the persistent SQL functions, and
the one line in dbt_project.yml that makes it an incremental table gives the same rows."""

from __future__ import annotations

import contextlib
import io
import json
import time

import pytest
from support.codegen import whole_stage_methods
from support.ibmi import entries as ibmi

from udfs import cli
from udfs.dbt.runner import run_dbt
from udfs.demo import ibmi as demo
from udfs.spark.landing.loader import load

# Records come from the tests' encoder, written from seed 000's table in tests/data/sources (never the declaration).
ROW = {r.key: r for r in (*ibmi.heading_table(), *ibmi.m7_table())}
RECORD_LENGTH = ibmi.m7_table()[-1].pos + ibmi.m7_table()[-1].width - 1

# Where each encoded M7 field lands, by entry type (seed 000's wording); anything not listed must be NULL.
ROUTES = {
    "RESYNC_TYPE": lambda t, a: {"S": "RESYNC_TYPE", "V": "VERSION_GROUP"}.get(t),
    "INCLUSION_STATE": lambda t, a: (
        "INCLUSION_STATE" if t in "AD" else ("VERSION_ACTIVATION" if t == "V" and a in ("ADD", "RMV") else None)
    ),
    "ASP_NAME": lambda t, a: "IASP_NAME" if t in "ADPSRU" else None,
    "LIBRARY_NAME": lambda t, a: "LIBRARY_NAME" if t in "ADRU" else None,
    "OBJECT_TYPE": lambda t, a: "OBJECT_TYPE" if t in "ADRU" else None,
    "OBJECT_NAME": lambda t, a: "OBJECT_NAME" if t in "ADRU" else None,
    "ORIGINAL_LIBRARY_NAME": lambda t, a: "ORIGINAL_LIBRARY_NAME" if t == "D" else None,
    "SYSTEM_VALUE": lambda t, a: "SYSTEM_VALUE" if t in "AR" else None,
    "ENVIRONMENT_VARIABLE": lambda t, a: (
        "ENVIRONMENT_VARIABLE" if t in "AR" else ("VERSION_NAME" if t == "V" else None)
    ),
    "APPLY_LABEL": lambda t, a: (
        "APPLY_LABEL" if t in "APR" else ("VERSION_IDENTIFIER" if t == "V" and a in ("ADD", "RMV") else None)
    ),
    "RULE_IDENTIFIER_2": lambda t, a: (
        "RULE_IDENTIFIER" if t in "ADR" else ("VERSION_ENTRY_NUMBER" if t == "V" and a in ("ADD", "RMV") else None)
    ),
    "NUMBER_OF_OBJECTS_2": lambda t, a: "NUMBER_OF_OBJECTS" if t in "APRSU" else None,
}
ROUTED = {
    "RESYNC_TYPE",
    "VERSION_GROUP",
    "INCLUSION_STATE",
    "VERSION_ACTIVATION",
    "IASP_NAME",
    "LIBRARY_NAME",
    "OBJECT_TYPE",
    "OBJECT_NAME",
    "ORIGINAL_LIBRARY_NAME",
    "SYSTEM_VALUE",
    "ENVIRONMENT_VARIABLE",
    "VERSION_NAME",
    "APPLY_LABEL",
    "VERSION_IDENTIFIER",
    "RULE_IDENTIFIER",
    "VERSION_ENTRY_NUMBER",
    "NUMBER_OF_OBJECTS",
}


def expected_row(v: dict) -> dict:
    t, a = v["ENTRY_TYPE"], v.get("ACTION")
    want = {c: None for c in ROUTED}
    for field, route in ROUTES.items():
        col = route(t, a)
        if col is not None:
            want[col] = v.get(field, 0 if field.endswith("_2") else None)
    want.update(
        ENTRY_TYPE=t,
        ACTION=a if t == "V" else None,
        SEQUENCE_NUMBER=v["JOSEQN"],
        ENTRY_TIMESTAMP=v["JOTSTP"].isoformat(),
        JOB_NAME=v["JOJOB"],
        JOB_USER=v["JOUSER"],
        JOB_NUMBER=f"{v['JONBR']:06d}",
        QUALIFIED_JOB_NAME=f"{v['JONBR']:06d}/{v['JOUSER']}/{v['JOJOB']}",
        PROGRAM_NAME=v["JOPGM"],
        PROGRAM_LIBRARY=v["JOPGMLIB"],
        PROGRAM_LIBRARY_ASP_NAME=v["JOPGMDEV"],
        PROGRAM_LIBRARY_ASP_NUMBER=v["JOPGMASP"],
        USER_NAME=v["JOUSPF"],
        SYSTEM_NAME=v["JOSYNM"],
        RECEIVER_NAME=v["JORCV"],
        RECEIVER_LIBRARY=v["JORCVLIB"],
        SYSTEM_SEQUENCE_NUMBER=v["JOSYSSEQ"],
        THREAD=v["JOTHDX"],
        JOURNAL_CODE="T",
        JOURNAL_ENTRY_TYPE="M7",
        ENTRY_LENGTH=RECORD_LENGTH,
        decode_errors=[],
    )
    return want


def jcat_sql_json(query: str) -> list[dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["sql", "--format", "json", query]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines() if line.startswith("{")]


def mutate(record: bytes, key: str, new: bytes) -> bytes:
    """The record with the bytes of the table's field `key` replaced by `new`."""
    at = ROW[key].pos - 1
    return record[:at] + new + record[at + len(new) :]


@pytest.fixture(scope="module")
def landed(spark, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ibmi-m7")
    m7 = folder / "QAUDJRN_M7.bin"
    m7.write_bytes(b"".join(ibmi.m7_record(v) for v in ibmi.m7_entries()))
    assert load(spark, "qasym7j5", [str(m7)]).records == len(ibmi.m7_entries())
    path = tmp_path_factory.mktemp("ibmi-bad") / "QAUDJRN_BAD.bin"
    path.write_bytes(b"".join(bad_records()))
    assert load(spark, "qasym7j5", [str(path)]).records == 4
    assert run_dbt(spark, ["build", "--select", "audit_journal_m7", "--full-refresh"])
    return {"qasym7j5": [m7]}


def test_every_entry_type_and_action_round_trips_with_every_value_as_encoded(landed):
    rows = jcat_sql_json(
        "SELECT * FROM audit_journal_m7 WHERE source_file LIKE '%QAUDJRN_M7.bin' ORDER BY record_offset"
    )
    entries = ibmi.m7_entries()
    assert len(rows) == len(entries)
    for got, v in zip(rows, entries):
        want = expected_row(v)
        assert {k: got[k] for k in want} == want, v
    assert {(r["ENTRY_TYPE"], r["ACTION"]) for r in rows} >= {(t, None) for t in "ADPRSU"} | {
        ("V", a) for a in ("ADD", "APY", "RMV", "RFS")
    }
    big = [
        r for r in rows if (r["RULE_IDENTIFIER"] or r["VERSION_ENTRY_NUMBER"] or r["NUMBER_OF_OBJECTS"] or 0) >= 2**31
    ]
    assert len(big) >= 4  # identifiers and counts beyond the 4-byte copies came through whole
    assert all(r["ENTRY_TYPE_DETAIL"] for r in rows) and all(r["ACTION_DETAIL"] for r in rows if r["ENTRY_TYPE"] == "V")


def test_the_demos_four_byte_copies_hold_the_overflow_sentinels(tmp_path):
    """The demo's file (udfs/demo/ibmi.py, encoded by the declaration) is what IBM i writes, read at seed 000's
    positions: the 4-byte rule copy reads 0 and the count copy -1 when the 8-byte value does not fit."""
    data = demo.generate(tmp_path)["qasym7j5"][0].read_bytes()
    recs = [data[i : i + RECORD_LENGTH] for i in range(0, len(data), RECORD_LENGTH)]

    def read(key):
        r = ROW[key]
        return [int.from_bytes(rec[r.pos - 1 : r.pos - 1 + r.width], "big", signed=True) for rec in recs]

    r4, r8, n4, n8 = (
        read(k) for k in ("RULE_IDENTIFIER_1", "RULE_IDENTIFIER_2", "NUMBER_OF_OBJECTS_1", "NUMBER_OF_OBJECTS_2")
    )
    assert any(a == 0 and b >= 2**31 for a, b in zip(r4, r8)) and any(a == -1 and b >= 2**31 for a, b in zip(n4, n8))
    assert all(a == b for a, b in zip(r4, r8) if -(2**31) <= b < 2**31) and {
        r["ENTRY_TYPE"] for r in demo.m7_entries()
    } == set("ADPRSUV")


def test_mutated_records_give_nulls_named_in_decode_errors_not_a_failed_build(landed):
    rows = jcat_sql_json(
        "SELECT JOB_NUMBER, QUALIFIED_JOB_NAME, ENTRY_TIMESTAMP, ENTRY_TYPE, ENTRY_TYPE_DETAIL, "
        "INCLUSION_STATE, RULE_IDENTIFIER, decode_errors FROM audit_journal_m7 "
        "WHERE source_file LIKE '%QAUDJRN_BAD.bin' ORDER BY record_offset"
    )
    job, ts, etype, incl = rows
    assert job["JOB_NUMBER"] is None and job["QUALIFIED_JOB_NAME"] is None and job["decode_errors"] == ["JOB_NUMBER"]
    assert ts["ENTRY_TIMESTAMP"] is None and ts["decode_errors"] == ["ENTRY_TIMESTAMP"]
    assert etype["ENTRY_TYPE"] == "Z" and etype["ENTRY_TYPE_DETAIL"] is None and etype["RULE_IDENTIFIER"] is None
    assert etype["decode_errors"] == ["ENTRY_TYPE"]
    assert incl["INCLUSION_STATE"] == "MAYBE" and incl["decode_errors"] == ["INCLUSION_STATE"]
    assert incl["RULE_IDENTIFIER"] == ibmi.m7_entries()[0]["RULE_IDENTIFIER_2"]  # the rest of the row still decodes


def test_relation_is_a_view_calling_only_persistent_functions(spark, landed):
    (kind,) = [t.tableType for t in spark.catalog.listTables("jcat") if t.name == "audit_journal_m7"]
    assert kind == "VIEW"
    ddl = spark.sql("SHOW CREATE TABLE jcat.audit_journal_m7").collect()[0][0]
    assert "jcat.ebcdic_str(" in ddl and "jcat.unpack_zoned(" in ddl and "jcat.parse_ibmi_timestamp(" in ddl
    assert "decode_qasym7j5" not in ddl
    columns = {f.name: f.metadata.get("comment") for f in spark.table("jcat.audit_journal_m7").schema.fields}
    assert columns["source_file"] == "File the record was landed from."  # persist_docs reaches the view's columns


def _view_made(spark) -> tuple[str, str]:
    """(the inputs hash the view was made from, when it was made: seconds)."""
    props = {r["key"]: r["value"] for r in spark.sql("SHOW TBLPROPERTIES jcat.audit_journal_m7").collect()}
    return props.get("jcat.view_inputs"), props["transient_lastDdlTime"]


def test_an_unchanged_view_is_kept_and_full_refresh_makes_it_again(spark, landed):
    """A run whose view has the same inputs (SQL, descriptions, functions) leaves it as it is; --full-refresh
    makes it again (a run whose SQL differs makes it again too: the strict-view test below)."""
    inputs, made = _view_made(spark)
    assert inputs and len(inputs) == 32
    time.sleep(1.1)  # the metastore keeps the time in seconds
    assert run_dbt(spark, ["run", "--select", "audit_journal_m7"])
    assert _view_made(spark) == (inputs, made)
    assert run_dbt(spark, ["run", "--select", "audit_journal_m7", "--full-refresh"])
    again = _view_made(spark)
    assert again[0] == inputs and again[1] != made


def test_select_star_compiles_every_stage_it_tries(spark, landed):
    """Without spark.sql.codegen.maxFields (jcat's default: 30) the view's one projection is generated as
    whole-stage code that Spark then throws away on every query: past javac's 64 KB when the view called the SQL
    bodies (an ERROR and a stack trace, 0.4-0.5 s), past hugeMethodLimit under the compiled functions (a method
    HotSpot would not compile); with it, that projection is never tried and every stage tried compiles under the
    method limit."""
    query = "SELECT * FROM jcat.audit_journal_m7"
    assert spark.conf.get("spark.sql.codegen.maxFields") == "30"  # the session jcat starts
    sizes = whole_stage_methods(spark, lambda: spark.sql(query))
    assert sizes and all(0 < s <= int(spark.conf.get("spark.sql.codegen.hugeMethodLimit")) for s in sizes), sizes
    spark.conf.set("spark.sql.codegen.maxFields", "100")  # Spark's default: the failure this setting avoids
    try:
        limit = int(spark.conf.get("spark.sql.codegen.hugeMethodLimit"))
        assert any(s == -1 or s > limit for s in whole_stage_methods(spark, lambda: spark.sql(query)))
    finally:
        spark.conf.set("spark.sql.codegen.maxFields", "30")
    # and the view reads every record this module landed (another module of the same worker may land M7 files)
    ours = query + " WHERE source_file LIKE '%/QAUDJRN_M7.bin' OR source_file LIKE '%/QAUDJRN_BAD.bin'"
    assert len(spark.sql(ours).collect()) == len(ibmi.m7_entries()) + 4


@pytest.mark.heavy  # a project copy and two dbt runs; the suite builds incremental tables through the Arrow UDFs
def test_one_line_in_dbt_project_makes_it_an_incremental_table_with_the_same_rows(spark, landed, tmp_path):
    """The hand-written line `+materialized: view` under audit_journal_m7, changed to `incremental`, builds a
    parquet table (decoded by the Arrow UDFs) holding exactly the rows the view shows; then back to the view."""
    import os
    import shutil

    from support import REPO as repo

    project = tmp_path / "project"
    for part in ("models", "macros"):
        shutil.copytree(repo / part, project / part)
    for f in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(repo / f, project / f)
    text = (project / "dbt_project.yml").read_text()
    m7 = text.index("audit_journal_m7:")  # its own line; the other views' lines stay as they are
    line = text.index("+materialized: view", m7)
    between = text[text.index("\n", m7) + 1 : line].splitlines()
    assert text.count("audit_journal_m7:") == 1 and all(ln.strip()[:1] in ("", "#") for ln in between)
    (project / "dbt_project.yml").write_text(
        text[:line] + "+materialized: incremental" + text[line + len("+materialized: view") :]
    )
    query = "SELECT * FROM jcat.audit_journal_m7 ORDER BY source_file, record_offset"
    as_view = [r.asDict(recursive=True) for r in spark.sql(query).collect()]
    old = os.environ.get("JCAT_PROJECT_DIR")
    os.environ["JCAT_PROJECT_DIR"] = str(project)
    try:
        assert run_dbt(spark, ["run", "--select", "audit_journal_m7"])
        (kind,) = [t.tableType for t in spark.catalog.listTables("jcat") if t.name == "audit_journal_m7"]
        assert kind == "MANAGED"
        assert [r.asDict(recursive=True) for r in spark.sql(query).collect()] == as_view
    finally:
        if old is None:
            os.environ.pop("JCAT_PROJECT_DIR")
        else:
            os.environ["JCAT_PROJECT_DIR"] = old
        assert run_dbt(spark, ["run", "--select", "audit_journal_m7"])  # the view again, for the tests after
    (kind,) = [t.tableType for t in spark.catalog.listTables("jcat") if t.name == "audit_journal_m7"]
    assert kind == "VIEW"


def bad_records() -> list[bytes]:
    """The four mutated records of QAUDJRN_BAD.bin, in file order (as the `landed` fixture writes them)."""
    good = ibmi.m7_record(ibmi.m7_entries()[0])
    return [
        mutate(good, "JONBR", b"\xf0\xf1\x7b\xf3\xf4\xf5"),  # '#' among the zoned digits
        mutate(good, "JOTSTP", "2024-02-30-25.00.00.000000".encode("cp037")),  # no such day or hour
        mutate(good, "ENTRY_TYPE", b"\xe9"),  # entry type Z: not in seed 000
        mutate(good, "INCLUSION_STATE", "MAYBE     ".encode("cp037")),
    ]  # not in seed 000


def test_strict_view_fails_naming_file_offset_field_and_bytes(spark, landed):
    """var jcat_strict on a view: `dbt run` creates the view with the strict guard in its SQL, so a query that
    reads a bad record fails, naming the field, file, offset and bytes (a persistent function cannot read
    spark.jcat.strict, so a view is strict exactly when it was created strict). Which of the four bad records
    Spark meets first depends on task order, so the message is checked against the record at the offset it
    names; good records still read."""
    import re

    try:
        # Only this module's files: earlier modules of the run may have landed M7 records in the same home.
        ours = " OR ".join(f"source_file LIKE '%{p.parent.name}/{p.name}'" for p in landed["qasym7j5"])
        assert run_dbt(spark, ["run", "--select", "audit_journal_m7", "--vars", '{"jcat_strict": true}'])
        assert spark.sql(f"SELECT count(*) FROM jcat.audit_journal_m7 WHERE {ours}").collect()[0][0] == len(
            ibmi.m7_entries()
        )
        with pytest.raises(Exception) as err:
            spark.sql(
                f"SELECT * FROM jcat.audit_journal_m7 WHERE {ours} OR source_file LIKE '%/QAUDJRN_BAD.bin'"
            ).collect()
        msg = str(err.value)
        m = re.search(
            r"jcat strict: cannot decode ([A-Z_, ]+) in (\S+) at offset (\d+): record bytes X'([0-9A-F]+)'", msg
        )
        assert m, msg[-2000:]
        fields, file, offset, shown = m.groups()
        assert file.endswith("QAUDJRN_BAD.bin")
        i = int(offset) // RECORD_LENGTH
        assert int(offset) % RECORD_LENGTH == 0 and i < 4
        assert fields == ["JOB_NUMBER", "ENTRY_TIMESTAMP", "ENTRY_TYPE", "INCLUSION_STATE"][i]
        assert shown == bad_records()[i][:128].hex().upper()
    finally:  # the tests after this one read the view as the non-strict run leaves it
        assert run_dbt(spark, ["run", "--select", "audit_journal_m7"])


def test_strict_session_makes_decode_qasym7j5_raise_naming_field_and_bytes(spark, landed):
    bad = bad_records()[0]
    assert spark.sql(f"SELECT decode_qasym7j5(X'{bad.hex()}').JONBR AS n").collect()[0].n is None  # lenient: NULL
    spark.sql("SET spark.jcat.strict=true")
    try:
        with pytest.raises(Exception) as err:
            spark.sql(f"SELECT decode_qasym7j5(X'{bad.hex()}').JONBR AS n").collect()
    finally:
        spark.sql("SET spark.jcat.strict=false")
    text = str(err.value)
    assert (
        f"DecodeError: decode_qasym7j5 field JONBR (position {ROW['JONBR'].pos}, {ROW['JONBR'].width} bytes)" in text
    ), text[-2000:]
    assert "X'F0F17BF3F4F5'" in text
    assert spark.sql(f"SELECT decode_qasym7j5(X'{bad.hex()}').JONBR AS n").collect()[0].n is None  # restored


@pytest.mark.parametrize("terminator", ["\n", "\x85", "\r"])  # X'25', X'15', X'0D' in CCSID 37
def test_a_version_identifier_ending_in_a_line_terminator_is_not_the_seeds_shape(spark, terminator):
    """Spark's rlike is Java's regex, whose `$` also matches before a final line terminator: the shape must end
    with \\z, or '1.2' and a line feed would pass as a version identifier."""
    from udfs.core.layouts.qasym7j5 import ROUTES

    (route,) = [r for r in ROUTES if r.column == "VERSION_IDENTIFIER"]
    pattern = route.pattern.replace("\\", "\\\\")
    shape = f"rlike '{pattern}'"
    good, bad = spark.sql(f"select '1.2' {shape}, concat('1.2', char({ord(terminator)})) {shape}").first()
    assert good and not bad

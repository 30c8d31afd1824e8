"""jcat's dbt integration project (integration_tests/, dbt-utils style), as a user's own dbt-spark project: it lists
jcat in packages.yml, decodes seed records through jcat's field macros, and declares a table of its own (an IBM SQL
Replication CD table, `jcat tables add`), whose unload records the tests' encoder writes and `jcat load` lands.
`dbt build` there builds both, and data tests compare the actual rows to the expected rows of seeds."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from support import REPO
from support.ibmsnap import unload

from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.core.ddl import parse_text
from udfs.dbt.runner import run_dbt
from udfs.spark.landing import load

PROJECT = REPO / "integration_tests"
TABLE = "integration_staff"
# How the committed declaration was made (integration_tests/dbt_project.yml says so too); the DDL is its copy.
ADD = [
    "tables",
    "add",
    TABLE,
    "--log",
    "ibmsnap",
    "--ddl",
    "{ddl}",
    "--key",
    "STAFFNO",
    "--before-prefix",
    "X",
    "--updates-as-delete-insert",
    "no",
]
DECLARED = (Path("tables"), Path("models") / "jcat_tables", Path("macros") / "jcat_tables")
COLUMNS = ("STAFFNO", "NAME", "DEPT", "PAY", "STARTED", "GRADE", "BONUS")
T0 = dt.datetime(2026, 11, 26, 8, 30, 1, 123456)


def change(op: str, seq: int, staffno, name, dept, xdept, pay, xpay, started, grade, bonus) -> dict:
    """One CD row: the IBMSNAP columns, then the registered columns and their before images (X prefix)."""
    return {
        "IBMSNAP_UOWID": bytes([0x80 + seq]) * 10,
        "IBMSNAP_INTENTSEQ": bytes([seq]) * 10,
        "IBMSNAP_OPERATION": op,
        "STAFFNO": staffno,
        "NAME": name,
        "DEPT": dept,
        "XDEPT": xdept,
        "PAY": pay,
        "XPAY": xpay,
        "STARTED": started,
        "GRADE": grade,
        "BONUS": bonus,
    }


CHANGES = [
    change("I", 1, "000010", "Haas", "A00", None, Decimal("52750.00"), None, T0, 3, 1000),
    change("U", 2, "000010", "Haas", "B01", "A00", Decimal("-0.01"), Decimal("52750.00"), None, -2, None),
    change("D", 3, "000020", "Thompson", None, None, None, None, T0, None, -70000),
    change("I", 4, "000030", "Kwan", "C01", None, Decimal("38250.00"), None, T0, 1, 500),  # BONUS indicator broken
]
BROKEN = {4: "BONUS"}


def records(ddl_text: str) -> bytes:
    """The CD table's unload file: each change as the tests' Db2 unload encoder writes it (leading null indicators);
    change 4's BONUS indicator (the record's 5th byte from the end: indicator, then INTEGER) is X'01', neither a
    value nor a NULL marker."""
    cols = parse_text(ddl_text, f"{TABLE}.sql").columns
    out = []
    for c in CHANGES:
        rec = bytearray(unload.record(cols, c))
        if c["IBMSNAP_INTENTSEQ"][0] in BROKEN:
            rec[-5] = 0x01
        out.append(bytes(rec))
    return b"".join(out)


def images() -> list[tuple]:
    """The rows the images must be, from the changes as written (docs/ibmsnap.md): I an after row, D a before row
    with the deleted values, U a before row (key kept, X<column> for a column with a before image, else NULL) then
    an after row; a broken column is NULL and named."""
    out = []
    for c in CHANGES:
        seq, op = c["IBMSNAP_INTENTSEQ"], c["IBMSNAP_OPERATION"]
        broken = BROKEN.get(seq[0])
        after = tuple(None if k == broken else c[k] for k in COLUMNS)
        errors = [broken] if broken else []
        if op == "U":
            before = tuple(c[k] if k == "STAFFNO" else c.get("X" + k) for k in COLUMNS)
            out.append((seq, op, "before", False, *before, errors))
        out.append((seq, op, "before" if op == "D" else "after", False, *after, errors))
    return out


def _declared_files(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text()
        for folder in DECLARED
        for p in sorted((root / folder).rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory):
    """The project copied, jcat installed as its package, the CD table's records landed, `dbt build` run."""
    folder = tmp_path_factory.mktemp("integration")
    project = folder / "integration_tests"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("target", "dbt_packages", "logs"))
    env = {"JCAT_PROJECT_DIR": str(project), "JCAT_PACKAGE_DIR": str(REPO), "DBT_TARGET_PATH": str(project / "target")}
    with pytest.MonkeyPatch.context() as mp:
        for k, v in env.items():
            mp.setenv(k, v)
        assert run_dbt(spark, ["deps"])
        unl = folder / f"{TABLE}.unl"
        unl.write_bytes(records((project / "tables" / f"{TABLE}.sql").read_text()))
        layout, length, _ = load_target(TABLE, None)  # as `jcat load integration_staff FILE` resolves it
        assert (layout, length) == (f"ibmsnap_{TABLE}", 104)  # 10+10+1+6+22+2*4+2*6+27+3+5: the DDL's widths
        assert load(spark, layout, [str(unl)], record_length=length).ok
        ok = run_dbt(spark, ["build"])
        results = json.loads((project / "target" / "run_results.json").read_text())["results"]
        yield ok, results


def _by_name(results: list[dict]) -> dict[str, dict]:
    """Models, seeds and singular tests by name (a generic test's unique_id ends with a hash instead)."""
    return {r["unique_id"].split(".")[-1]: r for r in results}


def test_macros_decode_the_seed_records_to_the_expected_rows(spark, built):
    ok, results = built
    actual = sorted(tuple(r) for r in spark.table("jcat_integration.integration_actual").collect())
    expected = sorted(tuple(r) for r in spark.table("jcat_integration.integration_expected").collect())
    assert actual == expected  # says which values differ; the dbt data test below must agree
    status = {name: r["status"] for name, r in _by_name(results).items()}
    assert ok, status
    assert status["integration_actual_equals_expected"] == "pass"
    assert {"integration_actual", "integration_expected", "integration_records", "integration_expected_rows"} <= set(
        status
    )
    # macros/jcat_row_rules.sql: one query per model; a broken rule is one returned row, named, with its row count
    rules = [r for r in results if "_row_rules_integration_actual_" in r["unique_id"]]
    assert sorted((r["status"], r["failures"]) for r in rules) == [("pass", 0), ("warn", 2)], rules
    (warned,) = [r for r in rules if r["status"] == "warn"]
    broken = sorted(tuple(r) for r in spark.sql(warned["compiled_code"]).collect())
    assert broken == [("char_value_is_hello", 2), ("char_value_not_null", 1)]
    types = {f.name: f.dataType.simpleString() for f in spark.table("jcat_integration.integration_actual").schema}
    assert types == {
        "id": "int",
        "char_value": "string",
        "zoned_value": "decimal(5,2)",
        "packed_value": "decimal(5,2)",
        "bin_signed": "bigint",
        "bin_unsigned": "bigint",
        "ts_value": "timestamp_ntz",
    }
    assert spark.table("jcat_integration.integration_actual").count() == 3


@pytest.mark.parametrize("relation", [f"{TABLE}_images", f"{TABLE}_images_decoded"])
def test_the_declared_table_gives_the_images_the_encoder_wrote(spark, built, relation):
    ok, results = built
    results = _by_name(results)
    cols = ", ".join(f"`{c}`" for c in COLUMNS)
    got = spark.sql(
        f"select IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION, image_kind, updates_as_delete_insert, {cols}, "
        f"decode_errors from jcat_integration.{relation} order by record_number, image_kind = 'after'"
    )
    assert [tuple(r[:-1]) + (list(r[-1]),) for r in got.collect()] == images()
    # the project's own data test (integration_tests/seeds/integration_staff_expected_rows.csv) agrees
    assert results[relation]["status"] == "success"
    assert results[f"{TABLE}_images_equal_expected"]["status"] == "pass", results[f"{TABLE}_images_equal_expected"]
    assert ok


def test_the_expected_seed_holds_every_image(spark, built):
    """The data tests compare against the seed: it must be the images above, not an empty or partial table."""
    rows = spark.table("jcat_integration.integration_staff_expected").collect()
    by_image = lambda r: (r[0], r[2])  # (sequence, image kind): unique per row
    got = [(bytes.fromhex(r[0]), *r[1:-1], [r[-1]] if r[-1] else []) for r in rows]
    assert sorted(got, key=by_image) == sorted(images(), key=by_image)


def test_the_committed_declaration_is_what_tables_add_writes(tmp_path, monkeypatch):
    """integration_tests/tables and its models/jcat_tables and macros/jcat_tables are what `jcat tables add` writes
    (a change to the renderers must be followed by `jcat generate` with JCAT_PROJECT_DIR=integration_tests)."""
    fresh = tmp_path / "integration_tests"
    shutil.copytree(
        PROJECT, fresh, ignore=shutil.ignore_patterns("target", "dbt_packages", "logs", "tables", "jcat_tables")
    )
    ddl = tmp_path / "CDSTAFF.sql"
    ddl.write_text((PROJECT / "tables" / f"{TABLE}.sql").read_text())
    monkeypatch.setenv("JCAT_PROJECT_DIR", str(fresh))
    assert _declared_files(fresh) == {}
    assert main([a.format(ddl=ddl) for a in ADD]) == 0
    written, committed = _declared_files(fresh), _declared_files(PROJECT)
    assert sorted(written) == sorted(committed)
    assert [p for p in written if written[p] != committed[p]] == []
    # and `jcat generate --check` with JCAT_PROJECT_DIR at the committed project finds them current
    from udfs.render import generate

    monkeypatch.setenv("JCAT_PROJECT_DIR", str(PROJECT))
    assert [line for line in generate.problems() if "integration_tests" in line] == []
    assert any(
        f"models/jcat_tables/{TABLE}_images.sql" in str(p) for p in generate.all_files(["declared_table_models"])
    )

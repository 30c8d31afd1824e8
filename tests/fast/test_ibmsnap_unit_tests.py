"""The IBMSNAP dbt unit tests (models/ibmsnap/ibmsnap_unit_tests.yml, rendered by tests/support/ibmsnap/unit.py) and
the tests' unload encoder they come from (tests/support/ibmsnap/unload.py): in sync, agreeing with the record spelled
byte by byte in test_unload_decode, and decoded by every layout function to the values encoded."""

from __future__ import annotations

import pyarrow as pa
import pytest
from support.ibmsnap import unit as ibmsnap_unit
from support.ibmsnap import unload as U
from support.ibmsnap.unload import EXPECTED, cd_employee

from udfs.core.catalog import BY_NAME


def test_rendered_unit_tests_are_in_sync():
    stale = [str(p) for p, text in ibmsnap_unit.rendered_files().items() if not p.exists() or p.read_text() != text]
    assert not stale, "run `python tests/write_unit_tests.py`: " + ", ".join(stale)


def test_every_record_model_has_a_unit_test_and_its_yml_holds_none():
    models = {p.stem for p in ibmsnap_unit.MODELS_DIR.glob("ibmsnap_*.sql")}
    tested = {t["model"] for t in ibmsnap_unit.unit_tests()}
    assert tested == {f"ibmsnap_{t}" for t in U.tables()} and tested <= models
    for m in tested:
        assert "unit_tests" not in (ibmsnap_unit.MODELS_DIR / f"{m}.yml").read_text()


@pytest.mark.parametrize("indicator", ["leading", "trailing"])
def test_the_encoder_writes_the_bytes_spelled_by_hand(indicator):
    assert U.record(U.cd_employee_columns(), EXPECTED, indicator) == bytes.fromhex(cd_employee(indicator))


def test_varchar16_sequences_take_a_length_and_16_bytes():
    cols = U.columns("uow", "os390", "varchar16")
    assert [U.width(c) for c in cols] == [18, 18, 26, 12, 18, 1, 18]
    values = dict(U.values(cols, 1), IBMSNAP_UOWID=b"\x0a\x0b\x0c")
    rec = U.record(cols, values)
    assert rec[:18] == b"\x00\x03\x0a\x0b\x0c" + b"\x00" * 13 and len(rec) == 111


VARIANTS = [(t, "os390", "char10", "leading") for t in U.tables()] + ibmsnap_unit.OTHER_VARIANTS


@pytest.mark.parametrize("table, platform, form, indicator", VARIANTS)
def test_the_layout_function_decodes_the_encoded_rows(table, platform, form, indicator):
    rows = ibmsnap_unit.rows(table, platform, form)
    cols = U.columns(table, platform, form)
    records = pa.array([U.record(cols, r, indicator) for r in rows], pa.binary())
    n = len(rows)
    got = (
        BY_NAME[f"decode_ibmsnap_{table}"]
        .kernel(records, pa.array([f"{platform}/{form}"] * n), pa.array([indicator] * n), pa.array([37] * n))
        .to_pylist()
    )
    names = [c.name for c in U.model_columns(table)]
    assert got == [{k: r.get(k) for k in names} for r in rows]

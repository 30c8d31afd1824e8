"""LLDF dbt unit tests (hex fixtures rendered by udfs.demo.lldf_unit): files in sync with the encoders, and passing."""

from __future__ import annotations

from udfs.demo import lldf_unit


def test_rendered_unit_tests_are_in_sync():
    stale = [str(p) for p, text in lldf_unit.rendered_files().items() if p.read_text() != text]
    assert not stale, "run `python -m udfs.demo.lldf_unit`: " + ", ".join(stale)


def test_every_lldf_model_has_unit_tests():
    assert {p.stem for p in lldf_unit.MODELS_DIR.glob("*.sql")} == set(lldf_unit.unit_tests())

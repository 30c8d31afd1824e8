"""LLDF dbt unit tests (hex fixtures rendered by tests/support/lldf/unit.py): files in sync with the encoders, and
passing."""

from __future__ import annotations

from support.lldf import unit as lldf_unit


def test_lldf_unit_test_files_on_disk_equal_what_the_tests_write():
    stale = [str(p) for p, text in lldf_unit.rendered_files().items() if p.read_text() != text]
    assert not stale, "run `python tests/write_unit_tests.py`: " + ", ".join(stale)


def test_every_lldf_model_has_unit_tests():
    # lldf_segments_decoded is lldf_segments' own decoding (one macro), ephemeral: its unit test is lldf_segments'
    models = {p.stem for p in lldf_unit.MODELS_DIR.glob("*.sql")}
    assert models - {"lldf_segments_decoded"} == set(lldf_unit.unit_tests()) and "lldf_segments_decoded" in models

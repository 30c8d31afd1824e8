"""The registry is the source of truth: the reference is generated from it and every function has golden rows."""

from __future__ import annotations

from support import REPO
from support.golden import BINARY_ARGS, GOLDEN

from udfs.core.catalog import BY_NAME, CATALOG, LAYOUT_FUNCTIONS
from udfs.render.function_reference import reference_markdown

FIELD_FUNCTIONS = [f for f in CATALOG if f not in LAYOUT_FUNCTIONS]

DOCS = REPO / "docs" / "functions.md"


def test_function_reference_is_current():
    assert DOCS.read_text() == reference_markdown(), "regenerate: jcat functions --markdown > docs/functions.md"


def test_every_function_has_golden_rows_valid_and_invalid():
    # Layout functions are tested field by field against these (tests/fast/test_record_decode.py).
    for fn in FIELD_FUNCTIONS:
        rows = [g for g in GOLDEN if g[0] == fn.name]
        assert len(rows) >= 5, f"{fn.name} needs golden rows in tests/support/golden.py"
        assert any(g[2] is None and g[1][0] is None for g in rows), f"{fn.name}: NULL in, NULL out row"
        assert fn.name in BINARY_ARGS


def test_every_optional_argument_is_exercised():
    for fn in FIELD_FUNCTIONS:
        arities = {len(g[1]) for g in GOLDEN if g[0] == fn.name}
        assert set(range(fn.min_args, len(fn.args) + 1)) <= arities, fn.name


def test_golden_rows_name_known_functions():
    assert {g[0] for g in GOLDEN} <= set(BY_NAME)


def test_names_are_unique_and_documented():
    assert len(BY_NAME) == len(CATALOG)
    for fn in CATALOG:
        assert fn.summary and fn.examples and fn.returns

"""The registry of layouts (udfs/core/layouts/registry.py) is the one list: each entry is consistent with its
declaration, its layout function, its framing, its model, its raw table and the bench; every place that differs by
layout has exactly its layouts."""

from __future__ import annotations

import importlib

import pytest
import yaml
from support import REPO

from udfs.core.catalog import BY_NAME as FUNCTIONS
from udfs.core.framing.frames import Framing
from udfs.core.framing.layout_framing import LayoutProblem, check_layout, resolve_framing
from udfs.core.layouts.registry import AREAS, BY_NAME, LAYOUTS, with_layout_function

NAMES = [layout.name for layout in LAYOUTS]


def test_names_are_unique_and_lower_case_as_jcat_load_takes_them():
    assert len(set(NAMES)) == len(NAMES)
    assert all(check_layout(name) == name for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_layouts_declaration_module_exists(name):
    assert importlib.import_module(BY_NAME[name].declared_in).__name__.startswith("udfs.core.layouts.")


@pytest.mark.parametrize("name", [layout.name for layout in with_layout_function()])
def test_a_fixed_layouts_fields_end_at_its_record_length(name):
    layout = BY_NAME[name]
    fields = layout.declared_fields()
    assert fields, f"{name}: no fields in {layout.declared_in}.{layout.fields}"
    if layout.record_length and not layout.length_varies:
        assert max(f.end for f in fields) - 1 == layout.record_length
        declared = getattr(importlib.import_module(layout.declared_in), "RECORD_LENGTH", layout.record_length)
        assert declared == layout.record_length


@pytest.mark.parametrize("name", NAMES)
def test_a_layouts_function_is_in_the_catalog(name):
    function = FUNCTIONS[BY_NAME[name].function]
    assert [a.name for a in function.args][0] == "record"


@pytest.mark.parametrize("name", NAMES)
def test_a_layouts_framing_resolves(name):
    layout = BY_NAME[name]
    if layout.self_delimiting:
        assert resolve_framing(name) == Framing("self", inner=name)
    elif layout.record_length:
        assert resolve_framing(name) == Framing("fixed", record_length=layout.record_length)
    else:
        with pytest.raises(LayoutProblem, match="record length is a property"):
            resolve_framing(name)
        assert resolve_framing(name, None, 700) == Framing("fixed", record_length=700)


@pytest.mark.parametrize("name", NAMES)
def test_a_layouts_model_is_in_its_areas_folder_and_reads_its_raw_table(name):
    layout = BY_NAME[name]
    folder = REPO / "models" / layout.area
    sql = (folder / f"{layout.model}.sql").read_text()
    assert f"'{layout.raw_table}'" in sql or f"jcat_ibmsnap_decode_{name.removeprefix('ibmsnap_')}" in sql


def test_the_bench_times_every_layouts_model():
    from udfs.bench.layouts import LAYOUTS as BENCH
    from udfs.bench.models import MODELS

    for layout in LAYOUTS:
        assert MODELS[layout.name] == (layout.model, layout.raw_table)
    assert set(BENCH) <= set(MODELS)


def test_the_sources_have_every_layouts_raw_table():
    doc = yaml.safe_load((REPO / "models" / "sources.yml").read_text())
    [jcat] = [s for s in doc["sources"] if s["name"] == "jcat"]
    tables = [t["name"] for t in jcat["tables"]]
    assert tables[: len(LAYOUTS)] == [layout.raw_table for layout in LAYOUTS]


def test_every_landed_table_is_a_layouts():
    from udfs.spark.landing.store import KNOWN_LAYOUTS

    assert list(KNOWN_LAYOUTS) == NAMES


def test_every_area_has_a_renderer_and_a_demo_and_every_demo_layout_is_known():
    from udfs.render.targets import AREA_MODELS, TARGETS

    assert sorted(AREA_MODELS) == sorted(AREAS) and all(f"{a}_models" in TARGETS for a in AREAS)
    for area in AREAS:
        demo = importlib.import_module(f"udfs.demo.{area}")
        assert demo.SHOWS and callable(demo.generate) and demo.MODELS and demo.QUERIES
        own = [name for name in demo.LAYOUTS if name in BY_NAME]
        assert own == [layout.name for layout in LAYOUTS if layout.area == area]


def test_an_unknown_layout_is_one_line_naming_every_layout_not_per_table():
    with pytest.raises(LayoutProblem) as e:
        check_layout("nope")
    message = str(e.value)
    assert "\n" not in message
    for layout in LAYOUTS:
        assert (layout.name if not layout.name.startswith("ibmsnap_") else "ibmsnap_<table>") in message

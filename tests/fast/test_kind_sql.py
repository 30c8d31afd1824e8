"""Each field kind's SQL is written once (udfs/render/kind_sql.py): the benchmark's Spark baseline is the very text
the models compile to with var jcat_field_engine='spark', and the struct column the text of a table build.
The generated macro (macros/jcat_layout_field.sql) is rendered here with Jinja, as dbt renders it."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from udfs.bench.kinds import BENCH_KINDS, jvm_sql, layout_sql
from udfs.core.kinds import Field
from udfs.render.kind_sql import KIND_SQL, column_sql, spark_sql

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = {"ibmi_ts": 26, "ts17": 17, "ts17_fraction": 17, "lrsn": 10, "u64": 8, "idms_ts": 8, "idms_ts_utc": 8}


def layout_field(engine: str):
    """macros/jcat_layout_field.sql's jcat_layout_field, with var('jcat_field_engine') = `engine`."""
    env = jinja2.Environment(extensions=["jinja2.ext.do"], undefined=jinja2.StrictUndefined)
    text = (ROOT / "macros" / "jcat_layout_field.sql").read_text()
    module = env.from_string(text, globals={"var": lambda name, default=None: engine}).module
    return module.jcat_layout_field


def _width(kind: str) -> int:
    return WIDTHS.get(kind, 5)


@pytest.mark.parametrize("kind", sorted(BENCH_KINDS))
def test_bench_baseline_is_the_models_spark_engine(kind):
    n = _width(kind)
    f = Field(name="X", pos=7, length=n, kind=kind)
    model = str(layout_field("spark")(kind, "record", 7, n)).strip()
    assert jvm_sql(f) == f"{model} AS X"


@pytest.mark.parametrize("kind", sorted(BENCH_KINDS))
def test_bench_layout_way_is_the_table_build_column(kind):
    n = _width(kind)
    model = str(layout_field("layout")(kind, "record", 7, n, "d", "X")).strip()
    assert layout_sql(Field(name="X", pos=7, length=n, kind=kind)) == f"{model} AS X"


@pytest.mark.parametrize("kind", sorted(KIND_SQL))
def test_every_kind_renders_into_the_macro_as_into_python(kind):
    """The macro's jinja for each template gives the text Python's formatting gives (regex counts included)."""
    n = _width(kind)
    b = f"substr(record, 3, {n})"
    assert str(layout_field("spark")(kind, "record", 3, n)).strip() == spark_sql(kind, b, n)
    assert str(layout_field("layout")(kind, "record", 3, n, "d", "X")).strip() == column_sql(kind, "d.X", n)

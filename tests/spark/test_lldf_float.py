"""FLOAT/REAL/DOUBLE columns of LLDF row images: the decode macro's SQL, rendered with plain Jinja (no dbt parse),
read back what the encoder wrote, in S/390 hexadecimal (default) and IEEE form; FLOAT(4|8) as SYSCOLUMNS and the
DLCI record name them reads as REAL/DOUBLE. (A declared table refuses DECFLOAT: tests/fast/test_lldf_float_forms.py.)"""

from __future__ import annotations

import jinja2
import pytest
from support import REPO

from udfs.core.layouts import lldf

MACROS = (REPO / "macros" / "jcat_lldf_float.sql").read_text()


class CompilerError(Exception):
    pass


class _Exceptions:
    @staticmethod
    def raise_compiler_error(msg):
        raise CompilerError(msg)


def _module():
    env = jinja2.Environment(extensions=["jinja2.ext.do"])
    # jcat.jcat_fn as in jcat's own table build: the catalog function by its Arrow UDF name
    jcat = type("jcat", (), {"jcat_fn": staticmethod(lambda name: name)})
    return env.from_string(MACROS).make_module(
        {"exceptions": _Exceptions, "var": lambda name, default=None: default, "jcat": jcat}
    )


@pytest.mark.parametrize(
    "coltype, length, value, fmt",
    [
        ("DOUBLE", 8, 4.25, "hfp"),
        ("DOUBLE", 8, -0.5, "hfp"),
        ("DOUBLE", 8, 1e-30, "hfp"),
        ("DOUBLE", 8, 0.0, "hfp"),
        ("REAL", 4, 128.0, "hfp"),
        ("REAL", 4, -3.5, "hfp"),
        ("FLOAT", 8, 123456.789, "hfp"),
        ("FLOAT", 4, -0.15625, "hfp"),
        ("FLOAT", 8, 123456.789, "ieee"),
        ("FLOAT", 4, -0.15625, "ieee"),
        ("DOUBLE", 8, -2.5e300, "ieee"),
    ],
)
def test_float_column_reads_back_what_was_encoded(spark, coltype, length, value, fmt):
    col = {"name": "X", "coltype": coltype, "length": length, "scale": 0, "nullable": "N"}
    data = lldf.encode_column(col, value, float_format=fmt)
    assert len(data) == length  # a FLOAT(4|8) takes the bytes of REAL/DOUBLE
    expr = str(_module().jcat_lldf_float("img", length, fmt))
    got = spark.sql(f"select {expr} as v from (select X'{data.hex()}' as img)").collect()[0].v
    # an HFP fraction has 56 (24) bits; encoded from a double (float32 for IEEE REAL) the read-back is that close
    tol = (
        0
        if fmt == "hfp" and length == 8 and value in (4.25, -0.5, 0.0)
        else abs(value) * (1e-15 if length == 8 else 1e-6)
    )
    assert abs(got - value) <= tol

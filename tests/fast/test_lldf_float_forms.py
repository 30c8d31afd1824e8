"""FLOAT/REAL/DOUBLE columns of LLDF row images: the decode macro's SQL, rendered with plain Jinja (no dbt parse),
read back what the encoder wrote, in S/390 hexadecimal (default) and IEEE form; FLOAT(4|8) as SYSCOLUMNS and the
DLCI record name them reads as REAL/DOUBLE; DECFLOAT is refused at compile time (its logical-log form is unknown)."""

from __future__ import annotations

import jinja2
import pytest

from udfs.core.layouts import lldf

from support import REPO

MACROS = (REPO / "macros" / "jcat_lldf_image.sql").read_text()


class CompilerError(Exception):
    pass


class _Exceptions:
    @staticmethod
    def raise_compiler_error(msg):
        raise CompilerError(msg)


def _module():
    env = jinja2.Environment(extensions=["jinja2.ext.do"])
    return env.from_string(MACROS).make_module({"exceptions": _Exceptions, "var": lambda name, default=None: default})


def test_hfp_is_the_mainframes_form():
    # SAS RB8. of 128 on an IBM mainframe is 4280000000000000 (SAS language reference, RBw.d)
    assert lldf.hfp(128.0).hex().upper() == "4280000000000000"


@pytest.mark.parametrize("coltype, length, message", [("DECFLOAT", 16, "DECFLOAT"), ("FLOAT", 16, "4 or 8")])
def test_unknown_float_forms_are_refused(coltype, length, message):
    col = {"name": "X", "coltype": coltype, "length": length, "scale": 0, "nullable": "N"}
    with pytest.raises(CompilerError, match=message):
        str(_module().jcat_lldf_width("img", col, "1"))

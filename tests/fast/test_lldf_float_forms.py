"""FLOAT/REAL/DOUBLE columns of LLDF row images: S/390 hexadecimal floating point is the mainframe's form; a declared
table reads FLOAT(n) as REAL (n <= 24, 4 bytes) or DOUBLE (8 bytes), and refuses DECFLOAT in one line (the logical
log's column types, DLCI, have no decimal floating point form)."""

from __future__ import annotations

import pytest

from udfs.core import ddl
from udfs.core.layouts import lldf
from udfs.core.tables.declaration import DeclaredTable
from udfs.core.tables.lldf_image import image_columns
from udfs.core.tables.options import LldfOptions


def test_hfp_is_the_mainframes_form():
    # SAS RB8. of 128 on an IBM mainframe is 4280000000000000 (SAS language reference, RBw.d)
    assert lldf.hfp(128.0).hex().upper() == "4280000000000000"


def _declared(tmp_path, columns: str) -> DeclaredTable:
    path = tmp_path / "t.sql"
    path.write_text(f"CREATE TABLE P.T (A INTEGER NOT NULL,\n  {columns});\n")
    return DeclaredTable("t", "lldf", ddl.parse_declared(path), "t.sql", (), lldf=LldfOptions("P", "T"))


def test_float_n_takes_the_bytes_of_real_or_double(tmp_path):
    cols = image_columns(_declared(tmp_path, "F FLOAT(21), G FLOAT(53), H FLOAT, R REAL, D DOUBLE"))
    assert [(c.name, c.spark_type, c.width) for c in cols[1:]] == [
        ("F", "FLOAT", 4),
        ("G", "DOUBLE", 8),
        ("H", "DOUBLE", 8),
        ("R", "FLOAT", 4),
        ("D", "DOUBLE", 8),
    ]


def test_decfloat_is_refused_in_one_line_naming_file_and_line(tmp_path):
    with pytest.raises(ddl.DdlProblem, match=r"t\.sql:2: column D is DECFLOAT"):
        _declared(tmp_path, "D DECFLOAT(16)")

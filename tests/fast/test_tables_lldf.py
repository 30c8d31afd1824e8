"""`jcat tables add --log lldf`: a Db2 for z/OS table declared for its Log Master row images; every refusal one line.

The project is a copy made by the home-project scaffold in a temporary folder (JCAT_PROJECT_DIR), so no dbt runs.
"""

from __future__ import annotations

import pytest
import yaml
from support.declared import project_with_ddl

from udfs.cli import main
from udfs.render.generate import problems

DDL = """CREATE TABLE PAYROLL.STAFF
  (ID        INTEGER      NOT NULL,
   NAME      VARCHAR(20)  NOT NULL,
   DEPT      CHAR(3),
   PAY       DECIMAL(9,2),
   PRIMARY KEY (ID))
  IN PAYDB.STAFFTS;
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {"staff.sql": DDL})
    return root


def tables(capsys, *argv):
    code = main(["tables", *argv])
    out = capsys.readouterr()
    return code, out.out, [x for x in out.err.splitlines() if x.strip()]


def add(tmp_path, capsys, ddl="staff.sql", *more, name="staff"):
    return tables(capsys, "add", name, "--log", "lldf", "--ddl", str(tmp_path / ddl), *more)


def test_add_declares_the_table_its_header_names_and_says_what_it_made(project, tmp_path, capsys):
    code, out, err = add(tmp_path, capsys)
    assert code == 0, err
    assert (
        "table jcat.staff_images_decoded (decoded from jcat.lldf_change_stream) and view jcat.staff_images over it"
    ) in out
    decl = yaml.safe_load((project / "tables" / "staff.yml").read_text())
    assert decl["lldf"] == {"table": "PAYROLL.STAFF", "ccsid": 37, "float_format": "hfp"}
    view = (project / "models" / "jcat_tables" / "staff_images.sql").read_text()
    assert "ref('staff_images_decoded')" in view and "materialized='view'" in view
    twin = (project / "models" / "jcat_tables" / "staff_images_decoded.sql").read_text()
    assert "ref('jcat', 'lldf_change_stream')" in twin and "materialized='incremental'" in twin
    macro = (project / "macros" / "jcat_tables" / "staff_images.sql").read_text()
    assert "TABLEOWNER = 'PAYROLL' and TABLENAME = 'STAFF'" in macro
    assert not [p for p in problems() if "jcat_tables" in p]  # generate --check agrees with what add wrote


def test_table_option_overrides_the_ddl_name_and_show_lists_colno_order(project, tmp_path, capsys):
    assert add(tmp_path, capsys, "staff.sql", "--table", "HR.STAFF_V2", "--float-format", "ieee")[0] == 0
    code, out, _ = tables(capsys, "list")
    assert out.split() == ["staff", "lldf", "PAYROLL.STAFF", "HR.STAFF_V2"]
    code, out, _ = tables(capsys, "show", "staff")
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[3:]}
    # seed 002: COLNO order, a null byte before each nullable column, VARCHAR 2 bytes of length then data,
    # DECIMAL(9,2) packed in 5 bytes
    assert rows == {
        "ID": ["INT", "1", "4", "no"],
        "NAME": ["STRING", "2", "2+len", "no"],
        "DEPT": ["STRING", "3", "3", "yes"],
        "PAY": ["DECIMAL(9,2)", "4", "5", "yes"],
    }
    assert "jcat.jcat_lldf_float" not in (project / "macros" / "jcat_tables" / "staff_images.sql").read_text()


def _ddl_with(tmp_path, name: str, columns: str, schema: str = "PAYROLL.") -> str:
    (tmp_path / name).write_text(f"CREATE TABLE {schema}T (\n  A INTEGER NOT NULL,\n  {columns});\n")
    return name


@pytest.mark.parametrize(
    "column, expected",
    [
        ("G BINARY(4)", "t.sql:3: column G is BINARY, a type whose logical-log form seed 002 does not describe"),
        ("B VARBINARY(8)", "t.sql:3: column B is VARBINARY, a type whose logical-log form seed 002 does not describe"),
        ("N DECIMAL(31,2), M DECIMAL(40,2)", "t.sql:3: column M has 40 digits; jcat reads up to 31"),
        ("UORID CHAR(10)", "t.sql:3: column UORID has the name of a change column jcat adds (UORID)"),
        ('"Timestamp" DATE', "column Timestamp has the name of a change column jcat adds (TIMESTAMP)"),
        ("C CHAR(4) CCSID 1252", "t.sql:3: column C has CCSID 1252, which jcat does not read"),
    ],
)
def test_each_refused_column_is_one_line_naming_file_line_and_type(project, tmp_path, capsys, column, expected):
    code, _, err = add(tmp_path, capsys, _ddl_with(tmp_path, "t.sql", column), name="t1")
    assert code == 2 and len(err) == 1 and expected in err[0], err
    assert not (project / "tables" / "t1.yml").exists()


@pytest.mark.parametrize(
    "more, expected",
    [
        (("--table", "NODOT"), "--table 'NODOT': give OWNER.NAME as the logical log names the table"),
        (("--float-format", "bcd"), "float format 'bcd': use hfp (System/390 hexadecimal) or ieee"),
    ],
)
def test_each_wrong_option_is_one_line(project, tmp_path, capsys, more, expected):
    code, _, err = add(tmp_path, capsys, "staff.sql", *more)
    assert code == 2 and len(err) == 1 and expected in err[0], err


def test_a_ddl_without_schema_needs_the_table_option(project, tmp_path, capsys):
    code, _, err = add(tmp_path, capsys, _ddl_with(tmp_path, "bare.sql", "B CHAR(1)", schema=""), name="bare")
    assert code == 2 and len(err) == 1 and "give --table OWNER.NAME: the DDL names no schema" in err[0], err
    assert add(tmp_path, capsys, "bare.sql", "--table", "X.T", name="bare")[0] == 0


def test_a_declaration_edited_to_a_wrong_float_format_is_refused_when_read(project, tmp_path, capsys):
    assert add(tmp_path, capsys)[0] == 0
    path = project / "tables" / "staff.yml"
    path.write_text(path.read_text().replace("float_format: hfp", "float_format: ibm"))
    code, _, err = tables(capsys, "show", "staff")
    assert code == 2 and err == ["jcat: float format 'ibm': use hfp (System/390 hexadecimal) or ieee"]


def test_the_demo_declares_the_employee_table_the_tests_encode():
    """The demo's own DDL copy declares the columns the tests' list gives, in the same order and widths."""
    from support.lldf.project import employee_columns

    from udfs.demo import lldf as demo

    assert demo.columns() == employee_columns()
    assert [t.name for t, _ in demo.tables()] == ["payroll_employee"]

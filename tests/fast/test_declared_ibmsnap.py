"""`jcat tables add NAME --log ibmsnap`: a CD table declared from its DDL; its options, refusals, files and landing.

The project is a home-project scaffold in a temporary folder (JCAT_PROJECT_DIR), so no dbt runs. Record lengths
expected here come from the tests' own unload encoder (support.ibmsnap.unload), not from the layout under test.
"""

from __future__ import annotations

import pytest
from support.declared import project_with_ddl
from support.ibmsnap import unload

from udfs.cli import main
from udfs.cli.tables import TablesProblem, load_target
from udfs.core.ddl import parse_text
from udfs.core.tables.declaration import DeclarationProblem
from udfs.core.tables.declaration_file import declaration_path, read_declaration
from udfs.render.generate import problems

CD = (
    "CREATE TABLE PAYROLL.CDSTAFF ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20) NOT NULL, "
    "{extra}DEPT CHAR(3), XDEPT CHAR(3), PAY DECIMAL(9,2), XPAY DECIMAL(9,2));\n"
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {"cd.sql": CD.format(extra="")})
    return root


def add(tmp_path, capsys, *more, name="staff", ddl="cd.sql"):
    code = main(["tables", "add", name, "--log", "ibmsnap", "--ddl", str(tmp_path / ddl), *more])
    out = capsys.readouterr()
    return code, out.out, [x for x in out.err.splitlines() if x.strip()]


def test_add_writes_models_over_the_raw_table_and_the_register_relation(project, tmp_path, capsys):
    code, out, err = add(tmp_path, capsys)
    assert code == 0, err
    assert "declared staff (4 columns" in out  # XDEPT, XPAY are before images of DEPT, PAY
    view = (project / "models" / "jcat_tables" / "staff_images.sql").read_text()
    twin = (project / "models" / "jcat_tables" / "staff_images_decoded.sql").read_text()
    assert "source('jcat_tables', 'raw_ibmsnap_staff'), ref('jcat', 'ibmsnap_register')" in view
    assert "source('jcat_tables', 'raw_ibmsnap_staff'), ref('jcat', 'ibmsnap_register_decoded')" in twin
    assert "raw_ibmsnap_staff" in (project / "models" / "jcat_tables" / "staff_images.yml").read_text()
    macro = (project / "macros" / "jcat_tables" / "staff_images.sql").read_text()
    assert "CD_OWNER = 'PAYROLL' and CD_TABLE = 'CDSTAFF'" in macro
    assert not [p for p in problems() if "jcat_tables" in p]


def test_both_flags_given_read_no_register_row(project, tmp_path, capsys):
    code, _, err = add(tmp_path, capsys, "--before-prefix", "", "--updates-as-delete-insert", "yes")
    assert code == 0, err
    assert "ibmsnap_register" not in (project / "models" / "jcat_tables" / "staff_images.sql").read_text()
    t = read_declaration(declaration_path(project, "staff"))
    assert (t.ibmsnap.before_prefix, t.ibmsnap.updates_as_delete_insert) == ("", True)
    # no before-image prefix: XDEPT and XPAY are columns of the source table
    assert main(["tables", "show", "staff"]) == 0
    shown = capsys.readouterr().out
    assert "XDEPT" in shown and "XPAY" in shown and "landed in raw_ibmsnap_staff" in shown


def test_options_round_trip_through_the_declaration(project, tmp_path, capsys):
    code, _, err = add(
        tmp_path,
        capsys,
        "--before-prefix",
        "X",
        "--variant",
        "other/varchar16",
        "--null-indicator",
        "trailing",
        "--ccsid",
        "500",
    )
    assert code == 0, err
    o = read_declaration(declaration_path(project, "staff")).ibmsnap
    assert (o.before_prefix, o.updates_as_delete_insert, o.variant, o.null_indicator, o.ccsid) == (
        "X",
        None,
        "other/varchar16",
        "trailing",
        500,
    )


def test_a_hand_edited_unknown_option_is_refused(project, tmp_path, capsys):
    assert add(tmp_path, capsys)[0] == 0
    path = declaration_path(project, "staff")
    path.write_text(path.read_text().replace("ccsid: 37", "ccsid: 37, prefix: X"))
    with pytest.raises(DeclarationProblem, match="unknown option prefix"):
        read_declaration(path)


REFUSALS = [
    (
        (),
        "CREATE TABLE PAYROLL.STAFF (STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20));\n",
        "a CD table starts with IBMSNAP_UOWID (or IBMSNAP_COMMITSEQ), IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION",
    ),
    (("--variant", "os390/char16"), None, "--variant os390/char16: use one of os390/char10"),
    (("--null-indicator", "after"), None, "--null-indicator after: use leading (Db2 UNLOAD) or trailing"),
    (("--before-prefix", "TOOLONG"), None, "BEFORE_IMG_PREFIX is up to 4 characters"),
    (("--updates-as-delete-insert", "maybe"), None, None),  # argparse refuses: not yes or no
    (
        (),
        CD.format(extra="OLDDEPT CHAR(3), OLDPAY DECIMAL(9,2), "),
        "column names fit before-image prefixes OLD, X: give --before-prefix",
    ),
    ((), CD.format(extra="updates_as_delete_insert CHAR(1), "), "has the name of a column jcat adds"),
]


@pytest.mark.parametrize("flags,ddl,message", REFUSALS)
def test_refusals_are_one_line(project, tmp_path, capsys, flags, ddl, message):
    if ddl:
        (tmp_path / "cd.sql").write_text(ddl)
    if message is None:
        with pytest.raises(SystemExit):
            add(tmp_path, capsys, *flags)
        return
    code, _, err = add(tmp_path, capsys, *flags)
    assert code == 2 and len(err) == 1 and message in err[0], err
    assert not declaration_path(project, "staff").exists()


@pytest.mark.parametrize("name", ["uow", "register", "ccpparms"])
def test_a_name_of_jcats_own_ibmsnap_tables_is_refused(project, tmp_path, capsys, name):
    code, _, err = add(tmp_path, capsys, name=name)
    assert code == 2 and f"lands in raw_ibmsnap_{name}: choose another name" in err[0], err


def test_load_lands_a_declared_cd_table_with_its_record_length(project, tmp_path, capsys):
    assert add(tmp_path, capsys, "--variant", "os390/varchar16")[0] == 0
    cols = parse_text(CD.format(extra=""), "cd.sql").columns
    width = sum(unload.width(c) + (8 if c.name in unload.SEQUENCE_COLUMNS else 0) for c in cols)  # VARCHAR(16)
    assert load_target("staff", None) == ("ibmsnap_staff", width, None)
    assert load_target("staff", 99) == ("ibmsnap_staff", 99, None)  # --record-length wins
    assert load_target("ibmsnap_uow", None) == ("ibmsnap_uow", None, None)  # a layout stays a layout
    assert load_target("qjordje5", None) == ("qjordje5", None, None)


def test_load_of_a_declared_ibmi_table_says_what_to_land(project, tmp_path, capsys):
    (tmp_path / "orders.sql").write_text("CREATE TABLE APPLIB.ORDERS (ORDER_ID INTEGER NOT NULL);\n")
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql")]) == 0
    with pytest.raises(TablesProblem, match="declared from log ibmi: land its journal"):
        load_target("orders", None)


def test_jcat_load_resolves_a_declared_name_before_spark_starts(project, tmp_path, capsys):
    (tmp_path / "orders.sql").write_text("CREATE TABLE APPLIB.ORDERS (ORDER_ID INTEGER NOT NULL);\n")
    assert main(["tables", "add", "orders", "--log", "ibmi", "--ddl", str(tmp_path / "orders.sql")]) == 0
    (tmp_path / "x.unl").write_bytes(b"\x00" * 10)
    capsys.readouterr()
    assert main(["load", "orders", str(tmp_path / "x.unl")]) == 1
    assert "declared from log ibmi: land its journal's records" in capsys.readouterr().err


def _wide_cd(columns: int) -> str:
    """A CD table of `columns` user columns, each with its before-image column (X prefix)."""
    user = ", ".join(f"C{i:03} DECIMAL(11,2), XC{i:03} DECIMAL(11,2)" for i in range(columns))
    return (
        "CREATE TABLE PAYROLL.CDWIDE ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) "
        f"FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, {user});\n"
    )


def test_a_table_too_wide_for_a_view_reads_its_twin_and_the_line_says_so(project, tmp_path, capsys):
    """The metastore keeps 32,700 characters of a view's SQL: a wide CD table's images view selects from the
    decoded twin instead of decoding the landed records, and `tables add` says which it made."""
    (tmp_path / "wide.sql").write_text(_wide_cd(200))
    code, out, err = add(tmp_path, capsys, "--before-prefix", "X", name="wide", ddl="wide.sql")
    assert code == 0, err
    assert "table jcat.wide_images_decoded and view jcat.wide_images over it" in out
    assert "the metastore keeps 32,700" in out
    view = (project / "models" / "jcat_tables" / "wide_images.sql").read_text()
    assert "ref('wide_images_decoded')" in view and "jcat_table_wide_images" not in view
    twin = (project / "models" / "jcat_tables" / "wide_images_decoded.sql").read_text()
    assert "jcat_table_wide_images(" in twin
    code, out, err = add(tmp_path, capsys)  # the narrow one still decodes in its view
    assert "view jcat.staff_images (always what has landed) and table jcat.staff_images_decoded" in out
    assert not [p for p in problems() if "jcat_tables" in p]


def test_a_cd_table_without_a_key_says_it_has_none(project, tmp_path, capsys):
    code, out, err = add(tmp_path, capsys)
    assert code == 0, err
    assert "key none (no primary key in the DDL: give --key COL,..." in out
    code, out, err = add(tmp_path, capsys, "--key", "STAFFNO", name="staff_keyed")
    assert code == 0 and "key STAFFNO)" in out, err

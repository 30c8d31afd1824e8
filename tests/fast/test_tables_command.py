"""`jcat tables`: a user's table declared in their own project, its files written, every mistake one line.

The project is a copy made by the home-project scaffold in a temporary folder (JCAT_PROJECT_DIR), so no dbt runs.
"""

from __future__ import annotations

import pytest
from support.declared import project_with_ddl

from udfs.cli import main
from udfs.render.generate import problems

DDL = """CREATE TABLE APPLIB.ORDERS (
  ORDER_ID INTEGER NOT NULL,
  CUSTOMER VARCHAR(20) NOT NULL,
  AMOUNT DECIMAL(9,2),
  SHIP_DATE DATE,
  NOTE CHAR(10),
  PRIMARY KEY (ORDER_ID)
);
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {"orders.sql": DDL})
    return root


def tables(tmp_path, capsys, *argv):
    code = main(["tables", *argv])
    out = capsys.readouterr()
    return code, out.out, [x for x in out.err.splitlines() if x.strip()]


def add(tmp_path, capsys, name="orders", ddl="orders.sql", *more):
    return tables(tmp_path, capsys, "add", name, "--log", "ibmi", "--ddl", str(tmp_path / ddl), *more)


def test_add_writes_the_declaration_its_ddl_and_models_that_generate_check_covers(project, tmp_path, capsys):
    code, out, err = add(tmp_path, capsys, "orders", "orders.sql", "--datfmt", "*EUR")
    assert code == 0, err
    assert "declared orders (5 columns, key ORDER_ID)" in out
    assert (project / "tables" / "orders.sql").read_text() == DDL
    assert "datfmt: '*EUR'" in (project / "tables" / "orders.yml").read_text()
    made = {p.relative_to(project).as_posix() for p in project.rglob("*_images*")}
    assert made == {
        "macros/jcat_tables/orders_images.sql",
        "models/jcat_tables/orders_images.sql",
        "models/jcat_tables/orders_images.yml",
        "models/jcat_tables/orders_images_decoded.sql",
        "models/jcat_tables/orders_images_decoded.yml",
    }
    assert not [p for p in problems() if "jcat_tables" in p]
    macro = project / "macros" / "jcat_tables" / "orders_images.sql"
    macro.write_text(macro.read_text() + "-- edited by hand\n")
    assert [p for p in problems() if "jcat_tables" in p] == [f"differs: {macro} (target declared_table_models)"]


def test_list_show_and_remove(project, tmp_path, capsys):
    add(tmp_path, capsys)
    code, out, _ = tables(tmp_path, capsys, "list")
    assert code == 0 and out.split() == ["orders", "ibmi", "APPLIB.ORDERS", "APPLIB/ORDERS"]
    code, out, _ = tables(tmp_path, capsys, "show", "orders")
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[3:]}
    # positions from the DDL: INTEGER 4 bytes, VARCHAR(20) 2+20, DECIMAL(9,2) packed 5, DATE *ISO 10, CHAR(10)
    assert rows == {
        "ORDER_ID": ["INT", "1", "4", "1"],
        "CUSTOMER": ["STRING", "5", "22", "2"],
        "AMOUNT": ["DECIMAL(9,2)", "27", "5", "3"],
        "SHIP_DATE": ["DATE", "32", "10", "4"],
        "NOTE": ["STRING", "42", "10", "5"],
    }
    code, out, _ = tables(tmp_path, capsys, "remove", "orders")
    assert code == 0
    assert not list(project.rglob("*orders*"))


def _ddl_with(tmp_path, name: str, columns: str) -> str:
    (tmp_path / name).write_text(f"CREATE TABLE APPLIB.T ({columns});\n")
    return name


@pytest.mark.parametrize(
    "argv, expected",
    [
        (("Orders",), "table name 'Orders': use lower case letters, digits and _, starting with a letter"),
        (("ibmi_orders",), "table name 'ibmi_orders' starts with 'ibmi_', which jcat's own relations use"),
        (("orders", "--log", "vsam"), "unknown log 'vsam': use one of ibmi, lldf, ibmsnap, file, idms"),
        (("orders", "--key", "NOPE"), "--key names NOPE, not a column of ORDERS"),
        (("orders", "--journaled", "APPLIB"), "--journaled 'APPLIB': give LIBRARY/FILE or LIBRARY/FILE/MEMBER"),
        (("orders", "--datfmt", "*XYZ"), "unknown date or time format *XYZ"),
    ],
)
def test_each_mistake_is_one_line(project, tmp_path, capsys, argv, expected):
    name, *more = argv
    log = ["--log", "ibmi"] if "--log" not in more else []
    code, out, err = tables(tmp_path, capsys, "add", name, *log, "--ddl", str(tmp_path / "orders.sql"), *more)
    assert code == 2 and len(err) == 1 and expected in err[0], err
    assert not (project / "tables" / f"{name}.yml").exists()


def test_a_table_declared_twice_is_refused(project, tmp_path, capsys):
    assert add(tmp_path, capsys)[0] == 0
    code, _, err = add(tmp_path, capsys)
    assert code == 2 and err == [
        f"jcat: table orders is already declared ({project / 'tables' / 'orders.yml'}): "
        "`jcat tables remove orders` first"
    ]


def test_a_column_named_like_a_system_column_is_refused(project, tmp_path, capsys):
    ddl = _ddl_with(tmp_path, "clash.sql", "A INTEGER, DECODE_ERRORS CHAR(1)")
    code, _, err = add(tmp_path, capsys, "clash", ddl)
    assert code == 2 and len(err) == 1
    assert "column DECODE_ERRORS has the name of a column jcat adds (decode_errors)" in err[0]


def test_more_fields_than_jonvi_holds_is_refused(project, tmp_path, capsys):
    ddl = _ddl_with(tmp_path, "wide.sql", ", ".join(f"C{i} CHAR(1)" for i in range(51)))
    code, _, err = add(tmp_path, capsys, "wide", ddl)
    assert code == 2 and len(err) == 1
    assert "has 51 columns; a *TYPE5 outfile's JONVI holds null indicators for 50" in err[0]


def test_a_relation_that_exists_is_refused(project, tmp_path, capsys):
    (project / "models" / "mine").mkdir(parents=True)
    (project / "models" / "mine" / "orders_images.sql").write_text("select 1\n")
    code, _, err = add(tmp_path, capsys)
    assert code == 2 and err == ["jcat: table orders: a relation orders_images already exists: choose another name"]


def test_no_declared_table_yet_says_how_to_declare_one(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("JCAT_PROJECT_DIR", raising=False)
    monkeypatch.setenv("JCAT_HOME", str(tmp_path / "home"))
    code, _, err = tables(tmp_path, capsys, "list")
    assert code == 2
    assert err == ["jcat: no table is declared yet: declare one with `jcat tables add NAME --log ibmi --ddl FILE`"]


def test_a_build_rewrites_generated_files_that_differ_from_what_this_jcat_renders(project, tmp_path, capsys):
    """run_dbt calls refresh_generated first: after a jcat upgrade (or a hand edit) no build runs stale decoding."""
    from udfs.render.table_models import refresh_generated

    add(tmp_path, capsys)
    macro = project / "macros" / "jcat_tables" / "orders_images.sql"
    rendered = macro.read_text()
    macro.write_text(rendered.replace("try_cast", "cast"))
    assert refresh_generated() == [macro]
    assert macro.read_text() == rendered
    assert refresh_generated() == []

"""`jcat tables add NAME --log file --copybook FILE`: a record file declared from its copybook, its files written, its
landing resolved by `jcat load NAME`, every mistake one line. No dbt runs (tests/spark/test_declared_copybook_tables.py
builds them)."""

from __future__ import annotations

import pytest
from support.copybook.records import ORDER, cob
from support.declared import project_with_ddl

from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.render.generate import problems

FIXED = cob(
    "01 CUST-REC.",
    "   05 CUST-ID PIC 9(6).",
    "   05 ADDR.",
    "      10 CITY PIC X(12).",
    "   05 BALANCE PIC S9(7)V99 COMP-3.",
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = project_with_ddl(tmp_path, monkeypatch, {})
    for name, text in {
        "cust.cpy": FIXED,
        "order.cpy": ORDER,
        "two.cpy": FIXED + "\n" + cob("01 OTHER.", "05 X PIC X."),
        "ptr.cpy": cob("01 R.", "05 P USAGE POINTER."),
        "sys.cpy": cob("01 R.", "05 LOAD-ID PIC X(4)."),
    }.items():
        (tmp_path / name).write_text(text)
    return root


def tables(capsys, *argv):
    code = main(["tables", *argv])
    out = capsys.readouterr()
    return code, out.out, [x for x in out.err.splitlines() if x.strip()]


def add(tmp_path, capsys, name, copybook, *more):
    return tables(capsys, "add", name, "--log", "file", "--copybook", str(tmp_path / copybook), *more)


def test_add_writes_the_declaration_the_copybook_and_models(project, tmp_path, capsys):
    code, out, err = add(tmp_path, capsys, "cust", "cust.cpy", "--key", "CUST_ID", "--ccsid", "273")
    assert code == 0, err
    assert "declared cust (3 columns, key CUST_ID)" in out and "view jcat.cust" in out
    assert (project / "tables" / "cust.cpy").read_text() == FIXED
    made = {p.relative_to(project).as_posix() for p in (project / "models" / "jcat_tables").glob("cust*")}
    assert made == {
        "models/jcat_tables/cust.sql",
        "models/jcat_tables/cust.yml",
        "models/jcat_tables/cust_decoded.sql",
        "models/jcat_tables/cust_decoded.yml",
    }
    macro = (project / "macros" / "jcat_tables" / "cust_images.sql").read_text()
    assert "CREATE OR REPLACE FUNCTION jcat.decode_cust(b BINARY)" in macro and ", 273)" in macro
    assert 'pre_hook="{{ jcat_table_cust_function() }}"' in (project / "models/jcat_tables/cust.sql").read_text()
    assert not [p for p in problems() if "jcat_tables" in p]


def test_show_list_and_load_resolve_the_file(project, tmp_path, capsys):
    add(tmp_path, capsys, "cust", "cust.cpy")
    add(tmp_path, capsys, "orders", "order.cpy", "--framing", "vb")
    code, out, _ = tables(capsys, "show", "cust")
    assert code == 0 and "relations: jcat.cust, jcat.cust_decoded" in out
    assert [line.split()[:4] for line in out.splitlines()[3:]] == [
        ["CUST_ID", "INT", "0", "6"],
        ["ADDR.CITY", "STRING", "6", "12"],
        ["BALANCE", "DECIMAL(9,2)", "18", "5"],
    ]
    assert load_target("cust", None) == ("file_cust", 23, "fixed")  # the copybook's record length
    assert load_target("orders", None) == ("file_orders", None, "vb")
    assert load_target("cust", None, "rdw") == ("file_cust", None, "rdw")  # --framing wins
    code, out, _ = tables(capsys, "list")
    assert [line.split()[:2] for line in out.splitlines()] == [["cust", "file"], ["orders", "file"]]


@pytest.mark.parametrize(
    "argv,expected",
    [
        (["order.cpy"], "record ORDER_REC varies in length (OCCURS DEPENDING ON): give --framing rdw or vb"),
        (
            ["cust.cpy", "--key", "CITY"],
            "--key names CITY, not a top-level field of CUST_REC: use CUST_ID, ADDR, BALANCE",
        ),
        (["two.cpy"], "the copybook's records are CUST_REC, OTHER: name one"),
        (["two.cpy", "--record", "NONE"], "record NONE: the copybook's records are CUST_REC, OTHER: name one"),
        (["ptr.cpy"], "ptr.cpy:2: USAGE POINTER: not read by jcat"),
        (["sys.cpy"], "field LOAD_ID has the name of a column jcat adds"),
        (["cust.cpy", "--framing", "self"], "framing 'self': use fixed"),
        (["cust.cpy", "--trim", "middle"], "trim 'middle': use right, both, left, none"),
        (["missing.cpy"], "no such file"),
    ],
)
def test_each_mistake_is_one_line(project, tmp_path, capsys, argv, expected):
    code, _, err = add(tmp_path, capsys, "cust", *argv)
    assert code == 2 and len(err) == 1 and expected in err[0], err


def test_a_file_table_takes_a_copybook_not_a_ddl(project, tmp_path, capsys):
    code, _, err = tables(capsys, "add", "cust", "--log", "file", "--ddl", str(tmp_path / "cust.cpy"))
    assert code == 2 and "is declared from its copybook: give --copybook FILE, not --ddl" in err[0]
    code, _, err = tables(capsys, "add", "cust", "--log", "ibmi", "--copybook", str(tmp_path / "cust.cpy"))
    assert code == 2 and "is declared from its DDL: give --ddl FILE" in err[0]


def test_an_idms_record_is_declared_with_its_record_id_and_db_key(project, tmp_path, capsys):
    code, out, err = tables(
        capsys, "add", "cust", "--log", "idms", "--copybook", str(tmp_path / "cust.cpy"), "--record-id", "4711"
    )
    assert code == 0, err
    assert "declared cust (3 columns, key DB_KEY)" in out and "view jcat.cust_images" in out
    assert "record_id: 4711" in (project / "tables" / "cust.yml").read_text()
    macro = (project / "macros" / "jcat_tables" / "cust_images.sql").read_text()
    assert "USER_REC_ID = 4711" in macro and "CREATE OR REPLACE FUNCTION jcat.decode_cust_image(b BINARY)" in macro
    assert "substr(RECORD_IMAGE, PREFIX_LEN + 1)" in macro
    assert not [p for p in problems() if "jcat_tables" in p]
    code, out, _ = tables(capsys, "show", "cust")
    assert "idms table copybook cust.cpy (USER-REC-ID 4711 in idms_journal), key DB_KEY" in out


@pytest.mark.parametrize(
    "argv,expected",
    [
        ([], "needs --record-id N: the USER-REC-ID of its BFOR/AFTR journal records"),
        (["--record-id", "70000"], "--record-id 70000: USER-REC-ID is 2 bytes, 0 to 65535"),
        (["--record-id", "1", "--key", "NOPE"], "--key names NOPE, not a top-level field of CUST_REC"),
    ],
)
def test_idms_mistakes_are_one_line(project, tmp_path, capsys, argv, expected):
    code, _, err = tables(capsys, "add", "cust", "--log", "idms", "--copybook", str(tmp_path / "cust.cpy"), *argv)
    assert code == 2 and len(err) == 1 and expected in err[0], err

"""`jcat copybook FILE`: the SELECT it prints is Spark SQL with a column per field Cobrix gives (test 6: 195), its
layout a line a field, and a copybook it cannot read one line naming the copybook's line."""

from __future__ import annotations

from pathlib import Path

import sqlglot

from udfs.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "cobrix"


def test_the_select_is_spark_sql_with_a_column_per_field(capsys):
    assert main(["copybook", str(DATA / "test6_copybook.cob"), "--from", "raw.test6", "--float-format", "ieee"]) == 0
    tree = sqlglot.parse_one(capsys.readouterr().out, read="spark")
    names = _inner_columns(tree)
    assert len(names) == 195 and names[:2] == ["ID", "STRING_VAL"] and tree.find(sqlglot.exp.Table).sql() == "raw.test6"
    assert tree.expressions[-1].alias == "decode_errors"


def _inner_columns(tree) -> list[str]:
    """The columns of the inner query (the fields; the last, the record's bytes, left out)."""
    inner = tree.find(sqlglot.exp.Subquery).this
    return [e.alias_or_name for e in inner.expressions][:-1]


def test_fillers_and_groups_of_fillers_give_no_column_as_cobrix_drops_them(capsys):
    assert main(["copybook", str(DATA / "test7_fillers.cob")]) == 0
    tree = sqlglot.parse_one(capsys.readouterr().out, read="spark")
    # Cobrix's test7 schema (drop_value_fillers and drop_group_fillers): these five columns
    assert _inner_columns(tree) == ["COMPANY_PREFIX", "COMPANY_NAME", "ADDRESS", "CONTACT_PERSON", "AMOUNT"]


def test_the_layout_is_a_line_a_field_with_its_place(capsys):
    assert main(["copybook", str(DATA / "test17_hierarchical.cob"), "--layout"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ENTITY: 108 bytes"
    assert lines[4].split()[:4] == ["52", "4", "COMPANY.TAXPAYER", "BIGINT"]  # 9(9) BINARY, unsigned: as Cobrix, long


def test_a_copybook_it_cannot_read_is_one_line_naming_its_line(tmp_path, capsys):
    bad = tmp_path / "emp.cpy"
    bad.write_text("       01 R.\n           05 A PIC X(4).\n           05 B USAGE POINTER.\n")
    assert main(["copybook", str(bad)]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith("jcat: emp.cpy:3: USAGE POINTER") and "\n" not in err
    assert main(["copybook", str(tmp_path / "none.cpy")]) == 2
    assert "no such file" in capsys.readouterr().err

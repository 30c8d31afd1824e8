"""The CD rows the IBMSNAP aggregates read: jcat's own default__jcat_ibmsnap_cd_rows (no rows) and the project's,
written by `jcat tables add`/`remove` and `jcat generate` from the declared CD tables (no dbt runs here; the Spark
module tests/spark/test_ibmsnap_models.py builds them)."""

from __future__ import annotations

import re

import pytest
from support.declared import project_with_ddl

from udfs.cli import main
from udfs.render import ibmsnap_cd_rows
from udfs.render.generate import problems

CD = (
    "CREATE TABLE PAYROLL.{name} ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR "
    "BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL, STAFFNO CHAR(6) NOT NULL, NAME VARCHAR(20) NOT NULL, "
    "DEPT CHAR(3), XDEPT CHAR(3));\n"
)
MACRO = ("macros", "jcat_tables", "jcat_ibmsnap_cd_rows.sql")
# The columns ibmsnap_committed_changes and ibmsnap_prune_candidates take from each CD row, in union order.
WANTED = [
    "CD_OWNER",
    "CD_TABLE",
    "SOURCE_OWNER",
    "SOURCE_TABLE",
    "IBMSNAP_UOWID",
    "IBMSNAP_INTENTSEQ",
    "IBMSNAP_OPERATION",
    "KEY_VALUES",
    "AFTER_IMAGE",
    "BEFORE_IMAGE",
    "decode_errors",
    "source_file",
    "record_offset",
    "record_number",
    "load_id",
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    return project_with_ddl(
        tmp_path,
        monkeypatch,
        {
            "a.sql": CD.format(name="CDSTAFF"),
            "b.sql": CD.format(name="CDTEMP"),
            "t.sql": "CREATE TABLE APPLIB.T (ID INTEGER NOT NULL);\n",
        },
    )


def add(tmp_path, name, ddl, *more) -> None:
    assert main(["tables", "add", name, "--ddl", str(tmp_path / ddl), *more]) == 0


def selected(select: str) -> list[str]:
    """The names a select list gives its columns, in order (`... as NAME`, else the bare column)."""
    out = []
    for item in re.split(r",\s*(?![^()]*\))", select):
        item = item.strip()
        out.append(item.rsplit(" as ", 1)[-1] if " as " in item else item.split(".")[-1])
    return out


def test_jcats_default_has_no_rows_and_every_column():
    text = ibmsnap_cd_rows.jcat_macro()
    assert "macro default__jcat_ibmsnap_cd_rows()" in text and text.rstrip().endswith("{%- endmacro %}")
    body = text.split("select", 1)[1].split("where false", 1)[0]
    assert selected(body) == WANTED


def test_the_aggregates_dispatch_to_it():
    from udfs.render import ibmsnap

    for model in (ibmsnap.render_committed_changes(), ibmsnap.render_prune_candidates()):
        assert "{{ adapter.dispatch('jcat_ibmsnap_cd_rows', 'jcat')() }}" in model
        assert "ibmsnap_cdemployee" not in model


def test_declaring_cd_tables_writes_the_projects_macro_and_removing_the_last_removes_it(project, tmp_path):
    add(tmp_path, "t", "t.sql", "--log", "ibmi")
    assert not project.joinpath(*MACRO).exists()  # no CD table: jcat's default (no rows)
    add(tmp_path, "staff", "a.sql", "--log", "ibmsnap", "--key", "STAFFNO")
    add(tmp_path, "temp", "b.sql", "--log", "ibmsnap", "--key", "STAFFNO")
    text = project.joinpath(*MACRO).read_text()
    assert text.count("macro default__jcat_ibmsnap_cd_rows()") == 1
    parts = text.split("union all")
    assert len(parts) == 2  # one select per CD table, the ibmi table none
    for part, (name, cd) in zip(parts, [("staff", "CDSTAFF"), ("temp", "CDTEMP")]):
        assert f"'PAYROLL' as CD_OWNER, '{cd}' as CD_TABLE" in part
        assert f"ref(project_name, '{name}_images_decoded')" in part
        assert f"coalesce(PHYS_CHANGE_TABLE, CD_TABLE) = '{cd}'" in part  # its source: the REGISTER row
        assert (
            "max(if((image_kind = 'after' or IBMSNAP_OPERATION = 'D'), to_json(named_struct('STAFFNO', "
            "`STAFFNO`)), null)) as KEY_VALUES"
        ) in part
        assert "named_struct('DEPT', `DEPT`)), null)) as BEFORE_IMAGE" in part  # XDEPT: DEPT's before image
        head = part.split("from (", 1)[0].split("select", 1)[1]
        assert selected(head) == WANTED
    assert not [p for p in problems() if "jcat_tables" in p]
    project.joinpath(*MACRO).write_text(text.replace("CDTEMP", "CDOTHER"))
    assert [p for p in problems() if "jcat_ibmsnap_cd_rows" in p]  # generate --check sees a hand edit
    assert main(["tables", "remove", "temp"]) == 0
    assert "CDTEMP" not in project.joinpath(*MACRO).read_text() and "CDSTAFF" in project.joinpath(*MACRO).read_text()
    assert main(["tables", "remove", "staff"]) == 0
    assert not project.joinpath(*MACRO).exists()
    assert not [p for p in problems() if "jcat_tables" in p]

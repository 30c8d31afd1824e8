"""Seed 003 DDL -> layouts: no Spark. Every statement parses; the derived layouts follow the unload rules."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import DATA, REPO

from udfs.core import ddl
from udfs.core.layouts import ibmsnap as L
from udfs.render import generate, ibmsnap_ddl
from udfs.render import ibmsnap as models
from udfs.render.ibmsnap_ddl import SQL_DIR, control_tables

SEED = DATA / "sources" / "003_ibmsnap_statements.txt"  # seed 003's DDL
T = control_tables()  # the control tables laid out from sql/ibmsnap


def seed_statements() -> list[str]:
    text = SEED.read_text()
    return re.findall(r"(CREATE (?:TABLE|TYPE 2 (?:UNIQUE )?INDEX|UNIQUE INDEX|INDEX) .*?;)", text)


def test_every_seed_statement_has_a_corrected_copy_that_parses():
    statements = seed_statements()
    assert len(statements) == 29  # 17 CREATE TABLE + 12 CREATE INDEX in the seed's figures
    parsed = ddl.load_all(SQL_DIR)
    tables = {(t.name, t.variant) for t in parsed}
    n_tables = sum(1 for s in statements if s.startswith("CREATE TABLE"))
    n_indexes = len(statements) - n_tables
    seed_tables = [t for t in parsed if t.variant != "cd"]
    assert len(seed_tables) == n_tables == 17
    assert sum(len(t.indexes) for t in seed_tables) == n_indexes == 12
    assert ("IBMSNAP_WARM_START", "vmvse") in tables and ("IBMSNAP_WARM_START", "all") in tables
    for t in seed_tables:
        lay = L.lay_out(t, "os390/char10", L.table_key(t))
        assert lay.record_length == sum(s.width for s in lay.slots) > 0


@pytest.mark.parametrize(
    "fragment, fixed",
    [
        ("SYNCHTIME TIMESTAMP SYNCHPOINT", "SYNCHTIME TIMESTAMP, SYNCHPOINT"),
        ("IBMSNAP_AUTHID CHAR(18) NOT NULL),", "IBMSNAP_AUTHID CHAR(18) NOT NULL,"),
        ("UOWID CHAR(10) FOR BIT DATA AUTHID", "UOWID CHAR(10) FOR BIT DATA, AUTHID"),
        ("APPLY_QUAL CHAR(18) NOT NULL, DATA CAPTURE CHANGES", "APPLY_QUAL CHAR(18) NOT NULL) DATA CAPTURE CHANGES"),
    ],
)
def test_the_seed_typos_fail_and_their_fix_parses(fragment, fixed):
    stmt = next(s for s in seed_statements() if fragment in s)
    with pytest.raises(ddl.DdlProblem):
        ddl.parse_text(stmt)
    ddl.parse_text(stmt.replace(fragment, fixed))


def test_db2_isms_are_parsed_not_dropped():
    t = ddl.parse_text(
        "CREATE TABLE ASN.T ( A CHAR(10) FOR BIT DATA NOT NULL, B CHAR(1) NOT NULL WITH DEFAULT, "
        "C VARCHAR(4), D SMALLINT) DATA CAPTURE CHANGES; "
        "CREATE TYPE 2 UNIQUE INDEX ASN.TX ON ASN.T (A ASC, D ASC);"
    )
    a, b, c, d = t.columns
    assert (a.for_bit_data, a.nullable, a.length) == (True, False, 10)
    assert (b.with_default, b.nullable, b.for_bit_data) == (True, False, False)
    assert (c.db2_type, c.length, c.nullable) == ("VARCHAR", 4, True)
    assert d.db2_type == "SMALLINT"
    assert t.indexes[0].unique and t.indexes[0].columns == ("A", "D")


def test_uow_layout_by_hand():
    # CHAR(10) FBD x2, TIMESTAMP 26, CHAR(12), CHAR(18), CHAR(1), CHAR(18): all NOT NULL
    lay = T.layout("uow")
    assert [(s.name, s.pos, s.width) for s in lay.slots] == [
        ("IBMSNAP_UOWID", 1, 10),
        ("IBMSNAP_COMMITSEQ", 11, 10),
        ("IBMSNAP_LOGMARKER", 21, 26),
        ("IBMSNAP_AUTHTKN", 47, 12),
        ("IBMSNAP_AUTHID", 59, 18),
        ("IBMSNAP_REJ_CODE", 77, 1),
        ("IBMSNAP_APPLY_QUAL", 78, 18),
    ]
    assert lay.record_length == 95
    assert T.layout("uow", "os390/varchar16").record_length == 95 + 2 * 8


def test_pruncntl_nullable_columns_carry_an_indicator():
    lay = T.layout("pruncntl")
    assert (lay.slot("SYNCHTIME").pos, lay.slot("SYNCHTIME").width) == (55, 27)
    assert (lay.slot("SYNCHPOINT").pos, lay.slot("SYNCHPOINT").width) == (82, 11)
    assert (lay.slot("CNTL_ALIAS").width, lay.record_length) == (9, 195)


def test_platform_variants():
    assert [s.name for s in T.layout("warm_start", "vmvse/char10").slots][1] == "UOWID"
    assert [s.name for s in T.layout("warm_start", "os390/char10").slots][1] == "AUTHTKN"
    assert T.layout("critsec", "vmvse/char10").ddl.variant == "other"
    assert T.layout("ccpenq", "os390/char10").ddl.variant == "vmvse"
    # the VM/VSE UOW DDL has no WITH DEFAULT; same bytes
    assert T.layout("uow", "vmvse/char10").slots[5].column.with_default is False
    assert T.layout("uow", "vmvse/char10").record_length == T.layout("uow").record_length


def test_encode_row_null_and_varchar():
    values = T.sample_values("register", nulls=True)
    values["BEFORE_IMG_PREFIX"] = "X"
    rec = T.encode_row("register", values)
    lay = T.layout("register")
    s = lay.slot("BEFORE_IMG_PREFIX")
    assert rec[s.pos - 1 : s.pos - 1 + s.width] == b"\x00\x00\x01\xe7\x00\x00\x00"
    s = lay.slot("CD_OWNER")
    assert rec[s.pos - 1] == 0xFF and rec[s.pos : s.pos + 18] == b"\x00" * 18
    trailing = T.encode_row("register", values, null_indicator="trailing")
    assert trailing[s.pos - 1 + 18] == 0xFF and len(trailing) == len(rec)


def test_models_are_what_the_ddl_renders():
    stale = [
        p
        for p, text in generate.all_files(["ibmsnap_models", "ibmsnap_layouts"]).items()
        if not p.exists() or p.read_text() != text[1]
    ]
    assert stale == [], "run: jcat generate"


def test_a_ddl_change_changes_the_model(tmp_path, monkeypatch):
    before = models.render_decoding_macro("ccpparms")
    src = (SQL_DIR / "ccpparms.all.sql").read_text()
    for f in SQL_DIR.glob("*.sql"):
        (tmp_path / f.name).write_text(f.read_text())
    (tmp_path / "ccpparms.all.sql").write_text(src.replace("PRUNE_INTERVAL INT", "PRUNE_INTERVAL SMALLINT"))
    monkeypatch.setattr(ibmsnap_ddl, "SQL_DIR", tmp_path)  # the control tables are read once per folder
    after = models.render_decoding_macro("ccpparms")
    assert before != after and "'smallint'" in after


def test_landing_lookup_matches_the_ddl():
    from udfs.core.framing import layout_framing as landing

    assert landing.IBMSNAP_RECORD_LENGTHS == T.default_record_lengths()


@settings(max_examples=50, deadline=None)
@given(
    st.binary(min_size=0, max_size=16),
    st.text(alphabet="ABCXYZ 019", max_size=15),
    st.decimals(min_value=-9999999, max_value=9999999, places=2),
)
def test_cd_encoder_places_fields(seq, name, salary):
    """A declared CD table is laid out by the same rules (lay_out over its DDL)."""
    from support.ibmsnap import unload as U

    lay = L.lay_out(ddl.parse_text(U.CDEMPLOYEE_DDL, "cdemployee.sql"), "other/varchar16", "cdemployee")
    v = U.values(U.cd_employee_columns("varchar16"), 1)
    v.update(IBMSNAP_UOWID=seq, LASTNAME=name.rstrip(), SALARY=salary)
    rec = L.encode_layout(lay, v)
    s = lay.slot("IBMSNAP_UOWID")
    assert rec[s.pos - 1 : s.pos + 1] == len(seq).to_bytes(2, "big") and rec[s.pos + 1 : s.pos + 1 + len(seq)] == seq
    assert len(rec) == lay.record_length


def test_docs_field_tables_match_the_layouts():
    text = (REPO / "docs" / "ibmsnap.md").read_text()
    for t in L.all_tables():
        for s in T.layout(t).slots:
            line = f"| {s.pos} | {s.width} | {s.column.declared} |"
            assert line in text, (t, line)


def test_demo_generates_an_unload_file_per_table(tmp_path):
    from udfs.core.framing.layout_framing import default_record_length
    from udfs.demo import ibmsnap as demo

    files = demo.generate(tmp_path)
    declared = {f"ibmsnap_{t.name}" for t, _ in demo.tables()}
    assert sorted(files) == sorted(demo.LAYOUTS) == sorted([f"ibmsnap_{t}" for t in L.all_tables()] + [*declared])
    assert set(demo.RECORD_LENGTHS) == declared  # landed as `jcat load cdemployee`: its length from the DDL
    for layout, (path,) in files.items():
        n = len(demo.scenario()[layout[len("ibmsnap_") :]])
        length = demo.RECORD_LENGTHS.get(layout) or default_record_length(layout)
        assert path.stat().st_size == n * length
    uows = {r["IBMSNAP_UOWID"] for r in demo.scenario()["uow"]}
    cd = demo.scenario()["cdemployee"]
    assert any(r["IBMSNAP_UOWID"] not in uows for r in cd)  # uncommitted work present
    assert {r["IBMSNAP_REJ_CODE"] for r in demo.scenario()["uow"]} == {"0", "1"}  # and rejected work

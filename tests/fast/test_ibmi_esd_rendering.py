"""ESD models of seed 001: rendered files in sync, dbt unit tests (hex fixtures) passing, and a real build from
*TYPE5 outfile records through journal_entries into every ESD model, with the offset-addressed parts checked."""

from __future__ import annotations

import pytest
from support.ibmi import esd_mapping as ibmi_esd_mapping

from udfs.core.layouts import ibmi_esd
from udfs.render import ibmi_esd as esd_render


def test_esd_macro_docs_and_models_on_disk_equal_what_jcat_generate_renders():
    stale = [str(p) for p, text in esd_render.generated_files().items() if not p.exists() or p.read_text() != text]
    assert not stale, "run `jcat generate`: " + ", ".join(stale)


def test_every_seed_table_has_a_model():
    tables = set()
    for lay in ibmi_esd.LAYOUTS:
        for part in lay.table.split(","):
            a, _, b = part.strip().partition("-")
            tables |= set(range(int(a), int(b or a) + 1))
    assert tables == set(range(1, 69))  # the 68 entry tables; 69-74 are the shared sub-layouts, used as macros


def test_mapping_is_the_one_ibms_headers_and_pages_give():
    """ENTRY_TYPES against the mapping these tests write out themselves (tests/support/ibmi/esd_mapping.py)."""
    EXPECTED, HEADERS = ibmi_esd_mapping.EXPECTED, ibmi_esd_mapping.HEADERS
    PAGES, RECALLED = ibmi_esd_mapping.PAGES, ibmi_esd_mapping.RECALLED
    declared = {(c, t): (m, s, src) for m, c, t, s, src in ibmi_esd.ENTRY_TYPES}
    assert {p: v[0] for p, v in declared.items()} == EXPECTED
    assert {p for p, v in declared.items() if v[1] == "confirmed"} == set(HEADERS) | set(PAGES)
    assert {p for p, v in declared.items() if v[1] == "recalled"} == set(RECALLED)
    for pair, (_model, struct, _) in HEADERS.items():
        assert struct in declared[pair][2], (pair, declared[pair][2])  # each row cites its header struct
    assert ("Q", "QR") not in declared  # receive without key: 18 reserved bytes, no struct


@pytest.mark.parametrize("pair", sorted(ibmi_esd_mapping.HEADERS), ids="_".join)
def test_layout_holds_the_header_structs_fields(pair):
    """The seed table a header struct is tied to declares a field at each position and width the struct has."""
    model, struct, fields = ibmi_esd_mapping.HEADERS[pair]
    declared = {(f.pos, f.length) for f in ibmi_esd.BY_MODEL[model].fields}
    missing = [pw for pw in fields if pw not in declared]
    assert not missing, f"{pair} {struct}: no field of ibmi_esd_{model} at (position, width) {missing}"


def test_docs_table_gives_every_row_with_its_source():
    text = (esd_render.ROOT / "docs" / "ibmi_esd.md").read_text()
    assert "| ibmi_esd_ifs_unlink_parent | 35 | B | B4 | confirmed | QP0LJRNL.H Qp0l_B4_Journal_Entry |" in text
    assert "| ibmi_esd_ifs_unlink_link | 34 | B | B5 | confirmed | QP0LJRNL.H Qp0l_B5_Journal_Entry |" in text
    assert "| ibmi_esd_data_queue_receive_keyed | 57 | Q | QL | confirmed | QMHQJRNL.H Qmhq_QL_Journal_Entry |" in text
    assert "| ibmi_esd_restore | 54 | E | EL | confirmed | QWCJRNL.H Qwc_EL_Journal_Entry |" in text
    assert "| ibmi_esd_file_change | 53 | F | MC | confirmed | QDBJRNL.H QdbJrnl_DDL0100 |" in text

"""Every ESD layout, field by field, against seed 001's tables as copied into tests/data/sources/ (parsed by
support/ibmi/esd_seed.py): each named column sits at the position, width and format IBM prints for its row, each
reserved range is a Reserved row, and every seed row with a width is declared."""

from __future__ import annotations

import re

import pytest
from support.ibmi import esd_seed as seed
from support.ibmi.esd_mapping import COLUMNS, MACRO_TABLES, NOT_IN_SEED, PART_ROWS, SEED_CORRECTIONS

from udfs.core.layouts.ibmi_esd import BY_MODEL, LAYOUTS

MODELS = sorted(COLUMNS)


def same_format(a: str, b: str) -> bool:
    """'Char 143' is 'Char (143)', 'Zoned (10, 0)' is 'Zoned (10,0)': the copy's spacing and parentheses vary."""
    return re.sub(r"[\s()]", "", a).lower() == re.sub(r"[\s()]", "", b).lower()


def seed_position(row: seed.Row) -> int:
    return SEED_CORRECTIONS.get((row.table, row.label), (row.pos,))[0]


def test_the_copied_seed_holds_74_tables_with_their_rows():
    tables = seed.tables()
    assert sorted(tables) == list(range(1, 75))
    assert seed.row(2, "Library name#2").pos == 51 and seed.row(62, "Key length").width == 2
    assert seed.row(40, "Identity Value").width == 16  # DECIMAL(31,0), packed
    assert all(rows for n, rows in tables.items() if n not in (5, 14, 15, 17, 42, 58))  # those have no ESD


def test_every_layout_is_mapped_to_the_seed_tables_it_declares():
    assert set(COLUMNS) == {lay.model for lay in LAYOUTS}
    for lay in LAYOUTS:
        tables = []
        for part in lay.table.split(","):
            a, _, b = part.strip().partition("-")
            tables += range(int(a), int(b or a) + 1)
        assert tuple(tables) == COLUMNS[lay.model][0], lay.model


@pytest.mark.parametrize("model", MODELS)
def test_every_named_column_has_its_seed_rows_position_width_and_format(model):
    tables, columns = COLUMNS[model]
    lay = BY_MODEL[model]
    extra = {name: (pos, width, fmt) for name, pos, width, fmt in NOT_IN_SEED.get(model, []) if name}
    declared = {f.name: f for f in lay.fields if f.kind != "reserved"}
    assert set(declared) == set(columns) | set(extra)
    for name, f in declared.items():
        for t in tables:
            if name in extra:
                want = extra[name]
            else:
                row = seed.row(t, columns[name])
                want = (seed_position(row), row.width, row.fmt)
            got = (f.pos, f.length, f.fmt)
            assert got[:2] == want[:2] and same_format(got[2], want[2]), (
                f"{model}.{name}: declared (position, width, format) {got}, seed table {t} {want}"
            )


@pytest.mark.parametrize("model", MODELS)
def test_every_reserved_range_is_a_reserved_row_of_the_seed(model):
    tables, _ = COLUMNS[model]
    lost = {(pos, width) for name, pos, width, _ in NOT_IN_SEED.get(model, []) if not name}
    for f in BY_MODEL[model].fields:
        if f.kind != "reserved" or (f.pos, f.length) in lost:
            continue
        for t in tables:
            rows = [r for r in seed.tables()[t] if seed_position(r) == f.pos]
            assert rows and rows[0].label == "Reserved" and rows[0].width == f.length, (
                f"{model}: reserved {f.pos} ({f.length}) against seed table {t} {rows}"
            )


@pytest.mark.parametrize("model", [m for m in MODELS if m not in MACRO_TABLES])
def test_every_seed_row_with_a_width_is_declared(model):
    """A row of the table that no fixed field or part covers would be a field the model silently drops."""
    tables, _ = COLUMNS[model]
    lay = BY_MODEL[model]
    fixed = {f.pos: f.length for f in lay.fields}

    def covered(pos: int, width: int) -> bool:  # by one field, or by fields that tile it (Open options: 4 flags)
        while width > 0 and pos in fixed:
            pos, width = pos + fixed[pos], width - fixed[pos]
        return width == 0

    parts = {p.name: p for p in lay.parts}
    in_parts = set()
    for name, labels in PART_ROWS.get(model, {}).items():
        for t in tables:
            rows = [seed.row(t, label) for label in labels]
            assert parts[name].pos == rows[0].pos, f"{model}.{name} starts at {parts[name].pos}, seed {rows[0]}"
            in_parts |= {(t, r.pos) for r in rows}
    for t in tables:
        for r in seed.tables()[t]:
            if r.width is None or (t, r.pos) in in_parts:
                continue
            assert covered(seed_position(r), r.width), f"{model}: seed table {t} row {r} is not declared"

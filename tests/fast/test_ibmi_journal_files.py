"""The IBM i replay harness (support.ibmi.journal_files) checked on its own: its *TYPE5 records decode through the
core's decoders (the QJORDJE5 heading, the declared table's image layout) back to the workload's entries and typed
values; its files are cut between records; the relations it expects agree with the core's commit resolution on the
same entries (so a Spark test failing against them points at the build, not the harness)."""

from __future__ import annotations

import datetime as dt
from functools import cache

import pandas as pd
import pyarrow as pa
import pytest
from support.ibmi import journal_files as jf
from support.ibmi import workload as wl

from udfs.core.changes import frame, ibmi
from udfs.core.ddl import parse_text
from udfs.core.kernels.record import decode_record
from udfs.core.layouts import qjordje5
from udfs.core.tables.declaration import DeclaredTable
from udfs.core.tables.ibmi_image import image_columns
from udfs.core.tables.image_decode import decode_image
from udfs.core.tables.options import IbmiOptions

SEEDS = range(6)


@cache
def replay(seed: int) -> tuple[wl.Workload, jf.JournalRecords]:
    workload = jf.generate(seed)
    return workload, jf.write(workload)


def declared(table: jf.Table) -> DeclaredTable:
    key = ("ORDER_ID",) if table.primary_key else ()
    return DeclaredTable(
        table.name,
        "ibmi",
        parse_text(table.ddl(), f"{table.name}.sql"),
        f"{table.name}.sql",
        key,
        IbmiOptions("JCATTEST", table.system_name),
    )


def headings(records: list[bytes]) -> list[dict]:
    return decode_record(pa.array(records, pa.binary()), qjordje5.HEADING).to_pylist()


@pytest.mark.parametrize("seed", SEEDS)
def test_headings_decode_to_the_workloads_entries(seed):
    _, files = replay(seed)
    got = [
        (
            int(h["JOSEQN"]),
            h["JOCODE"],
            h["JOENTT"],
            h["JOTSTP"],
            int(h["JOCCID"]),
            f"{int(h['JONBR'])}/{h['JOUSER']}/{h['JOJOB']}" if h["JOJOB"] else "",
            h["JOTHDX"] or "",
            "/".join((h["JOLIB"], h["JOOBJ"], h["JOMBR"])) if h["JOLIB"] else "",
            int(h["JOCTRR"]),
        )
        for h in headings(files.records)
    ]
    e = files.journal.entries
    want = [
        (
            int(r.SEQUENCE),
            r.JOURNAL_CODE,
            r.JOURNAL_ENTRY_TYPE,
            jf.as_datetime(r.ENTRY_TIMESTAMP),
            int(r.COMMIT_CYCLE),
            r.JOB,
            r.THREAD,
            r.OBJECT,
            int(r.RRN),
        )
        for r in e.itertuples()
    ]
    assert got == want
    assert {len(r) for r in files.records} == {jf.RECORD_LENGTH}


def typed(column, raw):
    """The layout function gives a packed or zoned number's digits; the models scale it by the DDL's scale."""
    return raw.scaleb(-column.spec.scale) if column.spec.type in ("DECIMAL", "NUMERIC") else raw


@pytest.mark.parametrize("seed", SEEDS)
def test_images_decode_to_the_typed_values_with_jonvi_nulls(seed):
    workload, files = replay(seed)
    e, values = files.journal.entries, files.journal.values
    for table in jf.TABLES:
        rows = [i for i in e.index if e.at[i, "OBJECT"] == table.obj and values[e.at[i, "ROW_ID"]] is not None]
        cols = image_columns(declared(table))
        esd = pa.array([files.records[i][qjordje5.ESD_POS - 1 :] for i in rows], pa.binary())
        decoded = decode_image(esd, cols).to_pylist()
        nvi = [h["JONVI"] for h in headings([files.records[i] for i in rows])]
        got = [
            {c.name: None if flags[c.index - 1] == "1" else typed(c, d[c.name]) for c in cols}
            for d, flags in zip(decoded, nvi)
        ]
        keyed = jf.key_changes(workload, table.obj)
        assert got == [jf.row_values(values[e.at[i, "ROW_ID"]], keyed) for i in rows]
        assert rows, "every table has images"


def test_the_values_cover_nulls_negatives_empty_text_and_key_changes():
    rows = [jf.row_values(f"ORDERS#{n % 5 + 1}:v{n}", True) for n in range(1, 40)]
    assert any(r["QTY"] is None for r in rows) and any(r["NOTE"] is None for r in rows)
    assert any(r["NOTE"] == "" for r in rows) and any(r["AMOUNT"] < 0 for r in rows)
    assert len({r["ORDER_ID"] for r in rows}) > 5  # keys change with the write, not only with the RRN
    assert {jf.row_values(f"ORDERS#3:v{n}", False)["ORDER_ID"] for n in range(1, 9)} == {3 * jf.KEY_SPAN}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_journal_has_other_files_and_cycles_that_never_touch_a_table(seed):
    _, files = replay(seed)
    e = files.journal.entries
    assert set(e["OBJECT"]) - {""} == set(jf.OBJECTS)
    cycles = e[e["COMMIT_CYCLE"] != 0].groupby(["RESET_EPOCH", "COMMIT_CYCLE"])["OBJECT"].agg(lambda o: set(o) - {""})
    for table in jf.TABLES:
        assert any(table.obj not in objs for objs in cycles), "a cycle this table's build must ignore"


@pytest.mark.parametrize("seed", SEEDS)
def test_cuts_fall_between_records_and_inside_transactions(seed):
    workload, files = replay(seed)
    cuts = jf.cuts_in_flight(workload, files.journal, jf.ORDERS.obj, 3)
    parts = jf.pieces(files.records, cuts)
    assert len(parts) == 3 and b"".join(parts) == b"".join(files.records)
    assert all(len(p) % jf.RECORD_LENGTH == 0 and p for p in parts)
    firsts = [int(h["JOSEQN"]) for h in headings([p[: jf.RECORD_LENGTH] for p in parts])]
    assert firsts == [int(files.journal.entries.at[i, "SEQUENCE"]) for i in [0, *cuts]]
    for i in range(len(files.records)):  # every entry's place names its record in its file
        piece, offset, number = jf.place(i, cuts)
        assert parts[piece][offset : offset + jf.RECORD_LENGTH] == files.records[i]
        assert offset == (number - 1) * jf.RECORD_LENGTH
    open_at = [c for c in cuts if _changed_and_open(files.journal.entries, jf.ORDERS.obj, c)]
    assert open_at, "some cut leaves a transaction on the table to commit in the next file"


def _changed_and_open(e, obj: str, cut: int) -> bool:
    """A cycle changed obj before entry `cut` and commits at or after it."""
    before, after = e.iloc[:cut], e.iloc[cut:]
    changed = set(zip(before["RESET_EPOCH"][before["OBJECT"] == obj], before["COMMIT_CYCLE"][before["OBJECT"] == obj]))
    commits = set(
        zip(
            after["RESET_EPOCH"][after["JOURNAL_ENTRY_TYPE"] == "CM"],
            after["COMMIT_CYCLE"][after["JOURNAL_ENTRY_TYPE"] == "CM"],
        )
    )
    return any(c[1] != 0 for c in changed & commits)


def test_pieces_refuse_a_cut_outside_the_journal():
    with pytest.raises(AssertionError):
        jf.pieces([b"a" * jf.RECORD_LENGTH] * 3, [0])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("table", jf.TABLES, ids=lambda t: t.name)
@pytest.mark.parametrize("part", [1, 2, 3])
def test_expected_changes_agree_with_the_core_resolution(seed, table, part):
    """The core kernel on the table's own entries (its R and F entries, every C entry) up to a cut gives the commits,
    positions and lineage entries the harness expects from the logical workload up to there."""
    whole, files = replay(seed)
    e = files.journal.entries
    cut = len(e) if part == 3 else jf.cuts_in_flight(whole, files.journal, table.obj, 3)[part - 1]
    workload = jf.prefix(whole, files.journal, cut)
    mine = e.iloc[:cut][(e["OBJECT"].iloc[:cut] == table.obj) | (e["JOURNAL_CODE"].iloc[:cut] == "C")]
    res = ibmi.resolve(mine)
    entry_of = {row_id: i for i, row_id in enumerate(e["ROW_ID"])}
    keyed = jf.key_changes(workload, table.obj)

    def values(row_id):
        return dict.fromkeys(jf.COLUMNS) if pd.isna(row_id) else jf.row_values(files.journal.values[int(row_id)], keyed)

    got = []
    for ch in res.changes.to_dict("records"):
        before, after = values(ch[frame.BEFORE_ROW]), values(ch[frame.AFTER_ROW])
        lineage = ch[frame.BEFORE_ROW] if ch[frame.OP] == "d" else ch[frame.AFTER_ROW]
        got.append(
            (
                ch[frame.OP],
                *(v for c in jf.COLUMNS for v in (before[c], after[c])),
                bool(ch[frame.BEFORE_PRESENT]),
                jf.as_datetime(ch[frame.COMMIT_TIMESTAMP]),
                ch[frame.COMMIT_POSITION],
                int(ch[frame.CHANGE_POSITION]),
                ch[frame.TRANSACTION_ID],
                None if pd.isna(lineage) else entry_of[int(lineage)],
            )
        )
    want = [
        tuple(c[k] for k in jf.change_columns() if k not in ("RRN", "decode_errors"))
        for c in jf.expected(workload, files.journal, table).changes
    ]
    assert got == want


def test_expected_state_is_the_last_version_of_each_key():
    workload, files = replay(1)
    for table in jf.TABLES:
        exp = jf.expected(workload, files.journal, table)
        open_versions = [{c: v[c] for c in table.state_columns} for v in exp.history if v["VALID_TO"] is None]
        assert jf.by_key(open_versions, table.state_columns) == jf.by_key(exp.current, table.state_columns)
        assert all(isinstance(v["VALID_FROM"], dt.datetime) for v in exp.history)


def test_a_format_change_is_written_where_the_workload_reorganizes():
    """format_change: D CG in place of F RG (both stop the table), every other record the same; the core resolution
    then stops the table at it as the expected changes (the workload's oracle stops at the reorganize) say."""
    seed = 9  # ORDERS is reorganized
    workload = jf.generate(seed)
    plain, changed = jf.write(workload), jf.write(workload, format_change=True)
    rg = [i for i, t in enumerate(plain.entry_types) if t == "RG"]
    assert rg and [i for i, t in enumerate(changed.entry_types) if t == "CG"] == rg
    assert [(h["JOCODE"], h["JOENTT"]) for h in headings([changed.records[i] for i in rg])] == [("D", "CG")] * len(rg)
    assert [r for i, r in enumerate(changed.records) if i not in rg] == [
        r for i, r in enumerate(plain.records) if i not in rg
    ]
    e = changed.journal.entries.copy()
    decoded = headings(changed.records)
    e["JOURNAL_CODE"], e["JOURNAL_ENTRY_TYPE"] = [h["JOCODE"] for h in decoded], [h["JOENTT"] for h in decoded]
    mine = e[(e["OBJECT"] == jf.ORDERS.obj) | (e["JOURNAL_CODE"] == "C")]
    res = ibmi.resolve(mine)
    assert list(res.changes[frame.COMMIT_POSITION]) == [
        c["COMMIT_POSITION"] for c in jf.expected(workload, changed.journal, jf.ORDERS).changes
    ]
    assert res.problems["REASON"].str.startswith("D CG").any()

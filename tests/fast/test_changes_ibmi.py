"""IBM i commit resolution (udfs/core/changes/ibmi.py): one small journal per rule, then random logical workloads
(tests/support/ibmi/workload.py) against their oracle, and loads split anywhere giving what one call gives."""

from __future__ import annotations

import random
import re
import zlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from support.ibmi import workload as wl

from udfs.core.changes import frame, ibmi

SOURCES = Path(__file__).resolve().parents[1] / "data" / "sources"


def journal(text: str) -> pd.DataFrame:
    """Entries from lines `SEQ CODE TYPE CYCLE RRN [key=value ...]` (keys: job, thread, obj, epoch, id); ROW_ID is
    the SEQ unless id= says otherwise, ENTRY_TIMESTAMP the SEQ (modulo a day) in seconds after 08:00."""
    rows = []
    for line in text.strip().splitlines():
        seq, code, kind, cycle, rrn, *extra = line.split()
        opts = dict(x.split("=") for x in extra)
        rows.append(
            {
                "ROW_ID": int(opts.get("id", seq)),
                "SEQUENCE": np.uint64(int(seq)),
                "RESET_EPOCH": int(opts.get("epoch", 0)),
                "JOURNAL_CODE": code,
                "JOURNAL_ENTRY_TYPE": kind,
                "ENTRY_TIMESTAMP": np.datetime64("2026-03-01T08:00:00") + np.timedelta64(int(seq) % 86400, "s"),
                "COMMIT_CYCLE": np.uint64(int(cycle)),
                "JOB": opts.get("job", "100001/APPUSER/J1"),
                "THREAD": opts.get("thread", "01"),
                "OBJECT": opts.get("obj", "APPLIB/ORDERS/ORDERS"),
                "RRN": int(rrn),
            }
        )
    return pd.DataFrame(rows).astype({"SEQUENCE": np.uint64, "COMMIT_CYCLE": np.uint64})


def resolve(entries: pd.DataFrame, seed: int = 0) -> ibmi.Resolution:
    """The kernel over the entries in a shuffled row order (the input's order must not matter)."""
    return ibmi.resolve(entries.sample(frac=1, random_state=seed))


def changes(res: ibmi.Resolution) -> list[tuple]:
    """(OP, BEFORE_ROW, AFTER_ROW, BEFORE_PRESENT, COMMIT_POSITION's sequence, CHANGE_POSITION, TRANSACTION_ID)."""
    c = res.changes
    assert list(c.columns) == list(frame.CHANGE_COLUMNS)
    return [
        (
            r.OP,
            None if pd.isna(r.BEFORE_ROW) else int(r.BEFORE_ROW),
            None if pd.isna(r.AFTER_ROW) else int(r.AFTER_ROW),
            bool(r.BEFORE_PRESENT),
            int(r.COMMIT_POSITION[4:], 16),
            r.CHANGE_POSITION,
            r.TRANSACTION_ID,
        )
        for r in c.itertuples()
    ]


def problems(res: ibmi.Resolution) -> dict[int, str]:
    return dict(zip(res.problems["ROW_ID"], res.problems["REASON"]))


def test_insert_update_delete_commit_at_the_cm_in_the_order_made():
    res = resolve(
        journal("""
        10 C SC 10 0
        11 R PT 10 5
        12 R UB 10 5
        13 R UP 10 5
        14 R DL 10 7
        15 C CM 10 0
    """)
    )
    assert changes(res) == [
        ("c", None, 11, False, 15, 1, "10"),
        ("u", 12, 13, True, 15, 2, "10"),
        ("d", 14, None, True, 15, 3, "10"),
    ]
    assert res.changes[frame.COMMIT_POSITION].tolist() == ["0000" + "0000000000000000000F"] * 3
    assert res.changes.dtypes.astype(str).tolist() == [
        "object",
        "Int64",
        "Int64",
        "bool",
        "datetime64[ns]",
        "object",
        "int64",
        "object",
    ]
    assert (res.changes[frame.COMMIT_TIMESTAMP] == pd.Timestamp("2026-03-01T08:00:15")).all()
    assert len(res.pending) == 0 and res.problems.empty


def test_ub_pairs_with_the_next_up_of_its_job_and_thread_not_its_neighbour():
    res = resolve(
        journal("""
        1 R UB 0 5 job=A
        2 R UB 0 5 job=B
        3 R UP 0 5 job=B
        4 R UB 0 5 job=A thread=02
        5 R UP 0 5 job=A
        6 R UP 0 5 job=A thread=02
    """)
    )
    assert [c[:3] for c in changes(res)] == [("u", 2, 3), ("u", 1, 5), ("u", 4, 6)]


def test_ub_never_pairs_with_an_up_of_another_cycle():
    res = resolve(
        journal("""
        1 R UB 0 5
        2 C SC 2 0
        3 R UP 2 5
        4 C CM 2 0
    """)
    )
    assert changes(res) == [("u", None, 3, False, 4, 1, "2")]
    assert problems(res) == {1: ibmi.NO_UP}


def test_up_without_ub_is_an_update_with_no_before_image():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R UP 1 5
        3 C CM 1 0
    """)
    )
    assert changes(res) == [("u", None, 2, False, 3, 1, "1")]


def test_rollback_drops_the_cycle_with_its_compensations():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R UB 1 6
        4 R UP 1 6
        5 R BR 1 6
        6 R UR 1 6
        7 R DR 1 5
        8 R UB 1 9
        9 C RB 1 0
    """)
    )
    assert changes(res) == [] and res.problems.empty and len(res.pending) == 0


def test_savepoint_rollback_cancels_the_latest_changes_of_the_rrn_first():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R UB 1 5
        4 R UP 1 5
        5 R UB 1 5
        6 R UP 1 5
        7 R BR 1 5
        8 R UR 1 5
        9 R DL 1 6
        10 R BR 1 6
        11 R UR 1 6
        12 C CM 1 0
    """)
    )
    assert [c[:3] for c in changes(res)] == [("c", None, 2), ("u", 3, 4)]
    assert res.problems.empty


def test_savepoint_rollback_under_after_images_only_and_rrn_reused():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R UP 1 5
        4 R UR 1 5
        5 R DR 1 5
        6 R PX 1 5
        7 R UP 1 5
        8 C CM 1 0
    """)
    )
    assert [c[:4] for c in changes(res)] == [("c", None, 6, False), ("u", None, 7, False)]
    assert [c[5] for c in changes(res)] == [1, 2]


def test_savepoint_stack_is_per_object_and_rrn():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R PT 1 5 obj=APPLIB/ORDERS/ARCHIVE
        4 R PT 1 6
        5 R DR 1 5
        6 C CM 1 0
    """)
    )
    assert [c[2] for c in changes(res)] == [3, 4]


def test_compensation_with_nothing_to_cancel_is_a_problem():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R DR 1 5
        4 R DR 1 5
        5 R UR 1 6
        6 C CM 1 0
    """)
    )
    assert changes(res) == []
    assert problems(res) == {4: ibmi.NOTHING_TO_CANCEL, 5: ibmi.NOTHING_TO_CANCEL}


def test_compensation_of_the_wrong_kind_is_a_problem_and_cancels_nothing():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R UP 1 5
        3 R DR 1 5
        4 C CM 1 0
    """)
    )
    assert [c[:3] for c in changes(res)] == [("u", None, 2)]
    assert problems(res) == {3: ibmi.WRONG_KIND}


def test_outside_commitment_control_each_change_commits_at_its_own_entry():
    res = resolve(
        journal("""
        1 R PT 0 5
        2 R UB 0 5
        3 C SC 9 0
        4 R UP 0 5
        5 R DL 0 5
        6 R DR 0 5
    """)
    )
    assert changes(res) == [
        ("c", None, 1, False, 1, 1, None),
        ("u", 2, 4, True, 4, 1, None),
        ("d", 5, None, True, 5, 1, None),
    ]
    assert problems(res) == {6: ibmi.OUTSIDE_CYCLE}
    assert res.pending.tolist() == [3]


def test_ub_outside_commitment_control_waits_for_its_up_then_is_a_problem():
    first = resolve(journal("1 R UB 0 5"))
    assert first.pending.tolist() == [1] and first.problems.empty
    later = resolve(
        journal("""
        1 R UB 0 5
        2 R UB 0 5
        3 R UP 0 5
    """)
    )
    assert [c[:3] for c in changes(later)] == [("u", 2, 3)]
    assert problems(later) == {1: ibmi.NO_UP} and len(later.pending) == 0


def test_ub_without_up_and_br_without_ur_in_a_committed_cycle_are_problems():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R UB 1 5
        3 R PT 1 6
        4 R BR 1 6
        5 C CM 1 0
    """)
    )
    assert [c[:3] for c in changes(res)] == [("c", None, 3)]
    assert problems(res) == {2: ibmi.NO_UP, 4: ibmi.NO_UR}


def test_a_cycle_without_cm_or_rb_stays_pending_whole():
    res = resolve(
        journal("""
        1 C SC 1 0
        2 R PT 1 5
        3 R PT 0 6
        4 R UB 1 5
    """)
    )
    assert [c[2] for c in changes(res)] == [3]
    assert sorted(res.pending.tolist()) == [1, 2, 4]


def test_clear_is_a_truncate():
    res = resolve(
        journal("""
        1 R PT 0 5
        2 F CR 0 0
    """)
    )
    assert changes(res) == [("c", None, 1, False, 1, 1, None), ("t", None, None, False, 2, 1, None)]


@pytest.mark.parametrize("code, kind", [("F", "RG"), ("D", "CG")])
def test_reorganize_or_format_change_stops_the_table_there(code, kind):
    res = resolve(
        journal(f"""
        1 C SC 1 0
        2 R PT 1 5
        3 C SC 3 0
        4 R PT 3 6
        5 C CM 1 0
        6 {code} {kind} 0 0
        7 C CM 3 0
        8 R PT 0 7
    """)
    )
    assert [c[2] for c in changes(res)] == [2]
    assert sorted(res.pending.tolist()) == [3, 4, 6, 7, 8]
    assert problems(res) == {6: ibmi.STOP_REASONS[(code, kind)]}


def test_cycle_ids_repeat_after_a_sequence_reset_and_positions_sort_across_it():
    big = 2**64 - 2
    res = resolve(
        journal(f"""
        {big - 2} C SC {big - 2} 0 id=1
        {big - 1} R PT {big - 2} 5 id=2
        5 C SC 5 0 epoch=1 id=105
        6 R PT 5 6 epoch=1 id=106
        7 C CM 5 0 epoch=1 id=107
        {big} C CM {big - 2} 0 id=3
        5 C SC 5 0 epoch=2 id=205
        6 R PT 5 7 epoch=2 id=206
        7 C RB 5 0 epoch=2 id=207
    """)
    )
    assert res.changes[frame.COMMIT_POSITION].tolist() == ["0000" + f"{big:020X}", "0001" + f"{7:020X}"]
    assert res.changes[frame.TRANSACTION_ID].tolist() == [str(big - 2), "5"]
    assert res.changes[frame.AFTER_ROW].tolist() == [2, 106]


def test_input_checks():
    with pytest.raises(ValueError, match="ROW_ID"):
        ibmi.resolve(journal("1 R PT 0 5\n2 R PT 0 6 id=1"))
    with pytest.raises(ValueError, match="journal position"):
        ibmi.resolve(journal("1 R PT 0 5\n1 R PT 0 6 id=2"))
    empty = ibmi.resolve(journal("1 R PT 0 5").iloc[:0])
    assert empty.changes.empty and len(empty.pending) == 0 and empty.problems.empty


def test_unknown_entry_types_are_problems_not_silently_dropped():
    res = resolve(journal("1 R IL 0 5"))
    assert problems(res) == {1: ibmi.UNKNOWN_REASON}


def test_the_encoder_writes_only_entry_types_the_source_names():
    text = (SOURCES / "ibmi_record_entries.txt").read_text()
    named = set(re.search(r"R entries \(([A-Z, ]+)\)", text).group(1).split(", ")) | {"SC", "CM", "RB"}
    assert "C SC starts a commit cycle, C CM commits it, C RB rolls it back" in text
    written = pd.concat([wl.encode(wl.generate(s)).entries for s in range(30)])
    r_and_c = written[written["JOURNAL_CODE"].isin(["R", "C"])]
    assert set(r_and_c["JOURNAL_ENTRY_TYPE"]) <= named
    assert set(r_and_c["JOURNAL_ENTRY_TYPE"]) >= {"PT", "PX", "UB", "UP", "DL", "DR", "BR", "UR", "SC", "CM", "RB"}


# Random workloads against the oracle.


def commits_given(res: ibmi.Resolution, values: dict) -> list[tuple]:
    """The kernel's changes as (TRANSACTION_ID, COMMIT_TIMESTAMP, ((op, before value, after value, present), ...))."""
    out = []
    for _, c in res.changes.groupby(frame.COMMIT_POSITION, sort=True):
        assert c[frame.CHANGE_POSITION].tolist() == list(range(1, len(c) + 1))
        out.append(
            (
                c[frame.TRANSACTION_ID].iloc[0],
                c[frame.COMMIT_TIMESTAMP].iloc[0],
                tuple(
                    (
                        r.OP,
                        None if pd.isna(r.BEFORE_ROW) else values[r.BEFORE_ROW],
                        None if pd.isna(r.AFTER_ROW) else values[r.AFTER_ROW],
                        bool(r.BEFORE_PRESENT),
                    )
                    for r in c.itertuples()
                ),
            )
        )
    return out


def commits_expected(workload: wl.Workload, j: wl.Journal) -> list[tuple]:
    return [
        (None if c.txn is None else str(j.cycles[c.txn]), pd.Timestamp(wl.timestamp(c.t)), c.changes)
        for c in wl.oracle(workload)
    ]


def allowed_problems(j: wl.Journal) -> set:
    stops = j.entries[j.entries["JOURNAL_ENTRY_TYPE"] == "RG"]["ROW_ID"]
    return set(stops.iloc[:1])


@pytest.mark.parametrize("seed", range(60))
def test_random_workload_gives_the_oracles_commits(seed):
    workload = wl.generate(seed)
    j = wl.encode(workload)
    res = resolve(wl.table_entries(j.entries), seed)
    assert commits_given(res, j.values) == commits_expected(workload, j)
    assert set(res.pending.tolist()) == j.pending
    assert set(res.problems["ROW_ID"]) == allowed_problems(j)


def resolve_in_loads(entries: pd.DataFrame, cuts: list[int], seed: int) -> tuple[pd.DataFrame, np.ndarray, set]:
    """The entries (journal order) loaded in pieces cut at `cuts`, each call given the previous call's pending."""
    given, problems_seen, carried = [], set(), entries.iloc[:0]
    bounds = [0, *cuts, len(entries)]
    for start, end in zip(bounds, bounds[1:]):
        batch = pd.concat([carried, entries.iloc[start:end]])
        res = resolve(batch, seed + start)
        given.append(res.changes)
        problems_seen |= set(res.problems["ROW_ID"])
        carried = batch[batch["ROW_ID"].isin(res.pending)]
    return pd.concat(given, ignore_index=True), np.sort(carried["ROW_ID"].to_numpy()), problems_seen


def same_changes(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a.reset_index(drop=True), b.reset_index(drop=True), check_dtype=False)


@pytest.mark.parametrize("seed", range(20))
def test_loads_split_at_random_points_give_what_one_call_gives(seed):
    entries = wl.table_entries(wl.encode(wl.generate(1000 + seed)).entries)
    whole = resolve(entries, seed)
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(entries)), min(len(entries) - 1, rng.randint(1, 6))))
    given, pending, seen = resolve_in_loads(entries, cuts, seed)
    same_changes(given, whole.changes)
    assert pending.tolist() == sorted(whole.pending.tolist())
    assert seen == set(whole.problems["ROW_ID"])


@pytest.mark.parametrize("seed", range(3))
def test_small_loads_split_at_every_point_give_what_one_call_gives(seed):
    entries = wl.table_entries(wl.encode(wl.generate(2000 + seed, steps=14)).entries)
    whole = resolve(entries, seed)
    for cut in range(1, len(entries)):
        given, pending, seen = resolve_in_loads(entries, [cut], seed)
        same_changes(given, whole.changes)
        assert pending.tolist() == sorted(whole.pending.tolist())
        assert seen == set(whole.problems["ROW_ID"])


# ---- resolved in parts, as the build does on the executors (udfs/spark/changes/ibmi.py) -------------------------
# The build groups a table's entries by commit cycle, and outside commitment control by one row's entries of one job
# and thread, and resolves many groups in one call, in buckets. It holds the first F RG / D CG and everything after
# it without resolving them, and marks LONE the UB and BR entries whose next image entry of their key in the journal
# is in another commit cycle. Written here again from the rules, the same parts must give what one call gives.
STOPS = {("F", "RG"), ("D", "CG")}
PAIR_SETS = {"UB": "U", "UP": "U", "BR": "B", "UR": "B"}


def cycle_of(e: pd.Series):
    return (int(e.RESET_EPOCH), int(e.COMMIT_CYCLE)) if int(e.COMMIT_CYCLE) else None


def in_parts(entries: pd.DataFrame, buckets: int, seed: int) -> tuple[pd.DataFrame, set, set]:
    e = entries.sort_values(["RESET_EPOCH", "SEQUENCE"]).reset_index(drop=True)
    kinds = list(zip(e["JOURNAL_CODE"].str.strip(), e["JOURNAL_ENTRY_TYPE"].str.strip()))
    stop = next((i for i, k in enumerate(kinds) if k in STOPS), len(e))
    lone, last_of = [False] * len(e), {}
    for i in range(len(e) - 1, -1, -1):  # from the end: the next image entry of each key is the last one seen
        code, kind = kinds[i]
        if code != "R" or kind not in PAIR_SETS:
            continue
        key = (e.at[i, "OBJECT"], e.at[i, "RRN"], e.at[i, "JOB"], e.at[i, "THREAD"], PAIR_SETS[kind])
        if kind in ("UB", "BR") and key in last_of:
            lone[i] = cycle_of(e.iloc[last_of[key]]) != cycle_of(e.iloc[i])
        last_of[key] = i
    e["LONE"] = lone

    def bucket(i: int) -> int:  # a stable hash: the same buckets at every run
        r = e.iloc[i]
        group = cycle_of(r) or (r.JOB, r.THREAD, r.OBJECT, int(r.RRN))
        return zlib.crc32(repr((seed, group)).encode()) % buckets

    parts = pd.Series([bucket(i) for i in range(stop)], dtype=np.int64)
    given, pending, problems = [], set(e["ROW_ID"].iloc[stop:]), set()
    for _, part in e.iloc[:stop].groupby(parts.to_numpy()):
        res = ibmi.resolve(part.sample(frac=1, random_state=seed))
        given.append(res.changes)
        pending |= set(res.pending.tolist())
        problems |= set(zip(res.problems["ROW_ID"], res.problems["REASON"]))
    if stop < len(e):
        problems.add((e.at[stop, "ROW_ID"], ibmi.STOP_REASONS[kinds[stop]]))
    order = [frame.COMMIT_POSITION, frame.CHANGE_POSITION]
    every = pd.concat(given, ignore_index=True) if given else ibmi.resolve(e.iloc[:0]).changes
    return every.sort_values(order).reset_index(drop=True), pending, problems


def one_call(entries: pd.DataFrame) -> tuple[pd.DataFrame, set, set]:
    whole = ibmi.resolve(entries)
    return whole.changes, set(whole.pending.tolist()), set(zip(whole.problems["ROW_ID"], whole.problems["REASON"]))


@pytest.mark.parametrize("seed", range(30))
def test_entries_resolved_in_parts_give_what_one_call_gives(seed):
    entries = wl.table_entries(wl.encode(wl.generate(3000 + seed)).entries)
    got, want = in_parts(entries, 1 + seed % 5, seed), one_call(entries)
    same_changes(got[0], want[0])
    assert got[1:] == want[1:]


def test_a_ub_whose_next_image_entry_is_of_another_cycle_gets_no_partner_in_its_part():
    """Job J1's UB in cycle 5, then an UP of the same row by the same job and thread in cycle 7, then an UP in cycle
    5: one pass pairs nothing (the UB's next image entry is of another cycle); cycle 5's part alone would pair the
    UB with the later UP, unless the UB comes LONE."""
    entries = journal(
        "1 C SC 5 0\n2 C SC 7 0\n3 R UB 5 1\n4 R UP 7 1\n5 R UP 5 1\n6 C CM 5 0\n7 C CM 7 0\n8 R PT 0 2\n9 R PT 9 3"
    )
    got, want = in_parts(entries, 3, 0), one_call(entries)
    same_changes(got[0], want[0])
    assert got[1:] == want[1:]
    assert (3, ibmi.NO_UP) in want[2]
    alone = ibmi.resolve(entries[entries["COMMIT_CYCLE"] == 5])  # without LONE, cycle 5's part pairs UB 3 and UP 5
    assert alone.changes[frame.BEFORE_ROW].tolist() == [3]

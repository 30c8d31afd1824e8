"""LLDF commit resolution (udfs/core/changes/lldf.py): one small logical log per rule, then random workloads
(tests/support/lldf/workload.py) against their oracle, and extracts in 3 pieces (with units in flight at the cuts,
and overlapping) giving what one extract gives."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from support.lldf import workload as wl

from udfs.core.changes import frame, lldf, state

SOURCES = Path(__file__).resolve().parents[1] / "data" / "sources"


def log(text: str) -> pd.DataFrame:
    """Rows from lines `LANDING TYPE MEMBER UORID UORDISP LOGRECDISP LOGLRSN COMMITLRSN [key=value ...]`, numbers in
    hex (zero-padded to their width). Keys: point (UORCOMMITPOINT, else COMMITLRSN), uorlrsn (UORIDLRSN, else UORID),
    rba (LOGRBA, else LOGLRSN), sql (SQLRIRBA, else 0), rid, inc (INCOMPLETETRANS, else N), keys=1 (LIMIT_KEYS),
    ts (UORCOMMITTIMESTAMP seconds after 08:00, else COMMITLRSN's). Disposition '_' is blank. ROW_ID: LANDING * 10
    for the before image (or the record without image), + 1 for the after image."""
    rows = []
    for line in text.strip().splitlines():
        landing, ctype, member, uorid, disp, recdisp, lrsn, commit, *extra = line.split()
        o = dict(x.split("=") for x in extra)
        n = int(landing)
        header = {
            "LANDING": n,
            "CHANGE_TYPE": ctype,
            "MEMBERID": int(member, 16),
            "LIMIT_KEYS": o.get("keys") == "1",
            "UORID": uorid.zfill(20),
            "UORIDLRSN": o.get("uorlrsn", uorid).zfill(20),
            "UORCOMMITLRSN": commit.zfill(20),
            "UORCOMMITPOINT": o.get("point", commit).zfill(20),
            "LOGLRSN": lrsn.zfill(20),
            "LOGRBA": o.get("rba", lrsn).zfill(20),
            "SQLRIRBA": o.get("sql", "0").zfill(20),
            "RID": o.get("rid", "1").zfill(10),
            "UORDISP": disp.replace("_", " "),
            "LOGRECDISP": recdisp.replace("_", " "),
            "INCOMPLETETRANS": o.get("inc", "N"),
            "UORCOMMITTIMESTAMP": pd.Timestamp("2026-03-01T08:00:00")
            + pd.Timedelta(seconds=int(o.get("ts", commit), 16)),
        }
        kinds = {"UB": ["before", "after"], "D": ["before"], "I": ["after"], "IL": ["after"]}.get(ctype, [None])
        rows += [{"ROW_ID": n * 10 + (k == "after"), "IMAGE_KIND": k, **header} for k in kinds]
    return pd.DataFrame(rows)


def resolve(rows: pd.DataFrame, seed: int = 0, applied_through: str | None = None) -> lldf.Resolution:
    """The kernel over the rows in a shuffled order (the input's order must not matter)."""
    return lldf.resolve(rows.sample(frac=1, random_state=seed), applied_through)


def changes(res: lldf.Resolution) -> list[tuple]:
    """(OP, BEFORE_ROW, AFTER_ROW, BEFORE_PRESENT, CHANGE_POSITION) in the frame's order."""
    c = res.changes
    assert list(c.columns) == list(frame.CHANGE_COLUMNS)
    return [
        (
            r.OP,
            None if pd.isna(r.BEFORE_ROW) else int(r.BEFORE_ROW),
            None if pd.isna(r.AFTER_ROW) else int(r.AFTER_ROW),
            bool(r.BEFORE_PRESENT),
            r.CHANGE_POSITION,
        )
        for r in c.itertuples()
    ]


def problems(res: lldf.Resolution) -> dict[int, str]:
    return dict(zip(res.problems["ROW_ID"], res.problems["REASON"]))


def test_types_give_ops_and_images_in_the_order_within_the_unit():
    res = resolve(
        log("""
        4 D  0 A0 C C 14 50
        1 I  0 A0 C C 11 50
        3 UB 0 A0 C C 13 50
        2 IL 0 A0 C C 12 50
        5 DM 0 A0 C C 15 50
    """)
    )
    assert changes(res) == [
        ("c", None, 11, False, 1),
        ("c", None, 21, False, 2),
        ("u", 30, 31, True, 3),
        ("d", 40, None, True, 4),
        ("t", None, None, False, 5),
    ]
    assert res.changes[frame.COMMIT_POSITION].tolist() == ["50".zfill(20) * 2 + "0000"] * 5
    assert res.changes[frame.TRANSACTION_ID].tolist() == ["0000." + "A0".zfill(20) + "." + "A0".zfill(20)] * 5
    assert (res.changes[frame.COMMIT_TIMESTAMP] == pd.Timestamp("2026-03-01T08:01:20")).all()
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
    assert len(res.pending) == 0 and res.problems.empty and len(res.earlier) == 0


@pytest.mark.parametrize("recdisp", ["A", "S", "O"])
def test_only_records_committed_in_a_committed_unit_count(recdisp):
    res = resolve(
        log(f"""
        1 I 0 A0 C C 11 50
        2 I 0 A0 C {recdisp} 12 50
        3 I 0 B0 A A 13 0
        4 I 0 B0 A C 14 0
    """)
    )
    assert changes(res) == [("c", None, 11, False, 1)]
    assert res.problems.empty and len(res.pending) == 0


def test_commit_order_is_commit_lrsn_then_commit_point_then_member():
    res = resolve(
        log("""
        1 I 2 A0 C C 10 60 point=5
        2 I 1 A0 C C 11 60 point=5
        3 I 1 B0 C C 12 60 point=4
        4 I 0 C0 C C 13 40
    """)
    )
    assert [c[2] for c in changes(res)] == [41, 31, 21, 11]
    assert res.changes[frame.COMMIT_POSITION].tolist() == sorted(res.changes[frame.COMMIT_POSITION])
    assert res.changes[frame.TRANSACTION_ID].str[:4].tolist() == ["0000", "0001", "0001", "0002"]


def test_within_a_unit_log_lrsn_then_log_rba_then_sqlrirba():
    res = resolve(
        log("""
        1 I 0 A0 C C 12 50 rba=1
        2 I 0 A0 C C 11 50 rba=9
        3 I 0 A0 C C 12 50 rba=0 sql=2
        4 I 0 A0 C C 12 50 rba=0 sql=1
    """)
    )
    assert [c[2] for c in changes(res)] == [21, 41, 31, 11]


def test_units_with_the_same_uorid_on_other_members_or_after_a_log_reset_are_apart():
    res = resolve(
        log("""
        1 I 1 A0 C C 11 50
        2 I 2 A0 A A 12 0
        3 I 1 A0 _ C 13 0 uorlrsn=F0
    """)
    )
    assert [c[2] for c in changes(res)] == [11]
    assert res.pending.tolist() == [31]


def test_a_unit_in_flight_is_held_then_comes_out_whole_when_a_later_load_commits_it():
    first = resolve(
        log("""
        1 I 0 A0 _ C 11 0
        2 I 0 B0 C C 12 20
    """)
    )
    assert [c[2] for c in changes(first)] == [21] and first.pending.tolist() == [11]
    held = log("1 I 0 A0 _ C 11 0")
    later = resolve(
        pd.concat(
            [
                held,
                log("""
        3 UB 0 A0 C C 30 40
        4 I 0 C0 C C 31 35
    """),
            ]
        )
    )
    assert changes(later) == [("c", None, 41, False, 1), ("c", None, 11, False, 1), ("u", 30, 31, True, 2)]
    assert later.changes[frame.COMMIT_POSITION].str[:20].tolist() == ["35".zfill(20), "40".zfill(20), "40".zfill(20)]
    assert len(later.pending) == 0 and later.problems.empty


def test_a_record_landed_twice_counts_once_the_decided_copy_preferred():
    res = resolve(
        log("""
        1 UB 0 A0 _ C 11 0
        2 UB 0 A0 C C 11 50
        3 I 0 A0 C C 12 50
        4 I 0 A0 C C 12 50
    """)
    )
    assert changes(res) == [("u", 20, 21, True, 1), ("c", None, 31, False, 2)]
    assert len(res.pending) == 0 and res.problems.empty


def test_a_later_copy_with_the_final_record_disposition_wins_over_the_held_one():
    res = resolve(
        log("""
        1 I 0 A0 _ C 11 0
        2 I 0 A0 C S 11 50
        3 I 0 A0 C C 12 50
    """)
    )
    assert [c[2] for c in changes(res)] == [31]


def test_units_at_or_before_what_was_applied_come_back_as_earlier():
    rows = log("""
        1 I 0 A0 C C 11 50
        2 I 0 B0 C C 12 51
        3 I 0 C0 _ C 13 0
    """)
    res = resolve(rows, applied_through="50".zfill(20) * 2 + "0000")
    assert [c[2] for c in changes(res)] == [21]
    assert res.earlier.tolist() == [11] and res.pending.tolist() == [31] and res.problems.empty


def test_a_mass_delete_with_limit_keys_stops_the_table_at_its_unit():
    rows = log("""
        1 I 0 A0 C C 11 50
        2 I 0 B0 C C 12 60
        3 DM 0 B0 C C 13 60 keys=1
        4 I 0 C0 C C 14 70
        5 I 0 D0 _ C 15 0
        6 DM 0 E0 C A 16 45 keys=1
        7 I 0 F0 A A 17 0
    """)
    res = resolve(rows)
    assert [c[2] for c in changes(res)] == [11]
    assert res.pending.tolist() == [21, 30, 41, 51]
    assert problems(res) == {30: lldf.STOP_REASONS["LIMIT_KEYS"]}
    again = resolve(rows[rows["ROW_ID"].isin(res.pending)])
    assert changes(again) == [] and problems(again) == {30: lldf.STOP_REASONS["LIMIT_KEYS"]}


@pytest.mark.parametrize("ctype", ["E", "CO"])
def test_an_exchange_or_a_catalog_change_stops_the_table(ctype):
    res = resolve(
        log(f"""
        1 I 0 A0 C C 11 50
        2 {ctype} 0 B0 C C 12 60
    """)
    )
    assert [c[2] for c in changes(res)] == [11]
    assert problems(res) == {20: lldf.STOP_REASONS[ctype]} and res.pending.tolist() == [20]


def test_an_incomplete_committed_unit_stops_until_a_load_lands_it_complete():
    incomplete = log("""
        1 I 0 A0 C C 11 50 inc=Y
        2 I 0 A0 C C 12 50 inc=Y
        3 I 0 B0 C C 13 60
        4 I 0 C0 A A 14 0 inc=Y
    """)
    res = resolve(incomplete)
    assert changes(res) == [] and res.pending.tolist() == [11, 21, 31]
    assert problems(res) == {11: lldf.STOP_REASONS["INCOMPLETE"]}
    complete = log("""
        5 I 0 A0 C C 11 50
        6 I 0 A0 C C 12 50
    """)
    later = resolve(pd.concat([incomplete[incomplete["ROW_ID"].isin(res.pending)], complete]))
    assert [c[2] for c in changes(later)] == [51, 61, 31] and later.problems.empty and len(later.pending) == 0


def test_unknown_types_and_dispositions_in_committed_units_are_problems_not_dropped_silently():
    res = resolve(
        log("""
        1 CM 0 A0 C C 11 50
        2 SC 0 A0 C C 12 50
        3 I 0 A0 C X 13 50
        4 I 0 A0 C C 14 50
        5 CM 0 B0 A A 15 0
    """)
    )
    assert [c[2] for c in changes(res)] == [41]
    assert problems(res) == {10: lldf.UNKNOWN_REASON, 20: lldf.UNKNOWN_REASON, 31: lldf.UNKNOWN_DISP}


def test_a_unit_whose_records_disagree_is_a_problem_and_left_out():
    res = resolve(
        log("""
        1 I 0 A0 C C 11 50
        2 I 0 A0 A A 12 0
        3 I 0 B0 C C 13 60
        4 I 0 B0 C C 14 61
        5 I 0 C0 C C 15 70
    """)
    )
    assert [c[2] for c in changes(res)] == [51]
    assert problems(res) == {11: lldf.DISAGREE, 31: lldf.DISAGREE} and len(res.pending) == 0


def test_rows_lacking_an_ordering_field_are_problems():
    rows = log("1 I 0 A0 C C 11 50\n2 I 0 A0 C C 12 50")
    rows.loc[rows["ROW_ID"] == 21, "LOGLRSN"] = None
    res = resolve(rows)
    assert [c[2] for c in changes(res)] == [11] and problems(res) == {21: lldf.MISSING}


def test_input_checks():
    with pytest.raises(ValueError, match="ROW_ID"):
        lldf.resolve(pd.concat([log("1 I 0 A0 C C 11 50"), log("1 I 0 A0 C C 11 50")]))
    with pytest.raises(ValueError, match="image rows"):
        lldf.resolve(log("1 UB 0 A0 C C 11 50").iloc[:1])
    with pytest.raises(ValueError, match="LOGLRSN"):
        lldf.resolve(log("1 I 0 A0 C C 11 50").assign(LOGLRSN="1"))
    with pytest.raises(ValueError, match="one log record"):
        lldf.resolve(log("1 UB 0 A0 C C 11 50").assign(RID=["0000000001", "0000000002"]))
    empty = lldf.resolve(log("1 I 0 A0 C C 11 50").iloc[:0])
    assert empty.changes.empty and len(empty.pending) == 0 and empty.problems.empty
    assert list(empty.changes.columns) == list(frame.CHANGE_COLUMNS)


def test_a_key_change_becomes_a_delete_then_an_insert_downstream():
    res = resolve(log("1 UB 0 A0 C C 11 50"))
    values = {10: 1, 11: 2}
    valued = res.changes.assign(
        BEFORE_ID=res.changes[frame.BEFORE_ROW].map(values), AFTER_ID=res.changes[frame.AFTER_ROW].map(values)
    )
    split = state.split_key_changes(valued, ["ID"])
    assert split[frame.OP].tolist() == ["d", "c"] and split[frame.CHANGE_POSITION].tolist() == [1, 2]


def test_the_encoder_writes_only_values_the_source_names():
    header = (SOURCES / "002_lldf_header.txt").read_text()
    rules = (SOURCES / "002_lldf_change_rules.txt").read_text()
    types = set(re.findall(r"^'([A-Z]{1,2}) ?' [–-]", header, re.MULTILINE))
    recdisp = set(re.findall(r"^([CASO]) – Record", header, re.MULTILINE))
    assert {"UB", "I", "D", "DM", "DT", "DR", "IL", "CO", "E", "CM", "SC"} <= types and recdisp == {"C", "A", "S", "O"}
    assert "UORCOMMITLRSN and ORDERVALUE fields as sort keys" in rules
    assert "data segments will exist defining the limit key values" in rules
    written = pd.concat([wl.extract(w, 0, w.end) for w in map(wl.generate, range(30))])
    assert set(written["CHANGE_TYPE"]) <= types and set(written["LOGRECDISP"]) <= recdisp
    assert set(written["UORDISP"]) <= {"C", "A", " "}
    assert set(written["LOGRECDISP"]) == recdisp and {"UB", "I", "IL", "D", "DM", "DT", "DR"} <= set(
        written["CHANGE_TYPE"]
    )


# Random workloads against the oracle.


def commits_given(res: lldf.Resolution, values: dict) -> list[tuple]:
    out = []
    for _, c in res.changes.groupby(frame.COMMIT_POSITION, sort=True):
        assert c[frame.CHANGE_POSITION].tolist() == list(range(1, len(c) + 1))
        assert c[frame.TRANSACTION_ID].nunique() == 1
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


def kernel_rows(rows: pd.DataFrame) -> pd.DataFrame:
    return rows.drop(columns=["VALUE"])


def units_of(rows: pd.DataFrame, row_ids) -> set:
    held = rows[rows["ROW_ID"].isin(list(row_ids))]
    return set(zip(held["MEMBERID"], held["UORID"].map(lambda h: int(h, 16))))


REASON_OF = {"": lldf.STOP_REASONS["INCOMPLETE"], "DM": lldf.STOP_REASONS["LIMIT_KEYS"], "CM": lldf.UNKNOWN_REASON}


@pytest.mark.parametrize("seed", range(30))
def test_random_workload_gives_the_oracles_commits(seed):
    workload = wl.generate(seed)
    rows = wl.extract(workload, 0, workload.end)
    res = resolve(kernel_rows(rows), seed)
    expected = wl.oracle(workload)
    assert commits_given(res, dict(zip(rows["ROW_ID"], rows["VALUE"]))) == expected.commits
    assert units_of(rows, res.pending) == expected.pending_units
    assert sorted(res.problems["REASON"]) == sorted(REASON_OF[t] for t in expected.problem_types)


def test_the_workloads_reach_every_rule():
    seen = [wl.oracle(w) for w in map(wl.generate, range(30))]
    problems_seen = {t for e in seen for t in e.problem_types}
    assert problems_seen == {"", "DM", "CM"}
    assert sum(bool(e.pending_units) for e in seen) > 5
    ops = {c[0] for e in seen for commit in e.commits for c in commit[2]}
    assert ops == {"c", "u", "d", "t"}


def resolve_in_extracts(workload: wl.Workload, bounds: list[int], overlap: int, seed: int):
    """Extracts over [bounds[k] - overlap, bounds[k + 1]), each call given the previous call's pending rows and the
    last commit position given; returns (changes, values, pending rows, problem reasons, earlier rows, all rows)."""
    given, reasons, carried, through = [], [], None, None
    values, earlier, every = {}, [], []
    landing = 0
    for start, end in itertools.pairwise(bounds):
        new = wl.extract(workload, max(0, start - overlap), end, landing)
        landing += len(new) + 1
        every.append(new)
        values.update(zip(new["ROW_ID"], new["VALUE"]))
        batch = new if carried is None or carried.empty else pd.concat([carried, new], ignore_index=True)
        res = resolve(kernel_rows(batch), seed + len(every), through)
        given.append(res.changes)
        reasons += res.problems["REASON"].tolist()
        back = batch[batch["ROW_ID"].isin(res.earlier)]
        # what comes back as earlier was landed by an earlier extract: a copy, never a late unit
        assert record_keys(back) <= record_keys(pd.concat(every[:-1])) if len(every) > 1 else back.empty
        earlier.append(back)
        carried = batch[batch["ROW_ID"].isin(res.pending)]
        if len(res.changes):
            through = max(through or "", res.changes[frame.COMMIT_POSITION].max())
    changes_ = pd.concat([g for g in given if len(g)] or given[:1], ignore_index=True)
    return (
        changes_,
        values,
        carried,
        reasons,
        pd.concat([e for e in earlier if len(e)] or earlier[:1]),
        pd.concat(every),
    )


def record_keys(rows: pd.DataFrame) -> set:
    return set(map(tuple, rows[lldf.RECORD_KEY].to_numpy()))


@pytest.mark.parametrize("overlap", [0, 40])
@pytest.mark.parametrize("seed", range(12))
def test_three_extracts_give_what_one_extract_gives(seed, overlap):
    workload = wl.generate(3000 + seed, steps=90)
    whole_rows = wl.extract(workload, 0, workload.end)
    whole = resolve(kernel_rows(whole_rows), seed)
    rng = random.Random(seed)
    lo = min(r.lrsn for u in workload.units for r in u.records) if len(whole_rows) else 0
    cuts = sorted(rng.sample(range(lo + 1, workload.end), 2))
    changes_, values, pending, reasons, earlier, every = resolve_in_extracts(
        workload, [0, *cuts, workload.end], overlap, seed
    )
    whole_values = dict(zip(whole_rows["ROW_ID"], whole_rows["VALUE"]))
    assert commits_given(lldf.Resolution(changes_, np.zeros(0), whole.problems, np.zeros(0)), values) == commits_given(
        whole, whole_values
    )
    assert units_of(pending, pending["ROW_ID"]) == units_of(whole_rows, whole.pending)
    stop = lldf.STOP_REASONS.values()
    assert {r for r in reasons if r not in stop} == {r for r in whole.problems["REASON"] if r not in stop}
    assert {r for r in reasons if r in stop} == {r for r in whole.problems["REASON"] if r in stop}
    assert earlier.empty if overlap == 0 else len(every) > len(whole_rows)


def test_a_unit_in_flight_at_each_cut_is_exercised():
    flying = 0
    for seed in range(12):
        workload = wl.generate(3000 + seed, steps=90)
        rng = random.Random(seed)
        lo = min((r.lrsn for u in workload.units for r in u.records), default=0)
        cuts = sorted(rng.sample(range(lo + 1, workload.end), 2))
        flying += sum(
            any(r.lrsn < cut for r in u.records) and u.ended_at >= cut and u.disposition == "C"
            for u in workload.units
            for cut in cuts
        )
    assert flying >= 6

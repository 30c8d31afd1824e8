"""The IBMSNAP commit resolution (udfs/core/changes/ibmsnap.py) against named cases and against the oracle of
support.ibmsnap.workload (written from seed 003's CD and UOW tables and docs/changes.md, not from the kernel)."""

from __future__ import annotations

import datetime as dt
import zlib
from itertools import pairwise

import numpy as np
import pandas as pd
import pytest
from support.ibmsnap import workload as wl

from udfs.core.changes import ibmsnap

T = dt.datetime(2026, 3, 1, 10, 0, 0)


def cd(*rows: tuple, pairs: bool = False) -> pd.DataFrame:
    """Image rows (uow, intentseq, operation, kind, K, A, B), ROW_IDs 0.. in order."""
    return pd.DataFrame(
        [
            {
                "ROW_ID": i,
                "UOW": u,
                "INTENTSEQ": s,
                "OPERATION": op,
                "IMAGE_KIND": kind,
                "PAIRS": pairs,
                "K": k,
                "A": a,
                "B": b,
            }
            for i, (u, s, op, kind, k, a, b) in enumerate(rows)
        ]
    )


def uow(*rows: tuple) -> pd.DataFrame:
    """UOW rows (uowid, commitseq, seconds after T, rej_code)."""
    return pd.DataFrame(
        [
            {"UOW": u, "UOWID": u, "COMMITSEQ": c, "LOGMARKER": T + dt.timedelta(seconds=s), "REJ_CODE": r}
            for u, c, s, r in rows
        ],
        columns=list(ibmsnap.UOW_COLUMNS),
    )


def changes(res: ibmsnap.Resolution) -> list[tuple]:
    c = res.changes
    return [
        (
            r.OP,
            _id(r.BEFORE_ROW),
            _id(r.AFTER_ROW),
            bool(r.BEFORE_PRESENT),
            r.COMMIT_POSITION[-4:],
            r.CHANGE_POSITION,
            r.TRANSACTION_ID,
        )
        for r in c.itertuples()
    ]


def _id(v):
    return None if pd.isna(v) else int(v)


def test_a_unit_of_work_commits_at_its_commitseq_in_intent_order():
    res = ibmsnap.resolve(
        cd(
            ("AA", "0003", "D", "before", 2, "x", 1),
            ("AA", "0001", "I", "after", 1, "a", 1),
            ("AA", "0002", "U", "after", 1, "b", 2),
            ("AA", "0002", "U", "before", 1, None, 1),
        ),
        uow(("AA", "0009", 5, "0")),
        ["K"],
    )
    assert changes(res) == [
        ("c", None, 1, False, "0009", 1, "AA"),
        ("u", 3, 2, True, "0009", 2, "AA"),
        ("d", 0, None, True, "0009", 3, "AA"),
    ]
    assert res.changes["COMMIT_TIMESTAMP"].tolist() == [T + dt.timedelta(seconds=5)] * 3
    assert res.changes["COMMIT_POSITION"].str.len().unique().tolist() == [32]
    assert list(res.pending) == [] and list(res.rejected) == [] and res.problems.empty


def test_commit_order_is_commitseq_then_intentseq_across_units_of_work():
    res = ibmsnap.resolve(
        cd(
            ("AA", "0001", "I", "after", 1, "a", 1),
            ("BB", "0002", "I", "after", 2, "a", 1),
            ("AA", "0003", "I", "after", 3, "a", 1),
        ),
        uow(("BB", "0004", 1, "0"), ("AA", "0005", 2, "0")),
        ["K"],
    )
    assert changes(res) == [
        ("c", None, 1, False, "0004", 1, "BB"),
        ("c", None, 0, False, "0005", 1, "AA"),
        ("c", None, 2, False, "0005", 2, "AA"),
    ]


def test_a_cd_row_whose_unit_of_work_has_no_uow_row_is_pending():
    res = ibmsnap.resolve(
        cd(
            ("AA", "0001", "I", "after", 1, "a", 1),
            ("BB", "0002", "U", "after", 2, "a", 1),
            ("BB", "0002", "U", "before", 2, None, 5),
        ),
        uow(("AA", "0003", 1, "0")),
        ["K"],
    )
    assert changes(res) == [("c", None, 0, False, "0003", 1, "AA")]
    assert sorted(res.pending) == [1, 2]


@pytest.mark.parametrize(
    "code,applied", [("0", True), (" ", True), ("", True), ("1", False), ("2", False), ("9", False), (None, False)]
)
def test_rejected_units_of_work_give_no_change_and_are_returned(code, applied):
    res = ibmsnap.resolve(
        cd(("AA", "0001", "I", "after", 1, "a", 1), ("BB", "0002", "I", "after", 2, "a", 1)),
        uow(("AA", "0003", 1, code), ("BB", "0004", 2, "0")),
        ["K"],
    )
    assert [c[2] for c in changes(res)] == ([0, 1] if applied else [1])
    assert list(res.rejected) == ([] if applied else [0])
    assert list(res.pending) == []


def test_with_pairs_a_delete_then_insert_of_one_key_in_one_commit_is_one_update():
    rows = (
        ("AA", "0001", "D", "before", 1, "a", 1),
        ("AA", "0002", "I", "after", 7, "z", 0),
        ("AA", "0003", "I", "after", 1, "b", 2),
    )
    res = ibmsnap.resolve(cd(*rows, pairs=True), uow(("AA", "0009", 1, "0")), ["K"])
    # the I of key 7 is between them in log order: pairs go by key, and the update takes the D's place
    assert changes(res) == [("u", 0, 2, True, "0009", 1, "AA"), ("c", None, 1, False, "0009", 2, "AA")]
    plain = ibmsnap.resolve(cd(*rows, pairs=False), uow(("AA", "0009", 1, "0")), ["K"])
    assert [c[:3] for c in changes(plain)] == [("d", 0, None), ("c", None, 1), ("c", None, 2)]


def test_pairs_never_join_different_keys_or_different_commits():
    res = ibmsnap.resolve(
        cd(
            ("AA", "0001", "D", "before", 1, "a", 1),
            ("AA", "0002", "I", "after", 2, "a", 1),
            ("AA", "0003", "D", "before", 3, "a", 1),
            ("BB", "0004", "I", "after", 3, "a", 1),
            pairs=True,
        ),
        uow(("AA", "0005", 1, "0"), ("BB", "0006", 2, "0")),
        ["K"],
    )
    assert [c[:3] for c in changes(res)] == [("d", 0, None), ("c", None, 1), ("d", 2, None), ("c", None, 3)]


def test_pairs_follow_each_key_in_order_a_delete_with_the_insert_right_after_it():
    res = ibmsnap.resolve(
        cd(
            ("AA", "01", "I", "after", 1, "a", 1),
            ("AA", "02", "D", "before", 1, "a", 1),
            ("AA", "03", "I", "after", 1, "b", 1),
            ("AA", "04", "D", "before", 1, "b", 1),
            ("AA", "05", "I", "after", 1, "c", 1),
            ("AA", "06", "D", "before", 1, "c", 1),
            pairs=True,
        ),
        uow(("AA", "09", 1, "0")),
        ["K"],
    )
    assert [c[:3] for c in changes(res)] == [("c", None, 0), ("u", 1, 2), ("u", 3, 4), ("d", 5, None)]
    assert [c[5] for c in changes(res)] == [1, 2, 3, 4]


def test_a_null_key_pairs_with_a_null_key():
    res = ibmsnap.resolve(
        cd(("AA", "01", "D", "before", None, "a", 1), ("AA", "02", "I", "after", None, "b", 1), pairs=True),
        uow(("AA", "09", 1, "0")),
        ["K"],
    )
    assert [c[:3] for c in changes(res)] == [("u", 0, 1)]


def test_an_update_whose_before_image_holds_another_key_is_a_delete_then_an_insert_at_its_place():
    res = ibmsnap.resolve(
        cd(
            ("AA", "01", "I", "after", 3, "a", 1),
            ("AA", "02", "U", "after", 8, "b", 2),
            ("AA", "02", "U", "before", 7, None, 1),  # K's before-image column holds 7
            ("AA", "03", "U", "after", 3, "c", 2),
            ("AA", "03", "U", "before", 3, None, 1),
            ("AA", "04", "U", "after", None, "d", 2),
            ("AA", "04", "U", "before", None, None, 2),  # NULL equals NULL: the key did not change
        ),
        uow(("AA", "09", 1, "0")),
        ["K"],
    )
    assert changes(res) == [
        ("c", None, 0, False, "0009", 1, "AA"),
        ("d", 2, None, True, "0009", 2, "AA"),
        ("c", None, 1, False, "0009", 3, "AA"),
        ("u", 4, 3, True, "0009", 4, "AA"),
        ("u", 6, 5, True, "0009", 5, "AA"),
    ]


def test_an_update_without_before_image_columns_has_no_before_image():
    res = ibmsnap.resolve(cd(("AA", "01", "U", "after", 1, "b", 2)), uow(("AA", "09", 1, "0")), ["K"])
    assert changes(res) == [("u", None, 0, False, "0009", 1, "AA")]


def test_positions_are_unsigned_and_the_two_sequence_forms_sort_alike():
    high, low = "F0" + "00" * 9, "7F" + "FF" * 9
    res = ibmsnap.resolve(
        cd(("AA", "01", "I", "after", 1, "a", 1), ("BB", "02", "I", "after", 2, "a", 1)),
        uow(("AA", high, 1, "0"), ("BB", low, 2, "0")),
        ["K"],
    )
    assert [c.COMMIT_POSITION for c in res.changes.itertuples()] == ["0" * 12 + low, "0" * 12 + high]
    wide = ibmsnap.resolve(cd(("AA", "01", "I", "after", 1, "a", 1)), uow(("AA", "01" + "00" * 15, 1, "0")), ["K"])
    assert wide.changes["COMMIT_POSITION"].tolist() == ["01" + "00" * 15]
    assert ibmsnap.position(pd.Series(["ab", None])).tolist() == ["0" * 30 + "AB", None]


def test_intent_order_is_unsigned_too():
    res = ibmsnap.resolve(
        cd(("AA", "F000", "I", "after", 1, "a", 1), ("AA", "7FFF", "I", "after", 2, "a", 1)),
        uow(("AA", "FFFF", 1, "0")),
        ["K"],
    )
    assert [c[2] for c in changes(res)] == [1, 0]


def test_a_row_landed_twice_counts_once():
    res = ibmsnap.resolve(
        cd(
            ("AA", "01", "U", "after", 1, "b", 2),
            ("AA", "01", "U", "before", 1, None, 1),
            ("AA", "01", "U", "after", 1, "b", 2),
            ("AA", "01", "U", "before", 1, None, 1),
        ),
        pd.concat([uow(("AA", "09", 1, "0"))] * 2),
        ["K"],
    )
    assert changes(res) == [("u", 1, 0, True, "0009", 1, "AA")]


def test_an_unknown_operation_is_a_problem_not_a_change():
    res = ibmsnap.resolve(
        cd(("AA", "01", "X", "after", 1, "b", 2), ("AA", "02", "I", "after", 2, "b", 2)),
        uow(("AA", "09", 1, "0")),
        ["K"],
    )
    assert [c[2] for c in changes(res)] == [1]
    assert res.problems.to_dict("records") == [{"ROW_ID": 0, "REASON": ibmsnap.UNKNOWN_OPERATION}]


def test_input_checks():
    with pytest.raises(ValueError, match="lack"):
        ibmsnap.resolve(cd(("AA", "01", "I", "after", 1, "b", 2)).drop(columns="PAIRS"), uow(), ["K"])
    with pytest.raises(ValueError, match="ROW_ID"):
        ibmsnap.resolve(pd.concat([cd(("AA", "01", "I", "after", 1, "b", 2))] * 2), uow(), ["K"])
    with pytest.raises(ValueError, match="uows lack"):
        ibmsnap.resolve(cd(("AA", "01", "I", "after", 1, "b", 2)), uow().drop(columns="REJ_CODE"), ["K"])
    empty = ibmsnap.resolve(cd(("AA", "01", "I", "after", 1, "b", 2)).iloc[:0], uow(), ["K"])
    assert empty.changes.empty and list(empty.changes.columns) == list(ibmsnap.frame.CHANGE_COLUMNS)


# ---- random workloads against the oracle --------------------------------------------------------------------

VALUE_COLUMNS = [f"{side}_{c}" for side in ("BEFORE", "AFTER") for c in wl.COLUMNS]


def valued(res: ibmsnap.Resolution, images: pd.DataFrame) -> list[dict]:
    """The kernel's changes with the images' values, as the oracle gives them."""
    by_id = images.set_index("ROW_ID")
    out = []
    for r in res.changes.to_dict("records"):
        row = {
            k: r[k]
            for k in (
                "OP",
                "BEFORE_PRESENT",
                "COMMIT_TIMESTAMP",
                "COMMIT_POSITION",
                "CHANGE_POSITION",
                "TRANSACTION_ID",
            )
        }
        for side, col in (("BEFORE", "BEFORE_ROW"), ("AFTER", "AFTER_ROW")):
            img = None if pd.isna(r[col]) else by_id.loc[int(r[col])]
            row |= {f"{side}_{c}": None if img is None or pd.isna(img[c]) else img[c] for c in wl.COLUMNS}
        row["BEFORE_PRESENT"] = bool(row["BEFORE_PRESENT"])
        out.append(row)
    return out


def oracle(w: wl.Workload, cd=None, uow=None) -> list[dict]:
    return [{k: v for k, v in c.items() if k != "CD"} for c in wl.committed(w, cd, uow)]


CASES = [
    (seed, pairs, width, high)
    for seed in range(12)
    for pairs, width, high in [(True, 10, False), (False, 10, False), (True, 16, seed % 2 == 0)]
]


@pytest.mark.parametrize("seed,pairs,width,high", CASES)
def test_random_workloads_give_the_oracles_changes(seed, pairs, width, high):
    w = wl.generate(seed, units=20, pairs=pairs, width=width, high=high)
    w.before_images = seed % 3 != 0
    images = wl.images(w)
    images["ROW_ID"] = np.random.default_rng(seed).permutation(len(images))  # row ids never stand for log order
    res = ibmsnap.resolve(images, wl.uows(w), list(wl.KEY))
    assert valued(res, images) == oracle(w)
    rejected = {(r.uowid.hex().upper(), r.intentseq.hex().upper()) for r in wl.rejected_rows(w)}
    got = images.set_index("ROW_ID").loc[res.rejected]
    assert set(zip(got["UOW"], got["INTENTSEQ"])) == rejected
    assert len(res.pending) == 0


def test_the_workloads_hold_what_the_rules_are_about():
    """The generator's choices the random tests depend on: rejected units, pairs, key changes, interleaving."""
    ws = [wl.generate(seed, units=20) for seed in range(12)]
    assert any(u.rej_code in ("1", "2") for w in ws for u in w.uow)
    assert any(u.rej_code == " " for w in ws for u in w.uow)
    assert any(c["OP"] == "u" and c["CD"].operation == "I" for w in ws for c in wl.committed(w))  # a D+I pair
    assert any(
        c["OP"] == "c"
        and c["AFTER_K"] != c2["BEFORE_K"]
        and c2["OP"] == "d"
        and c["COMMIT_POSITION"] == c2["COMMIT_POSITION"]
        for w in ws
        for c2, c in zip(wl.committed(w), wl.committed(w)[1:])
    )  # a key change: d then c
    assert any(
        c["OP"] == "d" and c["CD"].operation == "U" and c2["OP"] == "c" and c2["CD"] is c["CD"]
        for w in ws
        for c, c2 in zip(wl.committed(w), wl.committed(w)[1:])
    )  # a key change captured as an update: d then c of the same CD row
    interleaved = [
        w for w in ws if [r.uowid for r in w.cd] != sorted((r.uowid for r in w.cd), key=[u.uowid for u in w.uow].index)
    ]
    assert interleaved


def resolve_in_loads(w: wl.Workload, cuts: list[tuple[int, int]]) -> tuple[pd.DataFrame, pd.DataFrame, list]:
    """Load by load as a build does: the new CD rows with the ones held, against every UOW row landed so far."""
    images = wl.images(w)
    by_row = images.groupby(["UOW", "INTENTSEQ"], sort=False).ngroup()  # images of CD row i
    held = images.iloc[:0]
    found, pending_after = [], []
    bounds = [(0, 0), *cuts, (len(w.cd), len(w.uow))]
    for (cd0, _), (cd1, u1) in pairwise(bounds):
        new = images[(by_row >= cd0) & (by_row < cd1)]
        batch = pd.concat([held, new])
        res = ibmsnap.resolve(batch, wl.uows(w, w.uow[:u1]), list(wl.KEY))
        found.append(res.changes)
        held = batch[batch["ROW_ID"].isin(res.pending)]
        pending_after.append(len(held))
    return pd.concat(found, ignore_index=True), images, pending_after


@pytest.mark.parametrize("seed", range(10))
def test_loads_cut_with_units_of_work_in_flight_give_what_one_call_gives(seed):
    w = wl.generate(100 + seed, units=25, pairs=seed % 2 == 0)
    cuts = wl.cuts(w, 3, seed)
    got, images, pending_after = resolve_in_loads(w, cuts)
    whole = ibmsnap.resolve(images, wl.uows(w), list(wl.KEY)).changes
    pd.testing.assert_frame_equal(got, whole)
    assert pending_after[-1] == 0
    positions = got["COMMIT_POSITION"].tolist()
    assert positions == sorted(positions)  # no build's commit is older than one an earlier build gave


def test_the_cuts_hold_units_of_work_in_flight():
    held = [
        resolve_in_loads(w, wl.cuts(w, 3, s))[2]
        for s, w in ((s, wl.generate(100 + s, units=25, pairs=s % 2 == 0)) for s in range(10))
    ]
    assert any(p[0] or p[1] for p in held)


def test_rows_of_a_rejected_unit_are_never_pending_nor_changes_and_numpy_types_hold():
    w = wl.generate(3, units=30, reject_rate=0.5)
    res = ibmsnap.resolve(wl.images(w), wl.uows(w), list(wl.KEY))
    assert len(res.rejected) and res.pending.dtype == np.int64 and res.rejected.dtype == np.int64
    used = set(res.changes["BEFORE_ROW"].dropna()) | set(res.changes["AFTER_ROW"].dropna())
    assert not used & set(res.rejected)


@pytest.mark.parametrize("seed", range(10))
def test_units_of_work_resolved_in_buckets_give_what_one_call_gives(seed):
    """As a build does on the executors (udfs/spark/changes/ibmsnap.py): the images and the UOW rows of each unit
    of work meet in one bucket of a hash of the unit; each bucket is one call. Together, the buckets' changes in
    commit order are one call's."""
    w = wl.generate(200 + seed, units=25, pairs=seed % 2 == 0)
    images, uows = wl.images(w), wl.uows(w)
    buckets = 1 + seed % 4

    def bucket(units: pd.Series) -> np.ndarray:
        return np.array([zlib.crc32(f"{seed}/{u}".encode()) % buckets for u in units])

    given, pending, rejected = [], set(), set()
    for b in range(buckets):
        res = ibmsnap.resolve(images[bucket(images["UOW"]) == b], uows[bucket(uows["UOW"]) == b], list(wl.KEY))
        given.append(res.changes)
        pending |= set(res.pending.tolist())
        rejected |= set(res.rejected.tolist())
    order = ["COMMIT_POSITION", "CHANGE_POSITION"]
    got = pd.concat(given, ignore_index=True).sort_values(order).reset_index(drop=True)
    whole = ibmsnap.resolve(images, uows, list(wl.KEY))
    pd.testing.assert_frame_equal(got, whole.changes.sort_values(order).reset_index(drop=True))
    assert (pending, rejected) == (set(whole.pending.tolist()), set(whole.rejected.tolist()))

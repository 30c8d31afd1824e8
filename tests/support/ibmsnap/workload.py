"""Workloads of an IBM SQL Replication CD table and its UOW table, and the committed changes they must give: the
oracle of the IBMSNAP changes tests, written from seed 003 and the rules in docs/changes.md, never from the kernel.

A workload is a list of units of work, made one after the other against the table's rows (so each one's changes
fit the rows its predecessors left), their CD rows' intent sequences interleaved with the next units' (Capture
writes changes of concurrent transactions in log order), each committed after its last change. Some are rejected
(IBMSNAP_REJ_CODE 1 or 2: undone where they ran); with `pairs`, some updates are captured as a D then an I. A key
change is captured as a D then an I (PARTITION_KEYS_CHG 'Y') or as a U whose XK holds the old key: the workload
mixes both in one CD table, as the rules are per row.

The table: K INTEGER key, A SMALLINT (no before-image column), B INTEGER; XB and XK are B's and K's before-image
columns (prefix 'X').
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

import pandas as pd

COLUMNS = ("K", "A", "B")
KEY = ("K",)
BEFORE_COLUMNS = {"B": "XB", "K": "XK"}  # the registered before-image columns
T0 = dt.datetime(2026, 3, 1, 9, 0, 0)


@dataclass
class CdRow:
    uowid: bytes
    intentseq: bytes
    operation: str
    values: dict  # K, A, B, XB, XK as the CD row holds them (a D holds the deleted row in the after-image columns)


@dataclass
class UowRow:
    uowid: bytes
    commitseq: bytes
    logmarker: dt.datetime
    rej_code: str


@dataclass
class Workload:
    cd: list[CdRow] = field(default_factory=list)  # in intent order (the CD table's log order)
    uow: list[UowRow] = field(default_factory=list)  # in commit order
    pairs: bool = False  # the registration captures updates as delete + insert (PARTITION_KEYS_CHG 'Y')
    before_images: bool = True  # the CD table's before-image columns are in use (BEFORE_IMG_PREFIX 'X')
    width: int = 10  # bytes of the sequences: CHAR(10) FOR BIT DATA, or 16 (VARCHAR(16))


def seq(n: int, width: int) -> bytes:
    return n.to_bytes(width, "big")


def generate(
    seed: int, units: int = 12, pairs: bool = True, width: int = 10, reject_rate: float = 0.15, high: bool = False
) -> Workload:
    """`high`: sequences start past 2**63 in their first bytes, so only an unsigned comparison orders them."""
    rnd = random.Random(seed)
    rows: dict[int, dict] = {}
    w = Workload(pairs=pairs, width=width)
    lsn = (0xF0 << (8 * width - 8)) if high else 1000
    ops_of_units = []
    for u in range(units):
        rejected = rnd.random() < reject_rate
        ops, scratch = _unit_ops(rnd, dict(rows), pairs)
        if not rejected:
            rows = scratch
        ops_of_units.append((u, ops, rejected))
    # Log order: each unit's changes interleave with the next unit's; a unit commits after its last change and
    # after the unit before it (commit order is generation order).
    pending = []  # (unit, remaining ops)
    uow_ids = {u: bytes([0x40 + (u % 0x3F)]) + seq(seed * 1000 + u, width - 1) for u in range(units)}
    for u, ops, rejected in ops_of_units:
        pending.append([u, list(ops), rejected])
        while len(pending) > rnd.choice([1, 2, 3]) or (u == units - 1 and pending):
            head = pending[0]
            # write some changes of the open units, the oldest one's all; then it commits
            for p in pending[1:]:
                for _ in range(rnd.randint(0, len(p[1]))):
                    lsn += rnd.randint(1, 3)
                    w.cd.append(_cd(uow_ids[p[0]], seq(lsn, width), p[1].pop(0)))
            for op in head[1]:
                lsn += rnd.randint(1, 3)
                w.cd.append(_cd(uow_ids[head[0]], seq(lsn, width), op))
            lsn += rnd.randint(1, 3)
            code = rnd.choice(["1", "2"]) if head[2] else rnd.choice(["0", " "])
            w.uow.append(UowRow(uow_ids[head[0]], seq(lsn, width), T0 + dt.timedelta(seconds=lsn % 100000), code))
            pending.pop(0)
    return w


def _cd(uowid: bytes, intentseq: bytes, op: tuple[str, dict]) -> CdRow:
    return CdRow(uowid, intentseq, op[0], op[1])


def _unit_ops(rnd: random.Random, rows: dict, pairs: bool) -> tuple[list, dict]:
    """1-4 changes against `rows` (changed in place): inserts, updates (U or D+I), key changes, deletes."""
    ops = []
    for _ in range(rnd.randint(1, 4)):
        kind = rnd.choice(["insert", "update", "update", "delete", "move"]) if rows else "insert"
        if kind == "insert":
            k = rnd.choice([k for k in range(1, 40) if k not in rows])
            new = {"K": k, "A": rnd.choice([10, -20, None]), "B": rnd.choice([1, 2, 3, None])}
            ops.append(("I", {**new, "XB": None, "XK": None}))
            rows[k] = new
        elif kind == "update":
            k = rnd.choice(sorted(rows))
            old, new = rows[k], {**rows[k], "A": rnd.choice([10, -20, 30, None]), "B": rnd.choice([1, 2, 4, None])}
            if pairs and rnd.random() < 0.5:
                ops += [("D", {**old, "XB": None, "XK": None}), ("I", {**new, "XB": None, "XK": None})]
            else:
                ops.append(("U", {**new, "XB": old["B"], "XK": k}))
            rows[k] = new
        elif kind == "move":  # a key change: a delete and an insert, or an update whose XK holds the old key
            k = rnd.choice(sorted(rows))
            k2 = rnd.choice([x for x in range(1, 40) if x not in rows])
            old = rows.pop(k)
            rows[k2] = {**old, "K": k2}
            if rnd.random() < 0.5:
                ops += [("D", {**old, "XB": None, "XK": None}), ("I", {**old, "K": k2, "XB": None, "XK": None})]
            else:
                ops.append(("U", {**old, "K": k2, "XB": old["B"], "XK": k}))
        else:
            k = rnd.choice(sorted(rows))
            ops.append(("D", {**rows.pop(k), "XB": None, "XK": None}))
    return ops, rows


# ---- the images the CD table's twin gives (one row per image) -----------------------------------------------


def images(w: Workload, cd: list[CdRow] | None = None, first_row_id: int = 0) -> pd.DataFrame:
    """The kernel's image frame of CD rows, as the twin gives them: I after, D before, U after (and before, with
    the before-image columns in use: B from XB, K from XK, A NULL)."""
    out = []
    for r in w.cd if cd is None else cd:
        kinds = {"I": ["after"], "D": ["before"], "U": ["after", "before"] if w.before_images else ["after"]}
        for kind in kinds[r.operation]:
            v = dict(r.values)
            if r.operation == "U" and kind == "before":
                v = {"K": v["XK"], "A": None, "B": v["XB"]}
            out.append(
                {
                    "ROW_ID": first_row_id + len(out),
                    "OPERATION": r.operation,
                    "IMAGE_KIND": kind,
                    "UOW": r.uowid.hex().upper(),
                    "INTENTSEQ": r.intentseq.hex().upper(),
                    "PAIRS": w.pairs,
                    **{c: v[c] for c in COLUMNS},
                }
            )
    return pd.DataFrame(out, columns=["ROW_ID", "OPERATION", "IMAGE_KIND", "UOW", "INTENTSEQ", "PAIRS", *COLUMNS])


def uows(w: Workload, rows: list[UowRow] | None = None) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "UOW": u.uowid.hex().upper(),
                "UOWID": u.uowid.hex().upper(),
                "COMMITSEQ": u.commitseq.hex().upper(),
                "LOGMARKER": u.logmarker,
                "REJ_CODE": u.rej_code,
            }
            for u in (w.uow if rows is None else rows)
        ],
        columns=["UOW", "UOWID", "COMMITSEQ", "LOGMARKER", "REJ_CODE"],
    )


# ---- the oracle ---------------------------------------------------------------------------------------------


def committed(w: Workload, cd: list[CdRow] | None = None, uow: list[UowRow] | None = None) -> list[dict]:
    """The committed changes, one dict each (OP, BEFORE_<c>, AFTER_<c>, BEFORE_PRESENT, COMMIT_TIMESTAMP,
    COMMIT_POSITION, CHANGE_POSITION, TRANSACTION_ID, CD: the CdRow of the after image, of the before for 'd'),
    from the rules: a CD row counts when its unit of work has a UOW row whose REJ_CODE is '0' or blank; commit
    order is COMMITSEQ (unsigned), then INTENTSEQ; with pairs a D whose next row of the same key in the commit
    is an I is one update; an update whose before image's key is not its after image's is a d then a c."""
    cd = w.cd if cd is None else cd
    uow = w.uow if uow is None else uow
    units = {u.uowid: u for u in uow}
    out = []
    for u in sorted(units.values(), key=lambda u: int.from_bytes(u.commitseq, "big")):
        if u.rej_code.strip() not in ("0", ""):
            continue
        mine = sorted((r for r in cd if r.uowid == u.uowid), key=lambda r: int.from_bytes(r.intentseq, "big"))
        absorbed = set()
        changes = []
        for i, r in enumerate(mine):
            if i in absorbed:
                continue
            nxt = next((j for j in range(i + 1, len(mine)) if mine[j].values["K"] == r.values["K"]), None)
            if w.pairs and r.operation == "D" and nxt is not None and mine[nxt].operation == "I":
                absorbed.add(nxt)
                changes.append(_change("u", r.values, mine[nxt].values, True, mine[nxt]))
            elif r.operation == "I":
                changes.append(_change("c", None, r.values, False, r))
            elif r.operation == "D":
                changes.append(_change("d", r.values, None, True, r))
            else:
                before = {"K": r.values["XK"], "A": None, "B": r.values["XB"]} if w.before_images else None
                if before is not None and before["K"] != r.values["K"]:  # a key change
                    changes += [_change("d", before, None, True, r), _change("c", None, r.values, False, r)]
                else:
                    changes.append(_change("u", before, r.values, w.before_images, r))
        for n, c in enumerate(changes, 1):
            c |= {
                "COMMIT_TIMESTAMP": u.logmarker,
                "COMMIT_POSITION": u.commitseq.hex().upper().rjust(32, "0"),
                "CHANGE_POSITION": n,
                "TRANSACTION_ID": u.uowid.hex().upper(),
            }
        out += changes
    return out


def _change(op: str, before: dict | None, after: dict | None, present: bool, cd: CdRow) -> dict:
    return {
        "OP": op,
        **{f"BEFORE_{c}": before[c] if before else None for c in COLUMNS},
        **{f"AFTER_{c}": after[c] if after else None for c in COLUMNS},
        "BEFORE_PRESENT": present,
        "CD": cd,
    }


def rejected_rows(w: Workload, cd: list[CdRow] | None = None, uow: list[UowRow] | None = None) -> list[CdRow]:
    codes = {u.uowid: u.rej_code.strip() for u in (w.uow if uow is None else uow)}
    return [r for r in (w.cd if cd is None else cd) if codes.get(r.uowid, "0") not in ("0", "")]


def cuts(w: Workload, pieces: int, seed: int) -> list[tuple[int, int]]:
    """(CD rows, UOW rows) in each of the first pieces-1 loads, cumulative: a cut at a log position, the UOW
    table's unload taken first (so every unit of work it holds has all its CD rows landed with it or before), the
    CD table's a little later (its rows of units committing after the UOW unload wait in pending)."""
    rnd = random.Random(seed)
    out = []
    for k in range(1, pieces):
        u = max(1, len(w.uow) * k // pieces + rnd.randint(-1, 1))
        if out:
            u = max(u, out[-1][1])
        last_commit = int.from_bytes(w.uow[u - 1].commitseq, "big")
        cd = sum(1 for r in w.cd if int.from_bytes(r.intentseq, "big") < last_commit + 2 + rnd.randint(0, 6))
        out.append((max(cd, out[-1][0] if out else 0), u))
    return out

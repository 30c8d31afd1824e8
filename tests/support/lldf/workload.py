"""Logical Db2 for z/OS workloads on one table, the logical log records Log Master writes for them, and the
committed changes they must give: the test's three parts for the LLDF commit resolution (udfs/core/changes/lldf.py).

- `generate(seed)`: units of recovery on one or two data sharing members interleaving inserts, loads (IL), updates,
  deletes and mass deletes, savepoints rolled back, records Db2 reversed, whole rollbacks, units left in flight,
  and rarely a LOAD REPLACE of a partition (a DM with limit keys), a unit Log Master could not complete, a record of
  a type the resolution does not know. Every image has a value of its own, so an image is recognised by its value.
- `extract(workload, start, end)`: the records an extract over log range [start, end) lands, as Log Master writes
  them (tests/data/sources/002_lldf_header.txt, 002_lldf_change_rules.txt): a unit that ended in the range whole,
  with UORDISP C or A and each record's LOGRECDISP (C, A, S, O); a unit still in flight at `end` with the records
  it wrote before `end`, UORDISP blank and LOGRECDISP as known at `end`.
- `oracle(workload)`: the expected commits, from the logical events only, one unit after the other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

BASE_TIME = np.datetime64("2026-03-01T08:00:00.000000", "us")
FOREVER = 1 << 60


def timestamp(t: int) -> np.datetime64:
    return BASE_TIME + np.timedelta64(t, "us")


@dataclass
class Record:
    change_type: str
    lrsn: int
    rba: int
    rid: int
    before: str | None = None  # value of the before image
    after: str | None = None  # value of the after image
    limit_keys: bool = False
    undone_at: int = FOREVER  # when a rollback (to a savepoint or whole) or Db2 reversed it
    undone_as: str = "C"  # LOGRECDISP once undone: S, A or O


@dataclass
class Unit:
    member: int
    uorid: int
    uoridlrsn: int
    records: list[Record] = field(default_factory=list)
    ended_at: int = FOREVER  # LRSN of its commit or abort
    disposition: str = ""  # C or A once ended
    commit_point: int = 0
    incomplete: bool = False
    marks: list[int] = field(default_factory=list)  # savepoints: how many records before each


@dataclass
class Workload:
    units: list[Unit]
    end: int  # the LRSN after the last record


def generate(seed: int, steps: int = 60) -> Workload:
    rng = random.Random(seed)
    members = [0] if rng.random() < 0.4 else [1, 2]
    rba = {m: rng.randint(0, 1 << 40) for m in members}
    clock = rng.randint(1, 1 << 50)
    units: list[Unit] = []
    open_units: list[Unit] = []
    value = iter(range(1, 1 << 30))

    def tick() -> int:
        nonlocal clock
        clock += rng.choice([0, 1, 1, 2, 7])  # equal LRSNs happen: LOGRBA, then the member, order them
        return clock

    def write(u: Unit, change_type: str, before: bool, after: bool, **kw) -> Record:
        rba[u.member] += rng.randint(1, 300)
        r = Record(
            change_type,
            tick(),
            rba[u.member],
            rng.randint(0, (1 << 40) - 1),
            f"v{next(value)}" if before else None,
            f"v{next(value)}" if after else None,
            **kw,
        )
        u.records.append(r)
        return r

    for _ in range(steps):
        roll = rng.random()
        if not open_units or (roll < 0.08 and len(open_units) < 4):
            m = rng.choice(members)
            rba[m] += rng.randint(1, 300)
            u = Unit(m, rba[m], tick())
            units.append(u)
            open_units.append(u)
            continue
        u = rng.choice(open_units)
        if roll < 0.55:
            kind = rng.choice(["I", "I", "IL", "UB", "UB", "UB", "D", "D"])
            r = write(u, kind, kind in ("UB", "D"), kind in ("UB", "I", "IL"))
            if rng.random() < 0.05:  # Db2 reversed it (a negative SQL code)
                r.undone_at, r.undone_as = r.lrsn, "O"
        elif roll < 0.58:
            write(u, rng.choice(["DM", "DT", "DR"]), False, False)
        elif roll < 0.59:
            write(u, "DM", False, False, limit_keys=True)
        elif roll < 0.60:
            write(u, "CM", False, False)
        elif roll < 0.61:
            u.incomplete = True
        elif roll < 0.70:
            u.marks.append(len(u.records))
        elif roll < 0.80 and u.marks:
            at, now = u.marks.pop(), tick()
            for r in u.records[at:]:
                if r.undone_at == FOREVER:
                    r.undone_at, r.undone_as = now, "S"
        elif roll < 0.93:
            _end(u, "C", tick(), rba)
            open_units.remove(u)
        else:
            now = tick()
            for r in u.records:
                if r.undone_at == FOREVER:
                    r.undone_at, r.undone_as = now, "A"
            _end(u, "A", now, rba)
            open_units.remove(u)
    return Workload(units, tick() + 1)


def _end(u: Unit, disposition: str, at: int, rba: dict) -> None:
    rba[u.member] += 1
    u.ended_at, u.disposition, u.commit_point = at, disposition, rba[u.member]


def _hex(v: int, digits: int = 20) -> str:
    return f"{v:0{digits}X}"


def extract(workload: Workload, start: int, end: int, first_landing: int = 0) -> pd.DataFrame:
    """The rows (the twin's shape, one per image) an extract over log range [start, end) lands; LANDING numbers
    its records from `first_landing`, ROW_ID is LANDING * 2 (+1 for an after image)."""
    rows = []
    landing = first_landing
    for u in workload.units:
        ended = start <= u.ended_at < end
        in_flight = u.ended_at >= end
        if not (ended or in_flight):
            continue
        for r in u.records:
            if in_flight and r.lrsn >= end:
                continue
            disp = r.undone_as if r.undone_at < (FOREVER if ended else end) else "C"
            header = {
                "LANDING": landing,
                "CHANGE_TYPE": r.change_type,
                "LIMIT_KEYS": r.limit_keys,
                "MEMBERID": u.member,
                "UORID": _hex(u.uorid),
                "UORIDLRSN": _hex(u.uoridlrsn),
                "UORCOMMITLRSN": _hex(u.ended_at if ended else 0),
                "UORCOMMITPOINT": _hex(u.commit_point if ended else 0),
                "LOGLRSN": _hex(r.lrsn),
                "LOGRBA": _hex(r.rba),
                "SQLRIRBA": _hex(0),
                "RID": _hex(r.rid, 10),
                "UORDISP": u.disposition if ended else " ",
                "LOGRECDISP": disp,
                "INCOMPLETETRANS": "Y" if u.incomplete else "N",
                "UORCOMMITTIMESTAMP": timestamp(u.ended_at) if ended else pd.NaT,
            }
            images = [("before", r.before), ("after", r.after)]
            present = [(k, v) for k, v in images if v is not None] or [(None, None)]
            for k, v in present:
                rows.append({"ROW_ID": landing * 2 + (k == "after"), "IMAGE_KIND": k, "VALUE": v, **header})
            landing += 1
    return pd.DataFrame(
        rows,
        columns=[
            "ROW_ID",
            "IMAGE_KIND",
            "VALUE",
            "LANDING",
            "CHANGE_TYPE",
            "LIMIT_KEYS",
            "MEMBERID",
            "UORID",
            "UORIDLRSN",
            "UORCOMMITLRSN",
            "UORCOMMITPOINT",
            "LOGLRSN",
            "LOGRBA",
            "SQLRIRBA",
            "RID",
            "UORDISP",
            "LOGRECDISP",
            "INCOMPLETETRANS",
            "UORCOMMITTIMESTAMP",
        ],
    )


def landed_twice(seed: int) -> pd.DataFrame:
    """A workload's rows in two extracts that overlap (units in flight at the first's end land again, decided):
    units of recovery resolved in parts against one call (tests/fast/test_changes_lldf_groups.py)."""
    workload = generate(5000 + seed, steps=120)
    rng = random.Random(seed)
    lo = min((r.lrsn for u in workload.units for r in u.records), default=0)
    first_end, second_start = sorted(rng.sample(range(lo + 1, workload.end), 2))[::-1]
    first = extract(workload, 0, first_end)
    second = extract(workload, second_start, workload.end, first_landing=len(first) + 1)
    return pd.concat([first, second], ignore_index=True)


@dataclass
class Expected:
    commits: list[tuple]  # (TRANSACTION_ID, COMMIT_TIMESTAMP, ((op, before, after, before present), ...))
    pending_units: set  # (member, uorid) of units held: in flight, or at or after the stop
    problem_types: list[str]  # CHANGE_TYPE of the records reported, in commit order ('' for the unit's flag)


OPS = {"UB": "u", "I": "c", "IL": "c", "D": "d", "DM": "t", "DT": "t", "DR": "t"}


def oracle(workload: Workload) -> Expected:
    """Units one after the other in commit order (UORCOMMITLRSN, UORCOMMITPOINT, MEMBERID); in each, the records
    still committed, in the order written; the first unit that cannot be applied whole stops everything after."""
    logged = [u for u in workload.units if u.records]  # a unit that wrote nothing is not in the log
    committed = sorted(
        (u for u in logged if u.disposition == "C"), key=lambda u: (u.ended_at, u.commit_point, u.member)
    )
    commits, pending, problems = [], {(u.member, u.uorid) for u in logged if not u.disposition}, []
    for i, u in enumerate(committed):
        live = [r for r in u.records if r.undone_at == FOREVER]
        stopper = [r for r in live if r.limit_keys]
        if stopper or u.incomplete:
            pending |= {(v.member, v.uorid) for v in committed[i:]}
            problems.append(stopper[0].change_type if stopper else "")
            break
        problems += [r.change_type for r in live if r.change_type not in OPS]
        changes = tuple(
            (OPS[r.change_type], r.before, r.after, r.before is not None) for r in live if r.change_type in OPS
        )
        if changes:
            commits.append(
                (f"{u.member:04X}.{_hex(u.uorid)}.{_hex(u.uoridlrsn)}", pd.Timestamp(timestamp(u.ended_at)), changes)
            )
    return Expected(commits, pending, problems)

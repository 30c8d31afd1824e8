"""Logical IBM i workloads on one table, the journal entries IBM i writes for them, and the committed changes they
must give: the test's three independent parts for the commit resolution kernel (udfs/core/changes/ibmi.py).

- `generate(seed)`: jobs and threads interleaving inserts, updates and deletes of RRNs under commitment control and
  outside it, savepoints rolled back, whole rollbacks, clears, a sequence reset, a reorganize, a transaction left
  open. Row values are unique per write, so an image is recognised by its value.
- `encode(workload)`: the journal entries, written from the source text (tests/data/sources/ibmi_record_entries.txt:
  PT/PX insert, UB/UP before/after image of an update, DL delete, BR/UR before/after image of a rollback's update,
  DR a record deleted by a rollback; C SC/CM/RB start/commit/rollback a cycle; JOCCID the cycle, 0 outside).
  Under IMAGES(*AFTER) no UB and no BR. The cycle id is the sequence number of its C SC.
- `oracle(workload)`: the expected commits, from the logical events only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

BASE_TIME = np.datetime64("2026-03-01T08:00:00.000000", "us")
OBJECTS = ("APPLIB/ORDERS/ORDERS", "APPLIB/ORDERS/ARCHIVE")
COLUMNS = (
    "ROW_ID",
    "SEQUENCE",
    "RESET_EPOCH",
    "JOURNAL_CODE",
    "JOURNAL_ENTRY_TYPE",
    "ENTRY_TIMESTAMP",
    "COMMIT_CYCLE",
    "JOB",
    "THREAD",
    "OBJECT",
    "RRN",
)


def timestamp(t: int) -> np.datetime64:
    """The entry time of logical time t (microseconds since BASE_TIME)."""
    return BASE_TIME + np.timedelta64(t, "us")


@dataclass
class Event:
    """One moment of the workload. kind: begin, insert, update_begin, update_end, delete, undo (one change undone by
    a rollback), commit, rollback, clear, reorganize, reset."""

    kind: str
    t: int
    worker: tuple[str, str] | None = None  # (qualified job, thread)
    txn: str | None = None  # transaction label; None outside commitment control
    obj: str = ""
    rrn: int = 0
    old: str | None = None  # the row's value before
    new: str | None = None  # the row's value after
    op: int = -1  # the change's id (undo: the id of the change undone)
    undone: str = ""  # undo: the kind of change undone (insert, update, delete)
    reused: bool = False  # insert into a deleted RRN (PX)


@dataclass
class Workload:
    events: list[Event]
    images: dict[str, str]  # object -> *BOTH or *AFTER
    first_sequence: int


@dataclass
class Txn:
    label: str
    ops: list[int] = field(default_factory=list)  # ids of live (not undone) changes, in order
    marks: list[int] = field(default_factory=list)  # savepoints: len(ops) when set
    locks: set = field(default_factory=set)


def generate(seed: int, steps: int = 60) -> Workload:
    """A random workload: see the module's docstring."""
    return _Generator(random.Random(seed), steps).run()


class _Generator:
    def __init__(self, rng: random.Random, steps: int):
        self.rng, self.steps, self.t, self.counter = rng, steps, 0, 0
        jobs = [f"{100000 + i}/APPUSER/ORDJOB{i}" for i in range(3)]
        self.workers = [
            (jobs[0], "0000000000000001"),
            (jobs[0], "0000000000000002"),
            (jobs[1], "0000000000000001"),
            (jobs[2], "0000000000000001"),
        ][: rng.randint(2, 4)]
        self.objects = OBJECTS[: rng.randint(1, 2)]
        self.rows = {o: {} for o in self.objects}  # object -> rrn -> value, None for a deleted slot
        self.locks: dict[tuple[str, int], tuple] = {}
        self.txn: dict[tuple, Txn | None] = {w: None for w in self.workers}
        self.midway: dict[tuple, Event | None] = {w: None for w in self.workers}  # an update between UB and UP
        self.changes: dict[int, Event] = {}
        self.events: list[Event] = []
        self.stopped = False

    def run(self) -> Workload:
        images = {o: self.rng.choice(("*BOTH", "*AFTER")) for o in self.objects}
        for _ in range(self.steps):
            self.step(self.rng.choice(self.workers))
        for w in self.workers:  # finish updates under way; leave transactions open
            if self.midway[w]:
                self.step(w)
        if not any(self.txn.values()):  # a transaction still open at the end
            w = self.rng.choice(self.workers)
            self.begin(w)
            self.change(w)
        return Workload(self.events, images, self.rng.choice((1, 2**63 - 3)))

    def emit(self, kind: str, w=None, **kw) -> Event:
        self.t += self.rng.randint(1, 500)
        txn = self.txn[w].label if w and self.txn[w] else None
        ev = Event(kind, self.t, w, txn, **kw)
        self.events.append(ev)
        return ev

    def value(self, obj: str, rrn: int) -> str:
        self.counter += 1
        return f"{obj.rsplit('/', 1)[1]}#{rrn}:v{self.counter}"

    def step(self, w) -> None:
        if self.midway[w]:
            return self.end_update(w)
        txn, r = self.txn[w], self.rng.random()
        if txn is None:
            quiet = not any(self.txn.values()) and not any(self.midway.values())
            if quiet and r < 0.05:
                return self.clear(w)
            if quiet and r < 0.1:
                return self.emit("reset")
            if quiet and r < 0.12 and not self.stopped:
                self.stopped = True
                return self.emit("reorganize", w, obj=self.rng.choice(self.objects))
            if r < 0.55:
                return self.begin(w)
            return self.change(w)
        if r < 0.55 or not txn.ops:
            return self.change(w)
        if r < 0.65:
            txn.marks.append(len(txn.ops))
        elif r < 0.78 and txn.marks:
            self.rollback_to(w, self.rng.randrange(len(txn.marks)))
        elif r < 0.92:
            self.finish(w, "commit")
        else:
            self.rollback_to(w, None)
            self.finish(w, "rollback")

    def begin(self, w) -> None:
        self.txn[w] = Txn(f"T{len(self.events)}")
        self.emit("begin", w)

    def free(self, w, obj: str, rrn: int) -> bool:
        return self.locks.get((obj, rrn), w) == w

    def change(self, w) -> None:
        obj = self.rng.choice(self.objects)
        live = [r for r, v in self.rows[obj].items() if v is not None and self.free(w, obj, r)]
        slots = [r for r, v in self.rows[obj].items() if v is None and self.free(w, obj, r)]
        r = self.rng.random()
        if not live or r < 0.35:
            reused = bool(slots) and self.rng.random() < 0.4
            rrn = self.rng.choice(slots) if reused else len(self.rows[obj]) + 1
            new = self.value(obj, rrn)
            self.rows[obj][rrn] = new
            self.record(w, self.emit("insert", w, obj=obj, rrn=rrn, new=new, reused=reused))
        elif r < 0.8:
            rrn = self.rng.choice(live)
            ev = self.emit("update_begin", w, obj=obj, rrn=rrn, old=self.rows[obj][rrn])
            self.midway[w] = ev
            self.locks.setdefault((obj, rrn), w)
        else:
            rrn = self.rng.choice(live)
            old, self.rows[obj][rrn] = self.rows[obj][rrn], None
            self.record(w, self.emit("delete", w, obj=obj, rrn=rrn, old=old))

    def end_update(self, w) -> None:
        begun, self.midway[w] = self.midway[w], None
        new = self.value(begun.obj, begun.rrn)
        self.rows[begun.obj][begun.rrn] = new
        self.record(w, self.emit("update_end", w, obj=begun.obj, rrn=begun.rrn, old=begun.old, new=new))
        if self.txn[w] is None:
            self.locks.pop((begun.obj, begun.rrn), None)

    def record(self, w, ev: Event) -> None:
        ev.op = len(self.changes)
        self.changes[ev.op] = ev
        if self.txn[w]:
            self.txn[w].ops.append(ev.op)
            self.locks[(ev.obj, ev.rrn)] = w
            self.txn[w].locks.add((ev.obj, ev.rrn))

    def rollback_to(self, w, mark: int | None) -> None:
        """Undo the changes after savepoint `mark` (all of them for None), latest first."""
        txn = self.txn[w]
        keep = 0 if mark is None else txn.marks[mark]
        for op in reversed(txn.ops[keep:]):
            done = self.changes[op]
            current = self.rows[done.obj][done.rrn]
            self.rows[done.obj][done.rrn] = done.old if done.kind != "insert" else None
            kind = {"insert": "insert", "update_end": "update", "delete": "delete"}[done.kind]
            self.emit("undo", w, obj=done.obj, rrn=done.rrn, old=current, new=done.old, op=op, undone=kind)
        del txn.ops[keep:]
        txn.marks = [] if mark is None else txn.marks[: mark + 1]

    def finish(self, w, kind: str) -> None:
        self.emit(kind, w)
        for key in self.txn[w].locks:
            self.locks.pop(key, None)
        self.txn[w] = None

    def clear(self, w) -> None:
        obj = self.rng.choice(self.objects)
        self.rows[obj] = {r: None for r in self.rows[obj]}
        self.emit("clear", w, obj=obj)


@dataclass
class Journal:
    entries: pd.DataFrame  # COLUMNS, in journal order
    values: dict[int, str | None]  # ROW_ID -> the row value its image holds
    cycles: dict[str, int]  # transaction label -> JOCCID
    pending: set[int]  # ROW_IDs that must stay undecided: open transactions, the reorganize and all after it


def table_entries(entries: pd.DataFrame) -> pd.DataFrame:
    """The entries a build gives the commit resolution: every entry but the journal's own (J: receiver changes)."""
    return entries[entries["JOURNAL_CODE"] != "J"].reset_index(drop=True)


def encode(workload: Workload) -> Journal:
    """The journal entries IBM i writes for the workload."""
    rows, values, cycles, by_txn = [], {}, {}, {}
    seq, epoch, stop_at = workload.first_sequence, 0, None

    def put(code: str, kind: str, ev: Event, obj: str = "", rrn: int = 0, value: str | None = None) -> None:
        nonlocal seq
        row_id = 7000 + 3 * len(rows)
        cycle = cycles.get(ev.txn, 0) if ev.txn else 0
        job, thread = ev.worker or ("", "")
        rows.append((row_id, seq, epoch, code, kind, timestamp(ev.t), cycle, job, thread, obj, rrn))
        values[row_id] = value
        by_txn.setdefault(ev.txn, []).append(row_id)
        seq += 1

    for ev in workload.events:
        images = workload.images.get(ev.obj)
        if ev.kind == "begin":
            cycles[ev.txn] = seq
            put("C", "SC", ev)
        elif ev.kind == "insert":
            put("R", "PX" if ev.reused else "PT", ev, ev.obj, ev.rrn, ev.new)
        elif ev.kind == "update_begin" and images == "*BOTH":
            put("R", "UB", ev, ev.obj, ev.rrn, ev.old)
        elif ev.kind == "update_end":
            put("R", "UP", ev, ev.obj, ev.rrn, ev.new)
        elif ev.kind == "delete":
            put("R", "DL", ev, ev.obj, ev.rrn, ev.old)
        elif ev.kind == "undo" and ev.undone == "insert":
            put("R", "DR", ev, ev.obj, ev.rrn, ev.old)
        elif ev.kind == "undo":
            if images == "*BOTH":
                put("R", "BR", ev, ev.obj, ev.rrn, ev.old)
            put("R", "UR", ev, ev.obj, ev.rrn, ev.new)
        elif ev.kind in ("commit", "rollback"):
            put("C", "CM" if ev.kind == "commit" else "RB", ev)
        elif ev.kind == "clear":
            put("F", "CR", ev, ev.obj)
        elif ev.kind == "reorganize":
            stop_at = 7000 + 3 * len(rows)
            put("F", "RG", ev, ev.obj)
        elif ev.kind == "reset":  # CHGJRN SEQOPT(*RESET): the next receiver numbers from 1
            put("J", "NR", ev)  # the old receiver's last entry names the next one
            seq, epoch = 1, epoch + 1
            put("J", "PR", ev)  # the new receiver's first names the previous one: no receiver is ever empty
    entries = pd.DataFrame(rows, columns=list(COLUMNS)).astype({"SEQUENCE": np.uint64, "COMMIT_CYCLE": np.uint64})
    decided = {e.txn for e in workload.events if e.kind in ("commit", "rollback")}
    pending = {r for txn, ids in by_txn.items() if txn and txn not in decided for r in ids}
    if stop_at is not None:
        pending |= set(entries["ROW_ID"][entries["ROW_ID"] >= stop_at])
    return Journal(entries, values, cycles, pending)


@dataclass(frozen=True)
class Commit:
    txn: str | None  # transaction label, None outside commitment control
    t: int  # logical time of the commit
    changes: tuple  # (op, before value, after value, before present) in the order made


def oracle(workload: Workload) -> list[Commit]:
    """The committed changes in commit order, from the logical events: a transaction's changes not undone, at its
    commit; a change outside commitment control at its own time; nothing after a reorganize."""
    commits, live, undone = [], {}, set()
    for ev in workload.events:
        if ev.kind == "reorganize":
            break
        if ev.kind == "undo":
            undone.add(ev.op)
        elif ev.kind in ("insert", "update_end", "delete", "clear"):
            before_present = ev.kind != "update_end" or workload.images[ev.obj] == "*BOTH"
            change = {
                "insert": ("c", None, ev.new, False),
                "update_end": ("u", ev.old if before_present else None, ev.new, before_present),
                "delete": ("d", ev.old, None, True),
                "clear": ("t", None, None, False),
            }[ev.kind]
            if ev.txn is None:
                commits.append(Commit(None, ev.t, (change,)))
            else:
                live.setdefault(ev.txn, []).append((ev.op, change))
        elif ev.kind == "commit":
            kept = tuple(c for op, c in live.pop(ev.txn, []) if op not in undone)
            if kept:
                commits.append(Commit(ev.txn, ev.t, kept))
        elif ev.kind == "rollback":
            live.pop(ev.txn, None)
    return commits

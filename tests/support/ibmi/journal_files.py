"""IBM i journal files replaying a logical workload on two declared tables, and the relations the changes build must
give for them: the end-to-end harness of `<name>_changes`, `<name>_current` and `<name>_history`.

- `generate(seed)`: workload.py's generator on both test files (ORDERS, keyed by its primary key, and ARCHIVE,
  keyed by the relative record number): each table's build sees the other file's R and F entries and commit cycles
  that never touch it, and must ignore them.
- `write(workload)`: the entries workload.encode gives, as *TYPE5 outfile records
  (support.ibmi.entries.type5_record, written from IBM's heading table): R entries carry the row's buffer image as
  JOESD (support.ibmi.images) and its null indicators as JONVI; C SC/CM/RB, F CR/RG (D CG instead of F RG when asked)
  carry no image. Heading fields the build reads: JOSEQN, JOCODE, JOENTT, JOTSTP, JOCCID, JOJOB/JOUSER/JONBR, JOTHDX
  (and JOTHD), JOLIB/JOOBJ/JOMBR, JOCTRR; a sequence reset starts a new receiver (JORCV), JOSYSSEQ counts every entry.
- `pieces(records, cuts)` cuts the journal into files between records; `cuts_in_flight` picks cuts where a
  transaction on the table has begun changing it and commits after the cut.
- `expected(workload, journal, table)`: the relations from the logical workload only (workload.oracle for the
  committed changes, scd2_oracle.Replay for current and history), typed as Spark returns them.

Row values are typed from the workload's unique value text ("ORDERS#3:v12": RRN 3, the 12th write): every write
gives other column values, NULLs and negative amounts recur; ORDERS's key changes on some updates when the file
has before images (under IMAGES(*AFTER) a key change cannot be seen, so its key stays the RRN's).
"""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise

import numpy as np
import pandas as pd

from support.scd2_oracle import Replay

from . import images as img
from . import workload as wl
from .entries import type5_record

OBJECTS = ("JCATTEST/ORDERS/ORDERS", "JCATTEST/ARCHIVE/ARCHIVE")
COLUMNS = ("ORDER_ID", "CUSTOMER", "AMOUNT", "QTY", "NOTE")
RECORD_LENGTH = 700  # the outfile's record length: DSPJRN pads every entry to it
RECEIVER_LIBRARY = "JRNLIB"
NAMES = ("Müller", "O'Brien", "Smith & Co")
KEY_SPAN = 100_000  # ORDER_ID = RRN * KEY_SPAN (+ the write's number when the key changed): unique per live row


def ddl(schema: str, system_name: str, primary_key: bool) -> str:
    """GENERATE_SQL-style DDL of a test table: INTEGER, CHAR, DECIMAL, NUMERIC and VARCHAR, two nullable."""
    key = f",\n  CONSTRAINT {schema}.Q_{system_name}_KEY PRIMARY KEY( ORDER_ID )" if primary_key else ""
    return f"""-- Generate SQL
-- Standards Option:          Db2 for i
CREATE TABLE {schema}.{system_name} (
  ORDER_ID INTEGER NOT NULL ,
  CUSTOMER CHAR(16) CCSID 37 NOT NULL DEFAULT '' ,
  AMOUNT DECIMAL(9, 2) NOT NULL DEFAULT 0 ,
  QTY NUMERIC(5, 0) DEFAULT NULL ,
  NOTE VARCHAR(20) CCSID 37 DEFAULT NULL {key} )
  RCDFMT {system_name}R ;
"""


@dataclass(frozen=True)
class Table:
    """One declared test table: its jcat name, the workload object it replays, how it is keyed."""

    name: str
    obj: str
    primary_key: bool

    @property
    def system_name(self) -> str:
        return self.obj.split("/")[1]

    def ddl(self, schema: str = "JCATTEST") -> str:
        return ddl(schema, self.system_name, self.primary_key)

    @property
    def key(self) -> list[str]:
        return ["ORDER_ID"] if self.primary_key else ["RRN"]

    @property
    def state_columns(self) -> list[str]:
        """_current's columns: RRN first when the table is keyed by it."""
        return list(COLUMNS) if self.primary_key else ["RRN", *COLUMNS]


ORDERS = Table("orders", OBJECTS[0], primary_key=True)
ARCHIVE = Table("archive", OBJECTS[1], primary_key=False)
TABLES = (ORDERS, ARCHIVE)


# ---- the workload ------------------------------------------------------------------------------------------


class _BothFiles(wl._Generator):
    """workload.py's generator, always on both test files (it picks one or two of its own otherwise)."""

    def __init__(self, rng, steps: int):
        super().__init__(rng, steps)
        self.objects = OBJECTS
        self.rows = {o: {} for o in OBJECTS}


def generate(seed: int, steps: int = 60) -> wl.Workload:
    return _BothFiles(random.Random(seed), steps).run()


def of_table(workload: wl.Workload, obj: str) -> wl.Workload:
    """The workload as one file sees it: its own changes, clears and reorganize, and every begin, commit, rollback
    and reset (a cycle that changed only other files commits nothing here)."""
    return wl.Workload([e for e in workload.events if e.obj in ("", obj)], workload.images, workload.first_sequence)


# ---- typed row values --------------------------------------------------------------------------------------

VALUE = re.compile(r"^[A-Z]+#(\d+):v(\d+)$")


def parse(value: str) -> tuple[int, int]:
    """(RRN, write number) of a workload value."""
    m = VALUE.match(value)
    assert m, value
    return int(m[1]), int(m[2])


def row_values(value: str, key_changes: bool) -> dict:
    """The table's columns for one workload value (None: NULL)."""
    rrn, n = parse(value)
    assert n < KEY_SPAN
    return {
        "ORDER_ID": rrn * KEY_SPAN + (n if key_changes and n % 4 == 0 else 0),
        "CUSTOMER": f"{NAMES[n % 3]} {n}",
        "AMOUNT": Decimal(n * 7919 % 10_000_000).scaleb(-2) * (-1 if n % 5 == 0 else 1),
        "QTY": None if n % 3 == 0 else Decimal(n % 1000),
        "NOTE": None if n % 4 == 1 else ("" if n % 7 == 0 else f"note {n}"),
    }


def key_changes(workload: wl.Workload, obj: str) -> bool:
    return workload.images.get(obj) == "*BOTH"


def image(values: dict) -> bytes:
    """The record buffer in DDL order; a NULL column's bytes are written anyway (JONVI says it is null)."""
    return (
        img.integer(values["ORDER_ID"])
        + img.char(values["CUSTOMER"], 16)
        + img.packed(values["AMOUNT"], 9, 2)
        + img.zoned(values["QTY"] or Decimal(0), 5, 0)
        + img.varchar(values["NOTE"] or "", 20)
    )


# ---- the journal as *TYPE5 records -------------------------------------------------------------------------


@dataclass
class JournalRecords:
    journal: wl.Journal  # workload.py's entries (journal order), values, cycles, pending
    records: list[bytes]  # one *TYPE5 record per entry, in the same order
    entry_types: list[str]  # JOENTT as written (D CG where F RG was asked to be a format change)


def heading(entry: pd.Series, number: int, entry_type: str, nulls: list[bool] | None) -> dict:
    """The *TYPE5 heading fields of one entry."""
    job_number, user, job = entry["JOB"].split("/") if entry["JOB"] else ("0", "", "")
    lib, file, member = entry["OBJECT"].split("/") if entry["OBJECT"] else ("", "", "")
    code = "D" if entry_type == "CG" else entry["JOURNAL_CODE"]
    values = {
        "JOSEQN": int(entry["SEQUENCE"]),
        "JOCODE": code,
        "JOENTT": entry_type,
        "JOTSTP": pd.Timestamp(entry["ENTRY_TIMESTAMP"]).to_pydatetime(),
        "JOJOB": job,
        "JOUSER": user,
        "JONBR": int(job_number),
        "JOPGM": "ORDENTRY",
        "JOPGMLIB": "APPLIB",
        "JOOBJ": file,
        "JOLIB": lib,
        "JOMBR": member,
        "JOCTRR": int(entry["RRN"]),
        "JOFLAG": "0",
        "JOCCID": int(entry["COMMIT_CYCLE"]),
        "JOUSPF": user,
        "JOSYNM": "PRODSYS",
        "JOINCDAT": "0",
        "JOMINESD": "0",
        "JOSYSSEQ": number + 1,
        "JORCV": f"ORDRCV{int(entry['RESET_EPOCH']) + 1:04d}",
        "JORCVLIB": RECEIVER_LIBRARY,
    }
    if lib:
        values |= {"JOOBJTYP": "*QDDS", "JOFILTYP": "0"}
    if entry["THREAD"]:
        values |= {"JOTHDX": entry["THREAD"], "JOTHD": bytes.fromhex(entry["THREAD"])}
    if nulls is not None:
        values["JONVI"] = img.null_indicators(nulls)
    return values


def write(workload: wl.Workload, format_change: bool = False, library: str | None = None) -> JournalRecords:
    """The workload's journal as *TYPE5 records. format_change: a D CG where the workload reorganizes (F RG).
    library: the journaled files' and the receivers' library instead of JCATTEST and JRNLIB (another journal: a
    home the tests share holds several, and two journals' receivers are never one library's same objects)."""
    journal = wl.encode(workload)
    records, types = [], []
    for number, (_, entry) in enumerate(journal.entries.iterrows()):
        entry_type = "CG" if format_change and entry["JOURNAL_ENTRY_TYPE"] == "RG" else entry["JOURNAL_ENTRY_TYPE"]
        value = journal.values[entry["ROW_ID"]]
        esd, nulls = b"", None
        if value is not None:
            row = row_values(value, key_changes(workload, entry["OBJECT"]))
            esd, nulls = image(row), [row[c] is None for c in COLUMNS]
        values = heading(entry, number, entry_type, nulls)
        if library:
            values["JORCVLIB"] = library
        if library and values["JOLIB"]:
            values["JOLIB"] = library
        records.append(type5_record(values, esd, record_length=RECORD_LENGTH))
        types.append(entry_type)
    return JournalRecords(journal, records, types)


def pieces(records: list[bytes], cuts: list[int]) -> list[bytes]:
    """The journal cut into files before the entries numbered `cuts` (between records, never inside one)."""
    bounds = [0, *sorted(cuts), len(records)]
    assert all(a < b for a, b in pairwise(bounds)), f"cuts {cuts} must be inside 1..{len(records) - 1}"
    return [b"".join(records[a:b]) for a, b in pairwise(bounds)]


def place(entry: int, cuts: list[int]) -> tuple[int, int, int]:
    """(file, byte offset, record number) of an entry in the files `pieces` cuts; records are numbered from 1 in
    each file, as `jcat load` numbers them."""
    bounds = [0, *sorted(cuts)]
    piece = int(np.searchsorted(bounds, entry, side="right")) - 1
    number = entry - bounds[piece]
    return piece, number * RECORD_LENGTH, number + 1


def prefix(workload: wl.Workload, journal: wl.Journal, cut: int) -> wl.Workload:
    """The workload as far as the journal's first `cut` entries show it: the events written before entry `cut`
    (a transaction open there has not committed yet)."""
    if cut >= len(journal.entries):
        return workload
    t = journal.entries.at[cut, "ENTRY_TIMESTAMP"]
    return wl.Workload([e for e in workload.events if wl.timestamp(e.t) < t], workload.images, workload.first_sequence)


def cuts_in_flight(workload: wl.Workload, journal: wl.Journal, obj: str, n: int) -> list[int]:
    """n-1 cuts near the n equal parts of the journal, each where a transaction that changed `obj` before the cut
    commits after it and before the next cut (the nearest such place; the equal part itself when there is none).
    Only a transaction that undid nothing of `obj` counts: its first change of `obj` is surely one it commits."""
    e = journal.entries
    spans = []  # (first change of obj, its commit entry) of each committed transaction
    in_cycle = e[e["COMMIT_CYCLE"] != 0]
    for _, cycle in in_cycle.groupby(["RESET_EPOCH", "COMMIT_CYCLE"]):
        types = cycle["JOURNAL_ENTRY_TYPE"][cycle["OBJECT"] == obj]
        if types.isin(["DR", "UR", "BR"]).any():
            continue
        mine, commit = (
            types.index[types.isin(["PT", "PX", "UP", "DL"])],
            cycle.index[cycle["JOURNAL_ENTRY_TYPE"] == "CM"],
        )
        if len(mine) and len(commit) and mine[0] < commit[0]:
            spans.append((int(mine[0]) + 1, int(commit[0])))  # a cut at any entry in [first + 1, commit]
    cuts, upper = [], len(e)  # from the last cut back: each transaction must commit before the cut after it
    for k in range(n - 1, 0, -1):
        target = len(e) * k // n
        free = [i for a, b in spans if b < upper for i in range(a, b + 1) if 0 < i < upper]
        cuts.append(min(free, key=lambda i: abs(i - target)) if free else target)
        upper = cuts[-1]
    return sorted(set(cuts))


# ---- the relations the build must give ---------------------------------------------------------------------


def change_columns() -> list[str]:
    """The columns of <name>_changes this harness knows the value of, in the contract's order."""
    images = [f"{side}_{c}" for c in COLUMNS for side in ("BEFORE", "AFTER")]
    return [
        "OP",
        *images,
        "BEFORE_PRESENT",
        "COMMIT_TIMESTAMP",
        "COMMIT_POSITION",
        "CHANGE_POSITION",
        "TRANSACTION_ID",
        "RRN",
        "ENTRY",
        "decode_errors",
    ]


def history_columns(table: Table) -> list[str]:
    return [*table.state_columns, "VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION"]


@dataclass
class Expected:
    changes: list[dict]  # change_columns(); ENTRY: the journal entry whose record is the lineage (None for 't')
    current: list[dict]  # table.state_columns
    history: list[dict]  # history_columns(table)


def _entry_at(
    e: pd.DataFrame, t: int, types: tuple[str, ...], value: str | None = None, values: dict | None = None
) -> int:
    """The index of the entry written at logical time t (or, with a value, the last entry of that value) of one of
    the entry types."""
    if value is not None:
        hits = [i for i in e.index[e["JOURNAL_ENTRY_TYPE"].isin(types)] if values[e.at[i, "ROW_ID"]] == value]
    else:
        hits = list(e.index[(e["ENTRY_TIMESTAMP"] == wl.timestamp(t)) & e["JOURNAL_ENTRY_TYPE"].isin(types)])
    assert hits, (t, types, value)
    return int(hits[-1])


def _position(e: pd.DataFrame, i: int) -> str:
    return f"{int(e.at[i, 'RESET_EPOCH']):04X}{int(e.at[i, 'SEQUENCE']):020X}"


def expected(workload: wl.Workload, journal: wl.Journal, table: Table) -> Expected:
    """The table's relations after every committed change (from the logical workload; the journal only says where
    each commit and image landed: positions and lineage)."""
    e = journal.entries
    changes_of_mine = wl.oracle(of_table(workload, table.obj))
    keyed = key_changes(workload, table.obj)
    changes = []
    for commit in changes_of_mine:
        at = _entry_at(e, commit.t, ("CM",) if commit.txn else ("PT", "PX", "UP", "DL", "CR"))
        for step, (op, old, new, before_present) in enumerate(commit.changes, start=1):
            before = row_values(old, keyed) if old is not None else dict.fromkeys(COLUMNS)
            after_ = row_values(new, keyed) if new is not None else dict.fromkeys(COLUMNS)
            entry = (
                None
                if op == "t"
                else _entry_at(
                    e, 0, ("DL",) if op == "d" else ("PT", "PX", "UP"), old if op == "d" else new, journal.values
                )
            )
            row = {"OP": op}
            for c in COLUMNS:
                row[f"BEFORE_{c}"], row[f"AFTER_{c}"] = before[c], after_[c]
            row |= {
                "BEFORE_PRESENT": before_present,
                "COMMIT_TIMESTAMP": pd.Timestamp(wl.timestamp(commit.t)).to_pydatetime(),
                "COMMIT_POSITION": _position(e, at),
                "CHANGE_POSITION": step,
                "TRANSACTION_ID": str(journal.cycles[commit.txn]) if commit.txn else None,
                "RRN": None if op == "t" else parse(new if new is not None else old)[0],
                "ENTRY": entry,
                "decode_errors": [],
            }
            changes.append(row)
    current, history = _state(changes, table)
    return Expected(changes, current, history)


def _state(changes: list[dict], table: Table) -> tuple[list[dict], list[dict]]:
    """Current rows and SCD2 versions by the plain replay (scd2_oracle), on the table's state columns."""
    columns = table.state_columns
    valued = [
        {
            **c,
            "BEFORE_RRN": c["RRN"] if c["BEFORE_PRESENT"] else None,
            "AFTER_RRN": c["RRN"] if c["OP"] in ("c", "u") else None,
        }
        for c in changes
    ]
    replay = Replay(table.key, columns)
    replay.run(valued)
    assert not replay.problems, replay.problems  # the workload is a consistent table: no anomalies
    current = [dict(zip(columns, row)) for row in replay.rows.values()]
    versions = [*replay.closed, *replay.open.values()]
    history = [{c: v.get(c) for c in history_columns(table)} for v in versions]
    return current, history


def by_key(rows: list[dict], columns: list[str]) -> list[tuple]:
    """Rows as tuples of `columns`, sorted (NULLs first) to compare with what Spark collects."""

    def sortable(row):
        return tuple((v is not None, v) for v in row)

    return sorted((tuple(r[c] for c in columns) for r in rows), key=sortable)


def as_datetime(t: np.datetime64) -> dt.datetime:
    return pd.Timestamp(t).to_pydatetime()

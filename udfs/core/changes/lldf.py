"""LLDF commit resolution: which row changes of one Db2 for z/OS table in a BMC Log Master logical log count, in
commit order.

`resolve(rows, applied_through)` takes the table's rows in the declared twin's shape (one row per row image: a UB
gives a 'before' and an 'after' row, I and IL an 'after', D a 'before'; a record with no image, DM / DT / DR or any
other type, one row with IMAGE_KIND NULL), in any order, and gives a change frame (`frame`), the ROW_IDs still
undecided (carry them into the next call with the next load's rows), the ROW_IDs of units of recovery at or before
`applied_through` (see below) and the problems found. Whole-batch pandas/numpy: sorts, group reductions and
lookups, no Python loop per row or per unit of recovery.

Rules (seed 002, the logical log header):
- A landed record is the rows of one LANDING (the adapter numbers the landed records in load order). One log record
  is (MEMBERID, UORID, UORIDLRSN, LOGLRSN, LOGRBA, SQLRIRBA, RID, CHANGE_TYPE); landed twice (overlapping extracts)
  it counts once: the copy whose unit of recovery is decided (UORDISP C or A), then whose own disposition is known
  (LOGRECDISP C, A, S or O), then complete (INCOMPLETETRANS not 'Y'), then the first landed.
- A unit of recovery is (MEMBERID, UORID, UORIDLRSN): UORID is an RBA, which each data sharing member numbers for
  itself and which a log reset can reuse. Its disposition is UORDISP of its records: 'C' committed, 'A' aborted.
  Seed 002 names no other value: any other (a unit of recovery in flight at the end of the extract) leaves it
  undecided, held (pending) until a later load brings a record of it with UORDISP C or A. Records of one unit of
  recovery saying both C and A, or C records disagreeing on the commit (UORCOMMITLRSN, UORCOMMITPOINT,
  UORCOMMITTIMESTAMP), are a problem on the unit's first record and the unit is left out.
- A record counts when its unit of recovery committed and LOGRECDISP is 'C'; 'A' (rolled back), 'S' (rolled back
  to a savepoint) and 'O' (reversed by Db2) do not; any other value in a committed unit is a problem, left out.
- Order: UORCOMMITLRSN, UORCOMMITPOINT, MEMBERID (COMMIT_POSITION: their 20 + 20 + 4 upper-case hex digits, 44
  characters that sort as the commits happened, data sharing members included), then within the unit of recovery
  LOGLRSN, LOGRBA, SQLRIRBA (as lldf_change_stream sorts), CHANGE_POSITION from 1. COMMIT_TIMESTAMP is
  UORCOMMITTIMESTAMP; TRANSACTION_ID is f"{MEMBERID:04X}.{UORID}.{UORIDLRSN}" (hex), unique across members and
  log resets.
- UB is 'u' (BEFORE_ROW its before image, AFTER_ROW its after image, BEFORE_PRESENT True); I and IL 'c'; D 'd'
  (BEFORE_PRESENT True); DM, DT, DR with no data segments 't'. A change of key stays one 'u' here:
  state.split_key_changes makes it a 'd' then a 'c', as for every log.
- Stops: a DM / DT / DR with data segments (LIMIT_KEYS: a LOAD REPLACE of a partition, whose limit keys say which
  rows went, so it cannot be applied row by row), an E (exchange with the clone table: every row replaced) or a CO
  (a catalog change: later images may have another layout) counting in a committed unit of recovery, or a committed
  unit flagged INCOMPLETETRANS 'Y' (seed 002: it holds a record Log Master could not complete, so its changes
  are not whole). Units committed before the first such unit are given; it and every unit committed after it are
  held, with one problem row on its record saying what to do, given at every call while stopped. An incomplete
  unit is released when a later load lands its records complete (the copy rule above).
- Other change types (CM, SC, or any seed 002 does not list) counting in a committed unit: a problem, left out.
- `applied_through`: the last COMMIT_POSITION an earlier call gave. A committed unit at or before it was either given
  already (an overlapping extract landed it again) or arrived late: its rows are returned in `earlier`, neither
  given nor reported, for the caller to tell which (a late unit means rebuilding from the first load).
- Rows lacking a field the order or the identity needs (NULL) are a problem each, left out.
- Problems are reported once, when their unit of recovery is decided, except the stop. Aborted units give nothing
  and no problem.
- `committed`: every row of a committed unit after `applied_through` (given, or held from the stop on) with its
  unit's COMMIT_POSITION, for a caller that resolves units of recovery apart (each part through this function) and
  applies the first stop of all the parts across them.
Assumed where seed 002 is silent: a load holds the records of a unit committed in its range whole (Log Master
extracts a unit of recovery whole); a held record keeps the LOGRECDISP it landed with unless a later copy of it
lands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from udfs.core.changes import frame

# Binary header fields (upper-case hex, 2 digits a byte: Spark's hex() of the twin's BINARY columns) and widths.
HEX_FIELDS = {
    "UORID": 20,
    "UORIDLRSN": 20,
    "UORCOMMITLRSN": 20,
    "UORCOMMITPOINT": 20,
    "LOGLRSN": 20,
    "LOGRBA": 20,
    "SQLRIRBA": 20,
    "RID": 10,
}
INPUT_COLUMNS = (
    "ROW_ID",
    "LANDING",
    "IMAGE_KIND",
    "CHANGE_TYPE",
    "LIMIT_KEYS",
    "MEMBERID",
    *HEX_FIELDS,
    "UORDISP",
    "LOGRECDISP",
    "INCOMPLETETRANS",
    "UORCOMMITTIMESTAMP",
)
RECORD_KEY = ["MEMBERID", "UORID", "UORIDLRSN", "LOGLRSN", "LOGRBA", "SQLRIRBA", "RID", "CHANGE_TYPE"]
UNIT_KEY = ["MEMBERID", "UORID", "UORIDLRSN"]
WITHIN_UNIT = ["LOGLRSN", "LOGRBA", "SQLRIRBA"]
REQUIRED = ("LANDING", "CHANGE_TYPE", "MEMBERID", *HEX_FIELDS)  # NULL in any: the row cannot be placed

# What each CHANGE_TYPE is to the resolution; its image rows (before, after).
INSERT, UPDATE, DELETE, MASS_DELETE, STOP, UNKNOWN = range(6)
ENTRY_ROLES = {
    "UB": UPDATE,
    "I": INSERT,
    "IL": INSERT,
    "D": DELETE,
    "DM": MASS_DELETE,
    "DT": MASS_DELETE,
    "DR": MASS_DELETE,
    "E": STOP,
    "CO": STOP,
}
BEFORE_IMAGES = {UPDATE: 1, DELETE: 1}  # how many image rows of each kind a record has; every other kind: one
AFTER_IMAGES = {UPDATE: 1, INSERT: 1}  # row, no image
NOT_COUNTED = ("A", "S", "O")  # LOGRECDISP of records that do not count

STOP_REASONS = {
    "LIMIT_KEYS": "mass delete with data segments (a LOAD REPLACE of a partition: limit key values), which cannot be "
    "applied row by row: changes stop here; take a new snapshot of the table and restart its changes "
    "after this unit of recovery",
    "E": "E: the table's data was exchanged with its clone table: changes stop here; take a new snapshot of the "
    "table and restart its changes after this unit of recovery",
    "CO": "CO: a catalog change of the table (DDL), so later images may have another layout: changes stop here; "
    "declare the table again from its new DDL, take a new snapshot and restart its changes after this unit "
    "of recovery",
    "INCOMPLETE": "INCOMPLETETRANS Y: Log Master could not complete a record of this committed unit of recovery, so "
    "its changes are not whole: changes stop here until a load lands its records complete",
}
DISAGREE = (
    "the records of this unit of recovery disagree on its disposition or its commit (UORDISP, UORCOMMITLRSN, "
    "UORCOMMITPOINT, UORCOMMITTIMESTAMP): unit left out"
)
UNKNOWN_DISP = "LOGRECDISP is none of C, A, S, O in a committed unit of recovery: record left out"
UNKNOWN_REASON = "change type this resolution does not know: left out"
MISSING = "a header field the order or the identity needs is NULL: row left out"


@dataclass(frozen=True)
class Resolution:
    changes: pd.DataFrame  # frame.CHANGE_COLUMNS, sorted by COMMIT_POSITION then CHANGE_POSITION
    pending: np.ndarray  # int64 ROW_IDs still undecided, to carry into the next call
    problems: pd.DataFrame  # ROW_ID, REASON
    earlier: np.ndarray  # int64 ROW_IDs of committed units at or before applied_through
    committed: pd.DataFrame = field(default_factory=lambda: _positions(np.zeros(0, np.int64), np.zeros(0, object)))


def _positions(row_ids: np.ndarray, positions: np.ndarray) -> pd.DataFrame:
    """ROW_ID (int64, ascending), COMMIT_POSITION."""
    return pd.DataFrame({"ROW_ID": row_ids.astype(np.int64), "COMMIT_POSITION": positions.astype(object)})


def resolve(rows: pd.DataFrame, applied_through: str | None = None) -> Resolution:
    """The committed changes of one table's rows (see the module's docstring for the rules)."""
    r, missing = _normalized(rows)
    kept = _best_copies(r)
    rec = _records(kept)
    unit = _units(rec)
    rec = rec.join(unit, on="UNIT")
    committed = rec["UNIT_STATE"].to_numpy() == "C"
    position = rec["COMMIT_POSITION"].fillna("").to_numpy(dtype=object)  # "" where not committed
    earlier = committed & (position <= applied_through) if applied_through is not None else np.zeros(len(rec), bool)
    live = committed & ~earlier
    counted = live & (rec["LOGRECDISP"].to_numpy() == "C")
    stop_at, stop_row, stop_reason = _stop(rec, live, counted)
    before_stop = live & (position < stop_at) if stop_at is not None else live
    held = (rec["UNIT_STATE"].to_numpy() == "") | (live & ~before_stop)
    problems = _problems(rec, before_stop, counted, missing, stop_row, stop_reason)
    changes = _changes(
        rec[counted & before_stop & np.isin(rec["KIND"].to_numpy(), (INSERT, UPDATE, DELETE, MASS_DELETE))]
    )
    return Resolution(
        changes,
        _row_ids(kept, rec, held),
        problems,
        _row_ids(kept, rec, earlier),
        _committed_rows(kept, rec, live, position),
    )


def _normalized(rows: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rows with clean text fields, and the rows lacking a required field (ROW_ID, REASON)."""
    absent = [c for c in INPUT_COLUMNS if c not in rows.columns]
    if absent:
        raise ValueError(f"rows lack columns {absent}")
    r = rows.loc[:, list(INPUT_COLUMNS)].reset_index(drop=True)
    if r["ROW_ID"].duplicated().any():
        raise ValueError("ROW_ID must be unique within one resolution's input")
    lacking = r[list(REQUIRED)].isna().any(axis=1).to_numpy()
    missing = pd.DataFrame({"ROW_ID": r["ROW_ID"].to_numpy()[lacking], "REASON": MISSING})
    r = r[~lacking].reset_index(drop=True)
    for c, width in HEX_FIELDS.items():
        r[c] = r[c].astype(str).str.upper()
        if not (r[c].str.len() == width).all() or not r[c].str.fullmatch("[0-9A-F]*").all():
            raise ValueError(f"{c} must be {width} hex digits ({width // 2} bytes)")
    for c in ("CHANGE_TYPE", "UORDISP", "LOGRECDISP", "INCOMPLETETRANS", "IMAGE_KIND"):
        r[c] = r[c].fillna("").astype(str).str.strip()
    r["MEMBERID"] = r["MEMBERID"].astype(np.int64)
    if ((r["MEMBERID"] < 0) | (r["MEMBERID"] > 0xFFFF)).any():
        raise ValueError("MEMBERID must fit 2 bytes")
    r["LIMIT_KEYS"] = pd.array(r["LIMIT_KEYS"], dtype="boolean").fillna(False).to_numpy(dtype=bool)
    r["KIND"] = r["CHANGE_TYPE"].map(ENTRY_ROLES).fillna(UNKNOWN).astype(np.int64)
    r["MEMBER_HEX"] = _member_hex(r["MEMBERID"].to_numpy())
    r["RECORD"] = r["MEMBER_HEX"].str.cat([r[c] for c in RECORD_KEY[1:]], sep=".")
    return r, missing


def _member_hex(member: np.ndarray) -> pd.Series:
    digits = np.array(list("0123456789ABCDEF"))[(member[:, None] >> np.array([12, 8, 4, 0])) & 0xF]
    return pd.Series(np.ascontiguousarray(digits).view("<U4").ravel() if len(member) else [], dtype=object)


def _best_copies(r: pd.DataFrame) -> pd.DataFrame:
    """The rows of one landing per log record: the copy the rules prefer (module docstring)."""
    if r.groupby("LANDING")["RECORD"].nunique().gt(1).any():
        raise ValueError("the rows of one LANDING must be one log record (the same header)")
    landing = r.drop_duplicates("LANDING")
    rank = pd.DataFrame(
        {
            "RECORD": landing["RECORD"].to_numpy(),
            "undecided": ~landing["UORDISP"].isin(["C", "A"]).to_numpy(),
            "unknown": ~landing["LOGRECDISP"].isin(["C", *NOT_COUNTED]).to_numpy(),
            "incomplete": (landing["INCOMPLETETRANS"] == "Y").to_numpy(),
            "LANDING": landing["LANDING"].to_numpy(),
        }
    ).sort_values(["RECORD", "undecided", "unknown", "incomplete", "LANDING"], kind="stable")
    kept = rank.drop_duplicates("RECORD")["LANDING"]
    return r[r["LANDING"].isin(kept)]


def _records(r: pd.DataFrame) -> pd.DataFrame:
    """One row per log record: its header, LANDING, BEFORE_ROW / AFTER_ROW (its image rows, <NA> where none) and
    FIRST_ROW, indexed 0..n-1 in (unit, order within the unit)."""
    kind = r["IMAGE_KIND"].to_numpy()
    rows = r.assign(
        _before=np.where(kind == "before", r["ROW_ID"], np.nan), _after=np.where(kind == "after", r["ROW_ID"], np.nan)
    )
    g = rows.groupby("LANDING", sort=False)
    counts = g.agg(n=("ROW_ID", "size"), b=("_before", "count"), a=("_after", "count"))
    rec = g.first().join(counts)
    rec["BEFORE_ROW"] = pd.array(g["_before"].max(), dtype="Int64")
    rec["AFTER_ROW"] = pd.array(g["_after"].max(), dtype="Int64")
    rec["FIRST_ROW"] = g["ROW_ID"].min().astype(np.int64)
    want_b = rec["KIND"].map(BEFORE_IMAGES).fillna(0)
    want_a = rec["KIND"].map(AFTER_IMAGES).fillna(0)
    with_images = rec["KIND"].isin([*BEFORE_IMAGES, *AFTER_IMAGES])
    wrong = (with_images & ((rec["b"] != want_b) | (rec["a"] != want_a) | (rec["n"] != want_b + want_a))) | (
        ~with_images & ((rec["n"] != 1) | (rec["b"] + rec["a"] != 0))
    )
    if wrong.any():
        raise ValueError(
            "a record's image rows do not match its CHANGE_TYPE (UB: before and after; I, IL: after; "
            "D: before; any other: one row with IMAGE_KIND NULL)"
        )
    rec["UNIT"] = rec["MEMBER_HEX"].str.cat([rec["UORID"], rec["UORIDLRSN"]], sep=".")
    rec = rec.reset_index().sort_values(["UNIT", *WITHIN_UNIT, "RECORD"], kind="stable").reset_index(drop=True)
    return rec


def _units(rec: pd.DataFrame) -> pd.DataFrame:
    """Per unit of recovery: UNIT_STATE ('C' committed, 'A' aborted, 'X' disagreeing, '' undecided), COMMIT_POSITION,
    COMMIT_TS, INCOMPLETE and FIRST (its first record's position in `rec`)."""
    disp = rec["UORDISP"]
    commit = rec[disp == "C"]
    said = commit["UORCOMMITLRSN"] + commit["UORCOMMITPOINT"] + commit["MEMBER_HEX"]
    units = pd.DataFrame(
        {
            "has_c": (disp == "C").groupby(rec["UNIT"]).any(),
            "has_a": (disp == "A").groupby(rec["UNIT"]).any(),
            "INCOMPLETE": (rec["INCOMPLETETRANS"] == "Y").groupby(rec["UNIT"]).any(),
            "FIRST": pd.Series(rec.index, index=rec["UNIT"]).groupby(level=0).min(),
        }
    )
    positions = said.groupby(commit["UNIT"])
    times = commit["UORCOMMITTIMESTAMP"].groupby(commit["UNIT"])
    units["COMMIT_POSITION"] = positions.first()
    units["COMMIT_TS"] = times.first()
    agree = (positions.nunique() == 1) & (times.nunique(dropna=False) == 1)
    units["agree"] = agree.reindex(units.index, fill_value=True).astype(bool)
    state = np.select(
        [units["has_c"] & units["has_a"], units["has_c"] & ~units["agree"], units["has_c"], units["has_a"]],
        ["X", "X", "C", "A"],
        default="",
    )
    units["UNIT_STATE"] = state
    return units[["UNIT_STATE", "COMMIT_POSITION", "COMMIT_TS", "INCOMPLETE", "FIRST"]]


def _stop(rec: pd.DataFrame, live: np.ndarray, counted: np.ndarray) -> tuple[str | None, int, str]:
    """The COMMIT_POSITION of the first committed unit that stops the table, the position in `rec` of the record to
    report it on, and the reason; (None, -1, "") when none does."""
    kind, ctype = rec["KIND"].to_numpy(), rec["CHANGE_TYPE"].to_numpy()
    stopper = counted & ((kind == STOP) | ((kind == MASS_DELETE) & rec["LIMIT_KEYS"].to_numpy()))
    incomplete = live & rec["INCOMPLETE"].to_numpy().astype(bool)
    candidates = np.flatnonzero(stopper | incomplete)
    if not len(candidates):
        return None, -1, ""
    position = rec["COMMIT_POSITION"].fillna("").to_numpy(dtype=object)
    at = position[candidates].min()
    in_unit = candidates[position[candidates] == at]  # rec is in order within the unit
    flagged = in_unit[stopper[in_unit]]
    if len(flagged):
        row = int(flagged[0])
        reason = STOP_REASONS["LIMIT_KEYS" if kind[row] == MASS_DELETE else ctype[row]]
    else:
        yes = in_unit[rec["INCOMPLETETRANS"].to_numpy()[in_unit] == "Y"]
        row, reason = int(yes[0] if len(yes) else in_unit[0]), STOP_REASONS["INCOMPLETE"]
    return at, row, reason


def _problems(rec, before_stop, counted, missing, stop_row, stop_reason) -> pd.DataFrame:
    reasons = np.full(len(rec), None, dtype=object)
    disp = rec["LOGRECDISP"].to_numpy()
    reasons[before_stop & ~np.isin(disp, ["C", *NOT_COUNTED])] = UNKNOWN_DISP
    reasons[counted & before_stop & (rec["KIND"].to_numpy() == UNKNOWN)] = UNKNOWN_REASON
    disagreeing = rec.index.to_numpy() == rec["FIRST"].to_numpy()
    reasons[disagreeing & (rec["UNIT_STATE"].to_numpy() == "X")] = DISAGREE
    if stop_row >= 0:
        reasons[stop_row] = stop_reason
    found = pd.DataFrame({"ROW_ID": rec["FIRST_ROW"].to_numpy(), "REASON": reasons})[pd.notna(reasons)]
    return pd.concat([missing, found], ignore_index=True).astype({"ROW_ID": np.int64})


def _row_ids(kept: pd.DataFrame, rec: pd.DataFrame, mask: np.ndarray) -> np.ndarray:
    """The ROW_IDs of every row of the records `mask` selects."""
    rows = kept["ROW_ID"].to_numpy()[kept["LANDING"].isin(rec["LANDING"].to_numpy()[mask]).to_numpy()]
    return np.sort(rows.astype(np.int64))


def _committed_rows(kept: pd.DataFrame, rec: pd.DataFrame, live: np.ndarray, position: np.ndarray) -> pd.DataFrame:
    """Every row of the records `live` selects, with its unit's COMMIT_POSITION."""
    of_landing = pd.Series(position[live], index=rec["LANDING"].to_numpy()[live])
    rows = kept[kept["LANDING"].isin(of_landing.index).to_numpy()].sort_values("ROW_ID")
    return _positions(rows["ROW_ID"].to_numpy(), rows["LANDING"].map(of_landing).to_numpy(dtype=object))


def _changes(c: pd.DataFrame) -> pd.DataFrame:
    """The change frame of the counted records of committed units before any stop."""
    c = c.sort_values(["COMMIT_POSITION", *WITHIN_UNIT, "RECORD"], kind="stable").reset_index(drop=True)
    kind = c["KIND"].to_numpy()
    out = pd.DataFrame(
        {
            frame.OP: pd.Series(kind).map({INSERT: "c", UPDATE: "u", DELETE: "d", MASS_DELETE: "t"}).to_numpy(object),
            frame.BEFORE_ROW: pd.array(c["BEFORE_ROW"], dtype="Int64"),
            frame.AFTER_ROW: pd.array(c["AFTER_ROW"], dtype="Int64"),
            frame.BEFORE_PRESENT: np.isin(kind, (UPDATE, DELETE)),
            frame.COMMIT_TIMESTAMP: c["COMMIT_TS"].to_numpy(),
            frame.COMMIT_POSITION: c["COMMIT_POSITION"].to_numpy(dtype=object),
            frame.CHANGE_POSITION: c.groupby("COMMIT_POSITION", sort=False).cumcount().to_numpy(np.int64) + 1,
            frame.TRANSACTION_ID: c["UNIT"].to_numpy(dtype=object),
        }
    )
    return out.loc[:, list(frame.CHANGE_COLUMNS)]

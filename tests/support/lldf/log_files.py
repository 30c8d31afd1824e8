"""An LLDF workload (support.lldf.workload) on a keyed table, as Log Master logical log files, and the changes it
must give: the parts of the LLDF replay (support.lldf.replay, tests/spark/test_changes_lldf_replay.py).

- `keyed(workload, seed)`: each image value of workload.py becomes a row (K, V) of table PAYROLL.ACCT. Walking the
  committed units in commit order (the oracle's order), an insert takes a new key or one deleted before, an update
  or a delete a key present then (so later units update the same keys); an update or a delete with no row present
  becomes an insert (the workload is changed, so its oracle says the same). Images that never count (rolled back,
  aborted, in flight) take keys of their own.
- `log_file(rows)`: workload.extract's rows (the twin's shape) as the logical log records Log Master writes
  (seed 002's header fields, DATA as seed 002 words it), and where each image's record lands.
- `expected(workload, rows_by_value, places, cut)`: the `NAME_changes` rows of the units committed before `cut`,
  from workload.oracle, in commit order.
"""

from __future__ import annotations

import random

import pandas as pd

from udfs.core.layouts import lldf

from . import workload as wl
from .project import nullable, varchar

COLUMNS = ["K", "V"]
OWNER, TABLE = "PAYROLL", "ACCT"


def ddl(table: str = TABLE) -> str:
    """The replay's table (PAYROLL.ACCT, or another name where replays sharing one home must not read each other's
    records: a declared table reads every landed record of its Db2 table)."""
    return f"CREATE TABLE {OWNER}.{table} (K INTEGER NOT NULL, V VARCHAR(12), PRIMARY KEY (K)) IN PAYDB.ACCTTS;\n"


def committed_units(w: wl.Workload) -> list[wl.Unit]:
    return sorted(
        (u for u in w.units if u.records and u.disposition == "C"), key=lambda u: (u.ended_at, u.commit_point, u.member)
    )


def keyed(w: wl.Workload, seed: int) -> dict[str, tuple[int, str]]:
    """value -> (K, V) for every image of the workload (which it changes where a row is needed: see above)."""
    rng = random.Random(seed)
    rows: dict[str, tuple[int, str]] = {}
    table: dict[int, str] = {}  # K -> the value of its current image
    deleted: list[int] = []
    fresh = iter(range(1, 1 << 20))
    for u in committed_units(w):
        for r in u.records:
            if r.undone_at != wl.FOREVER or r.change_type not in wl.OPS:
                continue
            op = wl.OPS[r.change_type]
            if op in ("u", "d") and not table:  # nothing to change: an insert of the row instead
                r.change_type, r.after, r.before = "I", r.after or r.before, None
                op = "c"
            if op == "t":
                deleted += list(table)
                table.clear()
            elif op == "c":
                k = deleted.pop(rng.randrange(len(deleted))) if deleted and rng.random() < 0.5 else next(fresh)
                table[k] = r.after
                rows[r.after] = (k, r.after)
            else:
                k = rng.choice(sorted(table))
                rows[r.before] = (k, table[k])
                if op == "u":
                    table[k] = r.after
                    rows[r.after] = (k, r.after)
                else:
                    del table[k]
                    deleted.append(k)
    for u in w.units:  # images that never count: rows of their own
        for r in u.records:
            for v in (r.before, r.after):
                if v is not None and v not in rows:
                    rows[v] = (1_000_000 + int(v[1:]), v)
    return rows


def image(row: tuple[int, str]) -> bytes:
    """K INTEGER NOT NULL, V VARCHAR(12) nullable: seed 002's column order, null byte, 2-byte length."""
    k, v = row
    return k.to_bytes(4, "big", signed=True) + nullable(varchar(v), 2)


def _header(rec: pd.Series, table: str) -> dict:
    ended = rec["UORDISP"].strip() != ""
    return {
        "SYSTEMID": "DB2P",
        "TABLEOWNER": OWNER,
        "TABLENAME": table,
        "TBOWNERLEN": len(OWNER),
        "TBNAMELEN": len(table),
        "CHANGE_TYPE": rec["CHANGE_TYPE"],
        "MEMBERID": int(rec["MEMBERID"]),
        **{
            f: bytes.fromhex(rec[f])
            for f in ("UORID", "UORIDLRSN", "UORCOMMITLRSN", "UORCOMMITPOINT", "LOGLRSN", "LOGRBA", "SQLRIRBA", "RID")
        },
        "UORDISP": rec["UORDISP"].strip() or None,
        "LOGRECDISP": rec["LOGRECDISP"],
        "INCOMPLETETRANS": rec["INCOMPLETETRANS"],
        "TIMESTAMP": wl.BASE_TIME.astype(object),
        "UORCOMMITTIMESTAMP": pd.Timestamp(rec["UORCOMMITTIMESTAMP"]).to_pydatetime() if ended else None,
    }


def log_file(rows: pd.DataFrame, values: dict, table: str = TABLE) -> tuple[bytes, list[tuple[str, int, int]]]:
    """The records of extract's rows (on Db2 table OWNER.`table`), and (value, offset, record number) of each image's
    record."""
    out, places, offset = [], [], 0
    for n, (_, rec) in enumerate(rows.groupby("LANDING", sort=True), start=1):
        first = rec.iloc[0]
        images = [values[v] for v in rec.sort_values("ROW_ID")["VALUE"] if v is not None]
        ctype = first["CHANGE_TYPE"]
        if ctype in ("UB", "I", "IL", "D"):
            data = lldf.encode_data([image(r) for r in images])
        elif ctype in ("DM", "DT", "DR"):  # with limit keys: data segments (the workload's LOAD REPLACE)
            data = lldf.encode_data([b"\x00\x00\x00\x01"]) if first["LIMIT_KEYS"] else b""
        else:
            data = lldf.encode_data(content=b"")  # CM: content seed 002 does not describe
        header = _header(first, table)
        record = lldf.encode_header({**header, "SEGLEN": lldf.HEADER_LENGTH + len(data)}) + data
        out.append(record)
        places += [(v, offset, n) for v in rec["VALUE"] if v is not None]
        offset += len(record)
    return b"".join(out), places


def expected(w: wl.Workload, rows_by_value: dict, places: dict, cut: int) -> list[dict]:
    """The changes of units committed before `cut`, in commit order, each with its image rows and the place of its
    after image's record (the before image's for a delete; none for a mass delete)."""
    units = {f"{u.member:04X}.{u.uorid:020X}.{u.uoridlrsn:020X}": u for u in w.units}
    out = []
    for txn, ts, changes in wl.oracle(w).commits:
        u = units[txn]
        if u.ended_at >= cut:
            break
        position = f"{u.ended_at:020X}{u.commit_point:020X}{u.member:04X}"
        for i, (op, before, after, present) in enumerate(changes, start=1):
            b = rows_by_value[before] if before else (None, None)
            a = rows_by_value[after] if after else (None, None)
            place = places.get(after or before, (None, None, None, None))
            out.append(
                {
                    "OP": op,
                    "BEFORE_K": b[0],
                    "BEFORE_V": b[1],
                    "AFTER_K": a[0],
                    "AFTER_V": a[1],
                    "BEFORE_PRESENT": present,
                    "COMMIT_TIMESTAMP": ts.to_pydatetime(),
                    "COMMIT_POSITION": position,
                    "CHANGE_POSITION": i,
                    "TRANSACTION_ID": txn,
                    "source_file": place[0],
                    "record_offset": place[1],
                    "record_number": place[2],
                    "load_id": place[3],
                    "decode_errors": [],
                }
            )
    return out

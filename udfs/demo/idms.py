"""`jcat demo` for CA IDMS: a journal with local and distributed transactions, stores, modifies and erases.

The scenario (LIDs are the local transaction ids):
  1001 PAYROLL  stores, modifies and erases an EMPLOYEE, COMMIT WORK CONTINUE (COMT), then ENDJ: committed
  1002 ORDENTRY modifies, an SQL statement is rolled out (RTSV), then ABRT: aborted
  1003, 1004    branches of distributed transaction DIST0001: DIND, DCOM, ENDJ each, DFGT: committed
  1005 INVADJ   branch of DIST0002: DIND, DBAK, ABRT, DFGT: backed out
  1006 BATCHUPD begins, readies an area, stores, and has not ended when the journal was dumped: in flight
  DIST0003      a coordinator's DPND: a participant could not complete its commit
A second TIME record, for a buffer not yet written, has a zero local stamp.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..core import encoders as enc
from ..core.layouts.idms import journal

SHOWS = "CA IDMS journal"  # `jcat demo`'s heading for this area
LAYOUTS = ["idms"]
MODELS = "source:jcat.raw_idms+"  # the view idms_journal and the tables decoding raw_idms
START = dt.datetime(2024, 3, 4, 14, 30, 0, 125000)  # GMT of the first record
LOCAL_OFFSET = dt.timedelta(hours=-5)  # the CV's local clock

QUERIES = [
    (
        "Journal records (first 12)",
        "select SEQ, TYPE, GMT, TRANSACT_ID, PROGRAM_NAME, AREA, VERB_NUM, DB_KEY_PAGE, DB_KEY_LINE, IMAGE_LEN, "
        "LIDS, decode_errors from jcat.idms_journal order by SEQ limit 12",
    ),
    (
        "Local transactions",
        "select TRANSACT_ID, PROGRAM_NAME, USER_ID, EXTERNAL_ID, END_TYPE, OUTCOME, STATEMENT_ROLLBACKS, "
        "BFOR_COUNT, AFTR_COUNT, AREAS_READIED from jcat.idms_transactions order by TRANSACT_ID",
    ),
    (
        "Distributed transactions and their local branches",
        "select DNODE, DTRID, TYPE, LID, DISTRIBUTED_OUTCOME, LOCAL_OUTCOME from jcat.idms_distributed_transactions "
        "order by DTRID, SEQ, LID_INDEX",
    ),
]


def employee(emp_id: int, name: str, dept: str, salary: int, prefix: bytes = b"") -> bytes:
    """An EMPLOYEE record image: set pointers (db-keys) then the data (EBCDIC text and packed salary)."""
    return prefix + enc.ebcdic(f"{emp_id:06d}", 6) + enc.ebcdic(name, 20) + enc.ebcdic(dept, 4) + enc.packed(salary, 9)


def _ptr(page: int, line: int, radix: int = 8) -> bytes:
    return ((page << radix) | line).to_bytes(4, "big")


def _dtrid(name: str, n: int) -> dict:
    return {"DNODE": name, "DID": n.to_bytes(8, "big"), "DBRANCH_ID": (n * 16 + 1).to_bytes(8, "big")}


def _transaction(kind: str, lid: int, program: str, **more) -> tuple[str, dict]:
    values = {"TRANSACT_ID": lid, "PROGRAM_NAME": program, "VIB": 0x00C3A000 + lid, **more}
    if kind in ("BGIN", "COMT", "ENDJ", "ABRT"):
        values.setdefault("LT_P1", "T042")
        values.setdefault("LT_P2", lid * 3)
    return kind, values


def _image(kind: str, lid: int, verb: int, page: int, line: int, image: bytes, rec_id: int = 1001) -> tuple[str, dict]:
    return kind, {
        "TRANSACT_ID": lid,
        "VERB_NUM": verb,
        "PAGE_GROUP": 0,
        "DBK_FORMAT": 8,
        "DB_KEY": (page << 8) | line,
        "USER_REC_ID": rec_id,
        "PG_DISPL": 0,
        "PREFIX_LEN": 8 if image else 0,
        "image": image,
    }


def _stats(lid: int, updates: int) -> dict:
    return {
        "UPDATED": updates,
        "READ": 12 + lid % 7,
        "WRITTEN": updates,
        "PAGE_REQUESTS": 40 + lid % 13,
        "CALC_ON": 3,
        "CALC_NOT_ON": 1,
        "VIA_ON": 2,
        "VIA_NOT_ON": 0,
        "REC_REQUESTED": 9,
        "CURR_OF_TR": 0,
        "CALLS": 17,
        "FGMT_STORED": 0,
        "FGMT_RETURNED": 0,
        "LOCKS_REQUESTED": 21,
        "SHARED_LOCKS_HELD": 4,
        "EXCLUSIVE_LOCKS_HELD": updates,
        "TR_ID_CV": lid,
        "TASK_ID_CV": 0x1F2E3D00 + lid,
        "LT_PART1": "T042",
        "LT_PART2": lid * 3,
        "IX_SR8_SPLITS": 1,
        "IX_BTREE_SEARCHES": 5,
        "IX_BTREE_LEVELS_SEARCHED": 11,
        "IX_LEVELS_SEARCHED_BEST": 2,
        "IX_LEVELS_SEARCHED_WORST": 3,
    }


def _area(lid: int, name: str, low: int, high: int, mode: int = 2) -> tuple[str, dict]:
    return "AREA", {
        "TRANSACT_ID": lid,
        "VIB": 0x00C3A000 + lid,
        "AREA": name,
        "LOW_PAGE": low,
        "HIGH_PAGE": high,
        "MODE": mode,
        "ACCESS": 1,
    }


def scenario() -> list[tuple[str, dict]]:
    """The records of the demo journal, in journal order (SEQ and GMT are added by `journal`)."""
    local = START + LOCAL_OFFSET
    old = employee(4711, "JOHN SMITH", "D100", 5200000, _ptr(30001, 2) + _ptr(30001, 1))
    new = employee(4711, "JOHN SMITH", "D200", 5450000, _ptr(30001, 2) + _ptr(30001, 1))
    stored = employee(4712, "MARY JONES", "D100", 6100000, _ptr(30001, 4) + _ptr(30001, 1))
    order = enc.ebcdic("ORD0099172OPEN", 14) + enc.packed(1250, 7)
    return [
        ("TIME", {"T_DATESTMP": local}),
        _transaction(
            "BGIN", 1001, "PAYROLL", DTESTAMP=local, USER_ID="JSMITH", EXTERNAL_ID="web:jsmith@hr.example.com"
        ),
        _area(1001, "EMP-DEMO-REGION", 30001, 30500),
        _image("BFOR", 1001, 9, 30001, 3, b""),  # STORE: null before image
        _image("AFTR", 1001, 9, 30001, 3, stored),
        _image("BFOR", 1001, 12, 30001, 2, old),  # MODIFY
        _image("AFTR", 1001, 12, 30001, 2, new),
        _transaction("COMT", 1001, "PAYROLL", DTESTAMP=local, **_stats(1001, 2)),
        _image("BFOR", 1001, 14, 30001, 3, stored),  # ERASE: null after image
        _image("AFTR", 1001, 14, 30001, 3, b""),
        _transaction("ENDJ", 1001, "PAYROLL", DTESTAMP=local, **_stats(1001, 3)),
        _transaction("BGIN", 1002, "ORDENTRY", DTESTAMP=local, USER_ID="CLERK07"),
        _area(1002, "ORDER-REGION", 50001, 52000),
        _area(1002, "CUST-REGION", 60001, 61000, mode=1),
        _image("BFOR", 1002, 12, 50017, 5, order, rec_id=2001),
        _image("AFTR", 1002, 12, 50017, 5, order[:-4] + enc.packed(1300, 7), rec_id=2001),
        _transaction("RTSV", 1002, "ORDENTRY", DTESTAMP=local, SAVEPOINT_SEQ=7),
        _transaction("ABRT", 1002, "ORDENTRY", DTESTAMP=local, **_stats(1002, 1)),
        ("TIME", {"T_DATESTMP": None}),  # buffer not yet written: zero local stamp
        _transaction("BGIN", 1003, "XFERIN", DTESTAMP=local, USER_ID="BATCH01"),
        _image("BFOR", 1003, 12, 70001, 1, employee(1, "ACCOUNT A", "FIN1", 100)),
        _image("AFTR", 1003, 12, 70001, 1, employee(1, "ACCOUNT A", "FIN1", 50)),
        _transaction("BGIN", 1004, "XFEROUT", DTESTAMP=local, USER_ID="BATCH01"),
        _image("BFOR", 1004, 12, 70002, 1, employee(2, "ACCOUNT B", "FIN1", 0)),
        _image("AFTR", 1004, 12, 70002, 1, employee(2, "ACCOUNT B", "FIN1", 50)),
        ("DIND", {**_dtrid("SYSTEM74", 1), "STATE": b"\x01", "lids": (1003, 1004)}),
        ("DCOM", {**_dtrid("SYSTEM74", 1), "STATE": b"\x02", "OUTCOME": b"\x01", "lids": (1003, 1004)}),
        _transaction("ENDJ", 1003, "XFERIN", DTESTAMP=local, **_stats(1003, 1)),
        _transaction("ENDJ", 1004, "XFEROUT", DTESTAMP=local, **_stats(1004, 1)),
        ("DFGT", {**_dtrid("SYSTEM74", 1)}),
        _transaction("BGIN", 1005, "INVADJ", DTESTAMP=local, USER_ID="JSMITH"),
        _image("BFOR", 1005, 12, 80001, 9, employee(9, "STOCK 9", "WH01", 40)),
        _image("AFTR", 1005, 12, 80001, 9, employee(9, "STOCK 9", "WH01", 39)),
        ("DIND", {**_dtrid("SYSTEM74", 2), "STATE": b"\x01", "lids": (1005,)}),
        ("DBAK", {**_dtrid("SYSTEM74", 2), "STATE": b"\x03", "BACKOUT_REASON": b"\x02", "lids": (1005,)}),
        _transaction("ABRT", 1005, "INVADJ", DTESTAMP=local, **_stats(1005, 1)),
        ("DFGT", {**_dtrid("SYSTEM74", 2)}),
        ("DPND", {**_dtrid("SYSTEM74", 3), "STATE": b"\x04"}),
        _transaction("BGIN", 1006, "BATCHUPD", DTESTAMP=local, USER_ID="BATCH02"),
        _area(1006, "EMP-DEMO-REGION", 30001, 30500),
        _image("BFOR", 1006, 9, 30002, 1, b""),
        _image("AFTR", 1006, 9, 30002, 1, employee(4713, "ANN LEE", "D300", 4900000, _ptr(30002, 1) + _ptr(30001, 1))),
    ]


def records() -> list[bytes]:
    return journal(scenario(), start_seq=480001, start=START)


def generate(workdir: Path) -> dict[str, list[Path]]:
    """One IDMS journal file: records back to back, each starting with its REC-LEN (as `jcat load idms` frames)."""
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "idms_journal_0001.jrn"
    path.write_bytes(b"".join(records()))
    return {"idms": [path]}

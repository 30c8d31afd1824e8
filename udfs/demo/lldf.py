"""`jcat demo` for Db2 for z/OS through BMC Log Master: a logical log data file (LLDF), RECFM=VB with RDWs.

The scenario, on table PAYROLL.EMPLOYEE (declared from its DDL: `tables()`, as `jcat tables add payroll_employee
--log lldf` declares it) and a few catalog-level events:
  UR 1 (member 1, extended LRSNs)   I new hire, UB raise (both images), IL a loaded row, D a leaver: committed
  UR 2 (member 2, 6-byte LRSN/RBA)  UB with a 3,000-byte REMARKS (split into segments), I, then an I rolled
                                    back to a savepoint (LOGRECDISP S): committed
  UR 3                               D, aborted (UORDISP A, LOGRECDISP A)
  UR 4                               DM mass delete without limit keys, DT truncate, DR with a limit-key image,
                                    E exchange with the clone table, CO DDL, CM command, SC status change
Records are written in an order unrelated to commit order, as the product does; `lldf_change_stream` restores it.
A second file holds a segmented record whose second segment was lost: it lands in `lldf_segment_rejects`.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

from ..core import ddl
from ..core.layouts import lldf
from ..core.tables import lldf_image
from ..core.tables.declaration import DeclaredTable
from ..core.tables.options import LldfOptions

SHOWS = "Db2 for z/OS changes from BMC Log Master (LLDF)"  # `jcat demo`'s heading for this area
LAYOUTS = ["lldf"]
FRAMING = {"lldf": "vb"}  # the product writes RECFM=VB; segments can only be framed by their RDWs
MODELS = "lldf_segments +payroll_employee_images lldf_committed_changes lldf_segment_rejects"  # the view and the tables
EMPLOYEE_DDL = """CREATE TABLE PAYROLL.EMPLOYEE
  (EMPNO       CHAR(6)       NOT NULL,
   FIRSTNME    VARCHAR(12)   NOT NULL,
   MIDINIT     CHAR(1),
   LASTNAME    VARCHAR(15)   NOT NULL,
   WORKDEPT    CHAR(3),
   HIREDATE    DATE,
   EDLEVEL     SMALLINT      NOT NULL,
   BADGE       INTEGER,
   SALARY      DECIMAL(9,2),
   BONUS       DECIMAL(7,2),
   RATING      DOUBLE,
   SHIFT_START TIME,
   UPDATED_AT  TIMESTAMP     NOT NULL,
   LEDGER_ID   BIGINT        NOT NULL,
   REMARKS     VARCHAR(4000),
   PRIMARY KEY (EMPNO))
  IN PAYDB.EMPTS;
"""
MAX_SEGMENT = 2000  # bytes per segment: small, so the demo shows segmentation without a 32 KB page
BLOCK_SIZE = 6144

QUERIES = [
    (
        "Change stream in commit order",
        "select stream_seq, uor_seq, CHANGE_TYPE, CHANGE_TYPE_DESC, UORDISP, LOGRECDISP, is_committed, "
        "hex(UORCOMMITLRSN) as commit_lrsn, UORCOMMITLRSN_TIME, segment_count, data_length, decode_errors "
        "from jcat.lldf_change_stream order by stream_seq",
    ),
    (
        "PAYROLL.EMPLOYEE, declared from its DDL: one row per row image, typed",
        "select stream_seq, CHANGE_TYPE, image_kind, EMPNO, LASTNAME, MIDINIT, SALARY, BONUS, RATING, HIREDATE, "
        "length(REMARKS) as remarks_len, is_committed, decode_errors "
        "from jcat.payroll_employee_images order by stream_seq, image_kind desc",
    ),
    (
        "Committed changes only",
        "select stream_seq, CHANGE_TYPE, TABLEOWNER, TABLENAME, CLONE_TABLE_NAME, AUTHID, `TIMESTAMP` "
        "from jcat.lldf_committed_changes order by stream_seq",
    ),
    (
        "Segment rejects",
        "select source_file, record_offset, length, reason, substr(first_bytes_hex, 1, 24) as first_bytes "
        "from jcat.lldf_segment_rejects order by source_file, record_offset",
    ),
]

T0 = dt.datetime(2024, 6, 3, 9, 15, 0, 250000)
EMPLOYEE = {
    "DBNAME": "PAYDB",
    "TSNAME": "EMPTS",
    "TABLEOWNER": "PAYROLL",
    "TABLENAME": "EMPLOYEE",
    "TBOWNERLEN": 7,
    "TBNAMELEN": 8,
    "DBID": 271,
    "PSID": 2,
    "TBOBID": 3,
    "PARTNUM": 1,
}


def payroll_employee() -> DeclaredTable:
    table = ddl.parse_text(EMPLOYEE_DDL, "payroll_employee.sql")
    return DeclaredTable(
        "payroll_employee",
        "lldf",
        table,
        "payroll_employee.sql",
        table.primary_key,
        lldf=LldfOptions("PAYROLL", "EMPLOYEE"),
    )


def tables() -> list[tuple[DeclaredTable, str]]:
    """(declaration, DDL): declared in the demo's project before anything lands, as `jcat tables add` does."""
    return [(payroll_employee(), EMPLOYEE_DDL)]


def columns() -> list[dict]:
    """The declared columns as the sample encoder takes them: bytes for fixed types, precision or maximum else."""
    return [
        {
            "name": c.name,
            "coltype": c.spec.type,
            "scale": c.spec.scale,
            "nullable": "Y" if c.nullable else "N",
            "length": c.spec.length if c.spec.type in ("DECIMAL", "VARCHAR") else c.spec.width,
        }
        for c in lldf_image.image_columns(payroll_employee())
    ]


def employee(empno: str, first: str, last: str, salary, **more) -> dict:
    row = {
        "EMPNO": empno,
        "FIRSTNME": first,
        "LASTNAME": last,
        "EDLEVEL": 16,
        "SALARY": Decimal(salary),
        "UPDATED_AT": T0,
        "LEDGER_ID": 9_000_000_000 + int(empno),
    }
    row.update(more)
    return row


def unit_of_recovery(
    number: int, member: int, start: dt.datetime, commit: dt.datetime | None, extended: bool, disp: str
) -> dict:
    """Header fields shared by the records of one unit of recovery."""
    rba0 = 0x0000_1A2B_3C00 + number * 0x10000
    return {
        "SYSTEMID": "DB2P",
        "MEMBERID": member,
        "UORDISP": disp,
        "UORTIMESTAMP": start,
        "UORCOMMITTIMESTAMP": commit,
        "UORIDLRSN": lldf.lrsn_field(start, extended),
        "UORID": lldf.rba_field(rba0, extended),
        "UORCOMMITLRSN": lldf.lrsn_field(commit, extended) if commit else None,
        "UORCOMMITPOINT": lldf.rba_field(rba0 + 0xF000, extended) if commit else None,
        "CONNECTIONTYPE": "TS",
        "CONNECTID": "BATCH",
        "CORRELATIONID": f"PAYJOB{number:02d}",
        "AUTHID": "PAYADM",
        "PLAN": "PAYPLAN",
        "LUWNETWORKID": "NETA",
        "LUWNAME": "DB2PLU",
        "LUWINSTANCENO": bytes.fromhex(f"DB2A{number:08X}"),
        "LUWSEQUENCENO": 1,
        "INCOMPLETETRANS": "N",
        "INCOMPLETEDEP": "N",
        "UORHASCOMP": "N",
        "ANOMALYTYPE": "N",
        "PAGENUMFMT": "R",
        "_rba0": rba0,
        "_extended": extended,
    }


def change(
    ur: dict,
    seq: int,
    change_type: str,
    images: list[bytes],
    obj: dict | None = None,
    disp: str = "C",
    when: dt.datetime | None = None,
    content: bytes | None = None,
    **more,
) -> bytes:
    """One data change record of a unit of recovery: its seq-th change, logged at `when`."""
    extended = ur["_extended"]
    when = when or ur["UORTIMESTAMP"] + dt.timedelta(milliseconds=10 * seq)
    header = {k: v for k, v in ur.items() if not k.startswith("_")}
    header.update(obj if obj is not None else EMPLOYEE)
    header.update(
        {
            "CHANGE_TYPE": change_type,
            "SQLTYPE": "",
            "LOGRECDISP": disp,
            "SQLSRCTYPE": "",
            "TIMESTAMP": when,
            "LOGLRSN": lldf.lrsn_field(when, extended),
            "LOGRBA": lldf.rba_field(ur["_rba0"] + 0x100 * seq, extended),
            "RID": (0x200 + seq).to_bytes(4, "big") + bytes([seq]),
            "LOGBYTES": 4096,
            "LOGDELTA": 12,
            "SQLRIRBA": lldf.rba_field(ur["_rba0"] + 0x100 * seq, extended),
        }
    )
    header.update(more)
    return lldf.encode_record(header, images, content=content)


# a catalog table space's object, for the opaque CO record
CATALOG_OBJECT = {
    "DBNAME": "DSNDB06",
    "TSNAME": "SYSTSTAB",
    "TABLEOWNER": "SYSIBM",
    "TABLENAME": "SYSTABLES",
    "TBOWNERLEN": 6,
    "TBNAMELEN": 9,
    "DBID": 6,
    "PSID": 9,
    "TBOBID": 10,
}


def _rows() -> dict[str, dict]:
    """EMPLOYEE's rows as the scenario changes them: a hire and its raise, a load, a leaver, a long update, a
    temporary row rolled back, a row whose insert is rolled back to a savepoint."""
    hire = employee(
        "000010",
        "CHRISTINE",
        "HAAS",
        "52750.00",
        MIDINIT="I",
        WORKDEPT="A00",
        HIREDATE=dt.date(1995, 1, 1),
        BADGE=4711,
        BONUS=Decimal("1000.00"),
        RATING=4.25,
        SHIFT_START=dt.time(8, 30),
        REMARKS="new hire",
    )
    long_before = employee("000050", "JOHN", "GEYER", "40175.00", REMARKS="r" * 10)
    return {
        "hire": hire,
        "raised": {**hire, "SALARY": Decimal("55000.00"), "BONUS": None, "REMARKS": "raise approved 2024-06"},
        "loaded": employee("000020", "MICHAEL", "THOMPSON", "41250.00", WORKDEPT="B01", RATING=-0.5),
        "leaver": employee("000030", "SALLY", "KWAN", "38250.00", MIDINIT=None, WORKDEPT=None),
        "long_before": long_before,
        "long_after": {**long_before, "REMARKS": ("Performance review notes. " * 120)[:3000]},
        "temp": employee("000060", "IRVING", "STERN", "32250.00", WORKDEPT="D11", MIDINIT="F"),
        "rolled": employee("000070", "EVA", "PULASKI", "36170.00"),
    }


def _records(img, row: dict[str, dict]) -> list[bytes]:
    """Every change record, in commit order: four units of recovery, the third aborted."""
    cols = columns()
    ur1 = unit_of_recovery(1, 1, T0, T0 + dt.timedelta(seconds=2), True, "C")
    ur2 = unit_of_recovery(2, 2, T0 + dt.timedelta(seconds=1), T0 + dt.timedelta(seconds=3), False, "C")
    ur3 = unit_of_recovery(3, 1, T0 + dt.timedelta(seconds=1, milliseconds=500), None, True, "A")
    ur4 = unit_of_recovery(4, 1, T0 + dt.timedelta(seconds=4), T0 + dt.timedelta(seconds=5), True, "C")
    ts_obj = {**EMPLOYEE}
    return [
        change(ur1, 1, "I", [img(row["hire"])]),
        change(ur1, 2, "UB", [img(row["hire"]), img(row["raised"])]),
        change(ur1, 3, "IL", [img(row["loaded"])]),
        change(ur1, 4, "D", [img(row["leaver"])]),
        change(ur2, 1, "UB", [img(row["long_before"]), img(row["long_after"])]),
        change(ur2, 2, "I", [img(row["temp"])]),
        change(ur2, 3, "I", [img(row["rolled"])], disp="S"),
        change(ur3, 1, "D", [img(row["temp"])], disp="A"),
        change(ur4, 1, "DM", [], obj=ts_obj),
        change(ur4, 2, "DT", [], obj=ts_obj),
        change(ur4, 3, "DR", [lldf.encode_image(cols[:1], {"EMPNO": "500000"})], obj=ts_obj),
        change(ur4, 4, "E", lldf.clone_images("PAYROLL", "EMPLOYEE_CLONE"), obj=ts_obj),
        # seed 002 does not describe the DATA of CO, CM and SC: opaque content after DATA's total length
        change(
            ur4,
            5,
            "CO",
            [],
            obj=CATALOG_OBJECT,
            content=b"\x00\x01" + "ALTER TABLE PAYROLL.EMPLOYEE ADD COLUMN X INT".encode("cp037"),
        ),
        change(ur4, 6, "CM", [], obj=ts_obj, content="-STO DB(PAYDB) SPACENAM(EMPTS)".encode("cp037")),
        change(ur4, 7, "SC", [], obj=ts_obj, content=b"\x00\x00\x00\x08"),
        # after the main file's records: the broken file's last record
        change(ur4, 8, "I", [img(row["rolled"])]),
    ]


def scenario() -> tuple[list[bytes], list[bytes]]:
    """(records of the main file in file order, records of the file with a lost segment)."""
    cols = columns()
    img = lambda row: lldf.encode_image(cols, row)  # noqa: E731
    row = _rows()
    *records, last = _records(img, row)
    segmented = [s for r in records for s in lldf.segment(r, MAX_SEGMENT)]
    # not commit order: the product writes the file in an order of its own
    order = [7, 3, 0, 12, 5, 1, 2, 9, 4, 6, 8, 10, 11, 13, 14] + list(range(15, len(segmented)))
    main = [segmented[i] for i in order]

    lost = change(
        unit_of_recovery(5, 1, T0 + dt.timedelta(seconds=6), T0 + dt.timedelta(seconds=7), True, "C"),
        1,
        "UB",
        [img(row["long_before"]), img(row["long_after"])],
    )
    parts = lldf.segment(lost, MAX_SEGMENT)
    broken = [parts[0]] + parts[2:] + [last]
    return main, broken


def vb_file(records: list[bytes], block_size: int = BLOCK_SIZE) -> bytes:
    """RECFM=VB: blocks of a BDW (length incl. its 4 bytes, X'0000') and RDW records, each block <= block_size."""
    out, block = bytearray(), bytearray()
    for r in records:
        rec = lldf.rdw(r)
        if block and 4 + len(block) + len(rec) > block_size:
            out += (len(block) + 4).to_bytes(2, "big") + b"\x00\x00" + block
            block = bytearray()
        block += rec
    if block:
        out += (len(block) + 4).to_bytes(2, "big") + b"\x00\x00" + block
    return bytes(out)


def generate(workdir: Path) -> dict[str, list[Path]]:
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    main, broken = scenario()
    paths = [workdir / "LOGMAST.PAYROLL.LLDF.D240603", workdir / "LOGMAST.PAYROLL.LLDF.LOSTSEG"]
    paths[0].write_bytes(vb_file(main))
    paths[1].write_bytes(vb_file(broken))
    return {"lldf": paths}

"""`jcat demo` for IBM SQL Replication: Db2 unload files for every IBMSNAP control table and the CD table
PAYROLL.CDEMPLOYEE (declared from its DDL: `tables()`, as `jcat tables add cdemployee --log ibmsnap --key EMPNO`
declares it; its before-image prefix X from the landed REGISTER row), with committed, uncommitted and rejected units
of work, then its row images, the committed change stream and the prune candidates.

The scenario (also the fixture of tests/spark/test_ibmsnap_models.py):
* UOW A commits at sequence ..0300: insert of 000010, update of 000020 captured as a delete then an insert.
* UOW B commits at ..0200 (it started later but committed first): delete of 000030.
* UOW C commits at ..8100 but was rejected (same-row conflict, IBMSNAP_REJ_CODE '1'): update of 000010.
* UOW D never committed: its CD row has no UOW row and must never appear.
* Sync points: subscription SUB1 has copied to ..0250, SUB2 to ..0300: CD/UOW rows up to ..0250 may be pruned.
  Retention 60 minutes: rows committed more than an hour before the newest commit are pruned too.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

from ..core import ddl
from ..core.layouts import ibmsnap as L
from ..core.tables.declaration import DeclaredTable
from ..core.tables.ibmsnap_image import record_layout
from ..core.tables.options import IbmsnapOptions
from ..render.ibmsnap_ddl import control_tables

# The CD table of source PAYROLL.EMPLOYEE, registered with BEFORE_IMG_PREFIX 'X' (XDEPTNO, XSALARY hold before
# images); the three IBMSNAP columns first, as seed 003's Figure 35 has them.
CDEMPLOYEE_DDL = """CREATE TABLE PAYROLL.CDEMPLOYEE
  (IBMSNAP_UOWID     CHAR(10) FOR BIT DATA NOT NULL,
   IBMSNAP_INTENTSEQ CHAR(10) FOR BIT DATA NOT NULL,
   IBMSNAP_OPERATION CHAR(1)      NOT NULL,
   EMPNO             CHAR(6)      NOT NULL,
   LASTNAME          VARCHAR(15)  NOT NULL,
   DEPTNO            CHAR(3),
   XDEPTNO           CHAR(3),
   SALARY            DECIMAL(9,2),
   XSALARY           DECIMAL(9,2),
   HIRED             TIMESTAMP,
   GRADE             SMALLINT);
CREATE INDEX PAYROLL.IXCDEMPLOYEE ON PAYROLL.CDEMPLOYEE (IBMSNAP_UOWID ASC, IBMSNAP_INTENTSEQ ASC);
"""


def cdemployee(variant: str = L.DEFAULT_VARIANT) -> DeclaredTable:
    table = ddl.parse_text(CDEMPLOYEE_DDL, "cdemployee.sql")
    return DeclaredTable(
        "cdemployee", "ibmsnap", table, "cdemployee.sql", ("EMPNO",), ibmsnap=IbmsnapOptions(variant=variant)
    )


def tables() -> list[tuple[DeclaredTable, str]]:
    """(declaration, DDL): declared in the demo's project before anything lands, as `jcat tables add` does."""
    return [(cdemployee(), CDEMPLOYEE_DDL)]


SHOWS = "IBM SQL Replication control and CD tables"  # `jcat demo`'s heading for this area
LAYOUTS = [f"ibmsnap_{t}" for t in L.all_tables()] + ["ibmsnap_cdemployee"]  # the last: the declared CD table
RECORD_LENGTHS = {"ibmsnap_cdemployee": record_layout(cdemployee()).record_length}  # as `jcat load cdemployee`
# every IBMSNAP model, whether jcat is the project or its package (a home project), and the declared CD table's
MODELS = "fqn:jcat.ibmsnap cdemployee_images cdemployee_images_decoded"
QUERIES = [
    (
        "PAYROLL.CDEMPLOYEE, declared from its DDL: one row per row image (an update gives its before image)",
        "select IBMSNAP_OPERATION, hex(IBMSNAP_INTENTSEQ) as IBMSNAP_INTENTSEQ_HEX, image_kind, EMPNO, LASTNAME, "
        "DEPTNO, SALARY, HIRED, GRADE, decode_errors from jcat.cdemployee_images "
        "order by record_number, image_kind = 'after'",
    ),
    (
        "Committed changes in replay order (uncommitted UOW D absent, rejected UOW C flagged)",
        "select CHANGE_ORDER, IBMSNAP_COMMITSEQ_HEX, IBMSNAP_INTENTSEQ_HEX, IBMSNAP_OPERATION, KEY_VALUES, "
        "AFTER_IMAGE, BEFORE_IMAGE, IBMSNAP_AUTHID, IBMSNAP_REJ_CODE_MEANING from jcat.ibmsnap_committed_changes "
        "order by CHANGE_ORDER",
    ),
    (
        "CDEMPLOYEE's committed changes in commit order (rejected UOW C left out; UOW A's delete+insert of 000020 is "
        "one update when the registration captures updates that way)",
        "select OP, COMMIT_POSITION, CHANGE_POSITION, TRANSACTION_ID, BEFORE_PRESENT, AFTER_EMPNO, BEFORE_SALARY, "
        "AFTER_SALARY from jcat.cdemployee_changes order by COMMIT_POSITION, CHANGE_POSITION",
    ),
    ("CDEMPLOYEE's rows now (cdemployee_current)", "select * from jcat.cdemployee_current order by EMPNO"),
    (
        "Prune candidates",
        "select ROW_KIND, IBMSNAP_UOWID_HEX, IBMSNAP_INTENTSEQ_HEX, IBMSNAP_COMMITSEQ_HEX, PRUNE_POINT_HEX, "
        "PRUNE_REASON from jcat.ibmsnap_prune_candidates",
    ),
    (
        "Registrations",
        "select SOURCE_OWNER, SOURCE_TABLE, GLOBAL_RECORD, SOURCE_STRUCTURE_MEANING, CD_OWNER, CD_TABLE, "
        "BEFORE_IMG_PREFIX, hex(SYNCHPOINT) as SYNCHPOINT, decode_errors from jcat.ibmsnap_register",
    ),
]


def seq(n: int, width: int = 10) -> bytes:
    """A log sequence number of `width` bytes (10 for CHAR(10); up to 16 for VARCHAR(16))."""
    return n.to_bytes(width, "big")


T0 = dt.datetime(2024, 3, 14, 9, 0, 0, 123456)
UOW_A, UOW_B, UOW_C, UOW_D = seq(0xA1), seq(0xB2), seq(0xC3), seq(0xD4)


def _register_rows() -> list[dict]:
    """The global record, and the registration of PAYROLL.EMPLOYEE with its CD table and before-image prefix X."""
    reg = {c.name: None for c in control_tables().layout("register").ddl.columns}
    return [
        {
            **reg,
            "SOURCE_OWNER": "ASN",
            "SOURCE_TABLE": "IBMSNAP_TRACE",
            "SOURCE_VIEW_QUAL": 0,
            "GLOBAL_RECORD": "Y",
            "SOURCE_STRUCTURE": 1,
            "SOURCE_CONDENSED": "N",
            "SOURCE_COMPLETE": "N",
            "DISABLE_REFRESH": 0,
            "ARCH_LEVEL": "0201",
            "SYNCHPOINT": seq(0x0400),
            "SYNCHTIME": T0 + dt.timedelta(hours=2),
        },
        {
            **reg,
            "SOURCE_OWNER": "PAYROLL",
            "SOURCE_TABLE": "EMPLOYEE",
            "SOURCE_VIEW_QUAL": 0,
            "GLOBAL_RECORD": "N",
            "SOURCE_STRUCTURE": 1,
            "SOURCE_CONDENSED": "Y",
            "SOURCE_COMPLETE": "Y",
            "CD_OWNER": "PAYROLL",
            "CD_TABLE": "CDEMPLOYEE",
            "PHYS_CHANGE_OWNER": "PAYROLL",
            "PHYS_CHANGE_TABLE": "CDEMPLOYEE",
            "CD_OLD_SYNCHPOINT": seq(0x0001),
            "CD_NEW_SYNCHPOINT": seq(0x8100),
            "DISABLE_REFRESH": 0,
            "CCD_CONDENSED": "N",
            "CCD_COMPLETE": "N",
            "ARCH_LEVEL": "0201",
            "DESCRIPTION": "Employee master",
            "BEFORE_IMG_PREFIX": "X",
            "CONFLICT_LEVEL": "1",
            "PARTITION_KEYS_CHG": "N",
        },
    ]


def _pruncntl_rows() -> list[dict]:
    """Subscription sets SUB1 (copied to ..0250) and SUB2 (to ..0300) of PAYROLL.EMPLOYEE."""
    prun = dict(
        TARGET_SERVER="DWHDB",
        TARGET_OWNER="DWH",
        SOURCE_OWNER="PAYROLL",
        SOURCE_TABLE="EMPLOYEE",
        SOURCE_VIEW_QUAL=0,
        APPLY_QUAL="APPLYQ1",
        CNTL_SERVER="DWHDB",
        TARGET_STRUCTURE=8,
        CNTL_ALIAS=None,
    )
    return [
        {
            **prun,
            "TARGET_TABLE": "EMPLOYEE_COPY",
            "SET_NAME": "SUB1",
            "SYNCHPOINT": seq(0x0250),
            "SYNCHTIME": T0 + dt.timedelta(hours=1),
        },
        {
            **prun,
            "TARGET_TABLE": "EMPLOYEE_HIST",
            "SET_NAME": "SUB2",
            "SYNCHPOINT": seq(0x0300),
            "SYNCHTIME": T0 + dt.timedelta(hours=1),
            "TARGET_STRUCTURE": 3,
            "CNTL_ALIAS": "DWHCTL",
        },
    ]


def _uow_rows() -> list[dict]:
    """UOW A commits at ..0300, B at ..0200, C at ..8100 but rejected; D has no UOW row (never committed)."""
    return [
        dict(
            IBMSNAP_UOWID=UOW_A,
            IBMSNAP_COMMITSEQ=seq(0x0300),
            IBMSNAP_LOGMARKER=T0 + dt.timedelta(minutes=5),
            IBMSNAP_AUTHTKN="PAYJOB01",
            IBMSNAP_AUTHID="PAYCLERK",
            IBMSNAP_REJ_CODE="0",
            IBMSNAP_APPLY_QUAL="",
        ),
        dict(
            IBMSNAP_UOWID=UOW_B,
            IBMSNAP_COMMITSEQ=seq(0x0200),
            IBMSNAP_LOGMARKER=T0,
            IBMSNAP_AUTHTKN="HRBATCH",
            IBMSNAP_AUTHID="HRADMIN",
            IBMSNAP_REJ_CODE="0",
            IBMSNAP_APPLY_QUAL="",
        ),
        dict(
            IBMSNAP_UOWID=UOW_C,
            IBMSNAP_COMMITSEQ=seq(0x8100),
            IBMSNAP_LOGMARKER=T0 + dt.timedelta(hours=2),
            IBMSNAP_AUTHTKN="APPLYJOB",
            IBMSNAP_AUTHID="REPLUSER",
            IBMSNAP_REJ_CODE="1",
            IBMSNAP_APPLY_QUAL="APPLYQ1",
        ),
    ]


def _cd_row(uow: bytes, intentseq: int, operation: str, empno: str, lastname: str, **values) -> dict:
    """A CD table row: its unit of work, intent sequence, operation and EMPLOYEE's columns (NULL unless given)."""
    empty = dict(DEPTNO=None, XDEPTNO=None, SALARY=None, XSALARY=None, HIRED=None, GRADE=None)
    return {
        **empty,
        "IBMSNAP_UOWID": uow,
        "IBMSNAP_INTENTSEQ": seq(intentseq),
        "IBMSNAP_OPERATION": operation,
        "EMPNO": empno,
        "LASTNAME": lastname,
        **values,
    }


def _cdemployee_rows() -> list[dict]:
    """The CD table's rows: each change of the scenario, UOW D's insert included (it must never appear)."""
    hired = dt.datetime(1995, 1, 1)
    return [
        _cd_row(UOW_A, 0x0101, "I", "000010", "HAAS", DEPTNO="A00", SALARY=Decimal("52750.00"), HIRED=hired, GRADE=7),
        _cd_row(UOW_A, 0x0102, "D", "000020", "THOMPSON", DEPTNO="B01", SALARY=Decimal("41250.00"), GRADE=5),
        _cd_row(UOW_A, 0x0103, "I", "000020", "THOMPSON", DEPTNO="C01", SALARY=Decimal("43000.50"), GRADE=6),
        _cd_row(UOW_B, 0x0180, "D", "000030", "KWAN", DEPTNO="C01"),
        _cd_row(
            UOW_C,
            0x8001,
            "U",
            "000010",
            "HAAS",
            DEPTNO="A00",
            XDEPTNO="A00",
            SALARY=Decimal("99999.99"),
            XSALARY=Decimal("52750.00"),
            GRADE=7,
        ),
        _cd_row(UOW_D, 0x9001, "I", "000099", "NEVER-COMMITTED"),
    ]


def _trace_rows() -> list[dict]:
    return [
        dict(
            OPERATION="INIT",
            TRACE_TIME=T0 - dt.timedelta(minutes=1),
            DESCRIPTION="ASN0100I: The Capture program initialization is successful.",
        ),
        dict(
            OPERATION="PRUNE",
            TRACE_TIME=T0 + dt.timedelta(hours=2, minutes=1),
            DESCRIPTION="ASN0105I: Pruning completed.",
        ),
    ]


def scenario() -> dict[str, list[dict]]:
    """Values of every row of every table (default variant os390/char10)."""
    return {
        "register": _register_rows(),
        "pruncntl": _pruncntl_rows(),
        "uow": _uow_rows(),
        "critsec": [{"APPLY_QUAL": "APPLYQ1"}],
        "trace": _trace_rows(),
        "ccpparms": [dict(RETENTION_LIMIT=60, LAG_LIMIT=10800, COMMIT_INTERVAL=30, PRUNE_INTERVAL=300)],
        "warm_start": [dict(SEQ=seq(0x8100), AUTHTKN="APPLYJOB", AUTHID="REPLUSER", CAPTURED="Y", UOWTIME=None)],
        "ccpenq": [{"LOCKNAME": "PAYROLLDB"}],
        "cdemployee": _cdemployee_rows(),
    }


def records(table: str, rows: list[dict], variant: str = L.DEFAULT_VARIANT) -> list[bytes]:
    if table == "cdemployee":  # the declared CD table, laid out from its DDL
        lay = record_layout(cdemployee(variant))
        return [L.encode_layout(lay, r) for r in rows]
    return [control_tables().encode_row(table, r, variant) for r in rows]


def generate(workdir: Path) -> dict[str, list[Path]]:
    """One fixed-length unload file per table (record length = the layout's: landing's default lookup, and for the
    CD table RECORD_LENGTHS)."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    out: dict[str, list[Path]] = {}
    for table, rows in scenario().items():
        path = workdir / f"ASN.{table.upper()}.UNLOAD.bin"
        path.write_bytes(b"".join(records(table, rows)))
        out[f"ibmsnap_{table}"] = [path]
    return out

"""`jcat demo` for IBM i: a QAUDJRN M7 outfile (Db2 Mirror replication services) and a DSPJRN *TYPE5 outfile.

M7: one entry of every entry type (A D P R S U V) and, for V, of every action (ADD APY RMV RFS); rule
identifiers, version entry numbers and object counts both within and beyond the 4-byte copies (which then read
0 and -1, as IBM i writes them); a duplicate (D) after a library rename; an environment-variable rule; a
version entry with a three-part identifier.
Journal entries: record changes of the order header file ORDDTA/ORDHDR, a commit, a file open and an
apply-changes summary, one of them truncated by the outfile's record length, with the ESD cut from each; then one
entry of every journal code / entry type with a known entry-specific data layout
(udfs.core.samples.ibmi_esd.sample_entries), decoded by the ESD models. The order header file is declared from its
DDL as QSYS2.GENERATE_SQL writes it (TABLES: `jcat tables add order_headers ...`), so its row images come out
typed, NULL where JONVI says.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

from ..core import ddl
from ..core.layouts import ibmi_esd, qasym7j5, qjordje5
from ..core.samples import ibmi_esd as esd_samples
from ..core.tables.declaration import DeclaredTable
from ..core.tables.ibmi_encode import encode_image
from ..core.tables.ibmi_image import image_columns
from ..core.tables.options import IbmiOptions

SHOWS = "IBM i audit journal M7 and journal entries"  # `jcat demo`'s heading for this area
LAYOUTS = ["qasym7j5", "qjordje5"]
# What the queries below read and what the order headers' changes are built from (not the other ESD models).
MODELS = (
    "audit_journal_m7 +journal_entries_decoded +ibmi_esd_ifs_create_summary +ibmi_esd_record_image "
    "+order_headers_images +order_headers_images_decoded"
)
JOURNAL_ENTRIES_RECORD_LENGTH = 2800  # holds the longest sample ESD (data area create, 2112 bytes)
RECORD_LENGTHS = {"qjordje5": JOURNAL_ENTRIES_RECORD_LENGTH}  # jcat load --record-length; qasym7j5 is 971 by its layout
BIG = 2**40 + 7  # does not fit the 4-byte copies
START = dt.datetime(2024, 6, 3, 9, 15, 0, 250000)

ORDER_HEADERS_DDL = """-- Generate SQL
-- Version:                   V7R5M0 220415
-- Standards Option:          Db2 for i
SET PATH "QSYS","QSYS2","SYSPROC","SYSIBMADM" ;

CREATE TABLE ORDDTA.ORDER_HEADERS FOR SYSTEM NAME ORDHDR (
  ORDER_NUMBER FOR COLUMN ORDNO DECIMAL(7, 0) NOT NULL ,
  CUSTOMER_NAME FOR COLUMN CUSNAM VARCHAR(30) CCSID 37 NOT NULL DEFAULT '' ,
  ORDER_DATE FOR COLUMN ORDDAT DATE NOT NULL ,
  AMOUNT DECIMAL(11, 2) DEFAULT NULL ,
  STATUS CHAR(1) CCSID 37 NOT NULL DEFAULT 'O' ,
  SHIP_DATE FOR COLUMN SHPDAT DATE DEFAULT NULL ,
  DELIVERY_NOTE FOR COLUMN DLVNOT VARCHAR(40) CCSID 273 DEFAULT NULL ,
  CONSTRAINT ORDDTA.Q_ORDDTA_ORDHDR_ORDNO_00001 PRIMARY KEY( ORDER_NUMBER ) )
  RCDFMT ORDHDRR    ;

LABEL ON TABLE ORDDTA.ORDER_HEADERS IS 'Order headers' ;
"""


def tables() -> list[tuple[DeclaredTable, str]]:
    """(declaration, DDL): declared in the demo's project before anything lands, as `jcat tables add` does."""
    return [(order_headers(), ORDER_HEADERS_DDL)]


def order_headers() -> DeclaredTable:
    table = ddl.parse_text(ORDER_HEADERS_DDL, "order_headers.sql")
    return DeclaredTable(
        "order_headers", "ibmi", table, "order_headers.sql", table.primary_key, IbmiOptions("ORDDTA", "ORDHDR")
    )


def _order_image(values: dict) -> tuple[bytes, str]:
    return encode_image(image_columns(order_headers()), values)


ORDER = {
    "ORDER_NUMBER": 481,
    "CUSTOMER_NAME": "ACME CORP",
    "ORDER_DATE": dt.date(2024, 6, 3),
    "AMOUNT": Decimal("1299.90"),
    "STATUS": "O",
    "SHIP_DATE": None,
    "DELIVERY_NOTE": None,
}
SHIPPED = {**ORDER, "STATUS": "S", "SHIP_DATE": dt.date(2024, 6, 4), "DELIVERY_NOTE": "Lieferung an Tor 3, Müller"}

QUERIES = [
    (
        "M7 entries: what was replicated, by whom",
        "select SEQUENCE_NUMBER, ENTRY_TIMESTAMP, QUALIFIED_JOB_NAME, ENTRY_TYPE, ACTION, RULE_IDENTIFIER, "
        "VERSION_ENTRY_NUMBER, INCLUSION_STATE, VERSION_ACTIVATION, IASP_NAME, LIBRARY_NAME, OBJECT_TYPE, OBJECT_NAME, "
        "NUMBER_OF_OBJECTS, decode_errors from audit_journal_m7 order by SEQUENCE_NUMBER",
    ),
    (
        "M7 entry types as IBM i describes them",
        "select ENTRY_TYPE, ACTION, ENTRY_TYPE_DETAIL, ACTION_DETAIL, count(*) as entries from audit_journal_m7 "
        "group by all order by 1, 2",
    ),
    (
        "Journal entries and their entry-specific data",
        "select SEQUENCE_NUMBER, JOURNAL_CODE, JOURNAL_ENTRY_TYPE, JOURNALED_OBJECT_LIBRARY, JOURNALED_OBJECT_NAME, "
        "COUNT_OR_RRN, COMMIT_CYCLE, ENTRY_LENGTH, ENTRY_SPECIFIC_DATA_LENGTH, hex(substr(ENTRY_SPECIFIC_DATA, 1, 12)) "
        "as ESD_START from journal_entries order by SEQUENCE_NUMBER",
    ),
    (
        "IFS objects created (B B1): names, paths and symbolic links in their own CCSIDs",
        "select SEQUENCE_NUMBER, OBJECT_TYPE, OBJECT.NAME as NAME, OBJECT.CCSID as NAME_CCSID, PATH.PATH as "
        "PARENT_PATH, "
        "PATH.CCSID as PATH_CCSID, SYMLINK.CONTENTS as SYMLINK_TARGET, OWNER, OWNER_AUTHORITY.READ as OWNER_READ, "
        "JOURNAL_INFORMATION.JOURNAL_NAME as JOURNAL, decode_errors from ibmi_esd_ifs_create_summary order by "
        "SEQUENCE_NUMBER",
    ),
    (
        "Order headers (ORDDTA/ORDHDR) typed from their DDL: R entries' row images, NULL where JONVI says",
        "select SEQUENCE_NUMBER, JOURNAL_ENTRY_TYPE, image_kind, COMMIT_CYCLE, ORDER_NUMBER, CUSTOMER_NAME, "
        "ORDER_DATE, "
        "AMOUNT, STATUS, SHIP_DATE, DELIVERY_NOTE, decode_errors from order_headers_images order by SEQUENCE_NUMBER",
    ),
    (
        "Order headers' committed changes (the commit cycle's C CM decides), and the rows as they are now",
        "select OP, COMMIT_POSITION, CHANGE_POSITION, TRANSACTION_ID, BEFORE_STATUS, AFTER_STATUS, AFTER_SHIP_DATE, "
        "BEFORE_PRESENT from order_headers_changes order by COMMIT_POSITION, CHANGE_POSITION",
    ),
    ("Order headers now (order_headers_current)", "select * from order_headers_current order by ORDER_NUMBER"),
    (
        "Record images (R entries) as the ESD model cuts them",
        "select SEQUENCE_NUMBER, JOURNAL_ENTRY_TYPE, JOURNALED_OBJECT_NAME, COUNT_OR_RRN, length(RECORD_IMAGE) as "
        "IMAGE_BYTES, "
        "hex(substr(RECORD_IMAGE, 1, 16)) as IMAGE_START, decode_errors from ibmi_esd_record_image order by "
        "SEQUENCE_NUMBER",
    ),
]


def _heading(seq: int, minutes: int, job=("QMRDBSRV", "QSYS", 812345), user="QSYS", pgm=("QMRDBSRV", "QSYS")) -> dict:
    return {
        "JOSEQN": seq,
        "JOTSTP": START + dt.timedelta(minutes=minutes),
        "JOJOB": job[0],
        "JOUSER": job[1],
        "JONBR": job[2],
        "JOPGM": pgm[0],
        "JOPGMLIB": pgm[1],
        "JOPGMDEV": "*SYSBAS",
        "JOPGMASP": 1,
        "JOUSPF": user,
        "JOSYNM": "MIRRORA",
        "JOCTRR": 0,
        "JOFLAG": "0",
        "JOCCID": 0,
        "JOSYSSEQ": 90000 + seq,
        "JORCV": "AUDRCV0107",
        "JORCVLIB": "QGPL",
        "JORCVDEV": "*SYSBAS",
        "JORCVASP": 1,
        "JOTHDX": f"{0x1A2B + seq:016X}",
        "JOCMTLVL": 0,
        "JONVI": "",
    }


def _ids(value: int, fits_sentinel: int) -> tuple[int, int]:
    """(4-byte copy, 8-byte value): the copy reads the sentinel when the value does not fit 4 bytes."""
    return (value if -(2**31) <= value < 2**31 else fits_sentinel), value


def _mirror_rule(rid: int, n: int) -> dict:
    """A rule identifier and object count, in their 4-byte copies (0 and -1 when too large) and 8-byte fields."""
    r4, r8 = _ids(rid, 0)
    n4, n8 = _ids(n, -1)
    return {"RULE_ID_4": r4, "RULE_ID_8": r8, "NUMBER_OF_OBJECTS_4": n4, "NUMBER_OF_OBJECTS_8": n8}


def _m7_rule_entries() -> list[dict]:
    """Entry types A (rule added), D (duplicate after a rename), P and R (apply labels)."""
    return [
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_OR_ACTIVATION": "INCLUDE",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*FILE",
            "OBJECT_NAME": "EMPLOYEE",
            "APPLY_LABEL_OR_VERSION_ID": "Q2-ROLLOUT",
            **_mirror_rule(17, 12),
        },
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_OR_ACTIVATION": "EXCLUDE",
            "ASP_NAME": "*SYSBAS",
            "LIBRARY_NAME": "SCRATCH",
            **_mirror_rule(BIG, 0),
        },
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_OR_ACTIVATION": "DEFINITION",
            "ENVVAR_OR_VERSION_NAME": "PAYROLL_ENDPOINT_URL",
            **_mirror_rule(18, BIG),
        },
        {"ENTRY_TYPE": "A", "INCLUSION_OR_ACTIVATION": "INCLUDE", "SYSTEM_VALUE": "QTIMZON", **_mirror_rule(19, 1)},
        {
            "ENTRY_TYPE": "D",
            "INCLUSION_OR_ACTIVATION": "INCLUDE",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL2",
            "ORIGINAL_LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*FILE",
            "OBJECT_NAME": "EMPLOYEE",
            **_mirror_rule(BIG + 1, 0),
        },
        {"ENTRY_TYPE": "P", "ASP_NAME": "IASP01", "APPLY_LABEL_OR_VERSION_ID": "Q2-ROLLOUT", **_mirror_rule(0, 4096)},
        {
            "ENTRY_TYPE": "R",
            "ASP_NAME": "*SYSBAS",
            "LIBRARY_NAME": "SCRATCH",
            "APPLY_LABEL_OR_VERSION_ID": "CLEANUP",
            **_mirror_rule(BIG, BIG + 3),
        },
    ]


def _m7_replication_entries() -> list[dict]:
    """Entry types S (resync), U (object not replicated) and V (version) with each action."""
    return [
        {"ENTRY_TYPE": "S", "RESYNC_TYPE_OR_VERSION_GROUP": "RESUME", "ASP_NAME": "IASP01", **_mirror_rule(0, 250)},
        {"ENTRY_TYPE": "S", "RESYNC_TYPE_OR_VERSION_GROUP": "RECLONE", "ASP_NAME": "*SYSBAS", **_mirror_rule(0, BIG)},
        {
            "ENTRY_TYPE": "U",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*DTAARA",
            "OBJECT_NAME": "NEXTEMPNO",
            **_mirror_rule(0, 3),
        },
        {
            "ENTRY_TYPE": "V",
            "ACTION": "ADD",
            "RESYNC_TYPE_OR_VERSION_GROUP": "QDB2MIR",
            "INCLUSION_OR_ACTIVATION": "IMMEDIATE",
            "ENVVAR_OR_VERSION_NAME": "SQL_SEQUENCE_SUPPORT",
            "APPLY_LABEL_OR_VERSION_ID": "2.10.3",
            **_mirror_rule(5, 0),
        },
        {
            "ENTRY_TYPE": "V",
            "ACTION": "RMV",
            "RESYNC_TYPE_OR_VERSION_GROUP": "QDB2MIR",
            "INCLUSION_OR_ACTIVATION": "RESUME",
            "ENVVAR_OR_VERSION_NAME": "LEGACY_OTL_FORMAT",
            "APPLY_LABEL_OR_VERSION_ID": "1",
            **_mirror_rule(BIG, 0),
        },
        {"ENTRY_TYPE": "V", "ACTION": "APY", "RESYNC_TYPE_OR_VERSION_GROUP": "QDB2MIR", **_mirror_rule(0, 0)},
        {"ENTRY_TYPE": "V", "ACTION": "RFS", "RESYNC_TYPE_OR_VERSION_GROUP": "QDB2MIR", **_mirror_rule(0, 0)},
    ]


def m7_entries() -> list[dict]:
    """Values of every M7 entry type and V action, as seed 000 lays them out."""
    job = ("QPADEV0007", "SECOFR1", 4711)
    out = []
    for i, values in enumerate(_m7_rule_entries() + _m7_replication_entries()):
        heading = _heading(
            2001 + i,
            3 * i,
            job=job if values["ENTRY_TYPE"] in "ADRP" else ("QMRDBSRV", "QSYS", 812345),
            user="SECOFR1" if values["ENTRY_TYPE"] in "ADRP" else "QSYS",
        )
        out.append({**heading, **values})
    return out


def _order_header_change(entry_type: str, null_indicators: str) -> dict:
    """A record change of ORDDTA/ORDHDR, relative record 1041, in commit cycle 77001."""
    return {
        "JOCODE": "R",
        "JOENTT": entry_type,
        "JOOBJ": "ORDHDR",
        "JOLIB": "ORDDTA",
        "JOMBR": "ORDHDR",
        "JOCTRR": 1041,
        "JOCCID": 77001,
        "JOOBJTYP": "*QDDS",
        "JOFILTYP": "0",
        "JONVI": null_indicators,
    }


def journal_entry_records() -> list[bytes]:
    """*TYPE5 records of several journal codes; the last one is longer than the outfile record (truncated)."""
    job = ("ORDENTRY", "CLERK01", 31337)
    pgm = ("ORD500", "ORDLIB")
    (inserted, inserted_nulls), (shipped, shipped_nulls) = _order_image(ORDER), _order_image(SHIPPED)
    rows = [
        (_order_header_change("PT", inserted_nulls), inserted),
        (_order_header_change("UB", inserted_nulls), inserted),
        (_order_header_change("UP", shipped_nulls), shipped),
        ({"JOCODE": "C", "JOENTT": "CM", "JOCCID": 77001, "JOFLAG": "0"}, bytes(8) + (77001).to_bytes(8, "big")),
        (
            {
                "JOCODE": "F",
                "JOENTT": "OP",
                "JOOBJ": "CUSTMAST",
                "JOLIB": "ORDDTA",
                "JOMBR": "CUSTMAST",
                "JOOBJTYP": "*QDDS",
            },
            esd_samples.encode_fixed(
                ibmi_esd.BY_MODEL["file_open_close"],
                {"FILE_NAME": "CUSTMAST", "LIBRARY_NAME": "ORDDTA", "MEMBER_NAME": "CUSTMAST", "OPEN_INPUT": "Y"},
            ),
        ),
        (
            {"JOCODE": "D", "JOENTT": "DD", "JOOBJ": "ORDHDR", "JOLIB": "ORDDTA", "JOCTRR": 12, "JOFLAG": "0"},
            esd_samples.sample_esd("apply_remove"),
        ),
        (
            {
                "JOCODE": "R",
                "JOENTT": "PX",
                "JOOBJ": "ORDLINE",
                "JOLIB": "ORDDTA",
                "JOMBR": "ORDLINE",
                "JOCTRR": 9,
                "JOCCID": 77002,
                "JOOBJTYP": "*QDDS",
                "JOFILTYP": "0",
            },
            bytes(range(256)) * 12,
        ),  # truncated by the record length
    ]
    out = []
    for i, (values, esd) in enumerate(rows):
        # one job, one thread: an update's UB and UP come from the same thread
        heading = {**_heading(880001 + i, i, job=job, user="CLERK01", pgm=pgm), "JOTHDX": "0000000000031337"}
        out.append(qjordje5.encode({**heading, **values}, esd, record_length=JOURNAL_ENTRIES_RECORD_LENGTH))
    return out


def esd_entry_records() -> list[bytes]:
    """One *TYPE5 record per mapped ESD layout: its first journal code / entry type, its sample ESD."""
    out = []
    for i, (code, typ, esd) in enumerate(esd_samples.sample_entries()):
        values = {
            "JOCODE": code,
            "JOENTT": typ,
            "JOOBJ": "EMPLOYEE",
            "JOLIB": "PAYROLL",
            "JOMBR": "EMPLOYEE",
            "JOCTRR": len(esd) if (code, typ) == ("C", "CM") else 1,
        }  # C CM: the commit ID's length
        heading = _heading(
            890001 + i, 10 + i, job=("QPADEV0001", "JSMITH", 123456), user="JSMITH", pgm=("PAYUPD", "PAYROLL")
        )
        out.append(qjordje5.encode({**heading, **values}, esd, record_length=JOURNAL_ENTRIES_RECORD_LENGTH))
    return out


def generate(workdir: Path) -> dict[str, list[Path]]:
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    m7 = workdir / "QAUDJRN_M7.bin"
    m7.write_bytes(b"".join(qasym7j5.encode(v) for v in m7_entries()))
    je = workdir / "ORDJRN_TYPE5.bin"
    je.write_bytes(b"".join(journal_entry_records() + esd_entry_records()))
    return {"qasym7j5": [m7], "qjordje5": [je]}

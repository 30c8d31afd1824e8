"""dbt unit tests of audit_journal_m7 and journal_entries, rendered from the tests' own tables and encoder
(tests/support/ibmi/entries.py over tests/data/sources), never from udfs/core/layouts: `python
tests/write_unit_tests.py` writes models/ibmi/<model>_unit_tests.yml (a properties file holding only `unit_tests:`),
as registered in tests/support/unit_tests.py.

Each given record is spelled one line per row of the IBM table (position, field, hex); the expected rows are the
Python values written out below, never a decode. A field moved in a declaration decodes other bytes and the unit
test fails.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import yaml

from support import REPO
from support.ibmi.entries import esd_pos, heading_table, m7_record, m7_table, type5_record
from support.unit_tests import with_marker

MODELS_DIR = REPO / "models" / "ibmi"
SOURCE = "tests/support/ibmi/unit.py"

# ---- values -------------------------------------------------------------------------------------------------

HEADING = dict(
    JOTSTP=dt.datetime(2024, 6, 3, 9, 18, 0, 250000),
    JOPGM="QMRDBSRV",
    JOPGMLIB="QSYS",
    JOPGMDEV="*SYSBAS",
    JOPGMASP=1,
    JOCTRR=0,
    JOFLAG="0",
    JOCCID=0,
    JOSYNM="MIRRORA",
    JORCV="AUDRCV0107",
    JORCVLIB="QGPL",
    JORCVDEV="*SYSBAS",
    JORCVASP=1,
    JOTHDX="0000000000001A2B",
    JOCMTLVL=0,
)
M7_LENGTH = m7_table()[-1].pos + m7_table()[-1].width - 1  # the record; JOENTL when the entry fits it
HEADING_LENGTH = esd_pos() - 1
BIG = 2**40 + 7  # does not fit the 4-byte copies, which then read 0 (rule) and -1 (count)

M7_TESTS = [
    (
        "audit_journal_m7_fields_land_in_the_column_of_their_meaning",
        "An A entry whose rule identifier does not fit the 4-byte copy (it reads 0): RULE_IDENTIFIER is the 8-byte "
        "value and the V columns are NULL. A V ADD entry: the shared fields land in VERSION_GROUP, VERSION_ACTIVATION, "
        "VERSION_NAME, VERSION_IDENTIFIER and VERSION_ENTRY_NUMBER; the A and S columns are NULL.",
        [
            dict(
                HEADING,
                JOSEQN=2002,
                JOJOB="QPADEV0007",
                JOUSER="SECOFR1",
                JONBR=4711,
                JOUSPF="SECOFR1",
                ENTRY_TYPE="A",
                INCLUSION_STATE="EXCLUDE",
                ASP_NAME="*SYSBAS",
                LIBRARY_NAME="SCRATCH",
                RULE_IDENTIFIER_1=0,
                RULE_IDENTIFIER_2=BIG,
                NUMBER_OF_OBJECTS_1=0,
                NUMBER_OF_OBJECTS_2=0,
            ),
            dict(
                HEADING,
                JOSEQN=2011,
                JOJOB="QMRDBSRV",
                JOUSER="QSYS",
                JONBR=812345,
                JOUSPF="QSYS",
                ENTRY_TYPE="V",
                ACTION="ADD",
                RESYNC_TYPE="QDB2MIR",
                INCLUSION_STATE="IMMEDIATE",
                ENVIRONMENT_VARIABLE="SQL_SEQUENCE_SUPPORT",
                APPLY_LABEL="2.10.3",
                RULE_IDENTIFIER_1=5,
                RULE_IDENTIFIER_2=5,
            ),
        ],
        [
            dict(
                SEQUENCE_NUMBER=Decimal(2002),
                JOURNAL_CODE="T",
                JOURNAL_ENTRY_TYPE="M7",
                ENTRY_LENGTH=M7_LENGTH,
                QUALIFIED_JOB_NAME="004711/SECOFR1/QPADEV0007",
                ENTRY_TIMESTAMP=dt.datetime(2024, 6, 3, 9, 18, 0, 250000),
                ENTRY_TYPE="A",
                ENTRY_TYPE_DETAIL="Add active replication criteria rule",
                ACTION=None,
                ACTION_DETAIL=None,
                RULE_IDENTIFIER=BIG,
                VERSION_ENTRY_NUMBER=None,
                RESYNC_TYPE=None,
                VERSION_GROUP=None,
                INCLUSION_STATE="EXCLUDE",
                VERSION_ACTIVATION=None,
                IASP_NAME="*SYSBAS",
                LIBRARY_NAME="SCRATCH",
                OBJECT_NAME=None,
                ORIGINAL_LIBRARY_NAME=None,
                ENVIRONMENT_VARIABLE=None,
                VERSION_NAME=None,
                APPLY_LABEL=None,
                VERSION_IDENTIFIER=None,
                NUMBER_OF_OBJECTS=0,
            ),
            dict(
                SEQUENCE_NUMBER=Decimal(2011),
                JOURNAL_CODE="T",
                JOURNAL_ENTRY_TYPE="M7",
                ENTRY_LENGTH=M7_LENGTH,
                QUALIFIED_JOB_NAME="812345/QSYS/QMRDBSRV",
                ENTRY_TIMESTAMP=dt.datetime(2024, 6, 3, 9, 18, 0, 250000),
                ENTRY_TYPE="V",
                ENTRY_TYPE_DETAIL="Generic versioning",
                ACTION="ADD",
                ACTION_DETAIL="Register (add) an applied version information entry for a specific feature or function "
                "in the Mirror Version List (MVL)",
                RULE_IDENTIFIER=None,
                VERSION_ENTRY_NUMBER=5,
                RESYNC_TYPE=None,
                VERSION_GROUP="QDB2MIR",
                INCLUSION_STATE=None,
                VERSION_ACTIVATION="IMMEDIATE",
                IASP_NAME=None,
                LIBRARY_NAME=None,
                OBJECT_NAME=None,
                ORIGINAL_LIBRARY_NAME=None,
                ENVIRONMENT_VARIABLE=None,
                VERSION_NAME="SQL_SEQUENCE_SUPPORT",
                APPLY_LABEL=None,
                VERSION_IDENTIFIER="2.10.3",
                NUMBER_OF_OBJECTS=None,
            ),
        ],
    ),
    (
        "audit_journal_m7_duplicate_entry_keeps_the_original_library",
        "A D entry after a library rename: ORIGINAL_LIBRARY_NAME is published (only D entries carry it), the rule "
        "fields land as for A; the system value and the number of objects the record holds are NULL (seed 000 gives "
        "them no meaning for D).",
        [
            dict(
                HEADING,
                JOSEQN=2005,
                JOJOB="QPADEV0007",
                JOUSER="SECOFR1",
                JONBR=4711,
                JOUSPF="SECOFR1",
                ENTRY_TYPE="D",
                INCLUSION_STATE="INCLUDE",
                ASP_NAME="IASP01",
                LIBRARY_NAME="PAYROLL2",
                OBJECT_TYPE="*FILE",
                OBJECT_NAME="EMPLOYEE",
                ORIGINAL_LIBRARY_NAME="PAYROLL",
                SYSTEM_VALUE="QTIMZON",
                RULE_IDENTIFIER_1=17,
                RULE_IDENTIFIER_2=17,
                NUMBER_OF_OBJECTS_1=-1,
                NUMBER_OF_OBJECTS_2=BIG,
            )
        ],
        [
            dict(
                SEQUENCE_NUMBER=Decimal(2005),
                ENTRY_TYPE="D",
                RULE_IDENTIFIER=17,
                INCLUSION_STATE="INCLUDE",
                IASP_NAME="IASP01",
                LIBRARY_NAME="PAYROLL2",
                OBJECT_TYPE="*FILE",
                OBJECT_NAME="EMPLOYEE",
                ORIGINAL_LIBRARY_NAME="PAYROLL",
                SYSTEM_VALUE=None,
                NUMBER_OF_OBJECTS=None,
            )
        ],
    ),
]

ENTRY = dict(
    JOENTL=700,
    JOSEQN=12345678901234567890,
    JOCODE="R",
    JOENTT="PT",
    JOTSTP=dt.datetime(2024, 5, 1, 12, 0, 0, 123456),
    JOJOB="QZDASOINIT",
    JOUSER="QUSER",
    JONBR=123,
    JOPGM="PAYROLL",
    JOPGMLIB="PAYLIB",
    JOPGMASP=0,
    JOOBJ="EMPLOYEE",
    JOLIB="HRDATA",
    JOMBR="EMPLOYEE",
    JOCTRR=42,
    JOFLAG="0",
    JOCCID=0,
    JOUSPF="ALICE",
    JOSYNM="SYSA",
    JOSYSSEQ=987654321,
    JORCV="RCV0001",
    JORCVLIB="JRNLIB",
    JORCVASP=0,
    JOARM=0,
    JOTHDX="0000000000000A2B",
    JORPORT=0,
    JOOBJTYP="*QDDS",
    JOFILTYP="0",
    JOCMTLVL=0,
    JOTHD=bytes.fromhex("00000000000A2B3C"),
    JOJID=bytes.fromhex("0102030405060708090A"),
)
ENTRY_ROW = dict(
    ENTRY_LENGTH=700,
    SEQUENCE_NUMBER=Decimal(12345678901234567890),
    JOURNAL_CODE="R",
    JOURNAL_ENTRY_TYPE="PT",
    ENTRY_TIMESTAMP=dt.datetime(2024, 5, 1, 12, 0, 0, 123456),
    JOB_NAME="QZDASOINIT",
    JOB_USER="QUSER",
    JOB_NUMBER="000123",
    QUALIFIED_JOB_NAME="000123/QUSER/QZDASOINIT",
    PROGRAM_NAME="PAYROLL",
    PROGRAM_LIBRARY="PAYLIB",
    PROGRAM_LIBRARY_ASP_NAME=None,
    PROGRAM_LIBRARY_ASP_NUMBER=0,
    JOURNALED_OBJECT_NAME="EMPLOYEE",
    JOURNALED_OBJECT_LIBRARY="HRDATA",
    JOURNALED_OBJECT_MEMBER="EMPLOYEE",
    COUNT_OR_RRN=Decimal(42),
    INDICATOR_FLAG="0",
    COMMIT_CYCLE=Decimal(0),
    USER_NAME="ALICE",
    SYSTEM_NAME="SYSA",
    JOURNAL_IDENTIFIER="0102030405060708090A",
    REFERENTIAL_CONSTRAINT=None,
    TRIGGER=None,
    INCOMPLETE_DATA=None,
    IGNORED_BY_APPLY_REMOVE=None,
    MINIMIZED_ENTRY_DATA=None,
    OBJECT_NAME_INDICATOR=None,
    SYSTEM_SEQUENCE_NUMBER=Decimal(987654321),
    RECEIVER_NAME="RCV0001",
    RECEIVER_LIBRARY="JRNLIB",
    RECEIVER_LIBRARY_ASP_NAME=None,
    RECEIVER_LIBRARY_ASP_NUMBER=0,
    ARM_NUMBER=0,
    LOGICAL_UNIT_OF_WORK=None,
    THREAD_IDENTIFIER="00000000000A2B3C",
    THREAD="0000000000000A2B",
    ADDRESS_FAMILY=None,
    REMOTE_PORT=0,
    REMOTE_ADDRESS=None,
    TRANSACTION_IDENTIFIER=None,
    JOURNALED_OBJECT_TYPE="*QDDS",
    FILE_TYPE_INDICATOR="0",
    NESTED_COMMIT_LEVEL=Decimal(0),
    NULL_VALUE_INDICATORS=None,
)

ENTRY_TESTS = [
    (
        "journal_entries_truncated_entry_keeps_what_the_record_holds",
        "JOENTL says 700 bytes but the outfile record ends 5 bytes into the ESD: the ESD is the 5 bytes the record "
        "holds. The heading decodes field by field (Char(20) digits to DECIMAL(20,0), job number zero-padded, blanks "
        "to NULL, binary identifiers as hex).",
        [(ENTRY, b"\xc1\xc2\xc3\xc4\xc5" + b"\xc6" * 20, 5)],
        [dict(ENTRY_ROW, ENTRY_SPECIFIC_DATA=b"\xc1\xc2\xc3\xc4\xc5", ENTRY_SPECIFIC_DATA_LENGTH=5, decode_errors=[])],
    ),
    (
        "journal_entries_padded_record_and_bad_sequence_digits",
        "JOENTL counts 3 ESD bytes in a record 5 bytes longer than the heading: the outfile's blank padding is not "
        "ESD. "
        "An 'X' among the sequence-number digits gives NULL named in decode_errors, not a wrong number.",
        [(dict(ENTRY, JOENTL=None, JOSEQN="000000000000000X0077"), b"\xc1\xc2\xc3", 5)],
        [
            dict(
                ENTRY_ROW,
                ENTRY_LENGTH=HEADING_LENGTH + 3,
                SEQUENCE_NUMBER=None,
                ENTRY_SPECIFIC_DATA=b"\xc1\xc2\xc3",
                ENTRY_SPECIFIC_DATA_LENGTH=3,
                decode_errors=["SEQUENCE_NUMBER"],
            )
        ],
    ),
]


# ---- rendering ----------------------------------------------------------------------------------------------


def _spelled(record: bytes, tables) -> str:
    """concat(...) of the record, one line per row of the IBM tables, then whatever follows them."""
    parts, end = [], 0
    for table in tables:
        for r in table:
            b = record[r.pos - 1 : r.pos - 1 + r.width]
            parts.append(f"X'{b.hex().upper()}' -- {r.pos} {r.key} {r.fmt}")
            end = r.pos - 1 + r.width
    if len(record) > end:
        parts.append(f"X'{record[end:].hex().upper()}' -- {end + 1} the rest of the record")
    lines = []
    for i, p in enumerate(parts):
        lit, note = p.split(" -- ", 1)
        lines.append(f"      {lit}{',' if i < len(parts) - 1 else ''} -- {note}")
    return "concat(\n" + "\n".join(lines) + "\n    )"


def _given(table: str, records: list[bytes], tables) -> dict:
    rows = " union all\n".join(
        f"select 'JRN.bin' as source_file, cast({sum(map(len, records[:i]))} as bigint) as record_offset, "
        f"cast({i} as bigint) as record_number, 'L1' as load_id,\n    {_spelled(r, tables)} as record"
        for i, r in enumerate(records)
    )
    return {"input": f"source('jcat', '{table}')", "format": "sql", "rows": rows + "\n"}


def _literal(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, Decimal):
        return f"cast({v} as decimal(20,0))"
    if isinstance(v, int):
        return f"cast({v} as bigint)"
    if isinstance(v, dt.datetime):
        return f"cast('{v.isoformat(sep=' ')}' as timestamp_ntz)"
    if isinstance(v, bytes):
        return f"X'{v.hex().upper()}'"
    if isinstance(v, list):
        return f"array({', '.join(map(_literal, v))})" if v else "cast(array() as array<string>)"
    return "'" + str(v).replace("'", "\\'") + "'"


def _expect_sql(rows: list[dict], records: list[bytes]) -> dict:
    """Every column of the expected rows as SQL (dbt needs them all in this format), lineage first."""
    selects = []
    for i, row in enumerate(rows):
        lineage = {
            "source_file": "JRN.bin",
            "record_offset": sum(map(len, records[:i])),
            "record_number": i,
            "load_id": "L1",
        }
        selects.append("select " + ",\n  ".join(f"{_literal(v)} as {k}" for k, v in {**lineage, **row}.items()))
    return {"format": "sql", "rows": "\nunion all\n".join(selects) + "\n"}


def _scalar(v):
    """A value as a dict fixture holds it (dbt casts it to the column's type)."""
    if isinstance(v, Decimal):
        return int(v)
    if isinstance(v, dt.datetime):
        return v.isoformat(sep=" ")
    return v


def _expect_dict(rows: list[dict]) -> dict:
    """The columns given (dbt compares only those in this format, taken from the first row), record number first."""
    assert all(row.keys() == rows[0].keys() for row in rows), "every expected row names the same columns"
    return {
        "format": "dict",
        "rows": [{"record_number": i, **{k: _scalar(v) for k, v in row.items()}} for i, row in enumerate(rows)],
    }


def _test(name: str, doc: str, model: str, given: dict, expect: dict) -> dict:
    return {
        "name": name,
        "description": doc,
        "model": model,
        "overrides": {"macros": {"is_incremental": False}},
        "given": [given],
        "expect": expect,
    }


def m7_unit_tests() -> list[dict]:
    tables = (heading_table(), m7_table())
    return [
        _test(
            name,
            doc,
            "audit_journal_m7",
            _given("raw_qasym7j5", [m7_record(v) for v in values], tables),
            _expect_dict(want),
        )
        for name, doc, values, want in M7_TESTS
    ]


def entry_record(values: dict, esd: bytes, esd_in_record: int) -> bytes:
    """A *TYPE5 record holding `esd_in_record` bytes of ESD (the outfile's record length), JOENTL as given (None: the
    entry's own length)."""
    values = {k: v for k, v in values.items() if v is not None}
    heading = heading_table()
    record_length = heading[-1].pos + heading[-1].width - 1 + esd_in_record
    return type5_record(values, esd, record_length)


def entry_unit_tests() -> list[dict]:
    tests = []
    for name, doc, records, want in ENTRY_TESTS:
        built = [entry_record(*r) for r in records]
        tests.append(
            _test(
                name,
                doc,
                "journal_entries",
                _given("raw_qjordje5", built, (heading_table(),)),
                _expect_sql(want, built),
            )
        )
    return tests


class _Dumper(yaml.SafeDumper):
    pass


def _block(dumper, text: str):
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


_Dumper.add_representer(str, _block)


def render(tests: list[dict]) -> str:
    text = yaml.dump({"version": 2, "unit_tests": tests}, Dumper=_Dumper, sort_keys=False, width=115)
    return with_marker(".yml", SOURCE, text)


def rendered_files() -> dict[Path, str]:
    return {
        MODELS_DIR / "audit_journal_m7_unit_tests.yml": render(m7_unit_tests()),
        MODELS_DIR / "journal_entries_unit_tests.yml": render(entry_unit_tests()),
    }

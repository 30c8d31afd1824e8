"""dbt unit tests of idms_journal from seed 004's REC lines alone: `python tests/write_unit_tests.py` writes
them to models/idms/idms_unit_tests.yml; tests/spark/test_idms_journal.py runs them.

Each record is built by support.source_tables.idms_record from the REC lines copied into tests/data/sources: every
binary field listed carries bytes that differ at every offset, so a field the model reads a byte off (or a byte
short) decodes to another number and the test fails. The expected values are those bytes read as the seed's
table says, never a decode by the declaration under test.
"""

from __future__ import annotations

from pathlib import Path

from support import source_tables as src
from support.unit_tests import with_marker
from udfs.core.project import source_root

SOURCE = "tests/support/idms/unit.py"
UNIT_FILE = source_root() / "models" / "idms" / "idms_unit_tests.yml"
HAND_WRITTEN = source_root() / "tests" / "data" / "sources" / "004_idms_journal_unit_tests.yml"

STATS = [
    "UPDATED",
    "READ",
    "WRITTEN",
    "PAGE-REQUESTS",
    "CALC-ON",
    "CALC-NOT-ON",
    "VIA-ON",
    "VIA-NOT-ON",
    "REC-REQUESTED",
    "CURR-OF-TR",
    "CALLS",
    "FGMT-STORED",
    "FGMT-RETURNED",
    "LOCKS-REQUESTED",
    "SHARED-LOCKS-HELD",
    "EXCLUSIVE-LOCKS-HELD",
    "TR-ID-CV",
    "TASK-ID-CV",
    "LT-PART2",
    "IX-SR8-SPLITS",
    "IX-SR8-SPAWNS",
    "IX-SR8-STORED",
    "IX-SR8-ERASED",
    "IX-SR7-STORED",
    "IX-SR7-ERASED",
    "IX-BTREE-SEARCHES",
    "IX-BTREE-LEVELS-SEARCHED",
    "IX-ORPHANS-ADOPTED",
    "IX-LEVELS-SEARCHED-BEST",
    "IX-LEVELS-SEARCHED-WORST",
]

# (type, record length, binary fields, text fields, numbers set, bytes after the fixed part), from seed 004's headings
RECORDS = [
    (
        "COMT",
        200,
        ["TRANSACT-ID", "VIB", "UPDATE-QUIESE", "QUIESCE", "LT-P2", *STATS],
        {"QUAL-CV": "SYSTEM74", "PROGRAM-NAME": "PAYROLL", "LT-P1": "TSK1", "LT-PART1": "LTP1"},
        {},
        b"",
    ),
    (
        "AREA",
        76,
        ["TRANSACT-ID", "VIB", "LOW-PAGE", "HIGH-PAGE", "MODE", "ACCESS"],
        {"QUAL-CV": "SYSTEM74", "AREA": "EMP-DEMO-REGION"},
        {},
        b"",
    ),
    (
        "BFOR",
        64,
        [
            "TRANSACT-ID",
            "IDMS-VSAM-FLAG",
            "VERB-NUM",
            "PAGE-GROUP",
            "DB-KEY",
            "USER-REC-ID",
            "PG-DISPL",
            "IMAGE-LEN",
            "PREFIX-LEN",
            "DISPLACEMENT",
            "SPAN-OFFSET",
        ],
        {"QUAL-CV": "SYSTEM74"},
        {"IMAGE-LEN": 4},
        bytes.fromhex("C1C2C3C4"),
    ),
    (
        "DCOM",
        84,
        ["LIDOFF", "LIDNUM", "XIDOFF", "XIDNUM", "RIOFF", "RICNT", "DVLEN", "DVOFF", "DXXX-RECORD"],
        {"QUAL-CV": "SYSTEM74", "DNODE": "SYSTEM74"},
        {"LIDNUM": 0},
        b"",
    ),
]


def _scalar(v) -> str:
    return str(v) if isinstance(v, int) else "'" + str(v).replace("'", "''") + "'"


def journal_unit() -> str:
    selects, expected = [], []
    offset = 0
    for number, (rec_type, length, binary, text, values, tail) in enumerate(RECORDS, start=1):
        record, expect = src.idms_record(rec_type, length, binary, text, values, tail)
        selects.append(
            f"select 'u.jrn' as source_file, cast({offset} as bigint) as record_offset, "
            f"cast({number} as bigint) as record_number, 'L1' as load_id,\n"
            f"  X'{record.hex().upper()}' as record"
        )
        expected.append({"record_number": number, **expect})
        offset += len(record)
    columns = list(dict.fromkeys(k for e in expected for k in e))  # dbt wants every column in every row
    rows = [
        "    - {" + ", ".join(f"{c}: {_scalar(e[c]) if c in e else 'null'}" for c in columns) + "}" for e in expected
    ]
    given = "\n  union all\n".join(selects)
    return "\n".join(
        [
            "- name: idms_journal_rec_fields_where_seed_004_puts_them",
            "  description: >",
            "    A COMT, an AREA, a BFOR and a DCOM record built from seed 004's REC lines (tests/data/sources): every",
            "    binary field listed decodes to the number its bytes hold at the REC position and length, every text",
            "    field to its EBCDIC text.",
            "  model: idms_journal",
            "  overrides:",
            "    macros:",
            "      is_incremental: false",
            "  given:",
            "  - input: source('jcat', 'raw_idms')",
            "    format: sql",
            "    rows: |",
            *("      " + line for line in given.splitlines()),
            "  expect:",
            "    rows:",
            *rows,
            "",
        ]
    )


def hand_written_unit() -> str:
    """The golden records written by hand (a Broadcom dump, records built from seed 004), without their header."""
    lines = HAND_WRITTEN.read_text().splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("#"))


def rendered_files() -> dict[Path, str]:
    text = "version: 2\n\nunit_tests:\n" + journal_unit() + hand_written_unit()
    return {UNIT_FILE: with_marker(UNIT_FILE, SOURCE, text)}

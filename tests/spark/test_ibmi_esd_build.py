"""ESD models built for real: *TYPE5 outfile records carrying every mapped layout's sample ESD go through
journal_entries into the ESD models (persistent views over the view journal_entries); each model selects exactly its
entries and decodes every column (fixed fields, names in their CCSIDs, arrays, C LW records) to the value that was
encoded. Plus an unsigned Bin(64) above 2^63, an ESD cut by the record length, and a malformed UTF-16 name.

The suite builds the models in SUITE_MODELS (each view costs about two seconds to create and two to read); `-m heavy`
builds and checks all 58. Every ESD model's SQL runs in the suite anyway: its dbt unit test
(test_ibmi_esd_models.py) and the byte-mutation run over its compiled SQL (test_fuzz_ibmi.py)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from support.ibmi.entries import HEADING, land
from support.ibmi.esd_mapping import EXPECTED
from support.views import arrow_rows, assert_persistent_view, view_rows

from udfs.core import encoders as enc
from udfs.core.layouts import qjordje5
from udfs.core.layouts.ibmi_esd import BY_MODEL, LAYOUTS
from udfs.core.samples import ibmi_esd as esd_samples
from udfs.core.samples.ibmi_esd import sample_esd, sample_values
from udfs.dbt.runner import run_dbt
from udfs.spark.runtime import jcat_home

# Under -m heavy since the suite passed 20 minutes: every ESD model's SQL still runs in the suite (its dbt unit test in
# test_ibmi_esd_models.py, the byte mutations over its compiled SQL in test_fuzz_ibmi.py).
pytestmark = [pytest.mark.long, pytest.mark.heavy]

# Built in the suite: the model of every special case below, and with them every kind of part (names and paths in
# their CCSIDs, a symlink, an array, C LW records, texts read from bytes, data addressed by an offset).
SUITE_MODELS = (
    "commit",
    "data_area_change",
    "data_queue_data",
    "data_queue_send",
    "file_change",
    "ifs_begin_create",
    "ifs_create_summary",
    "ifs_rename_move",
    "ifs_write",
    "logical_unit_of_work",
    "partial_transactions",
    "start_journaling",
)


def each_model(models) -> list:
    """A parameter per model: those outside SUITE_MODELS run under `-m heavy`."""
    return [m if m in SUITE_MODELS else pytest.param(m, marks=pytest.mark.heavy) for m in models]


VIEW_TEXT_LIMIT = 32_700  # characters of view text the embedded Derby metastore keeps

ON = dict(
    OBJECT_EXISTENCE="Y",
    OBJECT_MANAGEMENT="Y",
    OBJECT_OPERATIONAL="Y",
    OBJECT_ALTER=None,
    OBJECT_REFERENCE=None,
    READ="Y",
    ADD="Y",
    UPDATE=None,
    DELETE=None,
    EXCLUDE=None,
    EXECUTE="Y",
)
NONE = {k: None for k in ON}


def name(text, ccsid, nbytes):
    return dict(LENGTH=nbytes, CCSID=ccsid, COUNTRY_ID="US", LANGUAGE_ID="ENU", NAME=text)


def path(text, ccsid, nbytes):
    return dict(
        PATH_INDICATOR="Y",
        RELATIVE_DIRECTORY_FID=bytes(range(16)).hex().upper(),
        CCSID=ccsid,
        COUNTRY_ID="US",
        LANGUAGE_ID="ENU",
        PATH_TYPE=2,
        PATH_LENGTH=nbytes,
        DELIMITER="/",
        PATH=text,
    )


JINFO = dict(
    JOURNALING_STATUS="01",
    OPTIONS="02",
    JID="A1B2C3D4E5F60718293A",
    JOURNAL_NAME="QSQJRN",
    JOURNAL_LIBRARY="PAYROLL",
    LAST_STARTED=1709647629,
)

# Object name = 16 bytes + name, path name = 49 bytes + path: the offsets the samples set follow from these.
N_MARZ, N_REPORT, P_HOME8 = 16 + 32, 16 + 10, 49 + 12

# Fixed fields the sample builder sets to something other than sample_values() (counts, lengths, offsets).
OVERRIDES = {
    "partial_transactions": dict(NUMBER_OF_COMMIT_IDS=2),
    "object_attribute_change": dict(NUMBER_OF_RECORDS=1, KEY=9, DATA_LENGTH=10),
    "data_queue_clear_keyed": dict(KEY_LENGTH=5, KEY_ORDER="EQ"),
    "data_queue_receive_keyed": dict(KEY_LENGTH=5, KEY_ORDER="EQ"),
    "ifs_begin_create": dict(OBJECT_NAME_OFFSET=16),
    "ifs_created_object_authority": dict(
        NUMBER_OF_AUTHORITIES=2,
        OBJECT_NAME_OFFSET=48,
        PATH_NAME_OFFSET=48 + N_REPORT,
        AUTHORITY_OFFSET=48 + N_REPORT + P_HOME8,
    ),
    "ifs_create_summary": dict(
        OBJECT_NAME_OFFSET=179, PATH_NAME_OFFSET=179 + 28, SYMLINK_OFFSET=179 + 28 + 59, OBJECT_TYPE="*SYMLNK"
    ),
    "ifs_link_existing": dict(LINK_NAME_OFFSET=64, PATH_NAME_OFFSET=64 + 25),
    # B B5 (seed table 34) carries the parent path; B B4 (table 35) does not
    "ifs_unlink_link": dict(LINK_NAME_OFFSET=64, PARENT_PATH_OFFSET=64 + 30, INTERNAL_DATA_OFFSET=64 + 30 + 65),
    "ifs_unlink_parent": dict(LINK_NAME_OFFSET=64, INTERNAL_DATA_OFFSET=64 + 30),
    "ifs_rename_move": dict(
        SOURCE_NAME_OFFSET=132,
        TARGET_NAME_OFFSET=132 + 34,
        SOURCE_PARENT_OFFSET=132 + 68,
        TARGET_PARENT_OFFSET=132 + 68 + 57,
        INTERNAL_DATA_OFFSET=132 + 68 + 57 + 73,
        JOURNAL_ENTRY_FLAGS=bytes.fromhex("80000000"),
    ),
    "ifs_write": dict(DATA_LENGTH=12),
    "file_change": dict(
        TRIGGER_LIBRARY_LENGTH=7, TRIGGER_LIBRARY_OFFSET=124, TRIGGER_NAME_LENGTH=9, TRIGGER_NAME_OFFSET=131
    ),
    "data_queue_send": dict(KEY_LENGTH=4, DATA_OFFSET=24, DATA_LENGTH=21),
    "data_queue_data": dict(DATA_LENGTH=21),
    "license_limit_exceeded": dict(NUMBER_OF_LICENSED_USERS=2),
    "data_area_change": dict(START_POSITION=1, CHANGE_LENGTH=5, CHANGE_OFFSET=27),
}

RECORD = enc.ebcdic("000042JSMITH    ") + enc.packed(125050, 9)
LUW_HDR = dict(
    RECORD_TYPE="HDR",
    RECORD_LENGTH=416,
    RECORD_POSITION=dict(ENTRY=1, OFFSET=0),
    NUMBER_OF_JOURNAL_ENTRIES=1,
    LUW_OPERATION="CM",
    PROTECTED_LUWID="APPN.SYSA.X1234567",
    UNPROTECTED_LUWID=None,
    DEFAULT_JOURNAL_COMMIT_CYCLE_ID=4711,
    COMMITMENT_DEFINITION_NAME="*DFTACTGRP",
    QUALIFIED_JOB_NAME="QPADEV0001JSMITH    123456",
    COMMITMENT_DEFINITION_SCOPE="A",
    ACTIVATION_GROUP_MARK=-2,
    DEFAULT_JOURNAL_NAME="QSQJRN",
    DEFAULT_JOURNAL_LIBRARY="PAYROLL",
    INITIATION_TYPE="U",
    LUW_DISPOSITION="CM",
    XA_TRANSACTION_MANAGER=None,
    XID_FORMAT_ID=0,
    XID_GTRID_LENGTH=0,
    XID_BQUAL_LENGTH=0,
    XID_VALUE="00" * 128,
    DEFAULT_JOURNAL_COMMIT_CYCLE_ID_LONG=Decimal(4711),
)
LUW_LCL = dict(
    RECORD_TYPE="LCL",
    RECORD_LENGTH=80,
    RECORD_POSITION=dict(ENTRY=1, OFFSET=417),
    RECORD_IO_STATE="CM",
    JOURNAL_NAME="QSQJRN",
    JOURNAL_LIBRARY="PAYROLL",
    COMMIT_CYCLE_ID=4711,
    DEFAULT_JOURNAL_FLAG="Y",
    COMMIT_CYCLE_ID_LONG=Decimal(4711),
)
LUW_DDL = dict(
    RECORD_TYPE="DDL",
    RECORD_LENGTH=384,
    DDL_RESOURCE_INFORMATION="EMPLOYEE  PAYROLL   *FILE CRT",
    JOURNAL_NAME="QSQJRN",
    JOURNAL_LIBRARY="PAYROLL",
    COMMIT_CYCLE_ID=-1,
    COMMIT_PROTOCOL="1",
    DDL_STATE="CM",
    COMMIT_CYCLE_ID_LONG=Decimal(12345678901234),
    OBJECT_NAME='"PAYROLL"."EMPLOYEE"',
)
LUW_DDM = dict(
    RECORD_TYPE="DDM",
    RECORD_LENGTH=96,
    DDM_FILE_NAME="REMFILE",
    DDM_FILE_LIBRARY="DDMLIB",
    OPEN_FLAG="Y",
    COMMIT_PROTOCOL=None,
    RESOURCE_USAGE="UP",
)
LUW_API = dict(
    RECORD_TYPE="API",
    RECORD_LENGTH=112,
    API_RESOURCE="RES1",
    API_PROGRAM_NAME="COMMITPGM",
    API_PROGRAM_LIBRARY="APPLIB",
    JOURNAL_NAME="QSQJRN",
    JOURNAL_LIBRARY="PAYROLL",
    COMMIT_CYCLE_ID=99,
    COMMIT_PROTOCOL="2",
    RESOURCE_USAGE="UP",
    API_STATE="RS",
    COMMIT_CYCLE_ID_LONG=Decimal(99),
)
LUW_RMT = dict(
    RECORD_TYPE="RMT",
    RECORD_LENGTH=128,
    RELATIONAL_DATABASE="REMOTEDB",
    CONVERSATION_DEALLOCATED="N",
    COMMIT_PROTOCOL="2",
    RESOURCE_USAGE="UP",
    RESOURCE_STATE="CM",
    INITIATOR_FLAG="Y",
)

# Parts (offset-addressed and repeating columns) of each mapped layout's sample, as encoded.
PARTS = {
    "partial_transactions": dict(COMMIT_IDS=[Decimal(2**63 + 5), Decimal(77)]),
    "object_attribute_change": dict(DATA=enc.ebcdic("NEW TEXT", 10)),
    "commit": dict(COMMIT_ID=enc.ebcdic("BATCH-0042"), COMMIT_ID_TEXT="BATCH-0042"),
    "data_queue_clear_keyed": dict(KEY=enc.ebcdic("K0001")),
    "data_queue_receive_keyed": dict(KEY=enc.ebcdic("K0001")),
    "ifs_begin_create": dict(OBJECT=name("März-Bericht.txt", 1200, 32)),
    "ifs_created_object_authority": dict(
        OBJECT=name("report.csv", 37, 10),
        PATH=path("/home/jsmith", 1208, 12),
        AUTHORITIES=[dict(USER_NAME=u, OPERATION_TYPE="GRT", PRIVATE_AUTHORITIES=ON) for u in ("JSMITH", "AUDITORS")],
    ),
    "ifs_create_summary": dict(
        OWNER_AUTHORITY=ON,
        GROUP_AUTHORITY=dict(NONE, OBJECT_EXISTENCE="Y", READ="Y"),
        PUBLIC_AUTHORITY=dict(NONE, EXECUTE="Y"),
        JOURNAL_INFORMATION=JINFO,
        OBJECT=name("latest", 1200, 12),
        PATH=path("/data", 1200, 10),
        SYMLINK=dict(
            CONTENTS_INCLUDED="Y",
            CCSID=1208,
            COUNTRY_ID="US",
            LANGUAGE_ID="ENU",
            PATH_TYPE=0,
            PATH_LENGTH=len("/data/v2/å.log".encode()),
            DELIMITER="/",
            CONTENTS="/data/v2/å.log",
        ),
    ),
    "ifs_link_existing": dict(
        JOURNAL_INFORMATION=JINFO, LINK_NAME=name("alias.txt", 37, 9), PATH=path("/home/jsmith/report.csv", 37, 23)
    ),
    "ifs_attribute_change": dict(
        ATTRIBUTES=[
            dict(NEXT_OFFSET=68, ATTRIBUTE_ID=1, DATA_SIZE=4, DATA=b"\0\0\1\xa4"),
            dict(NEXT_OFFSET=0, ATTRIBUTE_ID=7, DATA_SIZE=1, DATA=b"\x01"),
        ]
    ),
    "ifs_unlink_link": dict(
        LINK_NAME=name("old.log", 1200, 14), PARENT_PATH=path("/var/log", 1200, 16), INTERNAL_DATA=b"\x99\x88"
    ),
    "ifs_unlink_parent": dict(LINK_NAME=name("old.log", 1200, 14), INTERNAL_DATA=b"\x99\x88"),
    "ifs_rename_move": dict(
        JOURNAL_INFORMATION=JINFO,
        SOURCE_NAME=name("draft.txt", 1200, 18),
        TARGET_NAME=name("final.txt", 1200, 18),
        SOURCE_PARENT_PATH=path("/tmp", 1200, 8),
        TARGET_PARENT_PATH=path("/home/jsmith", 1200, 24),
        INTERNAL_DATA=b"\x01\x02",
    ),
    "ifs_write": dict(DATA=b"hello, world"),
    "initialize_member": dict(DEFAULT_RECORD=RECORD),
    "record_image": dict(RECORD_IMAGE=RECORD),
    "logical_unit_of_work": dict(
        HDR=LUW_HDR,
        LCL=[LUW_LCL],
        API=[],
        DDL=[LUW_DDL],
        RMT=[],
        DDM=[LUW_DDM],
        RECORD_TYPES=["HDR", "LCL", "DDL", "DDM"],
    ),
    "object_move_rename": dict(INTERNAL_DATA=b"\x00\x01\x02"),
    "file_change": dict(
        TRIGGER_LIBRARY="PAYROLL",
        TRIGGER_NAME="EMP_AUDIT",
        INTERNAL_DATA=enc.ebcdic("PAYROLL") + enc.ebcdic("EMP_AUDIT"),
    ),
    "data_queue_send": dict(
        KEY=enc.ebcdic("K001"),
        DATA=bytes(range(16)) + enc.ebcdic("HELLO"),
        API_INFORMATION=bytes(range(16)),
        QUEUE_DATA=enc.ebcdic("HELLO"),
    ),
    "data_queue_data": dict(
        DATA=bytes(range(16)) + enc.ebcdic("HELLO"), API_INFORMATION=bytes(range(16)), QUEUE_DATA=enc.ebcdic("HELLO")
    ),
    "start_journaling": dict(PATH=path("/home/jsmith", 1200, 24)),
    "license_limit_exceeded": dict(LICENSED_USERS=["123456/JSMITH/QPADEV0001", "123457/AUDIT/QPADEV0002"]),
    "data_area_change": dict(CHANGE_VALUE=enc.ebcdic("READY"), CHANGE_VALUE_TEXT="READY"),
}


def as_decoded(f, v):
    """A sample value as the model must return it (Spark's Python type for the column)."""
    if v is None:
        return None
    if f.kind == "char":
        return str(v)[: f.length].rstrip() or None
    if f.kind in ("zoned", "digits", "u64", "packed"):
        return Decimal(v)
    if f.kind == "hex":
        return bytes(v).hex().upper()
    return int(v)


def expected_fixed(lay, **changes) -> dict:
    values = {**sample_values(lay), **OVERRIDES.get(lay.model, {}), **changes}
    return {f.name: as_decoded(f, values[f.name]) for f in lay.fields if f.kind not in ("reserved", "tail")}


def plain(v):
    """Spark Rows (structs) and bytearrays as dicts and bytes, to compare with the expectations."""
    if hasattr(v, "asDict"):
        return {k: plain(x) for k, x in v.asDict().items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    if isinstance(v, bytearray):
        return bytes(v)
    return v


def matches(actual, want) -> bool:
    """Equal, where a dict in `want` checks only the struct fields it names (C LW records have ~40)."""
    if isinstance(want, dict):
        return isinstance(actual, dict) and all(matches(actual.get(k), w) for k, w in want.items())
    if isinstance(want, list):
        return isinstance(actual, list) and len(actual) == len(want) and all(map(matches, actual, want))
    return actual == want and type(actual) is type(want)


def luw_extra() -> bytes:
    """A second C LW entry with the record kinds the sample lacks: HDR, API, RMT."""
    rec = esd_samples._luw_record
    hdr = esd_samples.luw_bytes()[:416]
    api = rec(
        "API",
        112,
        {
            19: enc.ebcdic("RES1"),
            29: enc.ebcdic("COMMITPGM APPLIB", 20),
            49: enc.ebcdic("QSQJRN    PAYROLL", 20),
            69: enc.binary(99, 4),
            73: enc.ebcdic("2"),
            74: enc.ebcdic("UP"),
            76: enc.ebcdic("RS"),
            81: enc.zoned(99, 20),
        },
    )
    rmt = rec("RMT", 128, {73: enc.ebcdic("REMOTEDB", 18), 91: enc.ebcdic("N2UPCM"), 104: enc.ebcdic("Y")})
    return hdr + api + rmt


U64_BIG = 2**64 - 2  # above 2^63: does not fit BIGINT, must stay exact


def bad_utf16_name() -> bytes:
    lay = BY_MODEL["ifs_begin_create"]
    raw = b"\xd8\x00\x00\x41"  # a high surrogate followed by 'A': not UTF-16
    head = enc.binary(len(raw), 4) + enc.binary(1200, 4) + enc.ebcdic("US") + enc.ebcdic("ENU") + b"\0" * 3
    return esd_samples.encode_fixed(lay, {**sample_values(lay), "OBJECT_NAME_OFFSET": 16}) + head + raw


def patched(model: str, pos: int, raw: bytes) -> bytes:
    """The layout's sample ESD with the bytes at 1-based ESD position `pos` replaced."""
    esd = bytearray(sample_esd(model))
    esd[pos - 1 : pos - 1 + len(raw)] = raw
    return bytes(esd)


def name_at_offset_zero(model: str, entry_type: str, pos: int, part: str) -> tuple:
    """A PART_CASES row: the name's offset (Bin (32) at `pos`) set to 0. Every B entry carries the object names
    seed 001 addresses by offset, so an offset of 0 addresses none: NULL and named."""
    esd = lambda: patched(model, pos, enc.binary(0, 4))  # noqa: E731
    case = f"{entry_type.lower()}_{part.lower()}_at_offset_zero"
    return (case, model, "B", entry_type, esd, {part: None, "decode_errors": [part]})


# Entries whose parts cannot be decoded (or are legitimately empty): (case, model, code, type, ESD, parts and
# decode_errors expected). Positions are seed 001's: file_change trigger name offset at 121 (Bin (31)), data
# queue DATA_LENGTH at 1 (QK) and 29 (QS), data area type at 17, rename/move internal data offset at 129.
PART_CASES = [
    (
        "trigger_past_end",
        "file_change",
        "D",
        "TG",
        lambda: patched("file_change", 121, enc.binary(200, 4)),
        dict(TRIGGER_LIBRARY="PAYROLL", TRIGGER_NAME=None, decode_errors=["TRIGGER_NAME"]),
    ),
    (
        "trigger_no_offset",
        "file_change",
        "D",
        "TG",
        lambda: patched("file_change", 121, enc.binary(0, 4)),
        dict(TRIGGER_NAME=None, decode_errors=["TRIGGER_NAME"]),
    ),
    name_at_offset_zero("ifs_begin_create", "B0", 1, "OBJECT"),  # seed table 18
    name_at_offset_zero("ifs_unlink_link", "B5", 33, "LINK_NAME"),  # seed table 34
    name_at_offset_zero("ifs_created_object_authority", "B7", 21, "OBJECT"),  # seed 001: "Offset to object name" at 21
    (
        "queue_data_short",
        "data_queue_send",
        "Q",
        "QK",
        lambda: patched("data_queue_send", 1, enc.binary(10, 4)),
        dict(
            DATA=bytes(range(10)),
            API_INFORMATION=None,
            QUEUE_DATA=None,
            decode_errors=["API_INFORMATION", "QUEUE_DATA"],
        ),
    ),
    (
        "queue_api_only",
        "data_queue_data",
        "Q",
        "QS",
        lambda: patched("data_queue_data", 29, enc.binary(16, 4)),
        dict(API_INFORMATION=bytes(range(16)), QUEUE_DATA=b"", decode_errors=[]),
    ),
    # *DEC: no text, and not an error (a type outside the list is named too, but fails the model's accepted_values)
    (
        "data_area_decimal",
        "data_area_change",
        "E",
        "EA",
        lambda: patched("data_area_change", 17, enc.ebcdic("*DEC", 10)),
        dict(CHANGE_VALUE=enc.ebcdic("READY"), CHANGE_VALUE_TEXT=None, decode_errors=[]),
    ),
    # ifs_rename_move: internal data offset (0-based) at 129; the sample ESD is 332 bytes, its internal data the last 2
    (
        "internal_data_past_end",
        "ifs_rename_move",
        "B",
        "B3",
        lambda: patched("ifs_rename_move", 129, enc.binary(332, 4)),
        dict(INTERNAL_DATA=None, decode_errors=["INTERNAL_DATA"]),
    ),
    (
        "internal_data_last_byte",
        "ifs_rename_move",
        "B",
        "B3",
        lambda: patched("ifs_rename_move", 129, enc.binary(331, 4)),
        dict(INTERNAL_DATA=sample_esd("ifs_rename_move")[331:], decode_errors=[]),
    ),
    # a structure at a fixed position that the ESD ends inside is cut (named); one the ESD ends before, not carried.
    # B JT (seed table 65): the path name "optionally follows" the file identifier at 25, its fixed part 49 bytes
    (
        "path_cut",
        "start_journaling",
        "B",
        "JT",
        lambda: sample_esd("start_journaling")[:32],
        dict(PATH=None, decode_errors=["PATH"]),
    ),
    (
        "path_not_carried",
        "start_journaling",
        "B",
        "JT",
        lambda: sample_esd("start_journaling")[:24],
        dict(PATH=None, decode_errors=[]),
    ),
    # B B3 (seed table 37): journal information at 92; the names' offsets (65-80 in the sample: 132, 166, 200, 257)
    # point past a 100- or 91-byte ESD, so they are cut either way; the internal data offset at 129 is not carried
    (
        "journal_information_cut",
        "ifs_rename_move",
        "B",
        "B3",
        lambda: sample_esd("ifs_rename_move")[:100],
        dict(
            JOURNAL_INFORMATION=None,
            INTERNAL_DATA=None,
            decode_errors=[
                "JOURNAL_INFORMATION",
                "SOURCE_NAME",
                "TARGET_NAME",
                "SOURCE_PARENT_PATH",
                "TARGET_PARENT_PATH",
            ],
        ),
    ),
    (
        "journal_information_not_carried",
        "ifs_rename_move",
        "B",
        "B3",
        lambda: sample_esd("ifs_rename_move")[:91],
        dict(
            JOURNAL_INFORMATION=None,
            decode_errors=["SOURCE_NAME", "TARGET_NAME", "SOURCE_PARENT_PATH", "TARGET_PARENT_PATH"],
        ),
    ),
    # C LW (seed tables 45-51): the ESD starts with the HDR record, Char (4) type 'HDR ' and 416 bytes
    (
        "luw_first_record_not_hdr",
        "logical_unit_of_work",
        "C",
        "LW",
        lambda: patched("logical_unit_of_work", 4, enc.ebcdic("X")),
        dict(HDR=None, decode_errors=["HDR", "RECORD_TYPES"]),
    ),
    (
        "luw_hdr_cut",
        "logical_unit_of_work",
        "C",
        "LW",
        lambda: sample_esd("logical_unit_of_work")[:200],
        dict(HDR=None, LCL=[], decode_errors=["HDR", "RECORD_TYPES"]),
    ),
    (
        "commit_id_cut",
        "commit",
        "C",
        "CM",
        lambda: sample_esd("commit"),  # COUNT_OR_RRN 5 past the ESD
        dict(COMMIT_ID=None, COMMIT_ID_TEXT=None, decode_errors=["COMMIT_ID", "COMMIT_ID_TEXT"]),
    ),
]


@pytest.fixture(scope="module")
def entries():
    """(record number -> (model, code, type, ESD, record length, special case)): every pair of the
    expected mapping (tests/support/ibmi/esd_mapping.py, not the declaration) with its layout's sample, then the
    special cases."""
    out = []
    for (code, typ), model in sorted(EXPECTED.items()):
        out.append((model, code, typ, sample_esd(model), None, None))
    write = BY_MODEL["ifs_write"]
    big = esd_samples.encode_fixed(write, {**sample_values(write), "DATA_LENGTH": 3, "DATA_OFFSET": U64_BIG}) + b"abc"
    out += [
        ("ifs_write", "B", "WA", big, None, "u64_big"),
        ("ifs_create_summary", "B", "B1", sample_esd("ifs_create_summary"), 609 + 165, "truncated"),
        ("ifs_begin_create", "B", "B0", bad_utf16_name(), None, "bad_utf16"),
        ("logical_unit_of_work", "C", "LW", luw_extra(), None, "luw_extra"),
    ]
    out += [(model, code, typ, esd(), None, case) for case, model, code, typ, esd, _ in PART_CASES]
    return dict(enumerate(out))


@pytest.fixture(scope="module")
def built_models(request) -> list[str]:
    """SUITE_MODELS, or every ESD model when a heavy test of this module was selected."""
    mine = [i for i in request.session.items if i.module is request.module]
    heavy = any(i.get_closest_marker("heavy") for i in mine)
    return [lay.model for lay in LAYOUTS] if heavy else list(SUITE_MODELS)


@pytest.fixture(scope="module")
def built(spark, entries, built_models):
    records = []
    for i, (_model, code, typ, esd, reclen, special) in entries.items():
        values = dict(
            HEADING,
            JOSEQN=i + 1,
            JOCODE=code,
            JOENTT=typ,
            JOINCDAT="0",
            JOCTRR=len(esd) + (5 if special == "commit_id_cut" else 0) if (code, typ) == ("C", "CM") else 10,
        )  # C CM: COUNT_OR_RRN is the commit ID length
        records.append(qjordje5.encode(values, esd, record_length=reclen))
    land(spark, "raw_qjordje5", records, load_id="L-ESD")
    assert run_dbt(
        spark, ["run", "--select", "journal_entries", *(f"ibmi_esd_{m}" for m in built_models), "--full-refresh"]
    )
    # Data tests of the entry headings and of two ESD views (commit, and ifs_rename_move, with the most structures):
    # the other 56 models' row rules (their entry type, a sequence number, decode_errors) are the same generated
    # rules, checked row by row below, and each costs a view-over-view plan (1-2 s). Unit tests of every ESD model
    # run in test_ibmi_esd_models.py.
    assert run_dbt(
        spark,
        [
            "test",
            "--select",
            "journal_entries",
            "ibmi_esd_commit",
            "ibmi_esd_ifs_rename_move",
            "--exclude-resource-type",
            "unit_test",
        ],
    )
    ran = json.loads((jcat_home() / "dbt" / "target" / "run_results.json").read_text())["results"]
    for model in ("journal_entries", "ibmi_esd_commit", "ibmi_esd_ifs_rename_move"):  # the tests did run
        assert [r["status"] for r in ran if model in r["unique_id"]].count("pass") >= 1, (model, ran)
    return {m: {r["record_number"]: r for r in spark.table(f"jcat.ibmi_esd_{m}").collect()} for m in built_models}


def test_esd_models_are_views_calling_only_persistent_functions(spark, built):
    """Every ESD model is a persistent VIEW calling only jcat.<fn> (it reads the view journal_entries, never the
    table journal_entries_decoded), its SQL within what the embedded metastore keeps. A view shows the rows its own
    SQL gives through the Arrow UDFs (checked on models with names, paths, a symlink, arrays)."""
    longest = 0
    for model in built:
        name = f"ibmi_esd_{model}"
        text = assert_persistent_view(spark, name)
        assert "journal_entries_decoded" not in text.split("with entries as", 1)[1], name
        longest = max(longest, len(text))
    assert longest < VIEW_TEXT_LIMIT * 0.95, f"{longest} characters: close to the metastore's {VIEW_TEXT_LIMIT}"
    for model in ("ifs_begin_create", "commit", "logical_unit_of_work", "ifs_create_summary", "ifs_rename_move"):
        assert view_rows(spark, f"ibmi_esd_{model}") == arrow_rows(spark, f"ibmi_esd_{model}"), model


@pytest.mark.parametrize("model", each_model(lay.model for lay in LAYOUTS))
def test_model_selects_exactly_its_entries(built, entries, model):
    want = {i for i, e in entries.items() if e[0] == model}
    assert set(built[model]) == want
    for i in want:
        assert (built[model][i]["JOURNAL_CODE"], built[model][i]["JOURNAL_ENTRY_TYPE"]) == entries[i][1:3]


@pytest.mark.parametrize("model", each_model(sorted(set(EXPECTED.values()))))
def test_every_column_decodes_to_the_encoded_value(built, entries, model):
    lay = BY_MODEL[model]
    want = {**expected_fixed(lay), **PARTS.get(model, {})}
    decoded = [lay_col for lay_col in built[model][next(iter(built[model]))].asDict()]
    assert {f.name for f in lay.fields if f.name} | {p.name for p in lay.parts} <= set(decoded)
    assert set(PARTS.get(model, {})) == {p.name for p in lay.parts}, "every part has an expected value"
    for i, row in built[model].items():
        if entries[i][5] is not None:
            continue
        got = {k: plain(row[k]) for k in want}
        bad = {k: (got[k], w) for k, w in want.items() if not matches(got[k], w)}
        assert not bad, f"{model} {entries[i][1]} {entries[i][2]}: (got, want) {bad}"
        assert row["decode_errors"] == []
        assert bytes(row["ENTRY_SPECIFIC_DATA"]) == entries[i][3]


def test_unsigned_bin64_above_2_63_is_exact_decimal_20_0(spark, built, entries):
    (i,) = [i for i, e in entries.items() if e[5] == "u64_big"]
    row = built["ifs_write"][i]
    assert row["DATA_OFFSET"] == Decimal(U64_BIG) and row["DATA"] == b"abc" and row["decode_errors"] == []
    types = dict(spark.table("jcat.ibmi_esd_ifs_write").dtypes)
    assert types["DATA_OFFSET"] == types["DATA_LENGTH"] == "decimal(20,0)"
    assert dict(spark.table("jcat.ibmi_esd_partial_transactions").dtypes)["COMMIT_IDS"] == "array<decimal(20,0)>"


def test_esd_cut_by_the_record_length_gives_nulls_named_in_decode_errors(built, entries):
    (i,) = [i for i, e in entries.items() if e[5] == "truncated"]
    row = built["ifs_create_summary"][i]
    assert len(row["ENTRY_SPECIFIC_DATA"]) == 165
    want = expected_fixed(BY_MODEL["ifs_create_summary"])
    held = {k: v for k, v in want.items() if k in ("OBJECT_FID", "OWNER", "AUTHORIZATION_LIST", "PC_CHANGED")}
    assert {k: row[k] for k in held} == held  # fields before the cut still decode
    assert row["JOURNAL_INFORMATION"].asDict() == JINFO  # 123-158: held in full
    # DEVICE_ID (159-166) is cut; the name, path and symlink the offsets point to are beyond the cut
    for col in ("DEVICE_ID", "CREATE_OBJECT_AUDITING", "OBJECT", "PATH", "SYMLINK"):
        assert row[col] is None, col
    assert set(row["decode_errors"]) == {"DEVICE_ID", "OBJECT", "PATH", "SYMLINK"}


def test_malformed_utf16_name_is_null_and_named(built, entries):
    (i,) = [i for i, e in entries.items() if e[5] == "bad_utf16"]
    row = built["ifs_begin_create"][i]
    obj = row["OBJECT"].asDict()
    assert (obj["LENGTH"], obj["CCSID"], obj["NAME"]) == (4, 1200, None)
    assert row["decode_errors"] == ["OBJECT"]


@pytest.mark.parametrize("case", [c[0] for c in PART_CASES])
def test_parts_that_do_not_decode_are_null_and_named_themselves(built, entries, case):
    """A part read from another (API_INFORMATION from DATA, texts from bytes) or addressed by an offset and a
    length is NULL and named in decode_errors itself when its bytes are not there, never silently NULL."""
    ((model, want),) = [(c[1], c[5]) for c in PART_CASES if c[0] == case]
    (i,) = [i for i, e in entries.items() if e[5] == case]
    row = {k: plain(v) for k, v in built[model][i].asDict().items()}
    bad = {k: (row[k], w) for k, w in want.items() if not matches(row[k], w)}
    assert not bad


def test_luw_api_and_rmt_records(built, entries):
    (i,) = [i for i, e in entries.items() if e[5] == "luw_extra"]
    row = {k: plain(v) for k, v in built["logical_unit_of_work"][i].asDict().items()}
    want = dict(
        HDR=LUW_HDR,
        LCL=[],
        API=[LUW_API],
        DDL=[],
        RMT=[LUW_RMT],
        DDM=[],
        RECORD_TYPES=["HDR", "API", "RMT"],
        decode_errors=[],
    )
    bad = {k: (row[k], w) for k, w in want.items() if not matches(row[k], w)}
    assert not bad


def test_demo_journal_file_carries_every_mapped_layout_whole():
    """The demo's *TYPE5 file: one entry of each mapped layout, none cut by the outfile's record length."""
    from udfs.demo import ibmi as demo

    recs = demo.esd_entry_records()
    layout_of = EXPECTED
    pairs = [(r[25:26].decode("cp037"), r[26:28].decode("cp037")) for r in recs]
    assert sorted(layout_of[p] for p in pairs) == sorted(set(EXPECTED.values()))
    for r, (code, typ) in zip(recs, pairs):
        esd = sample_esd(layout_of[(code, typ)])
        assert int(r[:5].decode("cp037")) == 609 + len(esd) <= len(r)  # JOENTL: the whole entry fits
        assert r[609 : 609 + len(esd)] == esd

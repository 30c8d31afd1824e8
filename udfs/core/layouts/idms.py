"""CA IDMS journal records: the JREPORT 000 `REC` table of seed 004 as data, and encoders for every record type.

Each `Rec` mirrors one `REC name position length [type]` line (1-based position, bytes, Culprit type
1 = binary, 2 = packed, blank = character/hex) plus the record types the seed lists it under and how the
model `idms_journal` decodes it. Synonyms that overlay other bytes are kept as lines too, with `folded`
naming the column that carries their bytes, so the table reads against the manual line by line.

Record framing (Broadcom KB 247037 dump): REC-LEN counts the whole record including its own 2 bytes,
then X'0000', then the EBCDIC type. The 8-byte IDMS date-time (KB 28740) is days since 0001-01-01 in
bits 0-26, seconds since midnight in bits 27-43, microseconds in bits 44-63.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..kinds import encode_field
from . import Field

ALL = frozenset("TIME BGIN AREA COMT ENDJ RTSV ABRT BFOR AFTR DIND DCOM DBAK DPND DFGT".split())
TX = frozenset("BGIN COMT ENDJ ABRT RTSV".split())  # checkpoints of a local transaction branch
TXA = TX | {"AREA"}
TXAI = TXA | {"BFOR", "AFTR"}
STATS = frozenset("COMT ENDJ ABRT".split())
TASK = frozenset("BGIN COMT ENDJ ABRT".split())  # TASK-ID; RTSV has SAVEPOINT-SEQ there
IMAGES = frozenset({"BFOR", "AFTR"})
DIST = frozenset("DIND DCOM DBAK DPND DFGT".split())
RECORD_TYPES = tuple("TIME BGIN AREA COMT ENDJ RTSV ABRT BFOR AFTR DIND DCOM DBAK DPND DFGT".split())
# The seed's headings by name: a field's record types are one of these or a single type.
SETS = {"ALL": ALL, "TX": TX, "TXA": TXA, "TXAI": TXAI, "STATS": STATS, "TASK": TASK, "IMAGES": IMAGES, "DIST": DIST}

# Decoding kinds used by the model: ubin (unsigned big-endian, up to 4 bytes: BIGINT), u64 (unsigned 8 bytes:
# DECIMAL(20,0), exact up to 2^64-1, where BIGINT stops at 2^63-1), char (EBCDIC, blank -> NULL), hex (raw bytes
# as hex text), packed, idms_ts (8-byte IDMS date-time, the system's wall clock: TIMESTAMP_NTZ), idms_ts_utc (the
# same, a UTC instant: TIMESTAMP, the GMT stamps), group (a name for the fields that follow).


@dataclass(frozen=True)
class Rec:
    field: Field
    seed_type: str  # "1", "2" or "" exactly as in seed 004
    types: frozenset  # record types that carry the field
    folded: str | None = None  # synonym over the bytes of this column (no column of its own)

    @property
    def name(self) -> str:
        return self.field.name

    @property
    def column(self) -> str:
        return self.field.name.replace("-", "_")

    @property
    def carried_by(self) -> str:
        """The record types as the seed heads them: a set name (ALL, TX, ...) or the one type."""
        for name, types in SETS.items():
            if self.types == types:
                return name
        if len(self.types) == 1:
            return next(iter(self.types))
        raise ValueError(f"{self.name}: record types {sorted(self.types)} are no heading of the seed")


def _r(name, pos, length, seed_type, kind, types, folded=None, doc=""):
    return Rec(Field(name, pos, length, kind, doc), seed_type, frozenset(types), folded)


# a declaration table: one line per field, as the manual prints it
# fmt: off
REC: tuple[Rec, ...] = (
    # common prefix, every record
    _r("REC-LEN", 1, 2, "1", "ubin", ALL,
       doc="length of the whole record in bytes, its own two bytes included (checked against the landed record; "
           "a mismatch is named in decode_errors)"),
    _r("TYPE", 5, 4, "", "char", ALL,
       doc="record type: TIME, BGIN, AREA, COMT, ENDJ, RTSV, ABRT, BFOR, AFTR, DIND, DCOM, DBAK, DPND or DFGT"),
    _r("GMT", 9, 8, "", "idms_ts_utc", ALL,
       doc="UTC instant the record was built (TIME: when the buffer was written), from the IDMS 8-byte "
           "date-time; NULL when zero"),
    _r("SEQ", 17, 8, "1", "u64", ALL, doc="journal sequence number; goes up by one from each record to the next"),
    _r("SEQ-A", 17, 8, "", "hex", ALL, doc="SEQ bytes as hex, for the hex compares JREPORT does (IDMS/2882)"),
    _r("QUAL", 25, 8, "1", "hex", ALL,
       doc="qualifier bytes as hex: a central version's node name, or in local mode a GMT stamp"),
    _r("QUAL-CV", 25, 8, "", "char", ALL,
       doc="node name of the central version that wrote the record (when the qualifier is text)"),
    _r("QUAL-LOCAL", 25, 8, "1", "idms_ts_utc", ALL,
       doc="local-mode qualifier: a GMT stamp, UTC instant (when the qualifier's first byte is below X'40')"),
    _r("CVNO", 33, 1, "", "ubin", ALL,
       doc="central version number (the dump in KB 247037 shows 65 for node SYSTEM65)"),
    _r("VERS", 34, 1, "", "hex", ALL, doc="record version"),
    _r("RSV1", 35, 2, "", "hex", ALL, doc="reserved"),
    # BGIN, COMT, ENDJ, ABRT, RTSV plus AREA, BFOR, AFTR
    _r("TRANSACT-ID", 37, 4, "1", "ubin", TXAI, doc="local transaction id (LID) of the branch the record belongs to"),
    _r("TRANSACT-IDC", 37, 4, "", "hex", TXAI, doc="LID bytes as hex"),
    # BGIN, COMT, ENDJ, ABRT, RTSV plus AREA
    _r("VIB", 41, 4, "1", "ubin", TXA),
    # BGIN, COMT, ENDJ, ABRT, RTSV
    _r("PROGRAM-NAME", 45, 8, "", "char", TX),
    _r("DTESTAMP", 53, 8, "", "idms_ts", TX,
       doc="local wall-clock date-time the checkpoint was placed in the journal buffer (IDMS date-time, no time "
           "zone)"),
    _r("DTESTAMPX", 53, 8, "1", "hex", TX, doc="DTESTAMP bytes as hex, kept raw"),
    _r("OLDTIM", 61, 8, "2", "packed", TX,
       doc="old time field, marked not used in JREPORT 000; packed decimal, NULL when zero"),
    _r("UPDATE-QUIESE", 69, 2, "1", "ubin", TX),
    _r("QUIESCE", 71, 2, "1", "ubin", TX),
    _r("SAVEPOINT-SEQ", 73, 8, "1", "u64", {"RTSV"},
       doc="RTSV only: sequence of the savepoint the failed SQL statement is rolled back to"),
    _r("TASK-ID", 73, 8, "", "hex", TASK,
       doc="local task id bytes as hex (BGIN, COMT, ENDJ, ABRT); LT_P1 and LT_P2 are its two halves"),
    _r("LT-P1", 73, 4, "", "char", TASK),
    _r("LT-P2", 77, 4, "1", "ubin", TASK),
    # COMT, ENDJ, ABRT statistics
    _r("UPDATED", 81, 4, "1", "ubin", STATS),
    _r("DB-STATS", 85, 60, "", "group", STATS, doc="READ .. EXCLUSIVE-LOCKS-HELD"),
    _r("READ", 85, 4, "1", "ubin", STATS),
    _r("WRITTEN", 89, 4, "1", "ubin", STATS),
    _r("PAGE-REQUESTS", 93, 4, "1", "ubin", STATS),
    _r("CALC-ON", 97, 4, "1", "ubin", STATS),
    _r("CALC-NOT-ON", 101, 4, "1", "ubin", STATS),
    _r("VIA-ON", 105, 4, "1", "ubin", STATS),
    _r("VIA-NOT-ON", 109, 4, "1", "ubin", STATS),
    _r("REC-REQUESTED", 113, 4, "1", "ubin", STATS),
    _r("CURR-OF-TR", 117, 4, "1", "ubin", STATS),
    _r("CALLS", 121, 4, "1", "ubin", STATS),
    _r("FGMT-STORED", 125, 4, "1", "ubin", STATS),
    _r("FGMT-RETURNED", 129, 4, "1", "ubin", STATS),
    _r("LOCKS-REQUESTED", 133, 4, "1", "ubin", STATS),
    _r("SHARED-LOCKS-HELD", 137, 4, "1", "ubin", STATS),
    _r("EXCLUSIVE-LOCKS-HELD", 141, 4, "1", "ubin", STATS),
    _r("TR-ID-CV", 145, 4, "1", "ubin", STATS, doc="transaction id"),
    _r("TASK-ID-CV", 149, 4, "1", "ubin", STATS, doc="TCE address"),
    _r("LOCAL-TASK-ID-CV", 153, 8, "", "hex", STATS),
    _r("LT-PART1", 153, 4, "", "char", STATS),
    _r("LT-PART2", 157, 4, "1", "ubin", STATS),
    _r("LT-PART2A", 157, 3, "1", "ubin", STATS, folded="LT_PART2", doc="IDMS/2549"),
    _r("LT-PART2B", 160, 1, "1", "ubin", STATS, folded="LT_PART2", doc="IDMS/2549"),
    _r("IX-STATS", 161, 40, "", "group", STATS, doc="IX-SR8-SPLITS .. IX-LEVELS-SEARCHED-WORST"),
    _r("IX-SR8-SPLITS", 161, 4, "1", "ubin", STATS),
    _r("IX-SR8-SPAWNS", 165, 4, "1", "ubin", STATS),
    _r("IX-SR8-STORED", 169, 4, "1", "ubin", STATS),
    _r("IX-SR8-ERASED", 173, 4, "1", "ubin", STATS),
    _r("IX-SR7-STORED", 177, 4, "1", "ubin", STATS),
    _r("IX-SR7-ERASED", 181, 4, "1", "ubin", STATS),
    _r("IX-BTREE-SEARCHES", 185, 4, "1", "ubin", STATS),
    _r("IX-BTREE-LEVELS-SEARCHED", 189, 4, "1", "ubin", STATS),
    _r("IX-ORPHANS-ADOPTED", 193, 4, "1", "ubin", STATS),
    _r("IX-LEVELS-SEARCHED-BEST", 197, 2, "1", "ubin", STATS),
    _r("IX-LEVELS-SEARCHED-WORST", 199, 2, "1", "ubin", STATS),
    # TIME only
    _r("T-DATESTMP", 37, 8, "1", "idms_ts", {"TIME"},
       doc="TIME only: local wall-clock date-time the buffer was written; NULL while zero (not yet written)"),
    # BGIN only (r16 SP4 user id, r16 SP6 / r16.1 external identity)
    _r("USER-ID", 81, 32, "", "char", {"BGIN"},
       doc="BGIN only: user signed on who ran the application (r16 SP4 and later; NULL on shorter, older "
           "records)"),
    _r("EXTERNAL-ID", 113, 32, "", "char", {"BGIN"},
       doc="BGIN only: external identity from a multitier application such as a web front end (r16 SP6 / r16.1 "
           "and later)"),
    # AREA only
    _r("AREA", 45, 18, "", "char", {"AREA"}, doc="AREA only: name of the database area readied"),
    _r("RESERVED2", 63, 2, "", "hex", {"AREA"}),
    _r("LOW-PAGE", 65, 4, "1", "ubin", {"AREA"}),
    _r("HIGH-PAGE", 69, 4, "1", "ubin", {"AREA"}),
    _r("MODE", 73, 2, "1", "ubin", {"AREA"}),
    _r("ACCESS", 75, 2, "1", "ubin", {"AREA"}),
    # BFOR and AFTR only
    _r("IDMS-VSAM-FLAG", 41, 1, "1", "ubin", IMAGES),
    _r("AREA-TYPE", 41, 1, "1", "ubin", IMAGES, folded="IDMS_VSAM_FLAG"),
    _r("VERB-NUM", 42, 1, "1", "ubin", IMAGES, doc="function code of the DML verb"),
    _r("VERB", 42, 1, "1", "ubin", IMAGES, folded="VERB_NUM"),
    _r("PAGE-GROUP", 43, 2, "1", "ubin", IMAGES),
    _r("DBK-FORMAT", 45, 4, "1", "ubin", IMAGES),
    _r("DBK-LINES", 48, 1, "1", "ubin", IMAGES),
    _r("DB-KEY", 49, 4, "1", "ubin", IMAGES, doc="database key of the record image: page x 2^radix + line"),
    _r("DB-KEY1", 49, 3, "1", "ubin", IMAGES, folded="DB_KEY", doc="page with radix 8 (IDMS/1209)"),
    _r("DB-KEY2", 52, 1, "1", "ubin", IMAGES, folded="DB_KEY", doc="line with radix 8 (IDMS/1209)"),
    _r("DB-KEY-A", 49, 4, "", "hex", IMAGES, doc="DB_KEY bytes as hex (IDMS/2721 hex compares)"),
    _r("USER-REC-ID", 53, 2, "1", "ubin", IMAGES),
    _r("USER-REC-ID-A", 53, 2, "", "hex", IMAGES, doc="hex compares (IDMS/1893)"),
    _r("PG-DISPL", 55, 2, "1", "ubin", IMAGES),
    _r("IMAGE-LEN", 57, 2, "1", "ubin", IMAGES,
       doc="length of the record image; 0 means a null image (no before image for a store, no after image for an "
           "erase)"),
    _r("PREFIX-LEN", 59, 2, "1", "ubin", IMAGES),
    _r("DISPLACEMENT", 61, 2, "1", "ubin", IMAGES),
    _r("SPAN-OFFSET", 63, 2, "1", "ubin", IMAGES),
    _r("USER-RECORD", 65, 2, "1", "ubin", IMAGES, doc="first 2 bytes of the image"),
    # distributed checkpoints DIND, DCOM, DBAK, DPND, DFGT
    _r("DTRIDQ", 37, 24, "", "hex", DIST, doc="DTRID plus DBRANCH_ID as hex"),
    _r("DTRID", 37, 16, "", "hex", DIST, doc="distributed transaction id as hex: DNODE then DID"),
    _r("DNODE", 37, 8, "", "char", DIST),
    _r("DID", 45, 8, "", "hex", DIST),
    _r("DBRANCH-ID", 53, 8, "", "hex", DIST),
    _r("DFLAG1", 61, 1, "", "hex", DIST),
    _r("DFLAG2", 62, 1, "", "hex", DIST),
    _r("STATE", 63, 1, "", "hex", DIST),
    _r("OUTCOME", 64, 1, "", "hex", DIST),
    _r("PREPARE-OUTCOME", 65, 1, "", "hex", DIST),
    _r("BACKOUT-REASON", 66, 1, "", "hex", DIST),
    _r("DRESERVED", 67, 2, "", "hex", DIST),
    _r("LIDOFF", 69, 2, "1", "ubin", DIST,
       doc="offset of the LID list, counted from the start of the record (0-based)"),
    _r("LIDNUM", 71, 2, "1", "ubin", DIST, doc="number of LIDs in the list"),
    _r("XIDOFF", 73, 2, "1", "ubin", DIST),
    _r("XIDNUM", 75, 2, "1", "ubin", DIST),
    _r("RIOFF", 77, 2, "1", "ubin", DIST),
    _r("RICNT", 79, 2, "1", "ubin", DIST),
    _r("DVLEN", 81, 2, "1", "ubin", DIST),
    _r("DVOFF", 83, 2, "1", "ubin", DIST),
    _r("DXXX-RECORD", 85, 2, "1", "ubin", DIST, doc="first 2 bytes of the variable part"),
)
# fmt: on

BY_NAME = {r.name: r for r in REC}
# The fields of the layout function decode_idms, by column name: every REC line with a column of its own (a
# table build decodes each record once, then keeps a field only for the record types that carry it). Hex fields
# are not in it: the model shows their bytes as hex text, which Spark does from the record as cheaply.
LAYOUT: tuple[Field, ...] = tuple(
    Field(r.column, r.field.pos, r.field.length, r.field.kind, r.field.doc)
    for r in REC
    if not r.folded and r.field.kind not in ("group", "hex")
)
IMAGE_POS = 65  # BFOR/AFTR record image starts here (USER-RECORD)
LID_LIST_OFFSET = 84  # where our encoder puts the LID list: right after the fixed distributed part

# Record lengths: TIME is 52 and BGIN 156 bytes in the KB 247037 dump; the others end with their last field.
DEFAULT_LENGTH = {
    "TIME": 52,
    "BGIN": 156,
    "AREA": 76,
    "RTSV": 80,
    "COMT": 200,
    "ENDJ": 200,
    "ABRT": 200,
    "BFOR": 64,
    "AFTR": 64,
    **{t: 84 for t in DIST},
}

DAY_ZERO = dt.date(1, 1, 1)  # day 0 of the IDMS date-time; makes KB 247037's X'01688787AFDC2DBF' 2022-07-29


def idms_datetime(ts: dt.datetime | None) -> bytes:
    """The 8-byte IDMS date-time; None is the 'not yet written' zero value."""
    return encode_field(Field("GMT", 9, 8, "idms_ts_utc"), ts)


def _encode(rec: Rec, value) -> bytes:
    if rec.field.kind == "group":
        raise ValueError(f"{rec.field.name}: cannot encode kind group")
    return encode_field(rec.field, value)


def encode(
    rec_type: str,
    values: dict | None = None,
    *,
    image: bytes = b"",
    lids: tuple[int, ...] = (),
    length: int | None = None,
) -> bytes:
    """One journal record of `rec_type`. `values` by column name (REC name with underscores).

    Char fields the type carries default to blanks, everything else to X'00'. BFOR/AFTR take `image`
    (IMAGE-LEN is set from it); DIND/DCOM/DBAK take `lids` (LIDOFF/LIDNUM set, list after byte 84).
    REC-LEN is the final length unless given (to build a corrupt record on purpose).
    """
    if rec_type not in ALL:
        raise ValueError(f"unknown IDMS record type {rec_type!r}")
    values = dict(values or {})
    by_col = {r.column: r for r in REC if rec_type in r.types and not r.folded and r.field.kind != "group"}
    unknown = set(values) - set(by_col)
    if unknown:
        raise KeyError(f"{rec_type} has no fields {sorted(unknown)}")
    base = length or DEFAULT_LENGTH[rec_type]
    buf = bytearray(base)
    for r in by_col.values():  # blanks for text the type carries, in table order (later synonyms win)
        if r.field.kind == "char" and r.field.end - 1 <= len(buf):  # a short (older) record lacks later fields
            buf[r.field.offset : r.field.end - 1] = b"\x40" * r.field.length
    if rec_type in IMAGES:
        values["IMAGE_LEN"] = len(image)
        buf[IMAGE_POS - 1 :] = image
    if rec_type in DIST and lids:
        values.setdefault("LIDOFF", LID_LIST_OFFSET)
        values["LIDNUM"] = len(lids)
        off = values["LIDOFF"]
        need = off + 4 * len(lids)
        if len(buf) < need:
            buf.extend(b"\x00" * (need - len(buf)))
        for i, lid in enumerate(lids):
            buf[off + 4 * i : off + 4 * i + 4] = lid.to_bytes(4, "big")
    values.setdefault("TYPE", rec_type)
    values.setdefault("REC_LEN", len(buf))
    for col, v in values.items():
        r = by_col[col]
        if r.field.end - 1 > len(buf):
            raise ValueError(f"{col} ends at {r.field.end - 1}, past the {len(buf)}-byte {rec_type} record")
        buf[r.field.offset : r.field.end - 1] = _encode(r, v)
    buf[2:4] = b"\x00\x00"
    return bytes(buf)


def journal(
    records: list[tuple[str, dict]],
    *,
    start_seq: int = 1,
    node: str = "SYSTEM74",
    start: dt.datetime = dt.datetime(2024, 3, 4, 9, 0, 0),
    step=dt.timedelta(milliseconds=125),
) -> list[bytes]:
    """Records in journal order: SEQ +1 and GMT +`step` each, QUAL-CV = node unless a record sets its own.

    Each item is (type, values); values may hold `image` or `lids` for BFOR/AFTR and distributed records.
    """
    out = []
    for i, (rec_type, values) in enumerate(records):
        values = dict(values)
        image = values.pop("image", b"")
        lids = tuple(values.pop("lids", ()))
        values.setdefault("SEQ", start_seq + i)
        values.setdefault("GMT", start + i * step)
        if "QUAL_LOCAL" not in values and "QUAL" not in values:
            values.setdefault("QUAL_CV", node)
        out.append(encode(rec_type, values, image=image, lids=lids))
    return out

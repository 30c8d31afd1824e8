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

    def __post_init__(self):
        object.__setattr__(self, "types", frozenset(self.types))

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


# a declaration table: one line per field, as the manual prints it
# fmt: off
REC: tuple[Rec, ...] = (
    # common prefix, every record
    Rec(Field(name="REC-LEN", pos=1, length=2, kind="ubin", doc="length of the whole record in bytes, its own two bytes included (checked against the landed record; a mismatch is named in decode_errors)"), seed_type="1", types=ALL),
    Rec(Field(name="TYPE", pos=5, length=4, kind="char", doc="record type: TIME, BGIN, AREA, COMT, ENDJ, RTSV, ABRT, BFOR, AFTR, DIND, DCOM, DBAK, DPND or DFGT"), seed_type="", types=ALL),
    Rec(Field(name="GMT", pos=9, length=8, kind="idms_ts_utc", doc="UTC instant the record was built (TIME: when the buffer was written), from the IDMS 8-byte date-time; NULL when zero"), seed_type="", types=ALL),
    Rec(Field(name="SEQ", pos=17, length=8, kind="u64", doc="journal sequence number; goes up by one from each record to the next"), seed_type="1", types=ALL),
    Rec(Field(name="SEQ-A", pos=17, length=8, kind="hex", doc="SEQ bytes as hex, for the hex compares JREPORT does (IDMS/2882)"), seed_type="", types=ALL),
    Rec(Field(name="QUAL", pos=25, length=8, kind="hex", doc="qualifier bytes as hex: a central version's node name, or in local mode a GMT stamp"), seed_type="1", types=ALL),
    Rec(Field(name="QUAL-CV", pos=25, length=8, kind="char", doc="node name of the central version that wrote the record (when the qualifier is text)"), seed_type="", types=ALL),
    Rec(Field(name="QUAL-LOCAL", pos=25, length=8, kind="idms_ts_utc", doc="local-mode qualifier: a GMT stamp, UTC instant (when the qualifier's first byte is below X'40')"), seed_type="1", types=ALL),
    Rec(Field(name="CVNO", pos=33, length=1, kind="ubin", doc="central version number (the dump in KB 247037 shows 65 for node SYSTEM65)"), seed_type="", types=ALL),
    Rec(Field(name="VERS", pos=34, length=1, kind="hex", doc="record version"), seed_type="", types=ALL),
    Rec(Field(name="RSV1", pos=35, length=2, kind="hex", doc="reserved"), seed_type="", types=ALL),
    # BGIN, COMT, ENDJ, ABRT, RTSV plus AREA, BFOR, AFTR
    Rec(Field(name="TRANSACT-ID", pos=37, length=4, kind="ubin", doc="local transaction id (LID) of the branch the record belongs to"), seed_type="1", types=TXAI),
    Rec(Field(name="TRANSACT-IDC", pos=37, length=4, kind="hex", doc="LID bytes as hex"), seed_type="", types=TXAI),
    # BGIN, COMT, ENDJ, ABRT, RTSV plus AREA
    Rec(Field(name="VIB", pos=41, length=4, kind="ubin"), seed_type="1", types=TXA),
    # BGIN, COMT, ENDJ, ABRT, RTSV
    Rec(Field(name="PROGRAM-NAME", pos=45, length=8, kind="char"), seed_type="", types=TX),
    Rec(Field(name="DTESTAMP", pos=53, length=8, kind="idms_ts", doc="local wall-clock date-time the checkpoint was placed in the journal buffer (IDMS date-time, no time zone)"), seed_type="", types=TX),
    Rec(Field(name="DTESTAMPX", pos=53, length=8, kind="hex", doc="DTESTAMP bytes as hex, kept raw"), seed_type="1", types=TX),
    Rec(Field(name="OLDTIM", pos=61, length=8, kind="packed", doc="old time field, marked not used in JREPORT 000; packed decimal, NULL when zero"), seed_type="2", types=TX),
    Rec(Field(name="UPDATE-QUIESE", pos=69, length=2, kind="ubin"), seed_type="1", types=TX),
    Rec(Field(name="QUIESCE", pos=71, length=2, kind="ubin"), seed_type="1", types=TX),
    Rec(Field(name="SAVEPOINT-SEQ", pos=73, length=8, kind="u64", doc="RTSV only: sequence of the savepoint the failed SQL statement is rolled back to"), seed_type="1", types={"RTSV"}),
    Rec(Field(name="TASK-ID", pos=73, length=8, kind="hex", doc="local task id bytes as hex (BGIN, COMT, ENDJ, ABRT); LT_P1 and LT_P2 are its two halves"), seed_type="", types=TASK),
    Rec(Field(name="LT-P1", pos=73, length=4, kind="char"), seed_type="", types=TASK),
    Rec(Field(name="LT-P2", pos=77, length=4, kind="ubin"), seed_type="1", types=TASK),
    # COMT, ENDJ, ABRT statistics
    Rec(Field(name="UPDATED", pos=81, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="DB-STATS", pos=85, length=60, kind="group", doc="READ .. EXCLUSIVE-LOCKS-HELD"), seed_type="", types=STATS),
    Rec(Field(name="READ", pos=85, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="WRITTEN", pos=89, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="PAGE-REQUESTS", pos=93, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="CALC-ON", pos=97, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="CALC-NOT-ON", pos=101, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="VIA-ON", pos=105, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="VIA-NOT-ON", pos=109, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="REC-REQUESTED", pos=113, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="CURR-OF-TR", pos=117, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="CALLS", pos=121, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="FGMT-STORED", pos=125, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="FGMT-RETURNED", pos=129, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="LOCKS-REQUESTED", pos=133, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="SHARED-LOCKS-HELD", pos=137, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="EXCLUSIVE-LOCKS-HELD", pos=141, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="TR-ID-CV", pos=145, length=4, kind="ubin", doc="transaction id"), seed_type="1", types=STATS),
    Rec(Field(name="TASK-ID-CV", pos=149, length=4, kind="ubin", doc="TCE address"), seed_type="1", types=STATS),
    Rec(Field(name="LOCAL-TASK-ID-CV", pos=153, length=8, kind="hex"), seed_type="", types=STATS),
    Rec(Field(name="LT-PART1", pos=153, length=4, kind="char"), seed_type="", types=STATS),
    Rec(Field(name="LT-PART2", pos=157, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="LT-PART2A", pos=157, length=3, kind="ubin", doc="IDMS/2549"), seed_type="1", types=STATS, folded="LT_PART2"),
    Rec(Field(name="LT-PART2B", pos=160, length=1, kind="ubin", doc="IDMS/2549"), seed_type="1", types=STATS, folded="LT_PART2"),
    Rec(Field(name="IX-STATS", pos=161, length=40, kind="group", doc="IX-SR8-SPLITS .. IX-LEVELS-SEARCHED-WORST"), seed_type="", types=STATS),
    Rec(Field(name="IX-SR8-SPLITS", pos=161, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-SR8-SPAWNS", pos=165, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-SR8-STORED", pos=169, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-SR8-ERASED", pos=173, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-SR7-STORED", pos=177, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-SR7-ERASED", pos=181, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-BTREE-SEARCHES", pos=185, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-BTREE-LEVELS-SEARCHED", pos=189, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-ORPHANS-ADOPTED", pos=193, length=4, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-LEVELS-SEARCHED-BEST", pos=197, length=2, kind="ubin"), seed_type="1", types=STATS),
    Rec(Field(name="IX-LEVELS-SEARCHED-WORST", pos=199, length=2, kind="ubin"), seed_type="1", types=STATS),
    # TIME only
    Rec(Field(name="T-DATESTMP", pos=37, length=8, kind="idms_ts", doc="TIME only: local wall-clock date-time the buffer was written; NULL while zero (not yet written)"), seed_type="1", types={"TIME"}),
    # BGIN only (r16 SP4 user id, r16 SP6 / r16.1 external identity)
    Rec(Field(name="USER-ID", pos=81, length=32, kind="char", doc="BGIN only: user signed on who ran the application (r16 SP4 and later; NULL on shorter, older records)"), seed_type="", types={"BGIN"}),
    Rec(Field(name="EXTERNAL-ID", pos=113, length=32, kind="char", doc="BGIN only: external identity from a multitier application such as a web front end (r16 SP6 / r16.1 and later)"), seed_type="", types={"BGIN"}),
    # AREA only
    Rec(Field(name="AREA", pos=45, length=18, kind="char", doc="AREA only: name of the database area readied"), seed_type="", types={"AREA"}),
    Rec(Field(name="RESERVED2", pos=63, length=2, kind="hex"), seed_type="", types={"AREA"}),
    Rec(Field(name="LOW-PAGE", pos=65, length=4, kind="ubin"), seed_type="1", types={"AREA"}),
    Rec(Field(name="HIGH-PAGE", pos=69, length=4, kind="ubin"), seed_type="1", types={"AREA"}),
    Rec(Field(name="MODE", pos=73, length=2, kind="ubin"), seed_type="1", types={"AREA"}),
    Rec(Field(name="ACCESS", pos=75, length=2, kind="ubin"), seed_type="1", types={"AREA"}),
    # BFOR and AFTR only
    Rec(Field(name="IDMS-VSAM-FLAG", pos=41, length=1, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="AREA-TYPE", pos=41, length=1, kind="ubin"), seed_type="1", types=IMAGES, folded="IDMS_VSAM_FLAG"),
    Rec(Field(name="VERB-NUM", pos=42, length=1, kind="ubin", doc="function code of the DML verb"), seed_type="1", types=IMAGES),
    Rec(Field(name="VERB", pos=42, length=1, kind="ubin"), seed_type="1", types=IMAGES, folded="VERB_NUM"),
    Rec(Field(name="PAGE-GROUP", pos=43, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="DBK-FORMAT", pos=45, length=4, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="DBK-LINES", pos=48, length=1, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="DB-KEY", pos=49, length=4, kind="ubin", doc="database key of the record image: page x 2^radix + line"), seed_type="1", types=IMAGES),
    Rec(Field(name="DB-KEY1", pos=49, length=3, kind="ubin", doc="page with radix 8 (IDMS/1209)"), seed_type="1", types=IMAGES, folded="DB_KEY"),
    Rec(Field(name="DB-KEY2", pos=52, length=1, kind="ubin", doc="line with radix 8 (IDMS/1209)"), seed_type="1", types=IMAGES, folded="DB_KEY"),
    Rec(Field(name="DB-KEY-A", pos=49, length=4, kind="hex", doc="DB_KEY bytes as hex (IDMS/2721 hex compares)"), seed_type="", types=IMAGES),
    Rec(Field(name="USER-REC-ID", pos=53, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="USER-REC-ID-A", pos=53, length=2, kind="hex", doc="hex compares (IDMS/1893)"), seed_type="", types=IMAGES),
    Rec(Field(name="PG-DISPL", pos=55, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="IMAGE-LEN", pos=57, length=2, kind="ubin", doc="length of the record image; 0 means a null image (no before image for a store, no after image for an erase)"), seed_type="1", types=IMAGES),
    Rec(Field(name="PREFIX-LEN", pos=59, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="DISPLACEMENT", pos=61, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="SPAN-OFFSET", pos=63, length=2, kind="ubin"), seed_type="1", types=IMAGES),
    Rec(Field(name="USER-RECORD", pos=65, length=2, kind="ubin", doc="first 2 bytes of the image"), seed_type="1", types=IMAGES),
    # distributed checkpoints DIND, DCOM, DBAK, DPND, DFGT
    Rec(Field(name="DTRIDQ", pos=37, length=24, kind="hex", doc="DTRID plus DBRANCH_ID as hex"), seed_type="", types=DIST),
    Rec(Field(name="DTRID", pos=37, length=16, kind="hex", doc="distributed transaction id as hex: DNODE then DID"), seed_type="", types=DIST),
    Rec(Field(name="DNODE", pos=37, length=8, kind="char"), seed_type="", types=DIST),
    Rec(Field(name="DID", pos=45, length=8, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="DBRANCH-ID", pos=53, length=8, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="DFLAG1", pos=61, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="DFLAG2", pos=62, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="STATE", pos=63, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="OUTCOME", pos=64, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="PREPARE-OUTCOME", pos=65, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="BACKOUT-REASON", pos=66, length=1, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="DRESERVED", pos=67, length=2, kind="hex"), seed_type="", types=DIST),
    Rec(Field(name="LIDOFF", pos=69, length=2, kind="ubin", doc="offset of the LID list, counted from the start of the record (0-based)"), seed_type="1", types=DIST),
    Rec(Field(name="LIDNUM", pos=71, length=2, kind="ubin", doc="number of LIDs in the list"), seed_type="1", types=DIST),
    Rec(Field(name="XIDOFF", pos=73, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="XIDNUM", pos=75, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="RIOFF", pos=77, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="RICNT", pos=79, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="DVLEN", pos=81, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="DVOFF", pos=83, length=2, kind="ubin"), seed_type="1", types=DIST),
    Rec(Field(name="DXXX-RECORD", pos=85, length=2, kind="ubin", doc="first 2 bytes of the variable part"), seed_type="1", types=DIST),
)
# fmt: on

BY_NAME = {r.name: r for r in REC}
# The fields of the layout function decode_idms, by column name: every REC line with a column of its own (a
# table build decodes each record once, then keeps a field only for the record types that carry it). Hex fields
# are not in it: the model shows their bytes as hex text, which Spark does from the record as cheaply.
LAYOUT: tuple[Field, ...] = tuple(
    Field(name=r.column, pos=r.field.pos, length=r.field.length, kind=r.field.kind, doc=r.field.doc)
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
    return encode_field(Field(name="GMT", pos=9, length=8, kind="idms_ts_utc"), ts)


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

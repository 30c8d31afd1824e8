"""BMC AMI Log Master for Db2: logical log data change record (LLDF), seed 002.

Offsets below are 0-based, exactly as the seed's table prints them (`Field(offset=...)`); `Field.pos` keeps
the project's 1-based convention (offset + 1), which is what Spark's `substr` takes.

How an LLDF record ends (the rule both the landing and the models use), in seed 002's own words
------------------------------------------------------------------------------------------------
    record = header (LENGTH bytes, "use the LENGTH field at the beginning of each logical log record to determine
             the length of the header"; 288 in Log Master 11.1+, larger later)
           + DATA: "First 2 bytes are a halfword value that contains total length of the data segment (including
             2-byte length)"; then the row images: "The row image begins with a two-byte length value that defines
             the length of the succeeding row image", and for an update "The additional row image starts with a
             two-byte length field that begins immediately after the update action's before image."

    DATA = total(2, counts itself) + [len(2, not counting itself) + image] ...   so   2 + sum(2 + len) = total

* Images by CHANGE TYPE (offset 104): 'UB' before image then after image ("For UB records [...] before data is
  first; after data is next"); 'I', 'IL' the after image; 'D' the before image; 'E' (exchange) "2-byte length of
  clone table owner, Owner of clone table, 2-byte length of clone table name, Name of clone table"; 'DM' (and
  'DT', 'DR') "data segments might or might not exist": no DATA at all, or limit-key values. The seed says
  nothing of the content of 'CO', 'CM', 'SC': their DATA is kept whole, only its total length is checked.
* Segments (TOTALSEGS > 1): every segment is a copy of the header followed by the next slice of DATA; DATA's
  total length and the image lengths are read on the reassembled DATA. Segments are framed by their RDW (the
  normal transfer keeps it); without RDWs, by SEGLEN ("Length of segment"), which we write as the whole
  segment's length including its header. Unsegmented records carry TOTALSEGS = 1, SEGNUM = 1, SEGLEN = the
  record length.

Value forms: BIN(17) timestamps are BCD (`encoders.timestamp17`); LRSN/RBA fields are 10 bytes, a 6-byte LRSN
at offset 1 of the 10, a 6-byte RBA at offset 4 (`place_lrsn6`, `place_rba6`).
"""

from __future__ import annotations

import datetime as dt

from .. import encoders as enc
from ..kinds import encode_field
from . import Field, check_contiguous

HEADER_LENGTH = 288  # Log Master 11.1+; read LENGTH, never assume it
CHANGE_TYPE_OFFSET = 104
# images DATA holds after its total length, by CHANGE TYPE; None: zero or one (limit keys); absent: not cut
IMAGE_COUNT = {"UB": 2, "I": 1, "IL": 1, "D": 1, "E": 2, "DM": None, "DT": None, "DR": None}


# kinds: ubin (BIN(n): unsigned big-endian), char (EBCDIC), ts17 (BCD BIN(17)), lrsn / rba (10-byte log positions),
# hex (raw bytes)
# a declaration table: one line per field, as the manual prints it
# fmt: off
HEADER: tuple[Field, ...] = (
    Field(offset=0,   name="LENGTH",             length=2,  kind="ubin", doc="length of the header; DATA starts right after it (288 for Log Master 11.1+)"),
    Field(offset=2,   name="SYSTEMID",           length=4,  kind="char", doc="originating Db2 system"),
    Field(offset=6,   name="DBID",               length=2,  kind="ubin", doc="database ID"),
    Field(offset=8,   name="PSID",               length=2,  kind="ubin", doc="table space ID"),
    Field(offset=10,  name="TBOBID",             length=2,  kind="ubin", doc="table OBID"),
    Field(offset=12,  name="TBOWNERLEN",         length=2,  kind="ubin", doc="length of the full table owner"),
    Field(offset=14,  name="TBNAMELEN",          length=2,  kind="ubin", doc="length of the full table name"),
    Field(offset=16,  name="DBNAME",             length=8,  kind="char", doc="database name"),
    Field(offset=24,  name="TSNAME",             length=8,  kind="char", doc="table space name"),
    Field(offset=32,  name="TABLEOWNER",         length=8,  kind="char", doc="table owner (first 8 bytes when longer)"),
    Field(offset=40,  name="TABLENAME",          length=18, kind="char", doc="table name (shortened when longer than 18)"),
    Field(offset=58,  name="PARTNUM",            length=2,  kind="ubin", doc="partition number"),
    Field(offset=60,  name="TIMESTAMP",          length=17, kind="ts17", doc="timestamp of the log record"),
    Field(offset=77,  name="LOGLRSN",            length=10, kind="lrsn", doc="LRSN of the change"),
    Field(offset=87,  name="LOGRBA",             length=10, kind="rba",  doc="RBA of the change"),
    Field(offset=97,  name="MEMBERID",           length=2,  kind="ubin", doc="data sharing member ID, 0 when not data sharing"),
    Field(offset=99,  name="RID",                length=5,  kind="hex",  doc="record ID: 4-byte page number, 1-byte row (ID map entry)"),
    Field(offset=104, name="CHANGE_TYPE",        length=2,  kind="char", doc="kind of change: UB I D DM DT DR IL CO E CM SC"),
    Field(offset=106, name="SQLTYPE",            length=1,  kind="char", doc="U undo, R redo, blank (NULL) other"),
    Field(offset=107, name="LOGRECDISP",         length=1,  kind="char", doc="what became of this log record: C committed, A aborted, S rolled back to a savepoint, O reversed by Db2"),
    Field(offset=108, name="SQLSRCTYPE",         length=1,  kind="char", doc="what generated the change: R RI, T trigger, B both, H temporal history; blank (NULL) application SQL"),
    Field(offset=109, name="LOGBYTES",           length=4,  kind="ubin", doc="Db2 log bytes for the transaction"),
    Field(offset=113, name="LOGDELTA",           length=2,  kind="ubin", doc="log bytes DATA CAPTURE CHANGES costs or saves"),
    Field(offset=115, name="ANOMALYROWID",       length=1,  kind="ubin", doc="anomaly anchor ID from RID"),
    Field(offset=116, name="ANOMALYTYPE",        length=1,  kind="char", doc="why the record is in the log; N normal"),
    Field(offset=117, name="ANOMALYRBA",         length=10, kind="rba",  doc="RBA/LRSN of the anomaly anchor point"),
    Field(offset=127, name="UORTIMESTAMP",       length=17, kind="ts17", doc="timestamp of the unit of recovery"),
    Field(offset=144, name="UORCOMMITTIMESTAMP", length=17, kind="ts17", doc="timestamp of the commit record"),
    Field(offset=161, name="UORDISP",            length=1,  kind="char", doc="what became of the unit of recovery: C committed, A aborted"),
    Field(offset=162, name="UORIDLRSN",          length=10, kind="lrsn", doc="LRSN of the unit of recovery record"),
    Field(offset=172, name="UORID",              length=10, kind="rba",  doc="RBA of the unit of recovery record"),
    Field(offset=182, name="SEGLEN",             length=2,  kind="ubin", doc="length of this segment"),
    Field(offset=184, name="TOTALSEGS",          length=2,  kind="ubin", doc="number of segments; 1 when not segmented"),
    Field(offset=186, name="SEGNUM",             length=2,  kind="ubin", doc="sequence number of this segment; 1 when not segmented"),
    Field(offset=188, name="RESERVED_188",       length=4,  kind="hex",  doc="reserved"),
    Field(offset=192, name="UORCOMMITLRSN",      length=10, kind="lrsn", doc="LRSN of the commit record"),
    Field(offset=202, name="UORCOMMITPOINT",     length=10, kind="rba",  doc="RBA of the commit record"),
    Field(offset=212, name="CONNECTIONTYPE",     length=2,  kind="char", doc="type of connection"),
    Field(offset=214, name="CONNECTID",          length=8,  kind="char", doc="connection ID"),
    Field(offset=222, name="CORRELATIONID",      length=12, kind="char", doc="correlation ID"),
    Field(offset=234, name="AUTHID",             length=8,  kind="char", doc="authorization ID"),
    Field(offset=242, name="PLAN",               length=8,  kind="char", doc="plan name"),
    Field(offset=250, name="LUWNETWORKID",       length=8,  kind="char", doc="LUW network ID"),
    Field(offset=258, name="LUWNAME",            length=8,  kind="char", doc="LUW name"),
    Field(offset=266, name="LUWINSTANCENO",      length=6,  kind="hex",  doc="LUW instance number"),
    Field(offset=272, name="LUWSEQUENCENO",      length=2,  kind="ubin", doc="LUW commit sequence number"),
    Field(offset=274, name="INCOMPLETETRANS",    length=1,  kind="char", doc="Y: transaction has a record Log Master cannot complete"),
    Field(offset=275, name="INCOMPLETEDEP",      length=1,  kind="char", doc="Y: may depend on such a transaction"),
    Field(offset=276, name="UORHASCOMP",         length=1,  kind="char", doc="Y/N: transaction has compensation log records"),
    Field(offset=277, name="SQLRIRBA",           length=10, kind="rba",  doc="sort key for SQL sort"),
    Field(offset=287, name="PAGENUMFMT",         length=1,  kind="char", doc="A absolute (RID's page embeds the partition), R relative page numbers in RID"),
)
# fmt: on
check_contiguous(HEADER, 1, HEADER_LENGTH + 1)
BY_NAME = {f.name: f for f in HEADER}
# Columns the models read from a header field's bytes another way. With HEADER's decoded fields, the fields
# of the layout function decode_lldf: a table build decodes each record once.
DERIVED: tuple[Field, ...] = tuple(
    Field(
        name=f.name + "_FRACTION",
        pos=f.pos,
        length=f.length,
        kind="ts17_fraction",
        doc=f"all fraction digits of {f.name}",
    )
    for f in HEADER
    if f.kind == "ts17"
) + (
    Field(name="RID_PAGE", pos=BY_NAME["RID"].pos, length=4, kind="ubin", doc="RID's 4-byte page number"),
    Field(name="RID_ROW", pos=BY_NAME["RID"].pos + 4, length=1, kind="ubin", doc="RID's 1-byte row (ID map entry)"),
)
LAYOUT = tuple(f for f in HEADER if f.kind != "rba") + DERIVED  # RBAs: raw bytes and a number, both in SQL


def place_lrsn6(lrsn6: bytes) -> bytes:
    """A basic 6-byte LRSN in its 10-byte field: at offset 1 (seed 002)."""
    assert len(lrsn6) == 6
    return b"\x00" + lrsn6 + b"\x00" * 3


def place_rba6(rba6: bytes) -> bytes:
    """A 6-byte RBA in its 10-byte field: at offset 4 (seed 002)."""
    assert len(rba6) == 6
    return b"\x00" * 4 + rba6


def lrsn_field(ts: dt.datetime, extended: bool = True) -> bytes:
    """The 10 bytes of an LRSN header field for an instant, in either form."""
    return enc.lrsn(ts, extended=True) if extended else place_lrsn6(enc.lrsn(ts, extended=False))


def rba_field(value: int, extended: bool = True) -> bytes:
    return enc.rba(value, extended=True) if extended else place_rba6(enc.rba(value, extended=False))


def _encode_value(f: Field, value) -> bytes:
    return encode_field(f, value)


def encode_header(header: dict, length: int = HEADER_LENGTH) -> bytes:
    """The header: named fields encoded at their offsets, binary fields 0, text blank, bytes past 288 X'00'.

    `length` > 288 models a later product version whose header grew: LENGTH says so and readers skip the rest.
    """
    unknown = set(header) - set(BY_NAME)
    if unknown:
        raise KeyError(f"no such LLDF header fields: {sorted(unknown)}")
    if length < HEADER_LENGTH:
        raise ValueError(f"header of {length} bytes is shorter than the {HEADER_LENGTH} this layout reads")
    values = {"LENGTH": length, "TOTALSEGS": 1, "SEGNUM": 1, **header}
    buf = bytearray(b"\x00" * length)
    for f in HEADER:
        buf[f.offset : f.offset + f.length] = _encode_value(f, values.get(f.name))
    return bytes(buf)


def encode_data(images: list[bytes] | None = None, content: bytes | None = None) -> bytes:
    """DATA as seed 002 states it: a halfword total length counting itself, then each image with a 2-byte length
    that does not count itself (`images`), or, for the types whose content the seed does not describe ('CO',
    'CM', 'SC'), the raw `content`. No images and no content: no DATA at all (a DM without limit keys)."""
    if content is not None:
        body = bytes(content)
    elif images:
        body = b"".join(len(image).to_bytes(2, "big") + bytes(image) for image in images)
    else:
        return b""
    return (2 + len(body)).to_bytes(2, "big") + body


def encode_record(
    header: dict, images: list[bytes] | None, header_length: int = HEADER_LENGTH, content: bytes | None = None
) -> bytes:
    """One unsegmented data change record: header then DATA (`encode_data`).

    SEGLEN defaults to the record's length (TOTALSEGS 1, SEGNUM 1) unless `header` sets it.
    """
    data = encode_data(images, content)
    header = {"SEGLEN": header_length + len(data), **header}
    return encode_header(header, header_length) + data


def clone_images(owner: str, name: str) -> list[bytes]:
    """The DATA parts of an 'E' (exchange) record: the clone table's owner and name, each written by
    `encode_data` with its own 2-byte length."""
    return [enc.ebcdic(owner), enc.ebcdic(name)]


def segment(record: bytes, max_segment_length: int) -> list[bytes]:
    """Split a record as the product does when it exceeds the block: each segment is a copy of the header
    with SEGLEN (this segment's length, header included), TOTALSEGS and SEGNUM set, then the next slice of
    the DATA bytes. A record that fits is returned as one segment, unchanged.
    """
    h = int.from_bytes(record[0:2], "big")
    if len(record) <= max_segment_length:
        return [record]
    room = max_segment_length - h
    if room <= 0:
        raise ValueError(f"segments of {max_segment_length} bytes cannot hold the {h}-byte header")
    data = record[h:]
    slices = [data[i : i + room] for i in range(0, len(data), room)]
    out = []
    for number, part in enumerate(slices, start=1):
        head = bytearray(record[:h])
        for name, value in (("SEGLEN", h + len(part)), ("TOTALSEGS", len(slices)), ("SEGNUM", number)):
            f = BY_NAME[name]
            head[f.offset : f.offset + f.length] = value.to_bytes(f.length, "big")
        out.append(bytes(head) + part)
    return out


def rdw(record: bytes) -> bytes:
    """A z/OS RECFM=V record descriptor word in front of a record (length includes the 4 RDW bytes)."""
    return (len(record) + 4).to_bytes(2, "big") + b"\x00\x00" + record


# ---- row images ---------------------------------------------------------------------------------------------
# Seed 002's logical-log conventions: columns in COLNO order; a nullable column is preceded by its null byte
# (X'00' value present, X'FF' NULL); a variable-length column has a 2-byte length before its data, and when it
# is nullable the null byte comes first and the length does not count it (NULL: X'FF' X'0000'). Numbers are in
# "external" form, which we read as the Log Master control file's DLCI types say: INT = 2-, 4- (or 8-) byte
# big-endian two's complement, DEC = packed decimal, FLOT = 4 or 8 bytes (System/390 hexadecimal floating
# point by default; IEEE with float_format="ieee"). DATE, TIME, TIMESTAMP are ISO characters (10, 8, 26).
# A fixed-length NULL column still occupies its width (as in a Db2 row), filled with X'00'.

FIXED_WIDTH = {"SMALLINT": 2, "INTEGER": 4, "BIGINT": 8, "REAL": 4, "DOUBLE": 8, "DATE": 10, "TIME": 8, "TIMESTAMP": 26}


def column_width(coltype: str, length: int) -> int | None:
    """Bytes a fixed-length column takes in an image; None for VARCHAR (its 2-byte length says)."""
    if coltype == "VARCHAR":
        return None
    if coltype == "CHAR":
        return length
    if coltype == "DECIMAL":
        return length // 2 + 1
    if coltype == "FLOAT":  # SYSCOLUMNS' and the DLCI record's name for REAL (4) and DOUBLE (8)
        if length not in (4, 8):
            raise ValueError(f"FLOAT takes 4 or 8 bytes, not {length}")
        return length
    return FIXED_WIDTH[coltype]


def hfp(value: float, width: int = 8) -> bytes:
    """System/390 hexadecimal floating point: sign, 7-bit base-16 exponent excess 64, 24- or 56-bit fraction."""
    from fractions import Fraction

    bits = 24 if width == 4 else 56
    if value == 0:
        return b"\x00" * width
    sign, m = (1 if value < 0 else 0), Fraction(abs(value))
    e = 0
    while m >= 1:
        m /= 16
        e += 1
    while m < Fraction(1, 16):
        m *= 16
        e -= 1
    frac = round(m * 2**bits)
    if frac >= 2**bits:  # rounding carried into a new hex digit
        frac >>= 4
        e += 1
    return (((sign << 7) | (e + 64)) << bits | frac).to_bytes(width, "big")


def encode_column(col: dict, value, float_format: str = "hfp", ccsid: int = 37) -> bytes:
    """One column as it appears in a row image (null byte, length, data)."""
    t, length, nullable = col["coltype"], int(col["length"]), col["nullable"] == "Y"
    null = b"\xff" if value is None else b"\x00"
    prefix = null if nullable else b""
    if value is None and not nullable:
        raise ValueError(f"{col['name']} is NOT NULL")
    if t == "VARCHAR":
        data = b"" if value is None else enc.ebcdic(value, None, ccsid)
        if len(data) > length:
            raise ValueError(f"{col['name']} VARCHAR({length}) cannot hold {len(data)} bytes")
        return prefix + len(data).to_bytes(2, "big") + data
    width = column_width(t, length)
    if value is None:
        return prefix + b"\x00" * width
    if t == "CHAR":
        data = enc.ebcdic(value, width, ccsid)
    elif t in ("SMALLINT", "INTEGER", "BIGINT"):
        data = int(value).to_bytes(width, "big", signed=True)
    elif t == "DECIMAL":
        from decimal import Decimal

        scaled = Decimal(value).scaleb(int(col.get("scale") or 0))
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{value} has more than {col.get('scale')} decimals")
        data = enc.packed(int(scaled), length if length % 2 else length + 1)
    elif t in ("REAL", "DOUBLE", "FLOAT"):
        import struct

        data = hfp(float(value), width) if float_format == "hfp" else struct.pack(">f" if width == 4 else ">d", value)
    elif t == "DATE":
        data = enc.ebcdic(value.isoformat(), 10, ccsid)
    elif t == "TIME":
        data = enc.ebcdic(value.strftime("%H.%M.%S"), 8, ccsid)
    elif t == "TIMESTAMP":
        data = enc.ibmi_timestamp(value, ccsid)  # Db2 ISO form, the same 26 characters as IBM i's
    else:
        raise ValueError(f"column type {t} is not supported")
    return prefix + data


def encode_image(columns: list[dict], values: dict, float_format: str = "hfp") -> bytes:
    """A row image: every column of `columns` (COLNO order) from `values` (missing names are NULL)."""
    return b"".join(encode_column(c, values.get(c["name"]), float_format) for c in columns)


def read_columns(path, owner: str, table: str) -> list[dict]:
    """A table's columns from the seed CSV (the same file dbt loads), in COLNO order."""
    import csv

    with open(path, newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["table_owner"] == owner and r["table_name"] == table]
    rows.sort(key=lambda r: int(r["colno"]))
    return [
        {
            "name": r["column_name"],
            "coltype": r["coltype"],
            "length": int(r["length"]),
            "scale": int(r["scale"] or 0),
            "nullable": r["nullable"],
        }
        for r in rows
    ]

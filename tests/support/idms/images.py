"""An IDMS record's BFOR/AFTR journal records for a copybook-declared table (no tests here): the IDMS encoder's
records, each image a pointer prefix (PREFIX-LEN bytes) then the record's data written by the tests' own field
encoders; and the rows the table must give (each present image; a fragment and an image of another length not
decoded, every field NULL and named, as is an image the journal record is too short to hold; an absent image none;
another record's none)."""

from __future__ import annotations

from decimal import Decimal

from support.copybook.cobol_fields import zoned
from support.copybook.records import cob, packed, text

RECORD_ID = 4711
EMP = cob("01 EMP-REC.", "   05 EMP-ID PIC 9(6).", "   05 EMP-NAME PIC X(10).", "   05 SALARY PIC S9(7)V99 COMP-3.")
PREFIX = bytes(range(1, 13))  # three 4-byte set pointers
START_SEQ = 7001


def data(emp_id: int, name: str, cents: int) -> bytes:
    return zoned(emp_id, 6) + text(name, 10) + packed(cents, 5)


def image(rec_type: str, db_key: int, body: bytes, **more) -> tuple[str, dict]:
    return rec_type, {
        "USER_REC_ID": more.pop("rec_id", RECORD_ID),
        "DB_KEY": db_key,
        "PREFIX_LEN": len(PREFIX),
        "TRANSACT_ID": 7,
        "image": PREFIX + body if body else b"",
        **more,
    }


def _bad_sign() -> bytes:
    b = bytearray(data(4, "DAN", 100))
    b[-1] = b[-1] & 0xF0 | 0x3  # a packed sign nibble that is no sign
    return bytes(b)


JOURNAL = [
    image("BFOR", 0x100, b""),
    image("AFTR", 0x100, data(1, "ANNA", 512345)),  # STORE: no before image
    image("BFOR", 0x100, data(1, "ANNA", 512345)),
    image("AFTR", 0x100, data(1, "ANNA", -99)),  # MODIFY
    image("BFOR", 0x200, data(2, "BOB", 0)),
    image("AFTR", 0x200, b""),  # ERASE: no after image
    image("AFTR", 0x300, data(3, "CY", 1), SPAN_OFFSET=8),  # a fragment
    image("AFTR", 0x400, data(3, "CY", 1)[:-2]),  # compressed, or short
    image("AFTR", 0x500, _bad_sign()),
    image("AFTR", 0x600, data(9, "OTHER", 1), rec_id=RECORD_ID + 1),  # another record
]


def journal_bytes() -> bytes:
    """JOURNAL as the IDMS encoder writes it, then an AFTR record cut 10 bytes short (REC-LEN says so): its
    IMAGE-LEN runs past the record, so idms_journal has no RECORD_IMAGE for it."""
    from udfs.core.layouts import idms

    records = idms.journal(JOURNAL, start_seq=START_SEQ)
    whole = idms.journal([image("AFTR", 0x700, data(5, "EVE", 5))], start_seq=START_SEQ + len(JOURNAL))[0]
    cut = bytearray(whole[:-10])
    cut[0:2] = len(cut).to_bytes(2, "big")
    return b"".join(records) + bytes(cut)


QUERY = (
    "select SEQ, TYPE, image_kind, DB_KEY, EMP_ID, EMP_NAME, SALARY, image_problem, decode_errors "
    "from jcat.{relation} where source_file like '%emp.jrn' order by SEQ"
)
EVERY = ["EMP_ID", "EMP_NAME", "SALARY"]
EXPECTED = [
    (7002, "AFTR", "after", 0x100, 1, "ANNA", Decimal("5123.45"), None, []),
    (7003, "BFOR", "before", 0x100, 1, "ANNA", Decimal("5123.45"), None, []),
    (7004, "AFTR", "after", 0x100, 1, "ANNA", Decimal("-0.99"), None, []),
    (7005, "BFOR", "before", 0x200, 2, "BOB", Decimal("0.00"), None, []),
    (7007, "AFTR", "after", 0x300, None, None, None, "fragment: SPAN-OFFSET 8", EVERY),
    (
        7008,
        "AFTR",
        "after",
        0x400,
        None,
        None,
        None,
        "length: 19 data bytes, the copybook's record is 21 (compressed, or another record)",
        EVERY,
    ),
    (7009, "AFTR", "after", 0x500, 4, "DAN", None, None, ["SALARY"]),
    (7011, "AFTR", "after", 0x700, None, None, None, "image: IMAGE-LEN past the journal record", EVERY),
]

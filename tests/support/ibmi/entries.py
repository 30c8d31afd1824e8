"""IBM i journal tests' helpers: the IBM tables as the tests read them (tests/data/sources), an encoder written from
those tables (never from udfs/core/layouts), a *TYPE5 heading with every field set, and raw records into a plain
raw table.

The tables' positions are 1-based. In seed 000's M7 table `Bin(5)` is 4 bytes and `Bin(10)`/`BIN(10)` 8 bytes
(its README; the positions confirm it).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from support import REPO

SOURCES = REPO / "tests" / "data" / "sources"
BIN_BYTES = {5: 4, 10: 8}  # seed 000's Bin(precision) -> bytes


@dataclass(frozen=True)
class Row:
    """One line of an IBM table: position (1-based), width in bytes, format as printed, the field's name in the
    table, what the table says about its content (digits, timestamp, binary, reserved), and the key tests use."""

    pos: int
    width: int
    fmt: str
    name: str
    note: str
    key: str


def _key(name: str) -> str:
    return re.sub(r"[^A-Z0-9]+", "_", name.upper()).strip("_")


def m7_table() -> tuple[Row, ...]:
    """Seed 000's M7 rows, in order. Keys: the field name in upper snake case; a name the table gives twice (the
    4- and 8-byte copies, the two reserved areas) gets its occurrence appended, _1 then _2."""
    rows = []
    for line in (SOURCES / "qasym7j5.txt").read_text().splitlines():
        m = re.match(r"(\d+) (.+?) (Char|Bin|BIN)\((\d+)\)", line)
        if m:
            pos, name, typ, n = int(m[1]), m[2].strip("() "), m[3], int(m[4])
            width = n if typ == "Char" else BIN_BYTES[n]
            note = "binary" if typ != "Char" else ("reserved" if "Reserved" in name else "")
            rows.append(Row(pos, width, f"{typ}({n})", name, note, _key(name)))
    names = [r.key for r in rows]
    return tuple(
        Row(
            r.pos,
            r.width,
            r.fmt,
            r.name,
            r.note,
            r.key + (f"_{names[: i + 1].count(r.key)}" if names.count(r.key) > 1 else ""),
        )
        for i, r in enumerate(rows)
    )


def _heading_row(pos: int, name: str, rest: str) -> Row:
    m = re.search(r"(Char|Zoned)\((\d+)(?:,(\d+))?\)", rest)
    if m:
        fmt, width = m[0], int(m[2])
    else:  # "JOMBR 10", "JOTHD 8 binary", "JORES reserved 9": a width in bytes, Char
        width = int(re.findall(r"\d+", rest)[-1])
        fmt = f"Char({width})"
    note = next((w for w in ("digits", "timestamp", "binary", "hex text", "reserved") if w in rest), "")
    return Row(pos, width, fmt, name, note, name)


def heading_table() -> tuple[Row, ...]:
    """formats.md's *TYPE5 heading: the IBM-confirmed table, then the derived list up to JOESD (not a row: where
    the entry-specific data starts, `esd_pos()`)."""
    text = (SOURCES / "qjordje5.txt").read_text()
    rows = [
        _heading_row(int(m[1]), m[2], m[3])
        for m in re.finditer(r"^\| (\d+) \| (JO[A-Z]+) [^|]*\| ([^|]+) \|$", text, re.M)
    ]
    derived = text.split("*Derived, not IBM-published*", 1)[1].split("):", 1)[1]
    for item in re.split(r", (?![^(]*\))", derived):  # commas outside parentheses
        m = re.match(r"\s*(\d+) (JO[A-Z]+)\b(.*)", item)
        if m and m[2] != "JOESD":
            rows.append(_heading_row(int(m[1]), m[2], m[3]))
    return tuple(rows)


def esd_pos() -> int:
    """Where formats.md's list puts JOESD."""
    return int(re.search(r"(\d+) JOESD", (SOURCES / "qjordje5.txt").read_text())[1])


# ---- an encoder written from the tables ---------------------------------------------------------------------


def _ebcdic(text: str, width: int) -> bytes:
    b = text.encode("cp037")
    assert len(b) <= width, (text, width)
    return b.ljust(width, b"\x40")


def encode_value(row: Row, value) -> bytes:
    """A value in the row's format: Char text (EBCDIC, blank-padded), Char digits (zero-padded EBCDIC digits), an SAA
    timestamp (YYYY-MM-DD-HH.MM.SS.ffffff), Zoned(n,0) (zone F, D when negative), Bin (big-endian two's
    complement), or the bytes themselves."""
    if isinstance(value, (bytes, bytearray)):
        assert len(value) == row.width, (row, value)
        return bytes(value)
    if row.fmt.startswith("Zoned"):
        digits = str(abs(int(value))).rjust(row.width, "0").encode("cp037")
        return digits[:-1] + bytes([(0xD0 if value < 0 else 0xF0) | (digits[-1] & 0x0F)])
    if row.note == "binary" and row.fmt.lower().startswith("bin"):
        return int(value).to_bytes(row.width, "big", signed=True)
    if isinstance(value, dt.datetime):
        return _ebcdic(value.strftime("%Y-%m-%d-%H.%M.%S.%f"), row.width)
    if isinstance(value, int):
        return _ebcdic(str(value).rjust(row.width, "0"), row.width)
    return _ebcdic(str(value), row.width)


def _blank(row: Row) -> bytes:
    """What a record holds where a test gives no value: zero for numbers and binary or reserved bytes, else blanks."""
    if row.fmt.startswith("Zoned"):
        return encode_value(row, 0)
    return b"\x00" * row.width if row.note in ("binary", "reserved") else b"\x40" * row.width


def encode(table: tuple[Row, ...], values: dict) -> bytes:
    """The table's fields in place (from its first position), keyed by Row.key; a key the table lacks is an error."""
    unknown = set(values) - {r.key for r in table}
    assert not unknown, f"not in the table: {sorted(unknown)}"
    start = table[0].pos
    out = bytearray()
    for r in table:
        assert r.pos - start == len(out), f"{r.key} at {r.pos}: the table's previous field ends at {start + len(out)}"
        out += encode_value(r, values[r.key]) if r.key in values else _blank(r)
    return bytes(out)


def m7_record(values: dict) -> bytes:
    """A QASYM7J5 record: the *TYPE5 heading then the M7 fields, each from its own table; JOENTL defaults to the
    record's length."""
    m7 = m7_table()
    heading = {k: v for k, v in values.items() if k.startswith("JO")}
    own = {k: v for k, v in values.items() if not k.startswith("JO")}
    body = encode(m7, own)
    head = encode(heading_table(), {"JOENTL": esd_pos() - 1 + len(body), "JOCODE": "T", "JOENTT": "M7", **heading})
    assert len(head) == m7[0].pos - 1, "the heading ends where the M7 table starts"
    return head + body


def type5_record(values: dict, esd: bytes = b"", record_length: int | None = None, esd_at: int | None = None) -> bytes:
    """A *TYPE5 outfile record: heading, the entry-specific data, blank padding to `record_length` (or cut to it);
    JOENTL defaults to the entry's own length. `esd_at`: the ESD's position when DSPJRN's NULLINDLEN widened the
    null-value indicators (the table's last row) from the table's width."""
    table = heading_table()
    if esd_at is not None:
        last = table[-1]
        table = table[:-1] + (
            Row(last.pos, esd_at - last.pos, f"Char({esd_at - last.pos})", last.name, last.note, last.key),
        )
    start = esd_at or esd_pos()
    record = encode(table, {"JOENTL": start - 1 + len(esd), **values}) + esd
    length = len(record) if record_length is None else record_length
    return record[:length].ljust(length, b"\x40")


RAW = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"


HEADING = dict(
    JOSEQN=10_000_000_000_000_000_001,
    JOCODE="R",
    JOENTT="UP",
    JOTSTP=dt.datetime(2024, 2, 29, 23, 59, 59, 999999),
    JOJOB="ORDENTRY",
    JOUSER="CLERK01",
    JONBR=4711,
    JOPGM="ORD500",
    JOPGMLIB="ORDLIB",
    JOPGMDEV="IASP01",
    JOPGMASP=33,
    JOOBJ="ORDHDR",
    JOLIB="ORDDTA",
    JOMBR="ORDHDR",
    JOCTRR=98765,
    JOFLAG="0",
    JOCCID=1234567,
    JOUSPF="BOB",
    JOSYNM="PRODSYS",
    JOJID=bytes.fromhex("0102030405060708090A"),
    JORCST="0",
    JOTGR="1",
    JOINCDAT="0",
    JOIGNAPY="0",
    JOMINESD="0",
    JOOBJIND="1",
    JOSYSSEQ=55555555555,
    JORCV="ORDRCV0042",
    JORCVLIB="JRNLIB",
    JORCVDEV="*SYSBAS",
    JORCVASP=1,
    JOARM=7,
    JOTHD=bytes.fromhex("00000000000A2B3C"),
    JOTHDX="00000000000A2B3C",
    JOADF="4",
    JORPORT=50123,
    JORADR="10.1.2.3",
    JOLUW="APPN.LU1.X'1234'",
    JOXID="XID-0001",
    JOOBJTYP="*QDDS",
    JOFILTYP="0",
    JOCMTLVL=1,
    JONVI="0" * 10,
)


def land(spark, table: str, records: list[bytes], load_id: str = "L1", mode: str = "overwrite") -> None:
    rows = [("JRN.bin", sum(map(len, records[:i])), i, r, load_id) for i, r in enumerate(records)]
    spark.createDataFrame(rows, RAW).write.mode(mode).saveAsTable(f"jcat.{table}")


# ---- M7 entries of every entry type and V action, keyed by the M7 table's names -----------------------------

BIG = 2**40 + 7  # does not fit the 4-byte copies


def four_byte_copies(rule: int, count: int) -> dict:
    """Seed 000: the 4-byte copies read 0 (rule) and -1 (count) when the 8-byte value does not fit."""
    fits = lambda v: -(2**31) <= v < 2**31  # noqa: E731
    return {
        "RULE_IDENTIFIER_1": rule if fits(rule) else 0,
        "RULE_IDENTIFIER_2": rule,
        "NUMBER_OF_OBJECTS_1": count if fits(count) else -1,
        "NUMBER_OF_OBJECTS_2": count,
    }


def m7_entries() -> list[dict]:
    """Heading and M7 values of one entry per entry type and V action (and a few more), as seed 000 words them."""
    e = [
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_STATE": "INCLUDE",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*FILE",
            "OBJECT_NAME": "EMPLOYEE",
            "APPLY_LABEL": "Q2-ROLLOUT",
            **four_byte_copies(17, 12),
        },
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_STATE": "EXCLUDE",
            "ASP_NAME": "*SYSBAS",
            "LIBRARY_NAME": "SCRATCH",
            **four_byte_copies(BIG, 0),
        },
        {
            "ENTRY_TYPE": "A",
            "INCLUSION_STATE": "DEFINITION",
            "ENVIRONMENT_VARIABLE": "PAYROLL_ENDPOINT_URL",
            **four_byte_copies(18, BIG),
        },
        {"ENTRY_TYPE": "A", "INCLUSION_STATE": "INCLUDE", "SYSTEM_VALUE": "QTIMZON", **four_byte_copies(19, 1)},
        {
            "ENTRY_TYPE": "D",
            "INCLUSION_STATE": "INCLUDE",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL2",
            "ORIGINAL_LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*FILE",
            "OBJECT_NAME": "EMPLOYEE",
            **four_byte_copies(BIG + 1, 0),
        },
        {"ENTRY_TYPE": "P", "ASP_NAME": "IASP01", "APPLY_LABEL": "Q2-ROLLOUT", **four_byte_copies(0, 4096)},
        {
            "ENTRY_TYPE": "R",
            "ASP_NAME": "*SYSBAS",
            "LIBRARY_NAME": "SCRATCH",
            "APPLY_LABEL": "CLEANUP",
            **four_byte_copies(BIG, BIG + 3),
        },
        {"ENTRY_TYPE": "S", "RESYNC_TYPE": "RESUME", "ASP_NAME": "IASP01", **four_byte_copies(0, 250)},
        {"ENTRY_TYPE": "S", "RESYNC_TYPE": "RECLONE", "ASP_NAME": "*SYSBAS", **four_byte_copies(0, BIG)},
        {
            "ENTRY_TYPE": "U",
            "ASP_NAME": "IASP01",
            "LIBRARY_NAME": "PAYROLL",
            "OBJECT_TYPE": "*DTAARA",
            "OBJECT_NAME": "NEXTEMPNO",
            **four_byte_copies(0, 3),
        },
        {
            "ENTRY_TYPE": "V",
            "ACTION": "ADD",
            "RESYNC_TYPE": "QDB2MIR",
            "INCLUSION_STATE": "IMMEDIATE",
            "ENVIRONMENT_VARIABLE": "SQL_SEQUENCE_SUPPORT",
            "APPLY_LABEL": "2.10.3",
            **four_byte_copies(5, 0),
        },
        {
            "ENTRY_TYPE": "V",
            "ACTION": "RMV",
            "RESYNC_TYPE": "QDB2MIR",
            "INCLUSION_STATE": "RESUME",
            "ENVIRONMENT_VARIABLE": "LEGACY_OTL_FORMAT",
            "APPLY_LABEL": "1",
            **four_byte_copies(BIG, 0),
        },
        {"ENTRY_TYPE": "V", "ACTION": "APY", "RESYNC_TYPE": "QDB2MIR", **four_byte_copies(0, 0)},
        {"ENTRY_TYPE": "V", "ACTION": "RFS", "RESYNC_TYPE": "QDB2MIR", **four_byte_copies(0, 0)},
    ]
    start = dt.datetime(2024, 6, 3, 9, 15, 0, 250000)
    out = []
    for i, values in enumerate(e):
        job = ("QPADEV0007", "SECOFR1", 4711) if values["ENTRY_TYPE"] in "ADRP" else ("QMRDBSRV", "QSYS", 812345)
        out.append(
            {
                "JOSEQN": 2001 + i,
                "JOTSTP": start + dt.timedelta(minutes=3 * i),
                "JOJOB": job[0],
                "JOUSER": job[1],
                "JONBR": job[2],
                "JOPGM": "QMRDBSRV",
                "JOPGMLIB": "QSYS",
                "JOPGMDEV": "*SYSBAS",
                "JOPGMASP": 1,
                "JOUSPF": job[1],
                "JOSYNM": "MIRRORA",
                "JOSYSSEQ": 92001 + i,
                "JORCV": "AUDRCV0107",
                "JORCVLIB": "QGPL",
                "JOTHDX": f"{0x1A2B + i:016X}",
                **values,
            }
        )
    return out

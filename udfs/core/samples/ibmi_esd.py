"""Sample IBM i journal entry-specific data, built with the encoders from the layouts udfs/core/layouts/ibmi_esd.py
declares: one realistic ESD per layout (`sample_entries()`, `sample_esd(model)`) for tests and the demo, and the
encoders of its shared parts (object and path names, symbolic links, journal information, private authorities)."""

from __future__ import annotations

import datetime as dt

from .. import encoders as enc
from ..kinds import Field, encode_field
from ..layouts.ibmi_esd import BY_MODEL, LAYOUTS, Layout, entry_types

FIXED_TS = dt.datetime(2024, 3, 5, 14, 7, 9, 123456)


def _text(data: str, ccsid: int) -> bytes:
    if ccsid in (1200, 13488):
        return data.encode("utf-16-be")
    if ccsid == 1208:
        return data.encode("utf-8")
    return enc.ebcdic(data, ccsid=ccsid)


def object_name_bytes(name: str, ccsid: int = 1200) -> bytes:
    raw = _text(name, ccsid)
    return enc.binary(len(raw), 4) + enc.binary(ccsid, 4) + enc.ebcdic("US") + enc.ebcdic("ENU") + b"\0" * 3 + raw


def path_name_bytes(path: str, ccsid: int = 1200, fid: bytes = bytes(range(16))) -> bytes:
    raw = _text(path, ccsid)
    return (
        enc.ebcdic("Y")
        + fid
        + enc.binary(ccsid, 4)
        + enc.ebcdic("US")
        + enc.ebcdic("ENU")
        + b"\0" * 3
        + enc.binary(2, 4)
        + enc.binary(len(raw), 4)
        + _text("/", ccsid).ljust(2, b"\0" if ccsid != 37 else b"\x40")
        + enc.ebcdic("", 10)
        + raw
    )


def symlink_bytes(target: str, ccsid: int = 1208) -> bytes:
    raw = _text(target, ccsid)
    return (
        enc.ebcdic("Y")
        + enc.binary(ccsid, 4)
        + enc.ebcdic("US")
        + enc.ebcdic("ENU")
        + b"\0" * 3
        + enc.binary(0, 4)
        + enc.binary(len(raw), 4)
        + _text("/", ccsid).ljust(2, b"\0")
        + b"\0" * 10
        + raw
    )


def journal_info_bytes(journal: str = "QSQJRN", library: str = "PAYROLL") -> bytes:
    return (
        b"\x01\x02"
        + bytes.fromhex("A1B2C3D4E5F60718293A")
        + enc.ebcdic(journal, 10)
        + enc.ebcdic(library, 10)
        + enc.binary(1709647629, 4, signed=False)
    )


# existence, management, operational, read, add, execute on; alter, reference, update, delete, exclude off
AUTH_FLAGS = "YYY  YY   Y"


def private_authority_bytes(flags: str = AUTH_FLAGS) -> bytes:
    return enc.ebcdic(flags, 12)


def _sample_value(f: Field):
    if f.values:
        return f.values[0]
    if f.kind == "char":
        word = "".join(w[:3] for w in f.name.split("_"))[: f.length]
        return word
    if f.kind in ("zoned", "digits"):
        return min(10 ** min(f.length, 9) - 1, 4711 + f.pos)
    if f.kind in ("bin", "ubin"):
        return 100 + f.pos
    if f.kind == "u64":
        return 2**40 + f.pos  # above 32 bits (dbt fixtures stop at 2^63; the real-build test goes above)
    if f.kind == "hex":
        return bytes((f.pos + i) % 256 for i in range(f.length))
    if f.kind == "packed":
        return 12345678901234567890123456789
    return None


def _encode(f: Field, v) -> bytes:
    return encode_field(f, v)


def encode_fixed(lay: Layout, values: dict, length: int | None = None) -> bytes:
    """The fixed part: named fields encoded, reserved bytes zero (as IBM sets them), gaps blank."""
    end = max((f.pos + f.length - 1 for f in lay.fields), default=0)
    buf = bytearray(b"\x40" * max(end, length or 0))
    for f in lay.fields:
        if f.kind == "reserved":
            buf[f.pos - 1 : f.pos - 1 + f.length] = b"\0" * f.length
        elif f.name in values and values[f.name] is not None:
            buf[f.pos - 1 : f.pos - 1 + f.length] = _encode(f, values[f.name])
    return bytes(buf)


def sample_values(lay: Layout) -> dict:
    return {f.name: _sample_value(f) for f in lay.fields if f.kind != "reserved"}


def _luw_record(kind: str, length: int, fields: dict[int, bytes]) -> bytes:
    buf = bytearray(b"\x40" * length)
    buf[0:4] = enc.ebcdic(kind, 4)
    buf[4:6] = enc.binary(length, 2)
    for pos, raw in fields.items():
        buf[pos - 1 : pos - 1 + len(raw)] = raw
    return bytes(buf)


def luw_bytes() -> bytes:
    hdr = _luw_record(
        "HDR",
        416,
        {
            7: enc.binary(1, 2) + enc.binary(0, 2),
            11: enc.binary(1, 2),
            25: enc.ebcdic("CM"),
            27: enc.ebcdic("APPN.SYSA.X1234567", 41),
            109: enc.binary(4711, 4),
            113: enc.ebcdic("*DFTACTGRP", 10),
            133: enc.ebcdic("QPADEV0001JSMITH    123456", 26),
            160: enc.ebcdic("A"),
            161: enc.binary(-2, 4),
            202: enc.ebcdic("QSQJRN    PAYROLL", 20),
            222: enc.ebcdic("U"),
            226: enc.ebcdic("CM"),
            238: b"\0" * 10,
            248: b"\0" * 140,
            388: enc.zoned(4711, 20),
        },
    )
    lcl = _luw_record(
        "LCL",
        80,
        {
            7: enc.binary(1, 2) + enc.binary(417, 2),
            19: enc.ebcdic("CM"),
            21: enc.ebcdic("QSQJRN    PAYROLL", 20),
            41: enc.binary(4711, 4),
            45: enc.ebcdic("Y"),
            46: enc.zoned(4711, 20),
        },
    )
    ddl = _luw_record(
        "DDL",
        384,
        {
            19: enc.ebcdic("EMPLOYEE  PAYROLL   *FILE CRT", 29),
            49: enc.ebcdic("QSQJRN    PAYROLL", 20),
            69: enc.binary(-1, 4),
            73: enc.ebcdic("1"),
            74: enc.ebcdic("CM"),
            76: enc.zoned(12345678901234, 20),
            96: enc.ebcdic('"PAYROLL"."EMPLOYEE"', 288),
        },
    )
    ddm = _luw_record("DDM", 96, {19: enc.ebcdic("REMFILE   DDMLIB", 20), 93: enc.ebcdic("Y"), 95: enc.ebcdic("UP")})
    return hdr + lcl + ddl + ddm


# The entry-specific data of a sample entry, per model whose ESD is more than its fixed fields: the variable
# parts after them (names, paths, keys, data), with the offsets and lengths in the fixed part set to match.
def _sample_partial_transactions(lay: Layout, v: dict) -> bytes:
    v["NUMBER_OF_COMMIT_IDS"] = 2
    return encode_fixed(lay, v) + enc.binary(2**63 + 5, 8, signed=False) + enc.binary(77, 8)


def _sample_object_attribute_change(lay: Layout, v: dict) -> bytes:
    v.update(NUMBER_OF_RECORDS=1, KEY=9, DATA_LENGTH=10)
    return encode_fixed(lay, v) + enc.ebcdic("NEW TEXT", 10)


def _sample_commit(lay: Layout, v: dict) -> bytes:
    return enc.ebcdic("BATCH-0042")


def _sample_data_queue_clear_keyed(lay: Layout, v: dict) -> bytes:
    v.update(KEY_LENGTH=5, KEY_ORDER="EQ")
    return encode_fixed(lay, v) + enc.ebcdic("K0001")


def _sample_ifs_begin_create(lay: Layout, v: dict) -> bytes:
    v["OBJECT_NAME_OFFSET"] = 16
    return encode_fixed(lay, v) + object_name_bytes("März-Bericht.txt", 1200)


def _sample_ifs_created_object_authority(lay: Layout, v: dict) -> bytes:
    name, path = object_name_bytes("report.csv", 37), path_name_bytes("/home/jsmith", 1208)
    v.update(
        NUMBER_OF_AUTHORITIES=2,
        OBJECT_NAME_OFFSET=48,
        PATH_NAME_OFFSET=48 + len(name),
        AUTHORITY_OFFSET=48 + len(name) + len(path),
    )
    auths = b"".join(
        enc.ebcdic(u, 10) + enc.ebcdic("GRT") + b"\0" * 7 + private_authority_bytes() for u in ("JSMITH", "AUDITORS")
    )
    return encode_fixed(lay, v) + name + path + auths


def _sample_ifs_create_summary(lay: Layout, v: dict) -> bytes:
    name, path, link = (
        object_name_bytes("latest", 1200),
        path_name_bytes("/data", 1200),
        symlink_bytes("/data/v2/å.log"),
    )
    v.update(
        OBJECT_NAME_OFFSET=179,
        PATH_NAME_OFFSET=179 + len(name),
        SYMLINK_OFFSET=179 + len(name) + len(path),
        OBJECT_TYPE="*SYMLNK",
    )
    fixed = bytearray(encode_fixed(lay, v))
    for pos, raw in (
        (71, private_authority_bytes()),
        (83, private_authority_bytes("Y    Y     ")),
        (95, private_authority_bytes("          Y")),
        (123, journal_info_bytes()),
    ):
        fixed[pos - 1 : pos - 1 + len(raw)] = raw
    return bytes(fixed) + name + path + link


def _sample_ifs_link_existing(lay: Layout, v: dict) -> bytes:
    name = object_name_bytes("alias.txt", 37)
    v.update(LINK_NAME_OFFSET=64, PATH_NAME_OFFSET=64 + len(name))
    fixed = bytearray(encode_fixed(lay, v, 64))
    fixed[28:64] = journal_info_bytes()
    return bytes(fixed) + name + path_name_bytes("/home/jsmith/report.csv", 37)


def _sample_ifs_attribute_change(lay: Layout, v: dict) -> bytes:
    a1 = enc.binary(48 + 20, 4) + enc.binary(1, 4) + enc.binary(4, 4) + b"\0" * 4 + b"\0\0\1\xa4"
    a2 = enc.binary(0, 4) + enc.binary(7, 4) + enc.binary(1, 4) + b"\0" * 4 + b"\x01"
    return encode_fixed(lay, v) + a1 + a2


def _sample_ifs_unlink(lay: Layout, v: dict) -> bytes:
    has_parent = lay.model == "ifs_unlink_link"  # B5 carries the parent path; B4 does not
    name = object_name_bytes("old.log", 1200)
    parent = path_name_bytes("/var/log", 1200) if has_parent else b""
    v.update(LINK_NAME_OFFSET=64, INTERNAL_DATA_OFFSET=64 + len(name) + len(parent))
    if has_parent:
        v["PARENT_PATH_OFFSET"] = 64 + len(name)
    return encode_fixed(lay, v) + name + parent + b"\x99\x88"


def _sample_ifs_rename_move(lay: Layout, v: dict) -> bytes:
    parts = [
        object_name_bytes("draft.txt", 1200),
        object_name_bytes("final.txt", 1200),
        path_name_bytes("/tmp", 1200),
        path_name_bytes("/home/jsmith", 1200),
    ]
    offs, o = [], 132
    for p in parts:
        offs.append(o)
        o += len(p)
    v.update(
        SOURCE_NAME_OFFSET=offs[0],
        TARGET_NAME_OFFSET=offs[1],
        SOURCE_PARENT_OFFSET=offs[2],
        TARGET_PARENT_OFFSET=offs[3],
        INTERNAL_DATA_OFFSET=o,
        JOURNAL_ENTRY_FLAGS=bytes.fromhex("80000000"),
    )
    fixed = bytearray(encode_fixed(lay, v, 132))
    fixed[91:127] = journal_info_bytes()
    return bytes(fixed) + b"".join(parts) + b"\x01\x02"


def _sample_ifs_write(lay: Layout, v: dict) -> bytes:
    v["DATA_LENGTH"] = 12
    return encode_fixed(lay, v) + b"hello, world"


def _sample_initialize_member(lay: Layout, v: dict) -> bytes:
    return enc.ebcdic("000042JSMITH    ") + enc.packed(125050, 9)


def _sample_logical_unit_of_work(lay: Layout, v: dict) -> bytes:
    return luw_bytes()


def _sample_object_move_rename(lay: Layout, v: dict) -> bytes:
    return encode_fixed(lay, v) + b"\x00\x01\x02"


def _sample_file_change(lay: Layout, v: dict) -> bytes:
    v.update(TRIGGER_LIBRARY_LENGTH=7, TRIGGER_LIBRARY_OFFSET=124, TRIGGER_NAME_LENGTH=9, TRIGGER_NAME_OFFSET=131)
    return encode_fixed(lay, v) + enc.ebcdic("PAYROLL") + enc.ebcdic("EMP_AUDIT")


def _sample_data_queue_send(lay: Layout, v: dict) -> bytes:
    v.update(KEY_LENGTH=4, DATA_OFFSET=24, DATA_LENGTH=16 + 5)
    return encode_fixed(lay, v) + enc.ebcdic("K001") + b"\0" * 4 + bytes(range(16)) + enc.ebcdic("HELLO")


def _sample_data_queue_data(lay: Layout, v: dict) -> bytes:
    v["DATA_LENGTH"] = 16 + 5
    return encode_fixed(lay, v) + bytes(range(16)) + enc.ebcdic("HELLO")


def _sample_start_journaling(lay: Layout, v: dict) -> bytes:
    return encode_fixed(lay, v) + path_name_bytes("/home/jsmith", 1200)


def _sample_license_limit_exceeded(lay: Layout, v: dict) -> bytes:
    v["NUMBER_OF_LICENSED_USERS"] = 2
    return encode_fixed(lay, v) + enc.ebcdic("123456/JSMITH/QPADEV0001", 26) + enc.ebcdic("123457/AUDIT/QPADEV0002", 26)


def _sample_data_area_change(lay: Layout, v: dict) -> bytes:
    v.update(START_POSITION=1, CHANGE_LENGTH=5, CHANGE_OFFSET=27)  # 26 fixed bytes and a blank: READY at offset 27
    return encode_fixed(lay, v) + b"\x40" + enc.ebcdic("READY")


def _sample_identity_value(lay: Layout, v: dict) -> bytes:
    return encode_fixed(lay, v)


_SAMPLES = {
    "partial_transactions": _sample_partial_transactions,
    "object_attribute_change": _sample_object_attribute_change,
    "commit": _sample_commit,
    "data_queue_clear_keyed": _sample_data_queue_clear_keyed,
    "data_queue_receive_keyed": _sample_data_queue_clear_keyed,
    "ifs_begin_create": _sample_ifs_begin_create,
    "ifs_created_object_authority": _sample_ifs_created_object_authority,
    "ifs_create_summary": _sample_ifs_create_summary,
    "ifs_link_existing": _sample_ifs_link_existing,
    "ifs_attribute_change": _sample_ifs_attribute_change,
    "ifs_unlink_parent": _sample_ifs_unlink,
    "ifs_unlink_link": _sample_ifs_unlink,
    "ifs_rename_move": _sample_ifs_rename_move,
    "ifs_write": _sample_ifs_write,
    "initialize_member": _sample_initialize_member,
    "record_image": _sample_initialize_member,
    "logical_unit_of_work": _sample_logical_unit_of_work,
    "object_move_rename": _sample_object_move_rename,
    "file_change": _sample_file_change,
    "data_queue_send": _sample_data_queue_send,
    "data_queue_data": _sample_data_queue_data,
    "start_journaling": _sample_start_journaling,
    "license_limit_exceeded": _sample_license_limit_exceeded,
    "data_area_change": _sample_data_area_change,
    "identity_value": _sample_identity_value,
}


def _build(lay: Layout) -> bytes:
    v = sample_values(lay)
    sample = _SAMPLES.get(lay.model)
    if sample is not None:
        return sample(lay, v)
    return encode_fixed(lay, v) if lay.fields else b""


def sample_esd(model: str) -> bytes:
    return _build(BY_MODEL[model])


def sample_entries() -> list[tuple[str, str, bytes]]:
    """(journal code, entry type, ESD) for every layout with a known entry type: one realistic entry each."""
    out = []
    for lay in LAYOUTS:
        types = entry_types(lay.model)
        if types:
            code, typ, _ = types[0]
            out.append((code, typ, sample_esd(lay.model)))
    return out

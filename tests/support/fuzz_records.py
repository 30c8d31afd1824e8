"""Records for the byte-mutation tests, built by the encoders (no tests here): LLDF data change records with DATA
written from seed 002's text, CA IDMS journal records of every type. Shared by tests/spark/test_fuzz_* and the
framing test in tests/fast."""

from __future__ import annotations

import datetime as dt

from support.lldf.project import seed_data
from udfs.core.layouts import idms, lldf

TYPES = ["UB", "I", "IL", "D", "DM", "DT", "DR", "E", "CO", "CM", "SC"]


def _text(rng, n):
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randint(0, n)))


def _when(rng):
    return dt.datetime(2024, 1, 1) + dt.timedelta(microseconds=rng.randrange(10**14))


def lldf_record(rng, i: int) -> bytes:
    """A data change record: header by field kind, DATA as seed 002 words it (support.lldf.project.seed_data)."""
    ct = TYPES[i % len(TYPES)]
    values = {}
    for f in lldf.HEADER:
        if f.name in ("LENGTH", "SEGLEN", "TOTALSEGS", "SEGNUM", "CHANGE_TYPE"):
            continue
        if f.kind == "char":
            values[f.name] = _text(rng, f.length)
        elif f.kind == "ubin":
            values[f.name] = rng.randrange(256**f.length)
        elif f.kind == "ts17":
            values[f.name] = _when(rng)
        elif f.kind == "lrsn":
            values[f.name] = lldf.lrsn_field(_when(rng), rng.random() < 0.5)
        elif f.kind == "rba":
            values[f.name] = lldf.rba_field(rng.randrange(1 << 48) + (i << 48))  # unique: one record, one group
        else:
            values[f.name] = rng.randbytes(f.length)
    values["MEMBERID"] = rng.randrange(4)
    image = lambda: rng.randbytes(rng.randint(0, 40))  # noqa: E731
    if ct == "UB":
        data = seed_data([image(), image()])
    elif ct in ("I", "IL", "D"):
        data = seed_data([image()])
    elif ct in ("DM", "DT", "DR"):
        data = seed_data([image()]) if rng.random() < 0.5 else b""
    elif ct == "E":
        data = seed_data([_text(rng, 20).encode("cp037"), _text(rng, 40).encode("cp037")])
    else:  # CO, CM, SC: seed 002 does not describe the content; a total length then bytes
        body = rng.randbytes(rng.randint(0, 30))
        data = (len(body) + 2).to_bytes(2, "big") + body
    header = lldf.encode_header({**values, "CHANGE_TYPE": ct, "SEGLEN": 288 + len(data)})
    return header + data


def seed_parts(data: bytes):
    """DATA read back as seed 002 writes it: (total, [parts]) when every length adds up, else None."""
    if len(data) < 2 or int.from_bytes(data[:2], "big") != len(data):
        return None
    parts, p = [], 2
    while p < len(data):
        if p + 2 > len(data):
            return None
        n = int.from_bytes(data[p : p + 2], "big")
        if p + 2 + n > len(data):
            return None
        parts.append(data[p + 2 : p + 2 + n])
        p += 2 + n
    return parts


COLUMNS = [r for r in idms.REC if not r.folded and r.field.kind != "group"]


def _idms_text(rng, n):
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randint(1, n)))


def _idms_when(rng):
    return dt.datetime(2020, 1, 1) + dt.timedelta(microseconds=rng.randrange(10**14))


def idms_record(rng, i: int) -> bytes:
    rtype = idms.RECORD_TYPES[i % len(idms.RECORD_TYPES)]
    values = {}
    for r in COLUMNS:
        f = r.field
        if (
            rtype not in r.types
            or f.end - 1 > idms.DEFAULT_LENGTH[rtype]
            or r.column in ("REC_LEN", "TYPE", "IMAGE_LEN", "LIDOFF", "LIDNUM", "QUAL")
        ):
            continue
        if f.kind in ("ubin", "u64"):
            values[r.column] = rng.randrange(256**f.length)
        elif f.kind == "char":
            values[r.column] = _idms_text(rng, f.length)
        elif f.kind == "hex":
            values[r.column] = rng.randbytes(f.length)
        elif f.kind == "packed":
            values[r.column] = rng.randrange(10 ** (2 * f.length - 1))
        elif f.kind in ("idms_ts", "idms_ts_utc"):
            values[r.column] = _idms_when(rng)
    # later synonyms over the same bytes win in the encoder: keep one writer per byte range
    for shadow in ("SEQ_A", "TRANSACT_IDC", "DTESTAMPX", "TASK_ID", "LOCAL_TASK_ID_CV", "QUAL_LOCAL"):
        values.pop(shadow, None)
    kw = {}
    if rtype in idms.IMAGES:
        kw["image"] = rng.randbytes(rng.randint(0, 40))
    if rtype in ("DIND", "DCOM", "DBAK"):
        kw["lids"] = tuple(rng.randrange(1 << 32) for _ in range(rng.randint(0, 4)))
    return idms.encode(rtype, values, **kw)

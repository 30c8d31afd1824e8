"""A generated LLDF file (RECFM=VB: BDW/RDW) holding every change type of seed 002, segmented
records, nullable and VARCHAR columns, 6-byte and 10-byte LRSN/RBA forms and a change with a lost segment goes
through the real loader, `dbt build` in the full project and `jcat sql --format json` with every header value and
every decoded column value as encoded; the incomplete change is in lldf_segment_rejects with its reason, and the
ledger accounts for every byte of the file."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import os

import pytest

from udfs import cli
from udfs.core.layouts import lldf
from udfs.dbt.runner import run_dbt
from udfs.demo import lldf as demo
from udfs.spark.landing.loader import load

TRAILER = b"\x00\x03\xff\xff\xff\xff"  # a BDW of length 3 (< 4): the loader rejects the rest of the file


def jcat_sql_json(query: str) -> list[dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["sql", "--format", "json", query]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines() if line.startswith("{")]


def _vb_offsets(data: bytes) -> list[tuple[int, bytes]]:
    """(offset of the record's first byte, record) for every RDW record of every well-formed block."""
    out, pos = [], 0
    while pos + 4 <= len(data) and int.from_bytes(data[pos : pos + 2], "big") >= 4 + 4:
        end, p = pos + int.from_bytes(data[pos : pos + 2], "big"), pos + 4
        while p < end:
            n = int.from_bytes(data[p : p + 2], "big")
            out.append((p + 4, data[p + 4 : p + n]))
            p += n
        pos = end
    return out


@pytest.fixture(scope="module")
def landed(spark, tmp_path_factory):
    # the encoders' own inputs, captured while the scenario is generated: what the file holds, value by value
    encoded, images = [], {}
    mp = pytest.MonkeyPatch()
    real_record, real_image = lldf.encode_record, lldf.encode_image

    def record(header, imgs, *a, **k):
        rec = real_record(header, imgs, *a, **k)
        encoded.append((rec, dict(header), list(imgs)))
        return rec

    def image(cols, values, *a, **k):
        img = real_image(cols, values, *a, **k)
        images[img] = (cols, dict(values))
        return img

    mp.setattr(lldf, "encode_record", record)
    mp.setattr(lldf, "encode_image", image)
    try:
        main, broken = demo.scenario()
        # the demo's instants are whole milliseconds and its RBAs fit 6 bytes, so its extended LRSN/RBA bytes look
        # like placed 6-byte ones: add a change only the 10-byte forms can carry (sub-16-microsecond LRSN bits,
        # an RBA beyond 2^48)
        start = demo.T0 + dt.timedelta(seconds=8, microseconds=123_457)
        ur = demo.unit_of_recovery(6, 3, start, start + dt.timedelta(seconds=1, microseconds=3), True, "C")
        big = 0x0123_4567_89AB_CDEF_0000
        ur.update(_rba0=big, UORID=lldf.rba_field(big), UORCOMMITPOINT=lldf.rba_field(big + 0xF000))
        before, after = (
            lldf.encode_image(demo.columns(), demo.employee("000080", "A", "B", pay)) for pay in ("1.00", "2.00")
        )
        main.append(demo.change(ur, 1, "UB", [before, after], when=start + dt.timedelta(microseconds=5)))
    finally:
        mp.undo()
    data = demo.vb_file(main + broken) + TRAILER
    path = tmp_path_factory.mktemp("lldf-roundtrip") / "LOGMAST.PAYROLL.LLDF.ROUNDTRIP"
    path.write_bytes(data)

    if "raw_lldf" in [t.name for t in spark.catalog.listTables("jcat") if t.tableType != "VIEW"]:
        spark.sql("drop table jcat.raw_lldf")  # a plain table left by the model tests stands where the view goes
    result = load(spark, "lldf", [str(path)], framing="vb")
    assert result.records == len(main) + len(broken)
    assert run_dbt(
        spark, ["build", "--select", "source:jcat.raw_lldf+", "--full-refresh", "--exclude-resource-type", "unit_test"]
    )
    return {
        "path": path,
        "data": data,
        "encoded": encoded,
        "images": images,
        "main": main,
        "broken": broken,
        "offsets": {rec: off for off, rec in _vb_offsets(data)},
    }


def ours(landed) -> str:
    """Rows of this module's file only: earlier modules of the run (test_landing_load) land LLDF files in the same
    home, and the models read every load."""
    return f"source_file LIKE '%{landed['path'].parent.name}/{landed['path'].name}'"


def _expected_header(rec: bytes, header: dict, segs: list[bytes], offset: int) -> dict:
    """Every header column of lldf_data_change as encoded (lldf_segments' names), JSON-shaped like `jcat sql`."""
    # SEGLEN is written as the (first) segment's whole length; segments carry segment 1's header fields
    values = {"LENGTH": lldf.HEADER_LENGTH, **header, "SEGLEN": len(segs[0]), "TOTALSEGS": len(segs), "SEGNUM": 1}
    want = {"record_offset": offset}
    for f in lldf.HEADER:
        if f.name == "RESERVED_188":
            continue
        v = values.get(f.name)
        if f.kind == "char":
            want[f.name] = (v or "").rstrip() or None  # blank text is NULL
        elif f.kind == "ubin":
            want[f.name] = int(v or 0)
        elif f.kind == "ts17":
            want[f.name] = v.isoformat() if v is not None else None
        else:  # lrsn, rba, hex: the raw bytes, as given to the encoder
            want[f.name] = (v if v is not None else b"\x00" * f.length).hex().upper()
            if f.kind == "rba":
                want[f.name + "_NUMBER"] = int.from_bytes(v or b"", "big")
    # LRSN times: the instants the LRSNs were made from
    want["LOGLRSN_TIME"] = values["TIMESTAMP"].isoformat()
    want["UORIDLRSN_TIME"] = values["UORTIMESTAMP"].isoformat()
    commit = values.get("UORCOMMITTIMESTAMP")
    want["UORCOMMITLRSN_TIME"] = commit.isoformat() if commit else None
    rid = values["RID"]
    want.update(RID_PAGE=int.from_bytes(rid[:4], "big"), RID_ROW=rid[4])
    return want


def _changes(landed):
    """(record, header, images, first segment) of every complete change of the file; the lost one apart."""
    segs_of = {}
    for s in landed["main"] + landed["broken"]:
        key = (s[87:97], s[172:182])  # LOGRBA, UORID: one change
        segs_of.setdefault(key, []).append(s)
    out = []
    for rec, header, imgs in landed["encoded"]:
        segs = sorted(segs_of[(rec[87:97], rec[172:182])], key=lambda s: s[186:188])
        out.append((rec, header, imgs, segs))
    return out


def test_every_header_value_as_encoded(landed):
    rows = jcat_sql_json(f"SELECT * FROM lldf_data_change WHERE {ours(landed)}")
    got = {(r["LOGRBA"], r["UORID"]): r for r in rows}
    complete = [c for c in _changes(landed) if c[3][0][184:186] == len(c[3]).to_bytes(2, "big")]
    assert len(complete) == len(landed["encoded"]) - 1  # all but the change whose segment 2 was lost
    assert len(rows) == len(complete)
    seen_types, forms, segmented = set(), set(), 0
    for rec, header, _imgs, segs in complete:
        r = got[(rec[87:97].hex().upper(), rec[172:182].hex().upper())]
        want = _expected_header(rec, header, segs, landed["offsets"][segs[0]])
        assert {k: r[k] for k in want} == want, header["CHANGE_TYPE"]
        assert r["decode_errors"] == [] and r["segment_count"] == len(segs)
        assert r["data_raw"] == rec[lldf.HEADER_LENGTH :].hex().upper()  # DATA reassembled byte for byte
        seen_types.add(r["CHANGE_TYPE"])
        # 6-byte LRSN (offset 1) and RBA (offset 4) from the demo's UR 2, member 2; the 10-byte-only forms
        forms.add(
            "6-byte"
            if header.get("MEMBERID") == 2
            else "10-byte"
            if rec[84:86] != b"\0\0" and rec[87:91] != b"\0" * 4
            else "extended"
        )
        segmented += len(segs) > 1
    assert seen_types == {"UB", "I", "D", "DM", "DT", "DR", "IL", "CO", "E", "CM", "SC"}  # every type of seed 002
    assert segmented >= 1 and forms == {"6-byte", "extended", "10-byte"}


def test_every_row_image_as_encoded(landed):
    """The images, cut from reassembled DATA, byte for byte (their columns typed: test_declared_lldf_images)."""
    rows = {
        (r["LOGRBA_HEX"], r["UORID_HEX"]): r
        for r in jcat_sql_json(
            "SELECT hex(LOGRBA) AS LOGRBA_HEX, hex(UORID) AS UORID_HEX, before_image, after_image, decode_errors "
            f"FROM lldf_change_stream WHERE {ours(landed)}"
        )
    }
    checked, nulls, varchars = 0, 0, 0
    for rec, header, imgs, segs in _changes(landed):
        if (
            header.get("TABLENAME") != "EMPLOYEE"
            or header["CHANGE_TYPE"] not in ("UB", "I", "IL", "D")
            or len(segs) != int.from_bytes(segs[0][184:186], "big")
        ):  # not a row change, or the lost one
            continue
        r = rows[(rec[87:97].hex().upper(), rec[172:182].hex().upper())]
        sides = {"UB": ("before_image", "after_image"), "D": ("before_image",)}.get(
            header["CHANGE_TYPE"], ("after_image",)
        )
        for side, img in zip(sides, imgs):
            assert r[side] == img.hex().upper(), (header["CHANGE_TYPE"], side)
            cols, values = landed["images"][img]
            nulls += sum(values.get(c["name"]) is None and c["nullable"] == "Y" for c in cols)
            varchars += sum(c["coltype"] == "VARCHAR" and values.get(c["name"]) is not None for c in cols)
            checked += 1
        assert r["decode_errors"] == []
    assert checked >= 8 and nulls >= 5 and varchars >= 10
    long = [r for r in rows.values() if r["after_image"] and len(r["after_image"]) > 2 * 3000]
    assert len(long) == 1  # the segmented update's image with a 3,000-byte VARCHAR came through whole


def test_missing_segment_is_rejected_with_its_reason(landed):
    lost = landed["broken"][:-1]  # segment 1, then segments 3.. of the change whose segment 2 was lost
    total = int.from_bytes(lost[0][184:186], "big")
    rows = jcat_sql_json(
        "SELECT record_offset, length, reason, TOTALSEGS, SEGNUM FROM lldf_segment_rejects "
        f"WHERE {ours(landed)} ORDER BY record_offset"
    )
    found = ",".join(str(int.from_bytes(s[186:188], "big")) for s in lost)
    want = [
        {
            "record_offset": landed["offsets"][s],
            "length": len(s),
            "reason": f"missing_segment: SEGNUM 2 of {total} not found (found {found})",
            "TOTALSEGS": total,
            "SEGNUM": int.from_bytes(s[186:188], "big"),
        }
        for s in lost
    ]
    assert rows == want


def test_ledger_accounts_for_every_byte(landed):
    path, data = landed["path"], landed["data"]
    [led] = jcat_sql_json(f"SELECT * FROM raw_loads_current WHERE layout = 'lldf' AND source_file LIKE '%{path.name}'")
    assert led["size"] == os.path.getsize(path) == len(data)
    assert led["record_bytes"] == sum(len(r) for r in landed["main"] + landed["broken"])
    assert led["rejected_bytes"] == len(TRAILER)
    assert led["record_bytes"] + led["framing_bytes"] + led["rejected_bytes"] == led["size"]
    [rej] = jcat_sql_json(
        f"SELECT record_offset, length, reason FROM raw_rejects WHERE source_file LIKE '%{path.name}'"
    )
    assert (rej["record_offset"], rej["length"]) == (len(data) - len(TRAILER), len(TRAILER))
    assert rej["reason"].startswith("bad_bdw")

"""Byte-mutation property test of the LLDF models (lldf_segments -> lldf_data_change, lldf_segment_rejects): data
change records of every change type, written from seed 002's text, one to four bytes mutated anywhere, decoded by
the models' compiled SQL in one query. Every header value and every image is the unmutated value, NULL and named in
decode_errors, or what the mutated bytes encode; a record missing from lldf_data_change is in lldf_segment_rejects
with its file and offset. `-m million` runs a million records."""

from __future__ import annotations

import datetime as dt

import pytest
from support.fuzz import (
    MUT,
    SPACING,
    Fuzz,
    Shape,
    Tally,
    bin_ok,
    changed_in,
    char_ok,
    compile_models,
)
from support.fuzz_records import lldf_record, seed_parts

from udfs.core.layouts import lldf

TOD_EPOCH = dt.datetime(1900, 1, 1)


def expected_images(ct, data: bytes) -> dict:
    """What each image column must hold for these DATA bytes (None where the type has no such image)."""
    out = dict(before_image=None, after_image=None, limit_key_image=None, CLONE_TABLE_OWNER=None, CLONE_TABLE_NAME=None)
    parts = seed_parts(data) if data else []
    if ct in ("DM", "DT", "DR") and len(data) <= 2:  # a mass delete without limit keys has no image at all
        return out if (not data or data == b"\x00\x02") else {**out, "limit_key_image": "BAD"}
    want = {"UB": 2, "E": 2, "I": 1, "IL": 1, "D": 1, "DM": 1, "DT": 1, "DR": 1}.get(ct)
    if want is None:
        return out
    if parts is None or len(parts) != want:
        return {k: ("BAD" if k in _columns(ct) else None) for k in out}
    if ct == "UB":
        out.update(before_image=parts[0], after_image=parts[1])
    elif ct in ("I", "IL"):
        out["after_image"] = parts[0]
    elif ct == "D":
        out["before_image"] = parts[0]
    elif ct == "E":
        # ebcdic_str: trailing blanks and NULs removed (char_ok's rule)
        out.update(
            CLONE_TABLE_OWNER=parts[0].rstrip(b"\x40\x00").decode("cp037"),
            CLONE_TABLE_NAME=parts[1].rstrip(b"\x40\x00").decode("cp037"),
        )
    else:
        out["limit_key_image"] = parts[0]
    return out


def _columns(ct):
    return {
        "UB": ("before_image", "after_image"),
        "I": ("after_image",),
        "IL": ("after_image",),
        "D": ("before_image",),
        "E": ("CLONE_TABLE_OWNER", "CLONE_TABLE_NAME"),
    }.get(ct, ("limit_key_image",))


def _tod_time_ok(value, raw10: bytes) -> bool:
    """An extended LRSN is STCKE bytes 0-9: byte 0 the epoch index (2^52 microseconds each), bytes 1-8 the TOD."""
    micros = (raw10[0] << 52) + (int.from_bytes(raw10[1:9], "big") >> 12)
    if value is None:
        return raw10 == b"\x00" * 10
    v = value.replace(tzinfo=None) if value.tzinfo else value
    return (v - TOD_EPOCH) // dt.timedelta(microseconds=1) == micros


def _ts17_ok(value, raw: bytes) -> bool:
    if value is None:
        return raw == b"\x00" * 17
    return f"{value.year:04d}" + value.strftime("%m%d%H%M%S%f") == raw.hex()[:20]


def _fraction_ok(value, raw: bytes) -> bool:
    if value is None:
        return raw == b"\x00" * 17
    digits = raw.hex()[14:34]
    return value == digits[: max(12, len(digits.rstrip("0")))]


def judge_header(t: Tally, orig, mut, pos, rec: bytes, where: str):
    errors = mut["decode_errors"]
    member_zero = mut["MEMBERID"] == 0
    for f in lldf.HEADER:
        o, n = f.offset, f.length
        raw = rec[o : o + n]
        ch = changed_in(pos, o, n)
        name = f.name
        if f.kind == "char":
            t.judge(name, orig[name], mut[name], errors, ch, lambda v, raw=raw: char_ok(v, raw), where)
        elif f.kind == "bin":
            t.judge(name, orig[name], mut[name], errors, ch, lambda v, raw=raw: bin_ok(v, raw, False), where)
        elif f.kind == "ts17":
            t.judge(name, orig[name], mut[name], errors, ch, lambda v, raw=raw: _ts17_ok(v, raw), where)
            t.judge(
                name + "_FRACTION",
                orig[name + "_FRACTION"],
                mut[name + "_FRACTION"],
                errors,
                ch,
                lambda v, raw=raw: _fraction_ok(v, raw),
                where,
                field=name,
            )
        elif f.kind in ("lrsn", "rba", "hex") and name != "RESERVED_188":
            t.judge(name, orig[name], mut[name], errors, ch, lambda v, raw=raw: bytes(v) == raw, where)
            if f.kind == "lrsn":
                # seed 002: an LRSN is a time only in data sharing (MEMBERID > 0); otherwise NULL is no error
                ch_t = ch or changed_in(pos, 97, 2)
                t.judge(
                    name + "_TIME",
                    orig[name + "_TIME"],
                    mut[name + "_TIME"],
                    errors,
                    ch_t,
                    lambda v, raw=raw: _tod_time_ok(v, raw) or (v is None and member_zero),
                    where,
                    field=name,
                )
            if f.kind == "rba":
                t.judge(
                    name + "_NUMBER",
                    orig[name + "_NUMBER"],
                    mut[name + "_NUMBER"],
                    errors,
                    ch,
                    lambda v, raw=raw: v is not None and int(v) == int.from_bytes(raw, "big"),
                    where,
                    field=name,
                )
    t.judge(
        "RID_PAGE",
        orig["RID_PAGE"],
        mut["RID_PAGE"],
        errors,
        changed_in(pos, 99, 4),
        lambda v: bin_ok(v, rec[99:103], False),
        where,
    )
    t.judge(
        "RID_ROW",
        orig["RID_ROW"],
        mut["RID_ROW"],
        errors,
        changed_in(pos, 103, 1),
        lambda v: bin_ok(v, rec[103:104], False),
        where,
    )


def judge_images(t: Tally, orig, mut, pos, rec: bytes, where: str):
    errors = mut["decode_errors"]
    h = mut["LENGTH"]
    data = rec[h:]
    ct = mut["CHANGE_TYPE"]
    # the images depend on LENGTH, CHANGE TYPE and every byte of DATA
    ch = changed_in(pos, 0, 2) or changed_in(pos, 104, 2) or changed_in(pos, 288, len(rec))
    want = expected_images(ct, data)
    for col, w in want.items():
        t.judge(
            col,
            orig[col],
            mut[col],
            errors,
            ch,
            lambda v, w=w: (v if not isinstance(v, (bytes, bytearray)) else bytes(v)) == w,
            where,
        )
    t.judge("data_raw", orig["data_raw"], mut["data_raw"], errors, ch, lambda v: bytes(v) == data, where)


def judge_batch(t: Tally, batch, sql):
    """lldf_data_change and lldf_segment_rejects decode raw_lldf themselves (the ephemeral lldf_segments_decoded,
    inlined), as a table build does; a record missing from the one must be in the other."""
    rows = batch.rows(sql["lldf_data_change"], {"raw_lldf": batch.view})
    rejected = set(batch.rows(sql["lldf_segment_rejects"], {"raw_lldf": batch.view}))
    for i, rec, pos, orig, mut in batch.pairs(rows):
        t.records += 1
        if mut is None:
            if (MUT, i * SPACING) in rejected:  # a header the segments cannot be put together from
                t.framing_rejects += 1
                t.values += 1
            else:
                t.bad("lost", f"{batch.where(i)}: neither in lldf_data_change nor in lldf_segment_rejects")
            continue
        judge_header(t, orig, mut, pos, rec, batch.where(i))
        judge_images(t, orig, mut, pos, rec, batch.where(i))


FUZZ = Fuzz("lldf", (Shape(lldf_record, judge_batch),))


@pytest.fixture(scope="module")
def lldf_sql(spark):
    return compile_models(spark, ["lldf_segments", "lldf_data_change", "lldf_segment_rejects"])


def test_each_value_of_a_mutated_lldf_record_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, lldf_sql, request
):
    FUZZ.assert_clean(spark, lldf_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_lldf_records_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, lldf_sql, request
):
    FUZZ.assert_clean(spark, lldf_sql, request)

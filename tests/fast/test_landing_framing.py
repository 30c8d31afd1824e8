"""Pure framing logic: no Spark. Hex tables for the edge cases, hypothesis round trips for the rest."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.landing_data import idms_record, lldf_record, rdw, vb

from udfs.core.framing.frames import Framing, frame, frame_fixed, idms_length, lldf_length
from udfs.core.framing.gather import batches, gather
from udfs.core.framing.layout_framing import LayoutProblem, resolve_framing


def records_of(buf: bytes, fr) -> list[bytes]:
    return [buf[s : s + n] for s, n in zip(fr.starts.tolist(), fr.lengths.tolist())]


def check_accounting(buf: bytes, fr) -> None:
    assert fr.accounted_bytes() == len(buf)


# ---- fixed ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size,length,n,tail", [(0, 4, 0, 0), (12, 4, 3, 0), (13, 4, 3, 1), (3, 4, 0, 3), (971 * 2 + 970, 971, 2, 970)]
)
def test_fixed_framing_cuts_whole_records_and_rejects_a_short_tail(size, length, n, tail):
    fr = frame_fixed(size, length)
    assert len(fr.starts) == n and fr.starts.tolist() == [i * length for i in range(n)]
    assert fr.rejected_bytes == tail
    if tail:
        r = fr.rejects[0]
        assert (r.offset, r.code) == (n * length, "short_tail") and str(size) in r.reason
    assert fr.accounted_bytes() == size


# ---- RDW (V) ----------------------------------------------------------------------------------------------

RDW_CASES = [
    # hex, records (hex), rejects (offset, length, code)
    ("0005000041", ["41"], []),
    ("00050000410006000042 43".replace(" ", ""), ["41", "4243"], []),
    ("000400000005000041", ["", "41"], []),  # an empty record is an RDW of 4
    ("0003000041", [], [(0, 5, "bad_rdw")]),  # length below its own 4 bytes
    ("0005010041", [], [(0, 5, "bad_rdw")]),  # spanned-segment flags
    ("00080000414243", [], [(0, 7, "past_end")]),  # runs past end of file
    ("0005000041 0000".replace(" ", ""), ["41"], [(5, 2, "truncated_rdw")]),
    ("00050000410009000041", ["41"], [(5, 5, "past_end")]),
]


@pytest.mark.parametrize("hexdata,records,rejects", RDW_CASES)
def test_rdw_edge_cases_give_their_records_and_rejects_with_every_byte_accounted(hexdata, records, rejects):
    buf = bytes.fromhex(hexdata)
    fr = frame(buf, Framing("rdw"))
    assert [r.hex() for r in records_of(buf, fr)] == records
    assert [(r.offset, r.length, r.code) for r in fr.rejects] == rejects
    check_accounting(buf, fr)


# ---- BDW + RDW (VB) ---------------------------------------------------------------------------------------

VB_CASES = [
    ("000E0000 0005000041 00050000 42", ["41", "42"], []),
    ("8000000E 0005000041 00050000 42", ["41", "42"], []),  # extended BDW
    # a bad RDW inside the first block rejects the rest of that block only; the next block lands
    ("000E0000 0005000041 00FF000042 0009000000050000 43", ["41", "43"], [(9, 5, "past_end")]),
    ("00070000 000300", [], [(0, 7, "bad_bdw")]),  # block too short for BDW + RDW
    ("00200000 0005000041", [], [(0, 9, "past_end")]),  # block past end of file
    ("000E0001 0005000041 0005000042", [], [(0, 14, "bad_bdw")]),
    ("0009000000050000 41 00", ["41"], [(9, 1, "truncated_bdw")]),
]


@pytest.mark.parametrize("hexdata,records,rejects", VB_CASES)
def test_vb_edge_cases_give_their_records_and_rejects_with_every_byte_accounted(hexdata, records, rejects):
    buf = bytes.fromhex(hexdata.replace(" ", ""))
    fr = frame(buf, Framing("vb"))
    assert [r.hex() for r in records_of(buf, fr)] == records
    assert [(r.offset, r.length, r.code) for r in fr.rejects] == rejects
    check_accounting(buf, fr)


# ---- self-delimiting --------------------------------------------------------------------------------------


def test_idms_rec_len_is_the_length_unless_below_the_prefix_or_truncated():
    assert idms_length(bytes.fromhex("0034"), 0, 52) == (52, None)
    n, why = idms_length(bytes.fromhex("0007"), 0, 7)
    assert n is None and why.startswith("bad_length")
    n, why = idms_length(b"\x00", 0, 1)
    assert n is None and why.startswith("truncated_length")


def test_lldf_update_data_total_covers_both_images_with_their_lengths():
    rec = lldf_record(change="UB", images=(b"BEFORE", b"AFTER!!"))
    assert len(rec) == 288 + 2 + (2 + 6) + (2 + 7)
    assert lldf_length(rec, 0, len(rec)) == (len(rec), None)


def test_lldf_segment_framed_by_seglen_without_rdw():
    """A segment carries a slice of DATA, so DATA's total length cannot frame it: SEGLEN (whole segment) does."""
    seg1 = lldf_record(0, "UB", images=(b"B" * 40,), segments=(288 + 10, 2, 1))[: 288 + 10]
    seg2 = lldf_record(0, "UB", images=(b"A" * 30,), segments=(288 + 34, 2, 2))[: 288 + 34]
    nxt = lldf_record(1)
    buf = seg1 + seg2 + nxt
    fr = frame(buf, Framing("self", inner="lldf"))
    assert records_of(buf, fr) == [seg1, seg2, nxt] and not fr.rejects
    bad = lldf_record(0, "UB", segments=(100, 2, 1))
    n, why = lldf_length(bad, 0, len(bad))
    assert n is None and why.startswith("bad_length")


def test_lldf_mass_delete_without_data_is_framed_as_its_header_alone():
    dm = lldf_record(change="DM")[:288]
    nxt = lldf_record(1)
    buf = dm + nxt
    fr = frame(buf, Framing("self", inner="lldf"))
    assert records_of(buf, fr) == [dm, nxt]
    fr = frame(dm, Framing("self", inner="lldf"))
    assert records_of(dm, fr) == [dm]


@pytest.mark.parametrize(
    "mutate,code",
    [
        (lambda b: b"\x00\x10" + b[2:], "bad_length"),  # header shorter than CHANGE TYPE
        (lambda b: b[:200], "past_end"),  # header cut
        (lambda b: b[:289], "past_end"),  # DATA length cut
        (lambda b: b[:288] + b"\x00\x01" + b[290:], "bad_length"),  # DATA length below 2
        (lambda b: b[:-1], "past_end"),  # record runs past end of file
    ],
)
def test_malformed_lldf_record_is_one_reject_at_its_offset_after_the_good_one(mutate, code):
    buf = lldf_record(0) + mutate(lldf_record(1))
    fr = frame(buf, Framing("self", inner="lldf"))
    assert len(fr.starts) == 1
    assert [r.code for r in fr.rejects] == [code] and fr.rejects[0].offset == len(lldf_record(0))
    check_accounting(buf, fr)


def test_idms_tail_past_end_or_with_bad_length_is_rejected_after_the_good_record():
    good = idms_record(0, body=b"x" * 10)
    for tail, code in [(idms_record(1)[:-3], "past_end"), (b"\x00\x02\x00\x00", "bad_length")]:
        buf = good + tail
        fr = frame(buf, Framing("self", inner="idms"))
        assert records_of(buf, fr) == [good]
        assert [(r.offset, r.code) for r in fr.rejects] == [(len(good), code)]


def test_inner_length_must_match_rdw():
    good, bad = idms_record(0), idms_record(1)
    bad_in_rdw = rdw(bad + b"!")  # RDW says one byte more than REC-LEN
    buf = rdw(good) + bad_in_rdw + rdw(good)
    fr = frame(buf, Framing("rdw", inner="idms"))
    assert records_of(buf, fr) == [good, good]
    assert [(r.offset, r.length, r.code) for r in fr.rejects] == [(len(good) + 4, len(bad_in_rdw), "length_mismatch")]
    check_accounting(buf, fr)


# ---- round trips ------------------------------------------------------------------------------------------

payloads = st.lists(st.binary(min_size=0, max_size=300), max_size=40)


@settings(max_examples=60, deadline=None)
@given(payloads)
def test_rdw_framed_payloads_come_back_whole_with_4_framing_bytes_each(recs):
    buf = b"".join(rdw(r) for r in recs)
    fr = frame(buf, Framing("rdw"))
    assert records_of(buf, fr) == recs and not fr.rejects
    assert fr.framing_bytes == 4 * len(recs)
    check_accounting(buf, fr)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(min_size=0, max_size=300), min_size=0, max_size=40), st.integers(1, 7), st.booleans())
def test_vb_blocked_payloads_come_back_whole_without_rejects(recs, per_block, extended):
    buf = vb(recs, per_block, extended)
    fr = frame(buf, Framing("vb"))
    assert records_of(buf, fr) == recs and not fr.rejects
    check_accounting(buf, fr)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["I ", "D ", "UB", "IL"]),
            st.lists(st.binary(max_size=80), min_size=1, max_size=2),
            st.integers(106, 400),
        ),
        max_size=15,
    ),
    st.sampled_from(["self", "vb"]),
)
def test_lldf_records_self_or_vb_framed_come_back_whole_without_rejects(specs, kind):
    recs = [lldf_record(i, c, tuple(imgs), h) for i, (c, imgs, h) in enumerate(specs)]
    buf = b"".join(recs) if kind == "self" else vb(recs, 2)
    fr = frame(buf, Framing(kind, inner="lldf"))
    assert records_of(buf, fr) == recs and not fr.rejects
    check_accounting(buf, fr)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.binary(max_size=200), max_size=30), st.sampled_from(["self", "rdw"]))
def test_idms_records_self_or_rdw_framed_come_back_whole_without_rejects(bodies, kind):
    recs = [idms_record(i, body=b) for i, b in enumerate(bodies)]
    buf = b"".join(recs) if kind == "self" else b"".join(rdw(r) for r in recs)
    fr = frame(buf, Framing(kind, inner="idms"))
    assert records_of(buf, fr) == recs and not fr.rejects
    check_accounting(buf, fr)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=600), st.sampled_from(["rdw", "vb"]))
def test_garbage_is_always_fully_accounted(buf, kind):
    fr = frame(buf, Framing(kind))
    check_accounting(buf, fr)
    spans = sorted(
        [(s - 4, n + 4) for s, n in zip(fr.starts.tolist(), fr.lengths.tolist())]
        + [(r.offset, r.length) for r in fr.rejects]
    )
    for (a, n), (b, _) in zip(spans, spans[1:]):
        assert a + n <= b  # no byte counted twice


@settings(max_examples=40, deadline=None)
@given(payloads, st.integers(1, 500))
def test_batches_are_nonempty_and_gathering_them_gives_back_every_record(recs, max_bytes):
    buf = b"".join(rdw(r) for r in recs)
    fr = frame(buf, Framing("rdw"))
    data = np.frombuffer(buf, dtype=np.uint8)
    got = []
    for lo, hi in batches(fr.lengths, max_bytes):
        assert hi > lo
        flat, offs = gather(data, fr.starts[lo:hi], fr.lengths[lo:hi])
        got += [flat[offs[i] : offs[i + 1]].tobytes() for i in range(hi - lo)]
    assert got == recs


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 30)), max_size=30), st.booleans())
def test_gather_equals_slicing_with_any_gaps(pieces, shuffled):
    """Gaps of any size between records (RDW, BDW, rejected stretches), records of length 0, and records out of
    order (the general path): every record's bytes come back exactly, in the order given."""
    starts, lengths, pos = [], [], 0
    for gap, n in pieces:
        pos += gap
        starts.append(pos)
        lengths.append(n)
        pos += n
    if shuffled:
        starts, lengths = starts[::-1], lengths[::-1]
    data = np.frombuffer(bytes(i % 251 for i in range(pos + 1)), dtype=np.uint8)
    flat, offs = gather(data, np.array(starts, dtype=np.int64), np.array(lengths, dtype=np.int64))
    got = [flat[offs[i] : offs[i + 1]].tobytes() for i in range(len(starts))]
    assert got == [data[s : s + n].tobytes() for s, n in zip(starts, lengths)]


# ---- layout resolution ------------------------------------------------------------------------------------


def test_resolve_framing_gives_layout_defaults_and_refuses_impossible_options():
    assert resolve_framing("qasym7j5") == Framing("fixed", record_length=971)
    assert resolve_framing("lldf").kind == "self" and resolve_framing("idms", "rdw").inner == "idms"
    assert resolve_framing("ibmsnap_cd_emp", "fixed", 120).record_length == 120
    assert resolve_framing("ibmsnap_uow").record_length == 95
    assert resolve_framing("qjordje5", "vb").inner is None
    for args, msg in [
        (("qjordje5",), "record length is a property"),
        (("ibmsnap_nosuch",), "--record-length"),
        (("qasym7j5", None, 970), "971"),
        (("lldf", "fixed"), "variable-length"),
        (("qasym7j5", "self"), "does not carry"),
        (("nosuch",), "unknown layout"),
        (("idms", "rdw", 10), "fixed framing only"),
    ]:
        with pytest.raises(LayoutProblem, match=msg):
            resolve_framing(*args)


def test_lldf_in_vb_follows_the_rdw_segments_and_header_only_records():
    """The LLDF demo file (a 3-segment update, a header-only DM) frames whole, each record's own length agreeing."""
    import tempfile
    from pathlib import Path

    from udfs.core.framing import frame, resolve_framing
    from udfs.demo import lldf as demo

    files = demo.generate(Path(tempfile.mkdtemp()))
    spec = resolve_framing("lldf", "vb", None)
    for path in files["lldf"]:
        data = path.read_bytes()
        fr = frame(data, spec)
        assert fr.rejects == [], (path.name, fr.rejects[:2])
        assert int(fr.lengths.sum()) + fr.framing_bytes == len(data)
        # without RDWs the records frame themselves: LENGTH + DATA's total length, SEGLEN for segments
        recs = records_of(data, fr)
        bare = b"".join(recs)
        fr_self = frame(bare, resolve_framing("lldf", "self", None))
        assert records_of(bare, fr_self) == recs and not fr_self.rejects

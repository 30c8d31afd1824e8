"""Byte-mutation property test of the framing (no Spark): files of real LLDF and IDMS records, self-framed or in
RECFM=VB blocks, one to four bytes mutated anywhere. Framing never crashes; every byte is a record, framing or a
reject (loaded + rejected = file size); each reject has its offset and a reason code; every record before the
first mutated byte (and the halfword after it, which self framing may read) lands exactly as written."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.fuzz import mutate
from support.fuzz_records import idms_record, lldf_record
from support.landing_data import vb

from udfs.core.framing.frames import Framing, frame

CODES = {
    "truncated_length",
    "bad_length",
    "past_end",
    "truncated_rdw",
    "bad_rdw",
    "truncated_bdw",
    "bad_bdw",
    "length_mismatch",
    "short_tail",
}


def _file(rng, kind: str, inner: str, n: int) -> tuple[bytes, list[bytes]]:
    make = lldf_record if inner == "lldf" else idms_record
    recs = [make(rng, i) for i in range(n)]
    return (b"".join(recs) if kind == "self" else vb(recs, 3)), recs


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["self", "vb"]), inner=st.sampled_from(["lldf", "idms"]))
def test_mutated_files_frame_with_every_byte_accounted(seed, kind, inner):
    rng = random.Random(seed)
    buf, recs = _file(rng, kind, inner, 12)
    bad, positions = mutate(rng, buf)
    fr = frame(bad, Framing(kind, inner=inner))
    assert fr.record_bytes + fr.framing_bytes + fr.rejected_bytes == len(bad)
    for r in fr.rejects:
        assert 0 <= r.offset < len(bad) and r.length > 0 and r.code in CODES, r
    landed = [bad[s : s + n] for s, n in zip(fr.starts.tolist(), fr.lengths.tolist())]
    # records that end before the first mutated byte are untouched and land whole, in order
    ends, p = [], 0
    for r in recs:
        p += len(r) + (0 if kind == "self" else 4)
        ends.append(p)
    first = positions[0]
    # self framing may read the halfword after a record: a mass delete without DATA is known by the next
    # record's LENGTH (frames.lldf_length), so a mutation there may reject it
    after = 2 if kind == "self" else 4 * (1 + len(recs) // 3)
    clean = [r for r, e in zip(recs, ends) if e + after <= first]
    assert landed[: len(clean)] == clean

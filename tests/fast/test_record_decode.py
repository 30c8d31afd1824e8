"""Layout functions (`decode_<layout>`) give exactly what the per-field functions give, field by field."""

from __future__ import annotations

import random

import pyarrow as pa
import pytest

from udfs.core.catalog import LAYOUT_FUNCTIONS
from udfs.core.kernels import DecodeError
from udfs.core.kernels.record import RECORD_DECODERS, decode_record
from udfs.core.layouts import qasym7j5
from udfs.core.samples.m7 import m7_records


def _records() -> list:
    recs = m7_records(300, seed=11)
    rng = random.Random(5)
    mutated = []
    for r in recs[:60]:  # flip bytes anywhere: bad zoned digits, bad timestamps, odd text
        b = bytearray(r)
        for _ in range(3):
            b[rng.randrange(len(b))] = rng.randrange(256)
        mutated.append(bytes(b))
    return recs + mutated + [None, recs[0][:700], recs[1][:30], b""]


def _per_field(arr: pa.Array, f) -> list:
    kernel, _ = RECORD_DECODERS[f.kind]
    cut = pa.array(
        [
            None if r is None or len(r) < f.offset + f.length else r[f.offset : f.offset + f.length]
            for r in arr.to_pylist()
        ],
        pa.binary(),
    )
    return cut.to_pylist() if kernel is None else kernel(cut).to_pylist()


def test_every_field_equals_its_per_field_function():
    arr = pa.array(_records(), pa.binary())
    out = decode_record(arr, qasym7j5.FIELDS)
    assert out.null_count == 1
    for f in qasym7j5.FIELDS:
        assert out.field(f.name).to_pylist() == _per_field(arr, f), f.name


def test_mixed_width_batch_matches_uniform_batch():
    recs = m7_records(50, seed=3)
    uniform = decode_record(pa.array(recs), qasym7j5.FIELDS).to_pylist()
    mixed = decode_record(pa.array(recs + [recs[0][:10]]), qasym7j5.FIELDS).to_pylist()
    assert mixed[:50] == uniform


def test_records_of_several_lengths_all_long_enough_and_a_sliced_array():
    """Variable-length records that all hold every field (cut by Arrow's binary_slice), also from an array that
    starts at an offset into its buffers."""
    recs = [r + bytes(range(i % 40)) for i, r in enumerate(m7_records(120, seed=9))]
    arr = pa.array(recs, pa.binary())
    for a in (arr, arr.slice(7), arr.slice(7, 50)):
        out = decode_record(a, qasym7j5.FIELDS)
        for f in qasym7j5.FIELDS:
            assert out.field(f.name).to_pylist() == _per_field(a, f), f.name


def test_strict_error_names_layout_field_and_bytes():
    rec = bytearray(m7_records(1)[0])
    rec[74:80] = bytes.fromhex("F1F2F3F4F5FA")  # JONBR, job number, position 75
    with pytest.raises(DecodeError) as err:
        decode_record(pa.array([bytes(rec)]), qasym7j5.FIELDS, strict=True, function="decode_qasym7j5")
    assert "decode_qasym7j5 field JONBR (position 75, 6 bytes) unpack_zoned: cannot decode X'F1F2F3F4F5FA'" in str(
        err.value
    )


def test_every_layout_function_is_declared_from_a_layout():
    for fn in LAYOUT_FUNCTIONS:
        assert fn.name.startswith("decode_") and fn.returns.startswith("STRUCT<")

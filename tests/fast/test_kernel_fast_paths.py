"""Fast paths give exactly what the general paths give.

The kernels take shortcuts for the common case (fixed-width columns cut from fixed-length records, ASCII-only
text); these properties hold the shortcut to the plain definition on any bytes, NULL rows included.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from udfs.core.kernels.batch import fixed_width_batch
from udfs.core.kernels.ebcdic import SUPPORTED_CCSIDS, ascii_table, decode_table, ebcdic_str

# Padding, letters and digits, and bytes beyond ASCII in most code pages (0x9A, 0xC0, 0x4A, 0x5A, 0xFF, 0x41 NBSP).
PALETTE = [0x40, 0x00, 0xC1, 0xC2, 0xF0, 0xF9, 0x6B, 0x4B, 0x9A, 0xC0, 0x4A, 0x5A, 0xFF, 0x41, 0x05, 0x25]


def expected(row: bytes, ok: bool, ccsid: int) -> str | None:
    """The definition: decode with the code page, drop trailing X'40' and X'00' bytes."""
    if not ok:
        return None
    return row.rstrip(b"\x40\x00").decode(f"cp{ccsid:03d}")


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 12), st.lists(st.booleans(), min_size=1, max_size=30), st.data(), st.sampled_from(SUPPORTED_CCSIDS)
)
def test_fixed_width_text_equals_the_definition(width, valid, data, ccsid):
    byte_rows = [bytes(data.draw(st.lists(st.sampled_from(PALETTE), min_size=width, max_size=width))) for _ in valid]
    valid = np.array(valid)
    mat = np.frombuffer(b"".join(byte_rows), np.uint8).reshape(len(valid), width)
    got = ebcdic_str(fixed_width_batch(mat, valid)).to_pylist()  # default CCSID 37
    assert got == [expected(r, ok, 37) for r, ok in zip(byte_rows, valid)]
    got_cc = ebcdic_str(fixed_width_batch(mat, valid), pa.array([ccsid] * len(valid), pa.int32())).to_pylist()
    assert got_cc == [expected(r, ok, ccsid) for r, ok in zip(byte_rows, valid)]
    # the same rows as a variable-width binary array take the general path: same answer
    general = ebcdic_str(
        pa.array([r if ok else None for r, ok in zip(byte_rows, valid)], pa.binary()),
        pa.array([ccsid] * len(valid), pa.int32()),
    ).to_pylist()
    assert general == got_cc


def test_ascii_table_marks_every_byte_that_could_change_the_trim():
    for ccsid in SUPPORTED_CCSIDS:
        table, chars = ascii_table(ccsid), decode_table(ccsid)
        for i, ch in enumerate(chars):
            if table[i] != 0xFF:
                assert chr(table[i]) == ch
                assert ch not in " \0" or i in (0x40, 0x00), (ccsid, hex(i))
            else:
                assert ord(ch) >= 0x80 or (ch in " \0" and i not in (0x40, 0x00))


def test_strided_columns_of_records_take_the_fast_path_and_agree():
    records = np.frombuffer(bytes([0xC1, 0x40, 0x00, 0xC2, 0x9A, 0x40]) * 5, np.uint8).reshape(5, 6)
    valid = np.array([True, False, True, True, True])
    for start, width in ((0, 3), (3, 3), (0, 6), (1, 2)):
        mat = records[:, start : start + width]  # a strided view, as decode_record cuts fields
        got = ebcdic_str(fixed_width_batch(mat, valid)).to_pylist()
        assert got == [expected(bytes(r), ok, 37) for r, ok in zip(mat, valid)]


ZONED_BYTES = [0xF0, 0xF1, 0xF5, 0xF9, 0xC3, 0xD7, 0xB2, 0xA0, 0xE9, 0x0F, 0xFA, 0x40, 0x00]
PACKED_BYTES = [0x00, 0x12, 0x99, 0x9C, 0x1D, 0x0F, 0x5B, 0xA1, 0x3A, 0xFF, 0x40]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["zoned", "packed"]),
    st.integers(1, 18),
    st.lists(st.booleans(), min_size=1, max_size=25),
    st.data(),
)
def test_fixed_width_decimals_equal_the_general_path(kind, width, valid, data):
    """A fixed-width column (fast path) decodes as the same rows do inside a mixed-width batch (general path)."""
    from udfs.core.kernels.decimal import unpack_packed, unpack_zoned

    kernel, palette = (unpack_zoned, ZONED_BYTES) if kind == "zoned" else (unpack_packed, PACKED_BYTES)
    if kind == "packed":
        width = min(width, 9)
    rows = [bytes(data.draw(st.lists(st.sampled_from(palette), min_size=width, max_size=width))) for _ in valid]
    mat = np.frombuffer(b"".join(rows), np.uint8).reshape(len(rows), width)
    fast = kernel(fixed_width_batch(mat, np.array(valid))).to_pylist()
    odd_one = b"\xf1" * (width + 1) if kind == "zoned" else b"\x00" * width + b"\x1c"  # another width
    general = kernel(pa.array([r if ok else None for r, ok in zip(rows, valid)] + [odd_one], pa.binary()))
    assert fast == general.to_pylist()[:-1]
    # and the values are the definition: digits, sign from the last zone or nibble
    for r, ok, got in zip(rows, valid, fast):
        nibbles = [x for b in r for x in ((b >> 4, b & 0xF) if kind == "packed" else (b & 0xF,))]
        digits, sign = (nibbles[:-1], nibbles[-1]) if kind == "packed" else (nibbles, r[-1] >> 4)
        zones_ok = kind == "packed" or all(b >> 4 == 0xF for b in r[:-1])
        if ok and zones_ok and all(d <= 9 for d in digits) and sign >= 0xA:
            value = int("".join(map(str, digits)) or "0")
            assert got == (-value if sign in (0xB, 0xD) else value)
        else:
            assert got is None


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([1, 2, 3, 4, 8]), st.booleans(), st.lists(st.booleans(), min_size=1, max_size=25), st.data())
def test_fixed_width_binary_equals_the_general_path(width, signed, valid, data):
    from udfs.core.kernels.binary import unpack_bin

    rows = [data.draw(st.binary(min_size=width, max_size=width)) for _ in valid]
    mat = np.frombuffer(b"".join(rows), np.uint8).reshape(len(rows), width)
    fast = unpack_bin(fixed_width_batch(mat, np.array(valid)), signed).to_pylist()
    general = unpack_bin(
        pa.array([r if ok else None for r, ok in zip(rows, valid)] + [b"\x01" * (width % 8 + 1)]), signed
    ).to_pylist()[:-1]
    assert fast == general
    for r, ok, got in zip(rows, valid, fast):
        value = int.from_bytes(r, "big", signed=signed)
        assert got == (value if ok and value < 2**63 else None)

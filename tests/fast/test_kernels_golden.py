"""Every golden row through the kernel directly (no Spark), one batch per row and all rows of a function in one
batch."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

import pyarrow as pa
import pytest
from support.golden import BINARY_ARGS, GOLDEN, is_string_arg

from udfs.core.catalog import BY_NAME


def _arrow_args(fn: str, args: tuple) -> list[pa.Array]:
    out = []
    for i, a in enumerate(args):
        if i in BINARY_ARGS[fn]:
            out.append(pa.array([None if a is None else bytes.fromhex(a)], pa.binary()))
        elif isinstance(a, bool):
            out.append(pa.array([a], pa.bool_()))
        elif isinstance(a, str) or is_string_arg(fn, i):
            out.append(pa.array([a], pa.string()))
        else:
            out.append(pa.array([a], pa.int32()))
    return out


def _normal(v):
    # Instants come back tz-aware (UTC); golden values are naive UTC.
    if isinstance(v, dt.datetime) and v.tzinfo is not None:
        return v.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return v


@pytest.mark.parametrize("fn,args,expected", GOLDEN, ids=[f"{g[0]}-{i}" for i, g in enumerate(GOLDEN)])
def test_each_golden_row_alone_in_a_batch_gives_its_expected_value(fn, args, expected):
    result = BY_NAME[fn].kernel(*_arrow_args(fn, args))
    assert len(result) == 1
    assert _normal(result[0].as_py()) == expected


def _grouped():
    groups = defaultdict(list)
    for fn, args, expected in GOLDEN:
        groups[(fn, len(args))].append((args, expected))
    return sorted(groups.items())


@pytest.mark.parametrize("key,rows", _grouped(), ids=[f"{k[0]}/{k[1]}" for k, _ in _grouped()])
def test_golden_rows_in_one_batch(key, rows):
    """Mixed widths, NULLs and bad rows in one batch must not disturb each other."""
    fn, arity = key
    columns = []
    for i in range(arity):
        values = [r[0][i] for r in rows]
        if i in BINARY_ARGS[fn]:
            columns.append(pa.array([None if v is None else bytes.fromhex(v) for v in values], pa.binary()))
        elif is_string_arg(fn, i):
            columns.append(pa.array(values, pa.string()))
        elif all(isinstance(v, bool) for v in values):
            columns.append(pa.array(values, pa.bool_()))
        else:
            columns.append(pa.array(values, pa.int32()))
    result = BY_NAME[fn].kernel(*columns)
    assert [_normal(v) for v in result.to_pylist()] == [r[1] for r in rows]


def test_sliced_input_is_read_at_its_offset():
    from udfs.core.kernels import ebcdic_str, unpack_zoned

    arr = pa.array([bytes.fromhex("C1C1"), bytes.fromhex("C2C240"), None, bytes.fromhex("C3")])
    assert ebcdic_str(arr.slice(1)).to_pylist() == ["BB", None, "C"]
    z = pa.array([bytes.fromhex("F1"), bytes.fromhex("F2D3"), bytes.fromhex("F4")])
    assert [int(v) for v in unpack_zoned(z.slice(1)).to_pylist()] == [-23, 4]


def test_large_binary_and_empty_batches():
    from udfs.core.kernels import unpack_bin

    assert unpack_bin(pa.array([b"\x01\x02"], pa.large_binary())).to_pylist() == [258]
    assert unpack_bin(pa.array([], pa.binary())).to_pylist() == []

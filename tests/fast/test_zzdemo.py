"""The throwaway zzdemo layout: its declaration against the copied table, and `jcat load zzdemo`'s framing."""

from __future__ import annotations

import pytest
from support import REPO

from udfs.core.catalog import BY_NAME
from udfs.core.framing.frames import Framing, frame
from udfs.core.framing.layout_framing import LayoutProblem, check_layout, resolve_framing
from udfs.core.layouts import zzdemo
from udfs.demo.zzdemo import generate


def test_the_declaration_is_the_copied_table():
    rows = (REPO / "tests" / "data" / "sources" / "zzdemo.txt").read_text().split("----\n", 1)[1].split("\n")
    table = [r.split() for r in rows if r]
    assert [(f.pos, f.length, f.fmt, f.name) for f in zzdemo.FIELDS] == [(int(p), int(n), t, m) for p, n, t, m in table]


def test_jcat_load_zzdemo_frames_twelve_byte_records(tmp_path):
    assert check_layout("ZZDEMO") == "zzdemo"
    spec = resolve_framing("zzdemo")
    assert spec == Framing("fixed", record_length=12)
    with pytest.raises(LayoutProblem, match="records are 12 bytes, not 13"):
        resolve_framing("zzdemo", None, 13)
    [path] = generate(tmp_path)["zzdemo"]
    framed = frame(path.read_bytes(), spec)
    assert list(framed.lengths) == [12] * 5 and not framed.rejects


def test_decode_zzdemo_is_in_the_catalog():
    import pyarrow as pa

    rec = b"\xc1\xc2\xc3\xc4" + b"\xf0\xf0\xf4\xf2" + (7).to_bytes(4, "big")
    out = BY_NAME["decode_zzdemo"].kernel(pa.array([rec], pa.binary())).to_pylist()
    assert out == [{"CODE": "ABCD", "AMOUNT": 42, "COUNT": 7}]

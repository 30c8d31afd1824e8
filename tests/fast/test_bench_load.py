"""`jcat bench --load`: its generated files frame as intended, and one small load measures what it says.
(Speed is shown by running the bench, not by tests.)"""

from __future__ import annotations

import pytest

from udfs.bench.load import LoadFigure, load_report, parse_size, write_file
from udfs.core.framing.frames import Framing, frame


@pytest.mark.parametrize(
    "kind,framing", [("fixed", Framing("fixed", record_length=971)), ("rdw", Framing("rdw")), ("vb", Framing("vb"))]
)
def test_generated_files_frame_into_whole_records(tmp_path, kind, framing):
    f = tmp_path / kind
    n = write_file(f, kind, 3_000_000)
    data = f.read_bytes()
    fr = frame(data, framing)
    assert len(fr.starts) == n and not fr.rejects and 2_000_000 < len(data) <= 3_000_000
    assert set(fr.lengths.tolist()) == {971}


def test_parse_size_reads_si_and_binary_units_and_report_gives_speed_relative_to_fixed():
    assert (parse_size("100M"), parse_size("1G"), parse_size("2.2GiB"), parse_size("512")) == (
        100 * 10**6,
        10**9,
        int(2.2 * 2**30),
        512,
    )
    figs = [
        LoadFigure("fixed", 10**8, 10**5, 4.0, 1, 1, 200 << 20, 300 << 20, 2),
        LoadFigure("rdw", 10**8, 10**5, 2.0, 1, 1, 100 << 20, 300 << 20, 2),
    ]
    text, verdict = load_report(figs)
    assert verdict["rdw@100000000/fixed MB/s"] == 2.0 and "rdw" in text and "25.0" in text

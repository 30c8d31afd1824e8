"""Progress of long loads: a tqdm bar on a terminal (files, bytes, records, rate), nothing in pipes or CI."""

from __future__ import annotations

import io
import time
from types import SimpleNamespace

from udfs.spark.progress import SparkProgress, wanted


class Tty(io.StringIO):
    def isatty(self):
        return True


class FakeSpark:
    """Just the status tracker: one active stage whose tasks complete as the test says."""

    def __init__(self):
        self.done, self.total = 0, 4
        tracker = SimpleNamespace(
            getActiveStageIds=lambda: [7],
            getStageInfo=lambda sid: SimpleNamespace(numTasks=self.total, numCompletedTasks=self.done),
        )
        self.sparkContext = SimpleNamespace(statusTracker=lambda: tracker)


def test_quiet_in_pipes_and_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("JCAT_PROGRESS", raising=False)
    assert not wanted(io.StringIO())
    assert wanted(Tty())
    monkeypatch.setenv("CI", "true")
    assert not wanted(Tty())
    monkeypatch.setenv("JCAT_PROGRESS", "on")
    assert wanted(io.StringIO())


def test_bar_shows_files_bytes_records_and_rate(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("JCAT_PROGRESS", raising=False)
    # A terminal wide enough for the whole line: tqdm before 4.70 cuts it at 80 columns (xdist's workers have none).
    monkeypatch.setenv("COLUMNS", "200")
    out, spark = Tty(), FakeSpark()
    with SparkProgress(
        spark, "landing qasym7j5", files=2, total_bytes=971 * 4096, record_length=971, out=out, every=0.05
    ):
        spark.done = 2
        time.sleep(0.4)
        half = out.getvalue()
        spark.done = 4
    text = out.getvalue()
    assert "landing qasym7j5:  50%" in half and "records=~2,048" in half and "files=2" in half
    assert "100%" in text and "records=~4,096" in text and "B/s" in text


def test_nothing_written_in_a_pipe(monkeypatch):
    monkeypatch.delenv("JCAT_PROGRESS", raising=False)
    out = io.StringIO()
    with SparkProgress(FakeSpark(), "landing", files=1, total_bytes=100, out=out, every=0.01):
        time.sleep(0.1)
    assert out.getvalue() == ""

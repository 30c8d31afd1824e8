"""Progress of long Spark work on a terminal (tqdm): files, bytes, records, rate. Silent in pipes and CI.

Spark's status tracker reports tasks, not bytes: the bytes shown while a job runs are the total times the
share of its tasks done (tasks cover the input in about equal chunks), and exact when it ends.
"""

from __future__ import annotations

import os
import sys
import threading


def wanted(out=None) -> bool:
    """JCAT_PROGRESS=on|off forces it; otherwise only on a terminal, and never under CI."""
    force = os.environ.get("JCAT_PROGRESS", "").lower()
    if force in ("on", "1", "true"):
        return True
    if force in ("off", "0", "false") or os.environ.get("CI"):
        return False
    out = out or sys.stderr
    return bool(getattr(out, "isatty", lambda: False)())


class SparkProgress:
    """A bar over the Spark jobs run inside the `with` block."""

    def __init__(
        self,
        spark,
        desc: str,
        files: int,
        total_bytes: int,
        record_length: int | None = None,
        out=None,
        every: float = 0.5,
    ):
        self.tracker = spark.sparkContext.statusTracker()
        self.desc, self.files, self.total, self.record_length = desc, files, total_bytes, record_length
        self.out, self.every = out or sys.stderr, every
        self.bar = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="jcat progress")

    def _fraction(self) -> float | None:
        best = None
        for sid in self.tracker.getActiveStageIds():
            info = self.tracker.getStageInfo(sid)
            if info and info.numTasks:
                f = info.numCompletedTasks / info.numTasks
                best = f if best is None else min(best, f)
        return best

    def _show(self, done: int) -> None:
        self.bar.n = done
        post = {"files": self.files}
        if self.record_length:
            post["records"] = f"~{done // self.record_length:,}"
        self.bar.set_postfix(post, refresh=False)
        self.bar.refresh()

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            f = self._fraction()
            if f is not None:
                self._show(max(self.bar.n, int(f * self.total)))

    def __enter__(self):
        if wanted(self.out):
            from tqdm import tqdm

            self.bar = tqdm(
                total=self.total,
                desc=self.desc,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                file=self.out,
                leave=True,
                dynamic_ncols=True,
            )
            self.thread.start()
        return self

    def __exit__(self, exc_type, *exc):
        self.stop.set()
        if self.bar is not None:
            self.thread.join(timeout=5)
            if exc_type is None:
                self._show(self.total)
            self.bar.close()
        return False

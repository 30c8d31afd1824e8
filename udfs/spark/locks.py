"""Locks between jcat processes of one JCAT_HOME: kernel advisory locks (flock), which the kernel releases
when the holder dies, even by SIGKILL, so a crashed command never leaves a lock that blocks the next one."""

from __future__ import annotations

import fcntl
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path


def pid_alive(pid: int) -> bool:
    """Whether a process of this machine is running (a zombie, killed but not yet reaped, is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (killed, not yet reaped) is dead for our purpose
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


@contextmanager
def flock(path: Path, blocking: bool = True):
    """Yields True when held (always, if blocking), False when another process holds it (non-blocking)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextmanager
def queued(path: Path, what: str, out=None):
    """Hold the lock at `path` for `what`; if another process holds it, say so in one line and wait in turn."""
    out = out or sys.stderr
    with flock(path, blocking=False) as got:
        if got:
            _note(path, what)
            yield
            return
    holder = _holder(path)
    print(
        f"jcat: waiting for {holder or 'another jcat process'} to finish (one {what} at a time per JCAT_HOME)",
        file=out,
        flush=True,
    )
    t = time.monotonic()
    with flock(path):
        print(f"jcat: went ahead after {time.monotonic() - t:.0f}s", file=out, flush=True)
        _note(path, what)
        yield


def _note(path: Path, what: str) -> None:
    path.with_suffix(".owner").write_text(f"{what} pid {os.getpid()}: {' '.join(sys.argv)[:200]}\n")


def _holder(path: Path) -> str:
    try:
        return path.with_suffix(".owner").read_text().strip()
    except OSError:
        return ""

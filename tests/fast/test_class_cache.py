"""The driver JVM's class archive (udfs/spark/class_cache.py), without a JVM: which options a driver gets, who
makes the archive, and that a part file (perhaps truncated: it can crash the JVM that maps it) is never used."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from udfs.spark import class_cache


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JCAT_CLASS_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("JCAT_CLASS_CACHE", raising=False)
    spawned = []
    fake = SimpleNamespace(
        DEVNULL=subprocess.DEVNULL, Popen=lambda cmd, **kw: spawned.append(cmd) or SimpleNamespace(pid=os.getpid())
    )
    monkeypatch.setattr(class_cache, "subprocess", fake)  # the maker is a real process in tests/spark
    return tmp_path, spawned


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_published_archive_is_mapped_quietly(cache):
    folder, spawned = cache
    key = class_cache.archive_key()
    (folder / f"{key}.jsa").write_bytes(b"x")
    opts = class_cache.driver_options()
    assert f"-XX:SharedArchiveFile={folder / f'{key}.jsa'}" in opts and "-Xshare:auto" in opts
    assert "-Xlog:cds=off" in opts and "-Xlog:cds+dynamic=off" in opts  # its warnings would land in stdout
    assert spawned == []


def test_no_archive_one_maker_is_started_and_this_jvm_starts_without(cache):
    folder, spawned = cache
    key = class_cache.archive_key()
    (folder / f"{key}.{os.getpid()}.part").write_bytes(b"half an archive")
    assert class_cache.driver_options() == ""  # a part is never given to a JVM
    assert class_cache.driver_options() == ""  # the claim is taken: no second maker
    assert len(spawned) == 1 and spawned[0][-3:] == ["make", str(folder), key]
    assert (folder / f"{key}.claim").read_text() == str(os.getpid())


def test_a_dead_makers_claim_is_taken_over(cache):
    folder, spawned = cache
    key = class_cache.archive_key()
    (folder / f"{key}.claim").write_text(str(_dead_pid()))
    assert class_cache.driver_options() == "" and len(spawned) == 1


def test_off_switch_and_a_changed_pyspark_gets_its_own_archive(cache, monkeypatch):
    folder, spawned = cache
    key = class_cache.archive_key()
    (folder / f"{key}.jsa").write_bytes(b"x")
    monkeypatch.setenv("JCAT_CLASS_CACHE", "0")
    assert class_cache.driver_options() == ""
    import pyspark

    monkeypatch.setattr(pyspark, "__version__", pyspark.__version__ + ".other")
    assert class_cache.archive_key() != key


def test_sweep_drops_only_old_parts_of_processes_that_are_gone(tmp_path):
    old_dead = tmp_path / f"k.{_dead_pid()}.part"
    new_dead = tmp_path / f"k.{_dead_pid()}.part"
    live = tmp_path / f"k.{os.getpid()}.part"
    for p in (old_dead, new_dead, live):
        p.write_bytes(b"x")
    past = time.time() - class_cache.STALE_SECONDS - 60
    os.utime(old_dead, (past, past))
    os.utime(live, (past, past))
    class_cache._sweep(tmp_path, "k")
    assert not old_dead.exists() and new_dead.exists() and live.exists()


def test_after_a_failed_make_no_command_tries_again_for_a_day(cache):
    folder, spawned = cache
    key = class_cache.archive_key()
    failed = folder / f"{key}.failed"
    failed.write_text("driver JVM exited with 1")
    assert class_cache.driver_options() == "" and spawned == []
    past = time.time() - class_cache.RETRY_SECONDS - 60
    os.utime(failed, (past, past))
    assert class_cache.driver_options() == "" and len(spawned) == 1

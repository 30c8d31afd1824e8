"""The driver JVM's class archive for real: the maker publishes a whole archive, a later jcat process maps it
(its classes come from the archive) and answers as before, and a maker killed midway publishes nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from udfs.spark import class_cache


def _env(folder, **more):
    env = dict(os.environ, JCAT_CLASS_CACHE_DIR=str(folder), **more)
    env.pop("JCAT_CLASS_CACHE", None)
    return env


@pytest.mark.heavy  # suite time: two JVMs and an archive dump (about 70 s); the killed maker below stays in the suite
def test_archive_is_made_once_then_mapped_by_the_next_driver(tmp_path):
    folder, key = tmp_path / "cds", class_cache.archive_key()
    folder.mkdir()
    made = subprocess.run(
        [sys.executable, "-m", "udfs.spark.class_cache", "make", str(folder), key],
        env=_env(folder),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert made.returncode == 0, made.stderr[-2000:]
    assert sorted(p.name for p in folder.iterdir()) == [f"{key}.jsa"]  # no part, no claim left

    log = tmp_path / "classes.log"
    script = textwrap.dedent("""
        from udfs.spark.runtime import start
        spark = start(master="local[1]")
        got = spark.sql("SELECT jcat.ebcdic_str(X'C8C5D3D3D6'), jcat.unpack_zoned(X'F1F2D3')").collect()[0]
        print("GOT", tuple(got))
    """)
    r = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=600,
        env=_env(
            folder,
            JCAT_HOME=str(tmp_path / "home"),
            JCAT_METASTORE="embedded",
            JDK_JAVA_OPTIONS=f"-Xlog:class+load=info:file={log}",
        ),
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert [ln for ln in r.stdout.splitlines() if ln.startswith("GOT")] == ["GOT ('HELLO', Decimal('-123'))"]
    from_archive = sum("shared objects file (top)" in ln for ln in log.read_text(errors="replace").splitlines())
    assert from_archive > 5000, from_archive  # Spark's own classes came mapped from jcat's archive


def test_a_maker_killed_midway_publishes_nothing_and_its_claim_is_taken_over(tmp_path):
    folder, key = tmp_path / "cds", class_cache.archive_key()
    folder.mkdir()
    (folder / f"{key}.claim").write_text("")
    maker = subprocess.Popen(
        [sys.executable, "-m", "udfs.spark.class_cache", "make", str(folder), key],
        env=_env(folder),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    (folder / f"{key}.claim").write_text(str(maker.pid))
    time.sleep(6)  # the maker's JVM is starting
    os.killpg(maker.pid, signal.SIGKILL)  # the maker and its JVM
    maker.wait()
    assert not (folder / f"{key}.jsa").exists()
    assert class_cache._claim(folder / f"{key}.claim")  # the dead maker's claim is free again

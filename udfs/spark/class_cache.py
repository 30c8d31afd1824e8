"""A class-data-sharing archive for the driver JVM: every `jcat` command starts a JVM that loads the same
~13,000 Spark, Hive and Hadoop classes, which costs about 25 CPU-seconds on a 2-core machine. Java 17 can keep
those classes, parsed and verified, in an archive that later JVMs map instead (CDS, JEP 350): start-up measured
17 s and 30 CPU-seconds without, 10 s and 17-19 CPU-seconds with (a bare session on 2 cores).

The first jcat process of a machine that finds no archive starts `python -m udfs.spark.class_cache make` in the
background (once: a claim file) and goes on without it. That process runs a small Spark session whose JVM dumps
its classes as it exits (-XX:ArchiveClassesAtExit) into a part file, waits for that JVM, and publishes the part
only when the JVM exited with 0. A part of a JVM killed while dumping is never used: a truncated archive can
crash the JVM that maps it, so only a published one is ever given to a JVM. The archive is keyed by the Java
build and the jars (a new pyspark or JDK gets its own), and CDS warnings never reach stdout.

Off with JCAT_CLASS_CACHE=0; the folder is JCAT_CLASS_CACHE_DIR, else $XDG_CACHE_HOME/jcat/cds (~/.cache).
Only jcat's default driver options carry it: a user who sets spark.driver.extraJavaOptions keeps exactly theirs.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from .locks import pid_alive

QUIET = "-Xlog:cds=off -Xlog:cds+dynamic=off"  # CDS warnings go to stdout, where `jcat sql` prints results
STALE_SECONDS = 3600
RETRY_SECONDS = 86400  # after a failed make, a day before the next try


def cache_dir() -> Path:
    if os.environ.get("JCAT_CLASS_CACHE_DIR"):
        return Path(os.environ["JCAT_CLASS_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jcat" / "cds"


def _java() -> Path | None:
    java_home = os.environ.get("JAVA_HOME")
    java = Path(java_home) / "bin" / "java" if java_home else None
    if java is None or not java.exists():
        found = shutil.which("java")
        java = Path(found) if found else None
    return java.resolve() if java else None


def archive_key() -> str | None:
    """What the archive depends on: the JVM build (its base archive and libjvm) and the jars on the class path."""
    import pyspark

    java = _java()
    if java is None:
        return None
    jdk = java.parent.parent
    h = hashlib.sha256()
    for f in (java, jdk / "lib" / "server" / "libjvm.so", jdk / "lib" / "server" / "classes.jsa"):
        if f.exists():
            st = f.stat()
            h.update(f"{f}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    jars = Path(pyspark.__file__).resolve().parent / "jars"
    h.update(f"{pyspark.__version__}:{jars}\n".encode())
    if jars.is_dir():
        for j in sorted(jars.iterdir()):
            h.update(f"{j.name}:{j.stat().st_size}\n".encode())
    return h.hexdigest()[:20]


def _claim(claim: Path) -> bool:
    """This process is the one that dumps: an exclusive file naming it; a dead claimer's claim is taken over."""
    for _ in range(2):
        try:
            fd = os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                pid = int(claim.read_text().strip() or 0)
            except (OSError, ValueError):
                pid = 0
            if pid and pid_alive(pid):
                return False
            claim.unlink(missing_ok=True)
            continue
        with os.fdopen(fd, "w") as out:
            out.write(str(os.getpid()))
        return True
    return False


def _sweep(folder: Path, key: str) -> None:
    """Parts of processes that are gone (killed while dumping): never used, removed after an hour."""
    for part in folder.glob(f"{key}.*.part"):
        try:
            pid = int(part.name.split(".")[1])
            if not pid_alive(pid) and time.time() - part.stat().st_mtime > STALE_SECONDS:
                part.unlink(missing_ok=True)
        except (ValueError, OSError):
            continue


def driver_options() -> str:
    """Java options for the driver JVM about to start: the archive when there is one. When there is none, one
    process of the machine starts `make` in the background (niced, detached) and this JVM starts as before."""
    if os.environ.get("JCAT_CLASS_CACHE", "1") == "0":
        return ""
    try:
        key = archive_key()
        if key is None:
            return ""
        folder = cache_dir()
        final = folder / f"{key}.jsa"
        if final.is_file():
            return f"-XX:SharedArchiveFile={final} -Xshare:auto {QUIET}"
        failed = folder / f"{key}.failed"
        if failed.is_file() and time.time() - failed.stat().st_mtime < RETRY_SECONDS:
            return ""  # this JVM could not make one (not HotSpot?): not every command should try again
        folder.mkdir(parents=True, exist_ok=True)
        _sweep(folder, key)
        claim = folder / f"{key}.claim"
        if _claim(claim):
            nice = [shutil.which("nice"), "-n", "10"] if shutil.which("nice") else []
            child = subprocess.Popen(
                nice + [sys.executable, "-m", __name__, "make", str(folder), key],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                env=dict(os.environ, JCAT_CLASS_CACHE="0"),
            )
            claim.write_text(str(child.pid))  # the claim is the maker's from now on
    except OSError:  # a read-only or full cache folder: start without the archive
        pass
    return ""


def make(folder: Path, key: str) -> int:
    """Start a driver JVM that dumps its classes at exit, do what a jcat session does first (Hive catalog,
    a Parquet table, Arrow), and publish the archive only if that JVM exited with 0 after writing it."""
    import tempfile

    from pyspark.sql import SparkSession

    part = folder / f"{key}.{os.getpid()}.part"
    claim = folder / f"{key}.claim"
    try:
        with tempfile.TemporaryDirectory(prefix="jcat-cds-") as tmp:
            spark = (
                SparkSession.builder.master("local[1]")
                .appName("jcat-class-cache")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.warehouse.dir", f"{tmp}/warehouse")
                .config(
                    "spark.hadoop.javax.jdo.option.ConnectionURL",
                    f"jdbc:derby:;databaseName={tmp}/metastore_db;create=true",
                )
                .config(
                    "spark.driver.extraJavaOptions",
                    f"-Dderby.system.home={tmp} -XX:ArchiveClassesAtExit={part} {QUIET}",
                )
                .config("spark.sql.execution.arrow.pyspark.enabled", "true")
                .enableHiveSupport()
                .getOrCreate()
            )
            spark.sql("CREATE DATABASE IF NOT EXISTS cds")
            spark.sql("CREATE TABLE cds.t USING parquet AS SELECT id, hex(id) AS h, unhex('C1C2') AS b FROM range(100)")
            spark.sql("SELECT substr(b, 1, 1), decode(b, 'ISO-8859-1'), count(*) FROM cds.t GROUP BY 1, 2").collect()
            spark.table("cds.t").toPandas()
            proc = spark.sparkContext._gateway.proc
            spark.stop()
            proc.stdin.close()  # the gateway JVM ends when its stdin closes, and writes the archive as it ends
            code = proc.wait(timeout=600)
        if code == 0 and part.is_file() and part.stat().st_size > 0:
            os.replace(part, folder / f"{key}.jsa")
            return 0
        (folder / f"{key}.failed").write_text(f"driver JVM exited with {code}\n")
        return 1
    except Exception as e:
        (folder / f"{key}.failed").write_text(f"{type(e).__name__}: {e}\n")
        raise
    finally:
        part.unlink(missing_ok=True)
        try:
            if claim.read_text().strip() == str(os.getpid()):
                claim.unlink()
        except OSError:
            pass


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "make":
        sys.exit(make(Path(sys.argv[2]), sys.argv[3]))
    sys.exit("usage: python -m udfs.spark.class_cache make FOLDER KEY")

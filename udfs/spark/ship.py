"""Ship jcat to executors that have never seen it, and check they can run it.

On any master but `local[...]`, `prepare(spark)` (called by `runtime.start`):

* warns, in one line each, when the warehouse or the metastore is on a local `file:` path (executors
  on other hosts may not see it; a single-host cluster or a shared mount is fine, so it still runs);
* adds one zip to the SparkContext (`addPyFile`): the `udfs` package and its pure-Python dependencies
  (`ebcdic`), built once per content hash under `$JCAT_HOME/ship/` (an editable install keeps one
  version number while its code changes, so the version cannot name the archive);
* runs a tiny job on the executors and stops with one line naming what is missing where: Python's
  version, pandas, pyarrow, numpy (what Arrow UDFs need), and that jcat imports from the archive.

The executors' interpreter is the user's: `spark.pyspark.python` or `PYSPARK_PYTHON` as they set them
(runtime.prepare_environment sets PYSPARK_PYTHON to the driver's interpreter for local masters only).
`jcat archive` prints the zip's path, for `spark-submit --py-files` or a notebook's `sc.addPyFile`.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import tempfile
import zipfile
from pathlib import Path

# Pure-Python distributions executors import (kernels decode EBCDIC through codecs `ebcdic` registers).
PURE_DEPENDENCIES = ("ebcdic",)
# What executors need from their own interpreter (compiled, so they cannot travel in a zip), with the
# lowest versions PySpark's Arrow UDFs accept.
NEEDED = {"pandas": "2.2.0", "pyarrow": "15.0.0", "numpy": "1.21"}
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = (".pyc", ".pyo")


class ShipProblem(RuntimeError):
    """Executors cannot run jcat; the message is one line saying what is missing where."""


def is_local(master: str | None) -> bool:
    return not master or master.startswith("local")


def _package_files() -> list[tuple[str, Path]]:
    """(name in the zip, file) for udfs and each pure dependency."""
    import udfs

    roots = [Path(udfs.__file__).resolve().parent]
    for name in PURE_DEPENDENCIES:
        mod = importlib.import_module(name)
        roots.append(Path(mod.__file__).resolve().parent)
    out = []
    for root in roots:
        for p in sorted(root.rglob("*")):
            if p.is_file() and not SKIP_DIRS & set(p.relative_to(root).parts) and not p.name.endswith(SKIP_SUFFIXES):
                out.append((f"{root.name}/{p.relative_to(root).as_posix()}", p))
    return out


def archive(home: Path) -> Path:
    """The zip executors import jcat from, under home (JCAT_HOME): built once per content, reused while the
    code is unchanged."""
    files = _package_files()
    h = hashlib.sha256()
    for name, p in files:
        h.update(name.encode() + b"\0" + p.read_bytes() + b"\0")
    target = home / "ship" / f"jcat-{h.hexdigest()[:16]}.zip"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".zip.tmp")
    os.close(fd)
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, p in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes for the same code
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    os.replace(tmp, target)  # atomic: a concurrent start sees the whole zip or none
    return target


def local_storage_warnings(spark) -> list[str]:
    """One line per setting that keeps tables on a path only this host may see."""
    conf = spark.sparkContext.getConf()
    out = []
    wh = spark.conf.get("spark.sql.warehouse.dir", "")
    if wh.startswith("file:") or wh.startswith("/"):
        out.append(
            f"jcat: warning: the warehouse is on a local path ({wh}): executors on other hosts may not see "
            "it; set spark.sql.warehouse.dir to shared storage (HDFS, S3, a shared mount) unless this "
            "cluster is one host"
        )
    uris = conf.get("spark.hadoop.hive.metastore.uris", "")
    url = conf.get("spark.hadoop.javax.jdo.option.ConnectionURL", "")
    if not uris and "derby" in url.lower():
        out.append(
            "jcat: warning: the metastore is an embedded Derby database on this host: other drivers cannot "
            "share it; set spark.hadoop.hive.metastore.uris to a metastore service for a team cluster"
        )
    return out


_PROBE_SOURCE = '''
def probe(_):
    """Runs on an executor: what its Python has."""
    import importlib as il
    import socket
    import sys as s

    found = {"host": socket.gethostname(), "python": s.executable,
             "version": "%d.%d" % s.version_info[:2], "modules": {}}
    for name in ("pandas", "pyarrow", "numpy"):
        try:
            found["modules"][name] = il.import_module(name).__version__
        except Exception as e:  # not installed, or broken
            found["modules"][name] = None
            found.setdefault("errors", {})[name] = f"{type(e).__name__}: {e}"
    try:
        import udfs  # noqa: F401

        for kernels in ("udfs.core.kernels.ebcdic", "udfs.kernels.ebcdic"):  # its place in newer and older versions
            try:
                text = il.import_module(kernels)
                break
            except ModuleNotFoundError as e:
                if not e.name or not (kernels + ".").startswith(e.name + "."):
                    raise
        found["jcat"] = text.decode_table(1047)[0x65] == "\\u00c1"  # a code page only the ebcdic package has
    except Exception as e:
        found["jcat"] = f"{type(e).__name__}: {e}"
    yield found
'''


def _probe_function():
    """The probe, defined outside any importable module so it travels by value: an executor that cannot
    import jcat (or numpy) can still run it and say so."""
    ns = {"__name__": "jcat_executor_probe"}
    exec(_PROBE_SOURCE, ns)
    return ns["probe"]


def _older(have: str, need: str) -> bool:
    def parts(v):
        out = []
        for x in v.split(".")[:3]:
            digits = "".join(c for c in x if c.isdigit())
            out.append(int(digits or 0))
        return out

    return parts(have) < parts(need)


def problems(reports: list[dict], driver_version: str) -> list[str]:
    """What is missing where, one phrase per executor host and interpreter."""
    out = []
    for where in sorted({(r["host"], r["python"]) for r in reports}):
        rs = [r for r in reports if (r["host"], r["python"]) == where]
        r = rs[0]
        bad = []
        if r["version"] != driver_version:
            bad.append(f"Python {r['version']} (the driver runs {driver_version})")
        for name, need in NEEDED.items():
            have = r["modules"].get(name)
            if have is None:
                bad.append(f"no {name}")
            elif _older(have, need):
                bad.append(f"{name} {have} (needs >= {need})")
        if not bad and r.get("jcat") is not True:
            bad.append(f"jcat does not import from the shipped archive ({r['jcat']})")
        if bad:
            out.append(f"{where[1]} on {where[0]}: {', '.join(bad)}")
    return out


def check_executors(spark, timeout_tasks: int | None = None) -> list[dict]:
    """A tiny job, one task per default-parallelism slot: each reports what its executor's Python has."""
    sc = spark.sparkContext
    n = max(1, timeout_tasks or sc.defaultParallelism)
    sc.setJobDescription("jcat: check executors")
    try:
        return sc.parallelize(range(n), n).mapPartitions(_probe_function()).collect()
    finally:
        sc.setJobDescription(None)


def executor_python(spark) -> str:
    conf = spark.sparkContext.getConf()
    return conf.get("spark.pyspark.python", None) or os.environ.get("PYSPARK_PYTHON") or "python3"


def prepare(spark, home: Path, out=None) -> None:
    """On a cluster master: warn about host-local storage, ship the archive, check the executors."""
    master = spark.sparkContext.master
    if is_local(master):
        return
    err = out or sys.stderr
    for line in local_storage_warnings(spark):
        print(line, file=err, flush=True)
    zip_path = archive(home)
    spark.sparkContext.addPyFile(str(zip_path))
    if os.environ.get("JCAT_CHECK_EXECUTORS", "1") == "0":
        return
    python = executor_python(spark)
    try:
        reports = check_executors(spark)
    except Exception as e:
        text = str(e)
        cause = next(
            (
                ln.strip()
                for ln in text.splitlines()
                if "No such file" in ln or "Cannot run program" in ln or "Error" in ln
            ),
            text.splitlines()[0] if text else "",
        )
        raise ShipProblem(
            f"executors could not run Python ({python}, from spark.pyspark.python / PYSPARK_PYTHON): {cause[:300]}"
        ) from e
    found = problems(reports, f"{sys.version_info[0]}.{sys.version_info[1]}")
    if found:
        hint = (
            "install pandas, pyarrow and numpy there, or set spark.pyspark.python to an interpreter that has them"
            if any(" no " in f or "needs >=" in f or "Python " in f for f in found)
            else "report this: the archive is " + str(zip_path)
        )
        raise ShipProblem("executors cannot run jcat: " + "; ".join(found) + f" ({hint})")

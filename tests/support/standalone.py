"""A real Spark standalone cluster on loopback, from the scripts pyspark ships (docs/cluster.md, "loopback").

The worker's executors run a plain Python (pandas, pyarrow, numpy and nothing else: no jcat, no
`ebcdic`), in a virtualenv built once from the same pins as the driver's and cached under
~/.cache/jcat (or JCAT_TEST_WORKER_PYTHON). The master and worker get an environment with no
PYTHONPATH, so nothing of the driver's can leak to the executors but what jcat ships.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pyspark_home() -> Path:
    import pyspark

    return Path(pyspark.__file__).resolve().parent


def _pins() -> dict[str, str]:
    import numpy
    import pandas
    import pyarrow

    return {"pandas": pandas.__version__, "pyarrow": pyarrow.__version__, "numpy": numpy.__version__}


def worker_python() -> str:
    """A Python with pandas, pyarrow and numpy (the driver's versions) and nothing of jcat's."""
    given = os.environ.get("JCAT_TEST_WORKER_PYTHON")
    if given:
        return given
    pins = _pins()
    name = f"worker-py{sys.version_info[0]}{sys.version_info[1]}-" + "-".join(f"{k}{v}" for k, v in pins.items())
    root = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "jcat" / name
    py = root / "bin" / "python"
    if not py.exists():
        shutil.rmtree(root, ignore_errors=True)  # a venv whose base interpreter is gone: built again below
        base = _base_python()
        tmp = Path(str(root) + f".tmp{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run([base, "-m", "venv", str(tmp)], check=True)
        subprocess.run(
            [str(tmp / "bin" / "python"), "-m", "pip", "install", "-q"] + [f"{k}=={v}" for k, v in pins.items()],
            check=True,
            env=_clean_env(),
        )
        try:
            tmp.rename(root)
        except OSError:  # built by a concurrent run meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return str(py)


def _base_python() -> str:
    """The interpreter this one's venv was made from (sys.base_prefix), never another venv's, which can go away
    (Python 3.10's sys._base_executable in a venv is the venv's own)."""
    name = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    base = Path(sys.base_prefix) / "bin" / name
    return str(base) if base.exists() else shutil.which(name) or "python3"


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYSPARK", "VIRTUAL_ENV", "JCAT_"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    return env


def importable(python: str, module: str) -> bool:
    # from a neutral folder, as an executor runs: `python -c` puts its working directory first on sys.path, and
    # the suite runs from the checkout, where `udfs` is importable by its folder alone
    r = subprocess.run(
        [python, "-c", f"import {module}"], env=_clean_env(), capture_output=True, cwd=tempfile.gettempdir()
    )
    return r.returncode == 0


@dataclass
class Cluster:
    url: str
    python: str
    home: Path
    procs: list

    def stop(self):
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()


def _wait_for(path: Path, text: str, proc, seconds: float = 180):
    end = time.time() + seconds
    while time.time() < end:
        if path.exists() and text in path.read_text(errors="replace"):
            return
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[1]} exited: {path.read_text(errors='replace')[-2000:]}")
        time.sleep(0.5)
    raise RuntimeError(f"timed out waiting for {text!r} in {path}")


def start_cluster(cores: int = 1, memory: str = "1g") -> Cluster:
    """Master and one worker on 127.0.0.1, ports the OS picks, SPARK_HOME = the pyspark folder."""
    python = worker_python()
    home = Path(tempfile.mkdtemp(prefix="jcat-cluster-"))
    spark_home = pyspark_home()
    env = _clean_env()
    env.update(
        SPARK_HOME=str(spark_home),
        SPARK_LOCAL_IP="127.0.0.1",
        SPARK_LOG_DIR=str(home / "logs"),
        SPARK_WORKER_DIR=str(home / "work"),
        SPARK_NO_DAEMONIZE="1",
    )
    port, ui, wui = free_port(), free_port(), free_port()
    cls = str(spark_home / "bin" / "spark-class")
    mlog, wlog = home / "master.log", home / "worker.log"
    procs = []
    with open(mlog, "w") as out:
        procs.append(
            subprocess.Popen(
                [
                    cls,
                    "org.apache.spark.deploy.master.Master",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--webui-port",
                    str(ui),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=home,
            )
        )
    try:
        _wait_for(mlog, "I have been elected leader", procs[0])
        url = f"spark://127.0.0.1:{port}"
        with open(wlog, "w") as out:
            procs.append(
                subprocess.Popen(
                    [
                        cls,
                        "org.apache.spark.deploy.worker.Worker",
                        url,
                        "--host",
                        "127.0.0.1",
                        "--cores",
                        str(cores),
                        "--memory",
                        memory,
                        "--webui-port",
                        str(wui),
                        "--work-dir",
                        str(home / "work"),
                    ],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    cwd=home,
                )
            )
        _wait_for(wlog, "Successfully registered with master", procs[1])
    except Exception:
        Cluster("", "", home, procs).stop()
        raise
    return Cluster(url, python, home, procs)

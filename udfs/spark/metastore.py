"""jcat's own metastore, shared by every process of one JCAT_HOME: a Hive Metastore service on loopback.

The embedded Derby metastore admits one process, so `jcat serve`, `jcat load`, `jcat build` and `jcat sql`
could not run at once. Instead the first command that needs the metastore starts the Hive Metastore service
pyspark already ships (org.apache.hadoop.hive.metastore.HiveMetaStore) over the same Derby database,
`JCAT_HOME/metastore_db`, on a free loopback port; every later process (and any Spark tool given
`jcat spark-conf`) connects to it with spark.hadoop.hive.metastore.uris.

Files under JCAT_HOME/metastore/: conf/hive-site.xml (Derby URL, warehouse), service.json (uri, port, pids),
service.log, start.lock (guards the start race), service.lock (held by the supervisor while it lives, so a
crashed service is never mistaken for a live one). A small Python supervisor runs the JVM and stops it after
JCAT_METASTORE_IDLE_SECONDS (default 900) with no client connected, counting every established TCP
connection to the port (so Spark tools that jcat never sees are counted too); `jcat metastore stop` stops it.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from .locks import flock as _flock

START_TIMEOUT_S = float(os.environ.get("JCAT_METASTORE_START_TIMEOUT", "180"))
IDLE_SECONDS = float(os.environ.get("JCAT_METASTORE_IDLE_SECONDS", "900"))
POLL_S = 2.0
# A process that asked for the service may take minutes to start its Spark and connect (a busy machine):
# the service never idles out within this long of the last ask, whatever JCAT_METASTORE_IDLE_SECONDS says.
REQUEST_GRACE_S = 300.0


class MetastoreProblem(RuntimeError):
    """The service would not start or stop; the message says what to do."""


def service_dir(home: Path) -> Path:
    return Path(home) / "metastore"


def _state_path(home: Path) -> Path:
    return service_dir(home) / "service.json"


def read_state(home: Path) -> dict | None:
    try:
        return json.loads(_state_path(home).read_text())
    except (OSError, ValueError):
        return None


def supervisor_alive(home: Path) -> bool:
    """The supervisor holds service.lock for its whole life: if we can take it, nobody is running."""
    with _flock(service_dir(home) / "service.lock", blocking=False) as got:
        return not got


def _answers(port: int, timeout: float = 2.0) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def service_uri(home: Path) -> str | None:
    """The running service's URI, or None."""
    state = read_state(home)
    if state and supervisor_alive(home) and state.get("ready") and _answers(state["port"]):
        return state["uri"]
    return None


def ensure_service(home) -> str:
    """The URI of this JCAT_HOME's metastore service (thrift://127.0.0.1:PORT), starting it if needed.

    For anything that runs Spark against jcat's catalog (jcat itself, `jcat spark-conf`): set
    spark.hadoop.hive.metastore.uris to the result.
    """
    home = Path(home).resolve()
    _asked(home)
    uri = service_uri(home)
    if uri:
        return uri
    with _flock(service_dir(home) / "start.lock"):  # one process starts it; the others wait, then use it
        uri = service_uri(home)
        if uri:
            return uri
        return _start(home)


def _asked(home: Path) -> None:
    """Mark that a client is on its way: the supervisor counts this as activity (see REQUEST_GRACE_S)."""
    p = service_dir(home) / "requested"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.touch()


def _since_asked(home: Path) -> float:
    try:
        return time.time() - (service_dir(home) / "requested").stat().st_mtime
    except OSError:
        return float("inf")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hive_site(home: Path) -> str:
    db = home / "metastore_db"
    props = {
        "javax.jdo.option.ConnectionURL": f"jdbc:derby:;databaseName={db};create=true",
        "javax.jdo.option.ConnectionDriverName": "org.apache.derby.jdbc.EmbeddedDriver",
        "datanucleus.schema.autoCreateAll": "true",
        "hive.metastore.schema.verification": "false",
        "hive.metastore.warehouse.dir": str(home / "warehouse"),
        "hive.metastore.event.db.notification.api.auth": "false",
    }
    body = "".join(f"  <property><name>{k}</name><value>{v}</value></property>\n" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'


def java_command(home: Path, port: int) -> list[str]:
    import pyspark

    jars = Path(pyspark.__file__).resolve().parent / "jars"
    java_home = os.environ.get("JAVA_HOME")
    java = (
        str(Path(java_home) / "bin" / "java") if java_home and (Path(java_home) / "bin" / "java").exists() else "java"
    )
    log_config = Path(__file__).resolve().with_name("log4j2.properties")
    # JCAT_METASTORE_JAVA_OPTIONS: extra JVM options for the service (GC logging, a collector), like Spark's
    # SPARK_DAEMON_JAVA_OPTS for its own daemons.
    extra = shlex.split(os.environ.get("JCAT_METASTORE_JAVA_OPTIONS", ""))
    return [
        java,
        f"-Xmx{os.environ.get('JCAT_METASTORE_HEAP', '1g')}",
        *extra,
        f"-Dderby.system.home={home}",
        "-Dlog4j2.contextSelector=org.apache.logging.log4j.core.selector.ClassLoaderContextSelector",
        f"-Dlog4j2.configurationFile=file:{log_config}",
        "-cp",
        f"{service_dir(home) / 'conf'}:{jars}/*",
        "org.apache.hadoop.hive.metastore.HiveMetaStore",
        "-p",
        str(port),
    ]


def _kill_leftover_jvm(home: Path) -> None:
    """A supervisor killed by SIGKILL leaves its JVM holding the Derby database: stop that JVM first."""
    state = read_state(home)
    pid = (state or {}).get("java_pid")
    if not pid:
        return
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        cmdline = ""
    if "HiveMetaStore" in cmdline and str(home) in cmdline:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for _ in range(50):
            if not Path(f"/proc/{pid}").exists():
                break
            time.sleep(0.1)


def _start(home: Path) -> str:
    d = service_dir(home)
    (d / "conf").mkdir(parents=True, exist_ok=True)
    (home / "warehouse").mkdir(parents=True, exist_ok=True)
    _kill_leftover_jvm(home)
    (d / "conf" / "hive-site.xml").write_text(hive_site(home))
    try:
        _state_path(home).unlink()
    except FileNotFoundError:
        pass
    port = free_port()
    log = open(d / "service.log", "ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "udfs.spark.metastore", "supervise", str(home), str(port)],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=log,
        start_new_session=True,
        env=dict(os.environ),
        close_fds=True,
    )
    log.close()
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        state = read_state(home)
        if state and state.get("ready") and _answers(port):
            return state["uri"]
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    if proc.poll() is None:
        proc.terminate()
    tail = _log_tail(d / "service.log")
    raise MetastoreProblem(
        f"jcat's metastore service did not start within {START_TIMEOUT_S:.0f}s "
        f"(log {d / 'service.log'}{': ' + tail if tail else ''}); "
        "check Java 17 and free disk, then try again"
    )


def _log_tail(path: Path) -> str:
    try:
        lines = [x for x in path.read_text(errors="replace").splitlines() if x.strip()]
    except OSError:
        return ""
    for line in reversed(lines[-40:]):
        if "Exception" in line or "Error" in line:
            return line.strip()[:300]
    return lines[-1].strip()[:300] if lines else ""


def established_clients(port: int) -> int | None:
    """Established TCP connections to this port (every client, whoever started it); None where unknown."""
    count, known = 0, False
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        known = True
        for row in rows:
            cols = row.split()
            if len(cols) > 3 and cols[3] == "01" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                count += 1
    return count if known else None


def supervise(home: Path, port: int) -> int:
    """Run the JVM; stop it on SIGTERM, when it dies, or after IDLE_SECONDS with no client."""
    d = service_dir(home)
    with _flock(d / "service.lock", blocking=False) as got:
        if not got:
            print("another supervisor runs for this JCAT_HOME", file=sys.stderr)
            return 1
        java = subprocess.Popen(java_command(home, port), stdin=subprocess.DEVNULL, cwd=str(d))
        stopping = []

        def on_term(signum, _frame):
            stopping.append(signum)

        signal.signal(signal.SIGTERM, on_term)
        signal.signal(signal.SIGINT, on_term)
        state = {
            "uri": f"thrift://127.0.0.1:{port}",
            "port": port,
            "pid": os.getpid(),
            "java_pid": java.pid,
            "host": socket.gethostname(),
            "started": time.time(),
            "ready": False,
            "idle_seconds": IDLE_SECONDS,
        }
        _write_state(home, state)
        idle_since = time.monotonic()
        why = "stopped"
        while not stopping:
            if java.poll() is not None:
                why = f"the JVM exited ({java.returncode})"
                break
            if not d.exists():  # JCAT_HOME was deleted (a test's temporary folder): nothing left to serve
                why = "its JCAT_HOME was removed"
                break
            if not state["ready"] and _answers(port, 1.0):
                state["ready"] = True
                _write_state(home, state)
                print(f"metastore service ready on {state['uri']} (pid {os.getpid()}, JVM {java.pid})", flush=True)
            clients = established_clients(port)
            if clients or _since_asked(home) < max(IDLE_SECONDS, REQUEST_GRACE_S):
                idle_since = time.monotonic()
            elif clients == 0 and state["ready"] and time.monotonic() - idle_since > IDLE_SECONDS:
                why = f"idle for {IDLE_SECONDS:.0f}s"
                break
            time.sleep(POLL_S)
        if java.poll() is None:
            java.terminate()
            try:
                java.wait(30)
            except subprocess.TimeoutExpired:
                java.kill()
                java.wait()
        try:
            _state_path(home).unlink()
        except FileNotFoundError:
            pass
        print(f"metastore service {why}", flush=True)
        return 0


def _write_state(home: Path, state: dict) -> None:
    tmp = _state_path(home).with_suffix(".tmp")
    tmp.write_text(json.dumps(state))
    os.replace(tmp, _state_path(home))


def stop_service(home, timeout: float = 60.0) -> bool:
    """Stop the service of this JCAT_HOME; False when none was running."""
    home = Path(home).resolve()
    state = read_state(home)
    if not supervisor_alive(home):
        _kill_leftover_jvm(home)
        return False
    pid = (state or {}).get("pid")
    if pid:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and supervisor_alive(home):
        time.sleep(0.2)
    if supervisor_alive(home):
        raise MetastoreProblem(f"the metastore service (pid {pid}) did not stop within {timeout:.0f}s: kill it")
    return True


def status(home) -> dict:
    home = Path(home).resolve()
    state = read_state(home) or {}
    alive = supervisor_alive(home)
    out = {"running": bool(alive and state.get("ready")), "home": str(home)}
    if alive and state:
        out.update({k: state.get(k) for k in ("uri", "pid", "java_pid", "started", "idle_seconds")})
        out["clients"] = established_clients(state["port"])
    return out


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "supervise":
        sys.exit(supervise(Path(sys.argv[2]), int(sys.argv[3])))
    print("usage: python -m udfs.spark.metastore supervise HOME PORT", file=sys.stderr)
    sys.exit(2)

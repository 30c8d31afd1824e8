"""`jcat serve`: a Spark Thrift (HiveServer2) JDBC/ODBC server inside the PySpark driver.

Every JDBC/ODBC connection gets its own Spark session (`spark.sql.hive.thriftServer.singleSession=false`): `USE`,
`SET` and temporary views stay with the connection that issued them. Every session sees the persistent relations
and the persistent SQL functions (`jcat.ebcdic_str`, ... installed at start), so a connection to database `jcat`
finds `audit_journal_m7` and `ebcdic_str` unqualified, and one without a database reads `jcat.audit_journal_m7`.
The temporary (Python, Arrow) functions exist only in the server's own session: `--shared-session` serves that
one session to every connection instead (the old behaviour, with its shared `USE` and `SET`).

Safety: the server binds to loopback unless `--allow-remote` is given, and a non-loopback bind also needs an
authentication mode (`--auth password` with a password file, or `--auth ldap`).
"""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..spark.runtime import DATABASE, RuntimeProblem, check_java, jcat_home

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 10000
AUTH_MODES = ("none", "password", "ldap")
AUTH_CLASS = "jcat.serve.PasswordFileAuthenticator"
PASSWORD_FILE_ENV = "JCAT_SERVE_PASSWORD_FILE"
PBKDF2_ITERATIONS = 120_000
READY_TIMEOUT_S = 180.0
METADATA_CACHE_TTL_S = 2


# ---- options ----------------------------------------------------------------------------------------------


@dataclass
class ServeOptions:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    allow_remote: bool = False
    auth: str = "none"
    password_file: str | None = None
    ldap_url: str | None = None
    ldap_base_dn: str | None = None
    shared_session: bool = False
    master: str | None = None
    extra_conf: dict[str, str] = field(default_factory=dict)


def is_loopback(host: str) -> bool:
    """True when every address `host` resolves to is a loopback address."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except socket.gaierror as e:
        raise RuntimeProblem(f"cannot resolve --host {host!r}: {e.strerror}") from e
    addrs = {info[4][0] for info in infos}
    return bool(addrs) and all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addrs)


def validate(opts: ServeOptions) -> None:
    """Refuse unsafe or incomplete settings before anything slow starts."""
    if not 0 < opts.port < 65536:
        raise RuntimeProblem(f"--port must be between 1 and 65535, got {opts.port}")
    if opts.auth not in AUTH_MODES:
        raise RuntimeProblem(f"--auth must be one of {', '.join(AUTH_MODES)}, got {opts.auth!r}")
    if not is_loopback(opts.host):
        if not opts.allow_remote:
            raise RuntimeProblem(
                f"refusing to bind to {opts.host}: it is not a loopback address, so other machines could reach "
                "the server. Pass --allow-remote together with an authentication mode "
                "(--auth password --password-file FILE, or --auth ldap --ldap-url URL) to serve beyond this machine"
            )
        if opts.auth == "none":
            raise RuntimeProblem(
                f"refusing to bind to {opts.host} without authentication: a non-loopback server needs "
                "--auth password --password-file FILE (see `jcat serve --add-user`) or --auth ldap --ldap-url URL"
            )
    if opts.auth == "password":
        if not opts.password_file:
            raise RuntimeProblem(
                "--auth password needs --password-file FILE (create entries with `jcat serve --add-user NAME "
                "--password-file FILE`)"
            )
        users = read_password_file(Path(opts.password_file))
        if not users:
            raise RuntimeProblem(
                f"password file {opts.password_file} has no users: add one with `jcat serve --add-user NAME "
                f"--password-file {opts.password_file}`"
            )
    if opts.auth == "ldap" and not opts.ldap_url:
        raise RuntimeProblem("--auth ldap needs --ldap-url (for example ldaps://ldap.example.com)")


def check_port_free(host: str, port: int) -> None:
    """A clear message for a busy port, before Spark takes its half a minute to start."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(family, socket.SOCK_STREAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # only a live listener makes bind fail
        s.bind((host, port))
    except OSError as e:
        if e.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise RuntimeProblem(
                f"port {port} on {host} is already in use (another `jcat serve` or HiveServer2?): "
                "stop it or choose another port with --port"
            ) from e
        raise RuntimeProblem(f"cannot bind to {host}:{port}: {e.strerror}") from e
    finally:
        s.close()


def wait_for_port(host: str, port: int, timeout: float, alive=lambda: True) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive():
            return False
        try:
            with socket.create_connection((host, port), timeout=1.0):
                return True
        except OSError:
            time.sleep(0.25)
    return False


# ---- password authentication ------------------------------------------------------------------------------
# A HiveServer2 CUSTOM provider, a small Java class (udfs/serve/java/jcat/serve/PasswordFileAuthenticator.java,
# shipped compiled in udfs/serve/java/jcat-serve.jar, rebuilt by udfs/serve/java/build.sh), checks user and
# password against a file of `user:pbkdf2_sha256$iterations$salt_hex$hash_hex` lines, re-read at each login.


def hash_password(password: str, iterations: int = PBKDF2_ITERATIONS, salt: bytes | None = None) -> str:
    import hashlib

    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


def read_password_file(path: Path) -> list[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise RuntimeProblem(f"cannot read password file {path}: {e.strerror}") from e
    users = []
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        user, sep, entry = line.rpartition(":")
        if not sep or not user or not entry.startswith("pbkdf2_sha256$") or entry.count("$") != 3:
            raise RuntimeProblem(
                f"{path}:{n}: expected `user:pbkdf2_sha256$...` (write entries with `jcat serve --add-user`)"
            )
        users.append(user)
    return users


def add_user(path: Path, user: str, password: str) -> None:
    """Add or replace `user` in the password file (created with mode 600)."""
    if not user or ":" in user or user != user.strip():
        raise RuntimeProblem("a user name must be non-empty, without ':' or surrounding blanks")
    if not password:
        raise RuntimeProblem("an empty password is not allowed")
    kept = []
    if path.exists():
        read_password_file(path)  # refuse to rewrite a file we cannot parse
        kept = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip().rpartition(":")[0] != user]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("\n".join(kept + [f"{user}:{hash_password(password)}"]) + "\n")


def java_dir() -> Path:
    """udfs/serve/java: the auth provider's source, build script and committed jar."""
    here = Path(__file__).resolve().parent
    return here / "java" if here.name == "serve" else here / "serve" / "java"


def serve_jar() -> Path:
    """jcat-serve.jar, on the classpath of every server: the password login check, and a stand-in for the Hive
    LLAP interface HiveServer2 loads when a session closes (pyspark does not ship it)."""
    jar = java_dir() / "jcat-serve.jar"
    if not jar.exists():
        raise RuntimeProblem(
            f"jcat serve needs {jar}, which is missing from this installation "
            "(rebuild it with udfs/serve/java/build.sh)"
        )
    return jar


# ---- the server -------------------------------------------------------------------------------------------


def server_conf(opts: ServeOptions) -> dict[str, str]:
    """Spark settings for the session `jcat serve` starts (static ones must be set before it starts)."""
    hive = {
        "hive.server2.thrift.bind.host": opts.host,
        "hive.server2.thrift.port": str(opts.port),
        "hive.server2.transport.mode": "binary",
        "hive.server2.enable.doAs": "false",
        # Operation logs go to /tmp/<user> by default and log an error at each close: off.
        "hive.server2.logging.operation.enabled": "false",
    }
    if opts.auth == "none":
        hive["hive.server2.authentication"] = "NONE"
    elif opts.auth == "password":
        hive["hive.server2.authentication"] = "CUSTOM"
        hive["hive.server2.custom.authentication.class"] = AUTH_CLASS
    elif opts.auth == "ldap":
        hive["hive.server2.authentication"] = "LDAP"
        hive["hive.server2.authentication.ldap.url"] = opts.ldap_url or ""
        if opts.ldap_base_dn:
            hive["hive.server2.authentication.ldap.baseDN"] = opts.ldap_base_dn
    conf = {f"spark.hadoop.{k}": v for k, v in hive.items()}
    conf["spark.sql.hive.thriftServer.singleSession"] = "true" if opts.shared_session else "false"
    # Each session caches the relations it has read (with their file listings); a write by another connection
    # (a dbt run, an INSERT) refreshes only the writer's cache. Expire cached relations after a few seconds so
    # every connection sees new data without REFRESH TABLE.
    conf["spark.sql.metadataCacheTTLSeconds"] = str(METADATA_CACHE_TTL_S)
    conf.update(opts.extra_conf)
    return conf


def hive_settings(conf: dict[str, str]) -> dict[str, str]:
    """The `hive.*` settings, to set on the session too: the server builds its HiveConf from the session."""
    return {k[len("spark.hadoop.") :]: v for k, v in conf.items() if k.startswith("spark.hadoop.hive.")}


def _java_cause(text: str) -> str:
    """The innermost `Caused by:` line of a Java stack trace (else its first line)."""
    causes = [
        ln.strip()[len("Caused by:") :].strip() for ln in text.splitlines() if ln.strip().startswith("Caused by:")
    ]
    return (causes[-1] if causes else text.strip().splitlines()[0] if text.strip() else "unknown error")[:500]


def jdbc_url(host: str, port: int) -> str:
    return f"jdbc:hive2://{host}:{port}/{DATABASE}"


class _Progress:
    """Prints `still starting (Ns)` every `every` seconds while a slow step runs."""

    def __init__(self, say, what: str, every: float = 10.0):
        self.say, self.what, self.every = say, what, every
        self._done = threading.Event()
        self._t0 = time.monotonic()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._done.wait(self.every):
            self.say(f"  ... still {self.what} ({time.monotonic() - self._t0:.0f}s)")

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._done.set()


class _Signals:
    """SIGTERM and SIGINT set `stop` (a second one while stopping gives up waiting); the old handlers come back."""

    def __init__(self, stop: threading.Event, say):
        self.stop, self.say, self.installed = stop, say, []

    def on_signal(self, signum, _frame):
        if self.stop.is_set():  # a second Ctrl-C while stopping: give up waiting
            raise KeyboardInterrupt
        self.say(f"received {signal.Signals(signum).name}, stopping")
        self.stop.set()

    def install(self):
        # Called again once Spark is up: SparkContext installs its own SIGINT handler (cancel jobs, raise
        # KeyboardInterrupt), which would turn Ctrl-C into an interrupted exit instead of a clean stop.
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGINT):
                old = signal.signal(sig, self.on_signal)
                if len(self.installed) < 2:
                    self.installed.append((sig, old))

    def restore(self):
        for sig, old in self.installed:
            signal.signal(sig, old)


def serve(
    opts: ServeOptions, out=None, ready: threading.Event | None = None, stop: threading.Event | None = None
) -> int:
    """Run the server until SIGTERM / Ctrl-C (or `stop` is set). Returns the exit status."""
    out = out or sys.stderr
    t_start = time.monotonic()

    def say(msg: str) -> None:
        out.write(f"jcat serve: {msg}\n")
        out.flush()

    validate(opts)
    check_java()
    check_port_free(opts.host, opts.port)
    stop = stop or threading.Event()
    signals = _Signals(stop, say)
    signals.install()
    conf = server_conf(opts)
    extra = conf.get("spark.driver.extraClassPath")
    conf["spark.driver.extraClassPath"] = str(serve_jar()) + (os.pathsep + extra if extra else "")
    if opts.auth == "password":
        os.environ[PASSWORD_FILE_ENV] = str(Path(opts.password_file).resolve())  # the JVM inherits it

    from ..spark import runtime

    spark = server = None
    try:
        master = opts.master or os.environ.get("JCAT_MASTER", runtime.DEFAULT_MASTER)
        say(f"starting Spark (master {master}, home {jcat_home()})")
        with _Progress(say, "starting Spark"):
            spark = runtime.start(master=opts.master, app_name="jcat-serve", conf=conf)
        signals.install()
        if stop.is_set():
            return 0
        _describe_session(spark, opts, say)
        server = _start_thrift(spark, conf, opts, stop, say)
        if stop.is_set():
            return 0
        say(f"listening on {opts.host}:{opts.port} after {time.monotonic() - t_start:.1f}s")
        say(f"JDBC URL: {jdbc_url(opts.host, opts.port)}")
        say("Ctrl-C or SIGTERM stops the server")
        if ready is not None:
            ready.set()
        while not stop.wait(0.5):
            pass
        return 0
    finally:
        _shutdown(spark, server, say)
        signals.restore()


def _describe_session(spark, opts: ServeOptions, say) -> None:
    """What a client will find: the metastore, the warehouse, the functions, how sessions are shared."""
    from ..render.sql_functions import PER_FIELD
    from ..spark.runtime import owns_metastore

    derby = f"Derby under {jcat_home() / 'metastore_db'}, in this process"
    say(
        f"metastore: {spark.conf.get('spark.hadoop.hive.metastore.uris', None) or derby}; "
        f"warehouse {spark.conf.get('spark.sql.warehouse.dir')}"
    )
    names = ", ".join(f.name for f in PER_FIELD[:3])
    how = "installed" if owns_metastore(spark) else "as installed by `jcat functions --install`"
    say(
        f"functions: {len(PER_FIELD)} persistent SQL functions in {DATABASE} ({names}, ...), {how}; "
        f"database {DATABASE} holds {len(spark.catalog.listTables(DATABASE))} relations"
    )
    if opts.shared_session:
        say(
            "sessions: one shared by every connection (--shared-session): the Python catalog functions are "
            "available, and USE, SET and temporary views are seen by every client"
        )
    else:
        say(
            "sessions: one per connection (USE, SET and temporary views stay with it); "
            "connect to database jcat to use relations and functions unqualified"
        )


def _start_thrift(spark, conf: dict, opts: ServeOptions, stop: threading.Event, say):
    """The Thrift server, listening unless a stop came first. RuntimeProblem names why it did not start."""
    say(f"starting the Thrift server on {opts.host}:{opts.port} (authentication {opts.auth})")
    hts = spark._jvm.org.apache.spark.sql.hive.thriftserver.HiveThriftServer2
    with _Progress(say, "waiting for the Thrift server"):
        for k, v in hive_settings(conf).items():
            spark.conf.set(k, v)
            # Some parts (the CUSTOM login check among them) build a fresh HiveConf, which reads only
            # hive-site.xml and Java system properties: set them there too.
            spark._jvm.java.lang.System.setProperty(k, v)
        try:
            # exitOnError=false: a failed start must not take the JVM (and this process) down without a word
            server = hts.startWithSparkSession(spark._jsparkSession, False)
        except Exception as e:  # noqa: BLE001  (py4j wraps the Java error; name the cause)
            text = str(e)
            if "Address already in use" in text or "Could not create ServerSocket" in text:
                raise RuntimeProblem(
                    f"port {opts.port} on {opts.host} is already in use (another `jcat serve` or HiveServer2?): "
                    "stop it or choose another port with --port"
                ) from e
            raise RuntimeProblem(f"the Thrift server did not start: {_java_cause(text)}") from e
        probe = "127.0.0.1" if opts.host in ("0.0.0.0", "") else ("::1" if opts.host == "::" else opts.host)
        if not wait_for_port(probe, opts.port, READY_TIMEOUT_S, alive=lambda: not stop.is_set()):
            if stop.is_set():
                return server  # stopped while starting: the caller stops it
            raise RuntimeProblem(
                f"the Thrift server did not start listening on {opts.host}:{opts.port} within "
                f"{READY_TIMEOUT_S:.0f}s (see the messages above)"
            )
    return server


def _shutdown(spark, server, say) -> None:
    if server is None and spark is None:
        return
    say("stopping")
    if server is not None:
        try:
            server.stop()
        except Exception as e:  # noqa: BLE001  (still stop Spark)
            say(f"Thrift server stop: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
    if spark is not None:
        try:
            spark.stop()
        except Exception:  # noqa: BLE001
            pass
    say("stopped")

"""`jcat serve`: safety checks without Spark, then a real server (own JCAT_HOME, free loopback port, a session per
connection) read by beeline (Hive JDBC), PyHive, SQLAlchemy and `dbt run --target thrift` (decoding through the
persistent SQL functions), concurrent clients each keeping its own USE and SET, a persistent view that shows a
new load with no build, a stop by SIGTERM, and a plain Spark session (catalog never registered) reading what dbt
built through the server. The full 64 x 100 stress test is marked `heavy`."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from support import REPO

from udfs.render.sql_functions import PER_FIELD
from udfs.serve.server import (
    AUTH_CLASS,
    METADATA_CACHE_TTL_S,
    ServeOptions,
    add_user,
    check_port_free,
    hash_password,
    is_loopback,
    read_password_file,
    server_conf,
    validate,
)
from udfs.spark.runtime import RuntimeProblem

PY = sys.executable
BEELINE = Path(__import__("pyspark").__file__).resolve().parent / "bin" / "beeline"
START_TIMEOUT = 600  # the machine is shared: Spark alone has taken 150 s to start here under load
HELLO = bytes.fromhex("C8C5D3D3D6")  # 'HELLO' in EBCDIC


def ebcdic(text: str) -> bytes:
    return text.encode("cp037")


# ---- without Spark --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host,expected",
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("10.1.2.3", False),
        ("192.168.0.10", False),
    ],
)
def test_is_loopback(host, expected):
    assert is_loopback(host) is expected


@pytest.mark.parametrize(
    "opts,message",
    [
        (ServeOptions(host="0.0.0.0"), "Pass --allow-remote"),
        (ServeOptions(host="10.1.2.3", auth="password", password_file="/x"), "Pass --allow-remote"),
        (ServeOptions(host="0.0.0.0", allow_remote=True), "without authentication"),
        (ServeOptions(auth="password"), "needs --password-file"),
        (ServeOptions(auth="ldap"), "needs --ldap-url"),
        (ServeOptions(port=0), "--port must be"),
        (ServeOptions(port=70000), "--port must be"),
        (ServeOptions(auth="kerberos"), "--auth must be"),
    ],
)
def test_validate_refuses_remote_without_auth_and_incomplete_or_out_of_range_options(opts, message):
    with pytest.raises(RuntimeProblem, match=re.escape(message)):
        validate(opts)


def test_validate_accepts_remote_with_auth(tmp_path):
    pw = tmp_path / "users"
    add_user(pw, "ana", "s3cret")
    validate(ServeOptions(host="0.0.0.0", allow_remote=True, auth="password", password_file=str(pw)))
    validate(ServeOptions(host="0.0.0.0", allow_remote=True, auth="ldap", ldap_url="ldaps://ldap.example.com"))
    validate(ServeOptions())  # loopback, no auth: the default


def test_cli_refuses_non_loopback_without_starting_spark(capsys):
    from udfs.cli import main

    assert main(["serve", "--host", "0.0.0.0", "--port", "10999"]) == 2
    err = capsys.readouterr().err
    assert "refusing to bind to 0.0.0.0" in err and "--allow-remote" in err
    assert main(["serve", "--host", "0.0.0.0", "--allow-remote"]) == 2
    assert "without authentication" in capsys.readouterr().err


def test_busy_port_is_named():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(RuntimeProblem, match=f"port {port} on 127.0.0.1 is already in use"):
            check_port_free("127.0.0.1", port)
    check_port_free("127.0.0.1", port)  # free again once closed


def test_busy_port_is_one_jcat_line_without_traceback():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = subprocess.run(
            [PY, "-m", "udfs.cli", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "JCAT_HOME": "/nonexistent-jcat-home"},
        )
    assert r.returncode == 2
    assert f"jcat: port {port} on 127.0.0.1 is already in use" in r.stderr
    assert "Traceback" not in r.stderr


def test_missing_java_is_named(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "JAVA_HOME"}
    env.update(PATH=str(tmp_path), JCAT_HOME=str(tmp_path / "home"))
    r = subprocess.run(
        [PY, "-m", "udfs.cli", "serve", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 2
    assert "Java is needed to run Spark and was not found" in r.stderr
    assert "Traceback" not in r.stderr


def test_password_file_is_0600_pbkdf2_one_line_per_user_and_refuses_bad_entries(tmp_path):
    pw = tmp_path / "sub" / "users"
    add_user(pw, "ana", "first")
    add_user(pw, "bob", "x")
    add_user(pw, "ana", "second")  # replaces
    assert read_password_file(pw) == ["bob", "ana"]
    assert oct(pw.stat().st_mode & 0o777) == "0o600"
    line = [ln for ln in pw.read_text().splitlines() if ln.startswith("ana:")][0]
    _, iterations, salt, digest = line.split(":", 1)[1].split("$")
    assert hash_password("second", int(iterations), bytes.fromhex(salt)).endswith(digest)
    assert not hash_password("first", int(iterations), bytes.fromhex(salt)).endswith(digest)
    (tmp_path / "bad").write_text("ana:plaintext\n")
    with pytest.raises(RuntimeProblem, match="expected `user:pbkdf2_sha256"):
        read_password_file(tmp_path / "bad")
    with pytest.raises(RuntimeProblem, match="without ':'"):
        add_user(pw, "a:b", "x")


def test_serve_jar_is_built_from_its_sources():
    """The committed jar must come from the committed sources (udfs/serve/java/build.sh writes their hash)."""
    import hashlib
    import zipfile

    from udfs.serve.server import java_dir, serve_jar

    sources = [
        java_dir() / "jcat" / "serve" / "PasswordFileAuthenticator.java",
        java_dir() / "org" / "apache" / "hadoop" / "hive" / "llap" / "security" / "LlapSigner.java",
    ]
    with zipfile.ZipFile(serve_jar()) as jar:
        names = jar.namelist()
        recorded = jar.read("jcat-serve.source-sha256").decode().strip()
    assert "jcat/serve/PasswordFileAuthenticator.class" in names
    assert "org/apache/hadoop/hive/llap/security/LlapSigner$Signable.class" in names
    assert recorded == hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest(), (
        "run udfs/serve/java/build.sh"
    )
    assert (
        "JAVA_AUTHENTICATOR" not in (REPO / "udfs" / "serve" / "server.py").read_text()
    )  # never compiled at serve time


def test_server_conf_maps_session_port_host_and_auth_options_to_thrift_settings():
    c = server_conf(ServeOptions(port=12345))
    assert c["spark.sql.hive.thriftServer.singleSession"] == "false"  # a session per connection
    assert server_conf(ServeOptions(shared_session=True))["spark.sql.hive.thriftServer.singleSession"] == "true"
    assert c["spark.hadoop.hive.server2.thrift.port"] == "12345"
    assert c["spark.hadoop.hive.server2.thrift.bind.host"] == "127.0.0.1"
    assert c["spark.hadoop.hive.server2.authentication"] == "NONE"
    c = server_conf(ServeOptions(auth="password", password_file="/x"))
    assert c["spark.hadoop.hive.server2.authentication"] == "CUSTOM"
    assert c["spark.hadoop.hive.server2.custom.authentication.class"] == AUTH_CLASS
    c = server_conf(ServeOptions(auth="ldap", ldap_url="ldaps://l", ldap_base_dn="dc=x"))
    assert c["spark.hadoop.hive.server2.authentication"] == "LDAP"
    assert c["spark.hadoop.hive.server2.authentication.ldap.url"] == "ldaps://l"
    assert c["spark.hadoop.hive.server2.authentication.ldap.baseDN"] == "dc=x"


# ---- helpers for the real server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(**extra) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("DBT_") and k not in ("JCAT_HOME", "JCAT_PROJECT_DIR")
    }
    env["PYSPARK_PYTHON"] = PY
    env.update({k: str(v) for k, v in extra.items()})
    return env


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


class Server:
    def __init__(self, home: Path, project: Path, args: list[str], log: Path, env_extra: dict | None = None):
        self.home, self.project, self.log, self.port = home, project, log, free_port()
        self.env = clean_env(JCAT_HOME=home, JCAT_PROJECT_DIR=project, **(env_extra or {}))
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(
            [PY, "-m", "udfs.cli", "--master", "local[2]", "serve", "--port", str(self.port), *args],
            stdout=open(log, "wb"),
            stderr=subprocess.STDOUT,
            env=self.env,
            cwd=str(home),
        )
        self.start_seconds = None
        self.descendants: list[int] = []

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def tail(self) -> str:
        return "\n".join(ln for ln in self.text().splitlines() if not ln.lstrip().startswith("at "))[-4000:]

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            m = re.search(r"listening on 127\.0\.0\.1:\d+ after ([\d.]+)s", self.text())
            if m:
                self.start_seconds = float(m.group(1))
                self.descendants = children(self.proc.pid)
                return
            if self.proc.poll() is not None:
                pytest.fail(f"jcat serve exited with {self.proc.returncode} before listening:\n{self.tail()}")
            time.sleep(1)
        self.stop()
        pytest.fail(f"jcat serve did not listen within {START_TIMEOUT}s:\n{self.tail()}")

    def stop(self, timeout: float = 180, sig: int = signal.SIGTERM) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        for pid in self.descendants:  # the JVM leaves when its Python driver does; wait so Derby is free
            deadline = time.monotonic() + 60
            while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
                time.sleep(0.5)
        return self.proc.returncode


def write_raw(folder: Path, load_id: str, texts: list[str], first_number: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder.mkdir(parents=True, exist_ok=True)
    table = pa.table(
        {
            "record": pa.array([ebcdic(t) for t in texts], pa.binary()),
            "record_number": pa.array(range(first_number, first_number + len(texts)), pa.int64()),
            "load_id": pa.array([load_id] * len(texts), pa.string()),
        }
    )
    pq.write_table(table, folder / f"{load_id}.parquet")


def make_probe_project(root: Path, raw: Path) -> Path:
    """A tiny dbt project beside the real one (same profile, same serve macro): one incremental model."""
    proj = root / "probe_project"
    (proj / "models").mkdir(parents=True)
    (proj / "macros").mkdir()
    shutil.copy(REPO / "profiles.yml", proj / "profiles.yml")
    for macro in ("jcat_new_records.sql", "jcat_serve_column_comments.sql", "jcat_fn.sql"):
        shutil.copy(REPO / "macros" / macro, proj / "macros" / macro)
    (proj / "dbt_project.yml").write_text(
        textwrap.dedent(f"""\
        name: jcat
        version: "0.1.0"
        config-version: 2
        profile: jcat
        model-paths: ["models"]
        macro-paths: ["macros"]
        vars:
          probe_raw: "{raw}"
        models:
          jcat:
            +materialized: incremental
            +incremental_strategy: append
            +file_format: parquet
            +persist_docs: {{relation: true, columns: true}}
        """)
    )
    (proj / "models" / "serve_probe.sql").write_text(
        textwrap.dedent("""\
        with raw as (
            select * from parquet.`{{ var('probe_raw') }}` where {{ jcat_new_records() }}
        )
        select
            nullif({{ jcat_fn('ebcdic_str') }}(record), '') as greeting, -- 1 Char(*) the whole record
            record_number,
            load_id
        from raw
        """)
    )
    (proj / "models" / "serve_probe.yml").write_text(
        textwrap.dedent("""\
        version: 2
        models:
          - name: serve_probe
            description: Greetings decoded from EBCDIC, built through jcat serve by the tests.
            columns:
              - name: greeting
                description: The record as text, decoded from EBCDIC.
              - name: record_number
                description: Position of the record in its load.
              - name: load_id
                description: The load that landed the record.
        """)
    )
    return proj


def dbt(project: Path, port: int, target_dir: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    env = clean_env(
        JCAT_THRIFT_HOST="127.0.0.1",
        JCAT_THRIFT_PORT=port,
        DBT_TARGET_PATH=target_dir,
        DBT_LOG_PATH=target_dir / "logs",
        DBT_SEND_ANONYMOUS_USAGE_STATS="false",
    )
    dbt_bin = Path(PY).with_name("dbt")
    cmd = [str(dbt_bin), *args, "--project-dir", str(project), "--profiles-dir", str(project), "--target", "thrift"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=str(project))
    causes = [ln for ln in r.stdout.splitlines() if "SQLSTATE" in ln or "Error" in ln][:5]
    assert r.returncode == 0, (
        f"dbt {' '.join(args)} failed:\n" + "\n".join(causes) + f"\n{r.stdout[-3000:]}\n{r.stderr[-2000:]}"
    )
    return r


def hive_cursor(port: int, **kw):
    from pyhive import hive

    return hive.connect("127.0.0.1", port, username=kw.pop("username", "tester"), database="jcat", **kw).cursor()


def thrift_metadata(cursor, request) -> list[tuple]:
    """Run a HiveServer2 metadata call (what ODBC/JDBC drivers send for a BI tool's navigator) through PyHive."""
    conn = cursor._connection
    request.sessionHandle = conn._sessionHandle
    method = type(request).__name__[:-3]  # TGetColumnsReq -> GetColumns
    resp = getattr(conn.client, method[1:])(request)
    assert resp.status.statusCode == 0, resp.status
    cur = conn.cursor()
    cur._operationHandle = resp.operationHandle
    cur._state = cur._STATE_RUNNING
    return cur.fetchall()


# ---- the real server ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve")
    raw = root / "raw_probe"
    write_raw(raw, "load-1", ["HELLO", "WORLD", "  "], 1)
    project = make_probe_project(root, raw)
    home = root / "home"
    home.mkdir()
    server = Server(home, project, [], root / "serve.log")
    try:
        server.wait_ready()
        print(f"\njcat serve listening after {server.start_seconds:.1f}s")
        server.raw, server.root = raw, root
        server.dbt_target = root / "dbt-target"
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def built(served):
    """dbt's thrift target builds the probe model through the server."""
    r = dbt(served.project, served.port, served.dbt_target, "run")
    assert "serve_probe" in r.stdout
    return served


@pytest.mark.spark
def test_serve_startup_progress_and_url(served):
    log = served.text()
    for line in (
        "jcat serve: starting Spark (master local[2]",
        "jcat serve: metastore: Derby under",
        f"jcat serve: functions: {len(PER_FIELD)} persistent SQL functions in jcat (ebcdic_str, ",
        "jcat serve: sessions: one per connection",
        f"jcat serve: JDBC URL: jdbc:hive2://127.0.0.1:{served.port}/jcat",
    ):
        assert line in log, served.tail()


@pytest.mark.spark
def test_dbt_thrift_target_builds_and_documents(built):
    cur = hive_cursor(built.port)
    cur.execute("select greeting, record_number from jcat.serve_probe order by record_number")
    assert cur.fetchall() == [("HELLO", 1), ("WORLD", 2), (None, 3)]
    dbt(built.project, built.port, built.dbt_target, "docs", "generate")
    catalog = json.loads((built.dbt_target / "catalog.json").read_text())
    manifest = json.loads((built.dbt_target / "manifest.json").read_text())
    node = catalog["nodes"]["model.jcat.serve_probe"]
    assert set(node["columns"]) == {"greeting", "record_number", "load_id"}
    documented = manifest["nodes"]["model.jcat.serve_probe"]
    assert documented["description"]
    assert all(documented["columns"][c]["description"] for c in node["columns"])


@pytest.mark.spark
def test_beeline_jdbc_reads_and_lists_metadata(built):
    url = f"jdbc:hive2://127.0.0.1:{built.port}/jcat"
    r = subprocess.run(
        [
            str(BEELINE),
            "-u",
            url,
            "-n",
            "tester",
            "--silent=true",
            "--outputformat=csv2",
            "-e",
            "select greeting, ebcdic_str(X'C8C5D3D3D6') as hello from jcat.serve_probe where record_number = 2;",
            "-e",
            "!tables",
            "-e",
            "!columns serve_probe",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_env(),
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    out = r.stdout.replace("\x00", "")  # csv2 without quoting wraps a value holding a comma in NUL characters
    assert "WORLD,HELLO" in out
    assert re.search(r",jcat,serve_probe,TABLE,Greetings decoded from EBCDIC", out), out
    assert re.search(r",jcat,serve_probe,greeting,12,STRING,.*,The record as text, decoded from EBCDIC\.", out), out


@pytest.mark.spark
@pytest.mark.compat
def test_pyhive_reads_calls_catalog_and_metadata(built):
    from TCLIService import ttypes

    cur = hive_cursor(built.port)
    cur.execute("select ebcdic_str(X'C8C5D3D3D6'), current_database()")
    assert cur.fetchall() == [("HELLO", "jcat")]
    cur.execute("select count(*), max(greeting) from serve_probe")
    assert cur.fetchall() == [(3, "WORLD")]
    schemas = thrift_metadata(cur, ttypes.TGetSchemasReq())
    assert "jcat" in {row[0] for row in schemas}
    tables = thrift_metadata(cur, ttypes.TGetTablesReq(schemaName="jcat", tableName="%"))
    assert ("jcat", "serve_probe") in {(row[1], row[2]) for row in tables}
    columns = thrift_metadata(cur, ttypes.TGetColumnsReq(schemaName="jcat", tableName="serve_probe"))
    remarks = {row[3]: row[11] for row in columns}
    assert remarks["greeting"] == "The record as text, decoded from EBCDIC."
    assert remarks["load_id"] == "The load that landed the record."


@pytest.mark.spark
def test_sqlalchemy_hive_urls(built):
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(f"hive://tester@127.0.0.1:{built.port}/jcat")  # what Superset is given
    with engine.connect() as con:
        rows = con.execute(
            text("select greeting, ebcdic_str(X'E2E4D7C5D9E2C5E3') as s from jcat.serve_probe where record_number = 1")
        ).fetchall()
    assert [tuple(r) for r in rows] == [("HELLO", "SUPERSET")]
    insp = inspect(engine)
    assert "jcat" in insp.get_schema_names()
    assert [c["name"] for c in insp.get_columns("serve_probe", schema="jcat")] == [
        "greeting",
        "record_number",
        "load_id",
    ]

    import udfs.serve.sqlalchemy_dialect  # noqa: F401  (registers hive+jcat, which lists Spark's tables correctly)

    fixed = inspect(create_engine(f"hive+jcat://tester@127.0.0.1:{built.port}/jcat"))
    assert "serve_probe" in fixed.get_table_names(schema="jcat")
    assert "jcat" not in fixed.get_table_names(schema="jcat")
    cols = {c["name"]: c["comment"] for c in fixed.get_columns("serve_probe", schema="jcat")}
    assert cols["greeting"] == "The record as text, decoded from EBCDIC."


@pytest.mark.spark
def test_persistent_view_is_current_and_incremental_run_adds_only_new_loads(built):
    cur = hive_cursor(built.port)
    cur.execute(
        f"create or replace view jcat.serve_probe_view as select nullif(jcat.ebcdic_str(record), '') as "
        f"greeting, record_number, load_id from parquet.`{built.raw}`"
    )
    cur.execute("select count(*) from serve_probe_view")
    assert cur.fetchall() == [(3,)]
    write_raw(built.raw, "load-2", ["NEW ONE"], 4)
    cur.execute("select greeting from serve_probe_view where record_number = 4")
    assert cur.fetchall() == [("NEW ONE",)]  # query-time decoding: no build step
    other = hive_cursor(built.port, username="someone-else")  # another session sees the persistent view
    other.execute("select count(*) from jcat.serve_probe_view")
    assert other.fetchall() == [(4,)]
    cur.execute("select count(*) from jcat.serve_probe")
    assert cur.fetchall() == [(3,)]  # the persistent table waits for the next run
    dbt(built.project, built.port, built.dbt_target, "run")
    time.sleep(METADATA_CACHE_TTL_S + 1)  # this connection's cached listing of the table expires
    cur.execute("select load_id, count(*) from jcat.serve_probe group by load_id order by load_id")
    assert cur.fetchall() == [("load-1", 3), ("load-2", 1)]  # only the new load was decoded and appended


@pytest.mark.spark
@pytest.mark.compat
def test_a_declared_tables_as_of_function_is_called_over_jdbc_in_any_session_zone(built):
    """The DDL a build runs for NAME_as_of (over two views as a build leaves them: commit 01 at 12:00 inserts row 1,
    commit 02 at 13:00 updates it), then another session, in New York time, calls it with TIMESTAMP literals."""
    from udfs.spark.changes import as_of

    cur = hive_cursor(built.port)
    cur.execute(
        "create or replace view jcat.asofserve_changes as select * from values "
        "('01', timestamp '2026-03-01 12:00:00'), ('02', timestamp '2026-03-01 13:00:00') "
        "as t(COMMIT_POSITION, COMMIT_TIMESTAMP)"
    )
    cur.execute(
        "create or replace view jcat.asofserve_history as select * from values "
        "(1, 'a', timestamp '2026-03-01 12:00:00', timestamp '2026-03-01 13:00:00', '01', '02'), "
        "(1, 'b', timestamp '2026-03-01 13:00:00', null, '02', null) "
        "as t(K, V, VALID_FROM, VALID_TO, VALID_FROM_POSITION, VALID_TO_POSITION)"
    )
    cur.execute(
        as_of.create_statement(
            "jcat.asofserve_as_of",
            "jcat.asofserve_changes",
            "jcat.asofserve_history",
            [("K", "int"), ("V", "string")],
            "UTC",
        )
    )
    other = hive_cursor(built.port, username="someone-in-new-york")
    other.execute("set spark.sql.session.timeZone=America/New_York")
    got = []
    for t in ("11:59:59", "12:00:00", "12:59:59", "13:00:00"):
        other.execute(f"select * from asofserve_as_of(timestamp '2026-03-01 {t}')")
        got.append(other.fetchall())
    assert got == [[], [(1, "a")], [(1, "a")], [(1, "b")]]


def run_isolated_clients(port: int, clients: int, queries: int, timeout: float = 900) -> float:
    """`clients` PyHive connections (half of them without a database), each running `queries` statements that
    change its own current database and a setting, and check it sees only its own. Returns the seconds taken."""
    from pyhive import hive

    failures: list[str] = []
    done = [0] * clients

    def client(i: int) -> None:
        try:
            kw = {"database": "jcat"} if i % 2 else {}  # PyHive without a database runs USE default
            conn = hive.connect("127.0.0.1", port, username=f"client{i}", **kw)
            cur = conn.cursor()
            own_db = "jcat" if i % 2 else "default"
            for n in range(queries):
                step = n % 5
                if step == 0:  # a setting of its own, different in every client and round
                    mine = f"client{i}-round{n}"
                    cur.execute(f"set spark.jcat.test.owner={mine}")
                    cur.fetchall()
                elif step == 1:
                    cur.execute("set spark.jcat.test.owner")
                    got = cur.fetchall()[0][1]
                    if got != mine:
                        failures.append(f"client {i} round {n}: sees setting {got}, set {mine}")
                elif step == 2:  # switch database, read the relation unqualified or qualified
                    own_db = "default" if own_db == "jcat" else "jcat"
                    cur.execute(f"use {own_db}")
                    cur.fetchall()
                elif step == 3:
                    cur.execute("select current_database(), count(*) from jcat.serve_probe where load_id = 'load-1'")
                    got = cur.fetchall()
                    if got != [(own_db, 3)]:
                        failures.append(f"client {i} round {n}: {got}, expected [({own_db!r}, 3)]")
                else:
                    fn = "ebcdic_str" if own_db == "jcat" else "jcat.ebcdic_str"
                    cur.execute(f"select {fn}(X'C8C5D3D3D6')")
                    got = cur.fetchall()
                    if got != [("HELLO",)]:
                        failures.append(f"client {i} round {n}: {fn} -> {got}")
                done[i] += 1
            conn.close()
        except Exception as e:  # noqa: BLE001
            failures.append(f"client {i} after {done[i]} queries: {type(e).__name__}: {e}")

    t0 = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1.0, timeout - (time.monotonic() - t0)))
    elapsed = time.monotonic() - t0
    assert not any(t.is_alive() for t in threads), f"clients still running after {elapsed:.0f}s: {done}"
    assert not failures, f"{len(failures)} failures: {failures[:5]}"
    assert sum(done) == clients * queries
    return elapsed


@pytest.mark.spark
def test_clients_keep_their_own_use_and_set(built):
    elapsed = run_isolated_clients(built.port, 8, 10)
    assert "NoClassDefFoundError" not in built.text()  # closing a session needs Hive's LLAP stand-in
    print(f"\n8 clients x 10 queries, own USE/SET: {elapsed:.1f}s")


@pytest.mark.spark
@pytest.mark.heavy
def test_stress_64_clients_100_queries_each(built):
    elapsed = run_isolated_clients(built.port, 64, 100, timeout=3600)
    print(f"\n64 clients x 100 queries, own USE/SET: {elapsed:.1f}s")


@pytest.mark.spark
@pytest.mark.parametrize("per_client", [20, pytest.param(50, marks=pytest.mark.heavy)])
def test_eight_clients_at_once(built, per_client):
    from pyhive import hive

    queries = [
        ("select ebcdic_str(X'C8C5D3D3D6')", [("HELLO",)]),
        ("select count(*) from jcat.serve_probe where load_id = 'load-1'", [(3,)]),
        ("select greeting from jcat.serve_probe where record_number = 2", [("WORLD",)]),
    ]
    failures: list[str] = []
    done = [0] * 8

    def client(i: int) -> None:
        try:
            conn = hive.connect("127.0.0.1", built.port, username=f"client{i}", database="jcat")
            cur = conn.cursor()
            for n in range(per_client):
                sql, expected = queries[(i + n) % len(queries)]
                cur.execute(sql)
                got = [tuple(r) for r in cur.fetchall()]
                if got != expected:
                    failures.append(f"client {i} query {n}: {sql} -> {got}")
                done[i] += 1
            conn.close()
        except Exception as e:  # noqa: BLE001
            failures.append(f"client {i} after {done[i]} queries: {type(e).__name__}: {e}")

    t0 = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1.0, 900 - (time.monotonic() - t0)))
    elapsed = time.monotonic() - t0
    assert not any(t.is_alive() for t in threads), f"clients still running after {elapsed:.0f}s: {done}"
    assert not failures, failures[:5]
    assert sum(done) == 8 * per_client
    print(f"\n8 clients x {per_client} queries: {elapsed:.1f}s")


@pytest.mark.spark
@pytest.mark.skipif(not (REPO / "models" / "ibmi" / "audit_journal_m7.sql").exists(), reason="model not landed yet")
def test_audit_journal_m7_built_and_read_through_server(built):
    """The real project's M7 model, built by dbt's thrift target from raw records landed through the server."""
    from udfs.core.samples.m7 import m7_records

    records = m7_records(3)
    cur = hive_cursor(built.port)
    cur.execute(
        "create table if not exists jcat.raw_qasym7j5 (source_file string, record_offset bigint, "
        "record_number bigint, record binary, load_id string) using parquet"
    )
    cur.execute(
        "insert into jcat.raw_qasym7j5 values "
        + ", ".join(f"('m7.bin', {i * len(r)}, {i}, X'{r.hex()}', 'load-m7')" for i, r in enumerate(records))
    )
    dbt(REPO, built.port, built.root / "dbt-target-repo", "run", "--select", "audit_journal_m7")
    cur.execute("select count(*), min(ENTRY_TYPE), max(ebcdic_str(X'D4F7')) from jcat.audit_journal_m7")
    assert cur.fetchall() == [(3, "A", "M7")]
    from pyhive import hive

    nodb = hive.connect("127.0.0.1", built.port, username="no-database").cursor()  # PyHive runs USE default
    nodb.execute("select current_database(), count(*), max(jcat.ebcdic_str(X'D4F7')) from jcat.audit_journal_m7")
    assert nodb.fetchall() == [("default", 3, "M7")]


@pytest.mark.spark
def test_sigterm_stops_cleanly_then_plain_spark_reads_built_relation(built):
    assert built.stop() == 0
    log = built.text()
    assert "jcat serve: received SIGTERM, stopping" in log and "jcat serve: stopped" in log
    script = textwrap.dedent("""\
        import json
        from udfs.spark.runtime import session_builder
        spark = session_builder(master="local[1]", app_name="plain").getOrCreate()  # no udfs.register
        spark.sparkContext.setLogLevel("ERROR")
        rows = spark.sql("select greeting, load_id from jcat.serve_probe order by record_number").collect()
        try:
            spark.sql("select ebcdic_str(X'C1')").collect()
            registered = True
        except Exception:
            registered = False
        print("RESULT " + json.dumps({"rows": [list(r) for r in rows], "registered": registered}))
        """)
    r = subprocess.run(
        [PY, "-c", script],
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
        env=clean_env(JCAT_HOME=built.home),
        cwd=str(built.home),
    )
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT ")]
    assert line, r.stdout[-2000:] + r.stderr[-3000:]
    result = json.loads(line[0][len("RESULT ") :])
    assert result["registered"] is False
    assert result["rows"] == [["HELLO", "load-1"], ["WORLD", "load-1"], [None, "load-1"], ["NEW ONE", "load-2"]]


@pytest.mark.spark
def test_password_auth_admits_only_the_right_password_and_sigint_stops_cleanly(tmp_path):
    users = tmp_path / "users"
    add_user(users, "ana", "s3cret-ñ")
    home = tmp_path / "home"
    home.mkdir()
    server = Server(home, REPO, ["--auth", "password", "--password-file", str(users)], tmp_path / "serve.log")
    try:
        server.wait_ready()
        from pyhive import hive

        conn = hive.connect(
            "127.0.0.1", server.port, username="ana", password="s3cret-ñ", auth="CUSTOM", database="jcat"
        )
        cur = conn.cursor()
        cur.execute("select ebcdic_str(X'C8C5D3D3D6')")
        assert cur.fetchall() == [("HELLO",)]
        conn.close()
        for user, password in (("ana", "wrong"), ("eve", "s3cret-ñ")):
            with pytest.raises(Exception):  # noqa: B017  (thrift's or PyHive's error, as the login fails)
                hive.connect("127.0.0.1", server.port, username=user, password=password, auth="CUSTOM")
        r = subprocess.run(
            [
                str(BEELINE),
                "-u",
                f"jdbc:hive2://127.0.0.1:{server.port}/jcat",
                "-n",
                "ana",
                "-p",
                "wrong",
                "-e",
                "select 1",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            env=clean_env(),
        )
        assert r.returncode != 0
    finally:
        assert server.stop(sig=signal.SIGINT) == 0  # what Ctrl-C sends (pyspark keeps it from the JVM)
    assert "jcat serve: received SIGINT, stopping" in server.text() and "jcat serve: stopped" in server.text()

"""The `jcat` command. Errors are one short line unless --debug."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from ..core.project import ProjectNotFound
from ..dbt.runner import run_dbt
from ..spark.metastore import MetastoreProblem
from ..spark.output import print_rows, short_error
from ..spark.runtime import RuntimeProblem

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}
ARGUMENTS: dict[str, Callable] = {}  # each command's subparser, declared beside the command, in this order in --help


def command(name: str):
    def wrap(fn):
        COMMANDS[name] = fn
        return fn

    return wrap


def arguments(name: str):
    """The function that adds command `name`'s subparser (and its arguments) to the subparsers it is given."""

    def wrap(fn):
        ARGUMENTS[name] = fn
        return fn

    return wrap


# ---- commands -------------------------------------------------------------------------------------------


def _session(args, landing: bool = True):
    """The session for a command; `landing`: every raw view exists (empty until loaded), so any model builds
    (build, dbt, demo, load; created once per metastore, then one SHOW TABLES)."""
    from ..spark.runtime import start

    spark = start(master=args.master)
    if landing:
        from ..spark.landing.store import ensure_all_tables

        ensure_all_tables(spark)
    return spark


@arguments("sql")
def _sql_arguments(sub) -> None:
    s = sub.add_parser("sql", help="run one SQL statement with the catalog registered")
    s.add_argument("query")
    s.add_argument("--format", choices=["table", "csv", "json"], default="table")


@command("sql")
def cmd_sql(args) -> int:
    # No landing DDL here: a query needs none, and a session shared in-process (tests, notebooks) stays as it was.
    spark = _session(args, landing=False)
    df = spark.sql(args.query)
    print_rows(df.columns, df.toLocalIterator(), args.format)
    return 0


@arguments("info")
def _info_arguments(sub) -> None:
    sub.add_parser(
        "info",
        help="the effective Spark master, metastore, warehouse and versions, and where each "
        "setting came from (starts nothing)",
    )


@command("info")
def cmd_info(args) -> int:
    """What a session of this command line would run with, and where each setting came from."""
    import platform

    from .. import __version__
    from ..spark.runtime import jcat_home, project_dir, resolve_settings, spark_conf_dir

    settings = resolve_settings(args.master, start_service=False)
    import pyspark

    def show(label: str, key: str):
        s = settings.get(key)
        print(f"{label:<11}{s.value if s else '(Spark default)'}" + (f"    [{s.origin}]" if s else ""))

    print(f"jcat       {__version__} ({Path(__file__).resolve().parent.parent})")
    print(f"pyspark    {pyspark.__version__}")
    print(f"python     {platform.python_version()} ({sys.executable})")
    print(f"java       {_java_version()}")
    try:
        import importlib.metadata as md

        print(f"dbt        dbt-core {md.version('dbt-core')}, dbt-spark {md.version('dbt-spark')}")
    except Exception:  # noqa: BLE001
        print("dbt        (not installed)")
    print(
        f"home       {jcat_home()}    "
        f"[{'environment (JCAT_HOME)' if os.environ.get('JCAT_HOME') else 'default ./.jcat'}]"
    )
    try:
        print(f"project    {project_dir()}")
    except RuntimeProblem as e:
        print(f"project    ({e})")
    conf_dir = spark_conf_dir()
    print(f"conf dir   {conf_dir if conf_dir else '(none: set SPARK_CONF_DIR for spark-defaults.conf)'}")
    show("master", "spark.master")
    if "spark.hadoop.hive.metastore.uris" in settings:
        show("metastore", "spark.hadoop.hive.metastore.uris")
    else:
        show("metastore", "spark.hadoop.javax.jdo.option.ConnectionURL")
    show("warehouse", "spark.sql.warehouse.dir")
    print("settings:")
    for k in sorted(settings):
        print(f"  {k}={settings[k].value}    [{settings[k].origin}]")
    return 0


def _java_version() -> str:
    import shutil
    import subprocess

    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if not java:
        return "(not found: install Java 17 or set JAVA_HOME)"
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"({e})"
    return (out.strip().splitlines() or ["?"])[0] + f" ({java})"


@arguments("metastore")
def _metastore_arguments(sub) -> None:
    ms = sub.add_parser(
        "metastore", help="jcat's metastore service for this JCAT_HOME (started on demand by any command)"
    )
    ms.add_argument("action", choices=["status", "start", "stop"])


@command("metastore")
def cmd_metastore(args) -> int:
    from ..spark import metastore
    from ..spark.runtime import jcat_home

    home = jcat_home()
    if args.action == "start":
        print(f"jcat: metastore service at {metastore.ensure_service(home)} (JCAT_HOME {home})")
    elif args.action == "stop":
        stopped = metastore.stop_service(home)
        print(f"jcat: metastore service {'stopped' if stopped else 'was not running'} (JCAT_HOME {home})")
    else:
        st = metastore.status(home)
        if not st["running"]:
            print(f"jcat: no metastore service runs for {home} (any command starts it)")
            return 0
        print(
            f"jcat: metastore service at {st['uri']}: supervisor pid {st['pid']}, JVM pid {st['java_pid']}, "
            f"{st['clients']} client connection(s), stops after {st['idle_seconds']:.0f}s with none"
        )
    return 0


@arguments("copybook")
def _copybook_arguments(sub) -> None:
    from .copybook_command import add_parser

    add_parser(sub)


@command("copybook")
def cmd_copybook(args) -> int:
    from .copybook_command import cmd_copybook as run

    return run(args)


@arguments("functions")
def _functions_arguments(sub) -> None:
    f = sub.add_parser("functions", help="list the catalog")
    f.add_argument("--markdown", action="store_true", help="print the function reference (docs/functions.md)")
    f.add_argument(
        "--sql",
        action="store_true",
        help="print the DDL of the persistent SQL functions (schema jcat), to run in any Spark metastore",
    )
    f.add_argument(
        "--install",
        action="store_true",
        help="create or replace the persistent SQL functions in the session's metastore (jcat's own "
        "gets them at every start; use this for an existing Hive metastore)",
    )
    f.add_argument(
        "--dbt-macro",
        action="store_true",
        help="print the dbt on-run-start macro that installs them (macros/jcat_install_functions.sql)",
    )
    f.add_argument("--force", action="store_true", help="with --install: replace every function, changed or not")


@command("functions")
def cmd_functions(args) -> int:
    from ..core.catalog import CATALOG
    from ..render.function_reference import reference_markdown

    if args.markdown:
        sys.stdout.write(reference_markdown())
        return 0
    if args.sql:
        from .. import __version__
        from ..render.sql_functions import ddl_script

        sys.stdout.write(ddl_script(__version__))
        return 0
    if args.dbt_macro:
        from .. import __version__
        from ..render.sql_functions import dbt_macro

        sys.stdout.write(dbt_macro(__version__))
        return 0
    if args.install:
        from ..spark.function_install import install

        result = install(_session(args), force=args.force)
        print(f"jcat: persistent functions in schema jcat: {result.summary()}", file=sys.stderr)
        return 0
    for f in CATALOG:
        print(f.signature)
        print(f"    {f.summary}")
    return 0


@arguments("tables")
def _tables_arguments(sub) -> None:
    from .tables import add_parser

    add_parser(sub)


@command("tables")
def cmd_tables(args) -> int:
    from .tables import cmd_tables as run

    return run(args)


@arguments("generate")
def _generate_arguments(sub) -> None:
    g = sub.add_parser("generate", help="write every derived file (models, macros, docs) from the declarations")
    g.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 naming every generated file that differs or is missing",
    )


@command("generate")
def cmd_generate(args) -> int:
    from ..render.generate import main as generate

    return generate(check=args.check)


SELECT_FLAGS = ("--select", "-s", "--models", "-m")


def _selected(dbt_args: list[str]) -> bool:
    return any(a in SELECT_FLAGS or a.split("=", 1)[0] in SELECT_FLAGS for a in dbt_args)


def nothing_to_read(spark, project_target: str) -> list[str]:
    """One line per model dbt just ran whose raw sources (direct or through other models) are all empty."""
    from pathlib import Path

    target = Path(project_target)
    try:
        manifest = json.loads((target / "manifest.json").read_text())
        results = json.loads((target / "run_results.json").read_text())
    except (OSError, ValueError):
        return []
    nodes = {**manifest.get("nodes", {}), **manifest.get("sources", {})}

    def sources(uid: str, seen: set[str]) -> set[str]:
        if uid in seen:
            return set()
        seen.add(uid)
        node = nodes.get(uid, {})
        if uid.startswith("source."):
            return {f"{node.get('schema', 'jcat')}.{node.get('name')}"}
        out: set[str] = set()
        for dep in node.get("depends_on", {}).get("nodes", []):
            out |= sources(dep, seen)
        return out

    empty: dict[str, bool] = {}
    lines = []
    for r in results.get("results", []):
        uid = r.get("unique_id", "")
        if not uid.startswith("model."):
            continue
        raws = sorted(sources(uid, set()))
        for t in raws:
            if t not in empty:
                empty[t] = not spark.catalog.tableExists(t) or spark.table(t).isEmpty()
        if raws and all(empty[t] for t in raws):
            loads = " or ".join(f"`jcat load {t.split('.raw_', 1)[-1]} FILE`" for t in raws)
            lines.append(
                f"jcat: {nodes[uid]['name']} has nothing to read: {', '.join(raws)} "
                f"{'is' if len(raws) == 1 else 'are'} empty (land files with {loads})"
            )
    return lines


@arguments("build")
def _build_arguments(sub) -> None:
    b = sub.add_parser(
        "build",
        help="dbt build (models and their tests), in-process, on the local target",
        description="dbt build in-process; every argument after `build` goes to dbt as given "
        "(--select, --exclude, --full-refresh, --vars, --target, ...)",
    )
    b.add_argument("dbt_args", nargs=argparse.REMAINDER, help="passed to dbt")


@command("build")
def cmd_build(args) -> int:
    """`dbt build` (seeds, models and their tests, in order), taking dbt's flags as they are."""
    spark = _session(args)
    dbt_args = ["build"] + list(args.dbt_args)
    with _build_lock():
        ok = run_dbt(spark, dbt_args)
        if ok:
            from ..spark.changes import build_all

            ok = build_all(spark)  # the declared tables' changes, current state and history, from what dbt built
    if _selected(args.dbt_args):
        from ..spark.runtime import jcat_home

        for line in nothing_to_read(spark, os.environ.get("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target"))):
            print(line, file=sys.stderr)
    if not ok:
        print("jcat: dbt build failed (see the messages above)", file=sys.stderr)
        return 1
    return 0


@arguments("dbt")
def _dbt_arguments(sub) -> None:
    d = sub.add_parser("dbt", help="any dbt command, in-process, with the catalog registered")
    d.add_argument("dbt_args", nargs=argparse.REMAINDER)


@command("dbt")
def cmd_dbt(args) -> int:
    if not args.dbt_args:
        print("jcat: give dbt arguments, for example: jcat dbt run --select audit_journal_m7", file=sys.stderr)
        return 2
    spark = _session(args)
    with _build_lock():
        return 0 if run_dbt(spark, list(args.dbt_args)) else 1


def _build_lock():
    """Two builds of one JCAT_HOME at once would append to the same incremental tables: the second waits (an
    export waits too: it reads what a build commits)."""
    from ..spark.locks import queued
    from ..spark.runtime import jcat_home

    return queued(jcat_home() / "locks" / "build.lock", "jcat build / jcat dbt / jcat changes export")


@arguments("changes")
def _changes_arguments(sub) -> None:
    from .changes_command import add_parser

    add_parser(sub)


@command("changes")
def cmd_changes(args) -> int:
    from .changes_command import cmd_changes as run

    return run(args, lambda a: _session(a, landing=False), _build_lock)


@arguments("spark-conf")
def _spark_conf_arguments(sub) -> None:
    sc = sub.add_parser(
        "spark-conf",
        help="print --conf arguments that let spark-sql, pyspark or spark-submit see "
        "jcat's metastore, warehouse and functions",
    )
    sc.add_argument(
        "--format",
        choices=["args", "properties"],
        default="args",
        help="args: `--conf k=v ...` for $(jcat spark-conf); properties: spark-defaults.conf lines",
    )
    sc.add_argument("--force", action="store_true", help="print even before jcat has created its metastore")


@command("spark-conf")
def cmd_spark_conf(args) -> int:
    from ..spark.spark_conf import command_line, settings

    if not (jcat_home_has_metastore() or args.force):
        print(
            "jcat: no jcat metastore yet under JCAT_HOME: run any jcat command first (e.g. jcat demo), or pass --force",
            file=sys.stderr,
        )
        return 1
    if args.format == "properties":
        for k, v in settings().items():
            print(f"{k} {v}")
    else:
        print(command_line())
    return 0


def jcat_home_has_metastore() -> bool:
    from ..spark.runtime import jcat_home
    from ..spark.spark_conf import metastore_service_uri

    return metastore_service_uri() is not None or (jcat_home() / "metastore_db").exists()


@arguments("demo")
def _demo_arguments(sub) -> None:
    m = sub.add_parser("demo", help="generate a sample, decode it through the catalog, print it")
    m.add_argument("--records", type=int, default=8, help="M7 records for the catalog section")
    m.add_argument(
        "--area",
        dest="areas",
        action="append",
        choices=["ibmi", "lldf", "idms", "ibmsnap"],
        help="only this format (repeatable); default every format",
    )


@command("demo")
def cmd_demo(args) -> int:
    from ..demo.runner import run_demo

    return run_demo(_session(args), records=args.records, areas=args.areas or None)


@arguments("bench")
def _bench_arguments(sub) -> None:
    n = sub.add_parser("bench", help="time the catalog against Spark's own expressions and a row UDF")
    n.add_argument("--records", type=int, default=1_000_000)
    n.add_argument(
        "--models",
        action="store_true",
        help="also time model builds (the dbt model's SELECT through the layout function, per field, and "
        "in Spark's own expressions)",
    )
    n.add_argument("--models-only", dest="models_only", action="store_true", help="time model builds only")
    n.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (median), after a warm-up")
    n.add_argument("--json", dest="json_path", default=None, help="write the figures to this file")
    n.add_argument(
        "--layout",
        dest="layouts",
        action="append",
        default=None,
        help="only this layout (repeatable): qasym7j5, qjordje5, lldf, idms, ibmsnap, or the name of a "
        "table declared with `jcat tables add` (its row images); default every built-in layout",
    )
    n.add_argument(
        "--ways",
        default=None,
        help="comma-separated ways to time (catalog, catalog_per_field, sql_functions, jvm_expressions, row_udf, "
        "arrow_floor); default all, or catalog only with --scaling",
    )
    n.add_argument(
        "--isolate",
        action="store_true",
        help="time each way of each layout (and, with --models, each model engine) in a fresh process "
        "(no JIT profile shared between ways)",
    )
    n.add_argument("--exact-ways", dest="exact_ways", action="store_true", help=argparse.SUPPRESS)
    n.add_argument("--no-check", dest="no_check", action="store_true", help=argparse.SUPPRESS)
    n.add_argument("--model-engines", dest="model_engines", default=None, help=argparse.SUPPRESS)
    _bench_other_runs(n)


def _bench_other_runs(n) -> None:
    """The runs other than the layouts' ways: scaling, landing, changes, a copybook's records."""
    n.add_argument(
        "--scaling",
        default=None,
        metavar="N,N,...",
        help="record counts to run one after another, each in a fresh process, e.g. "
        "100000,1000000,10000000: time per record and peak memory across sizes",
    )
    n.add_argument(
        "--load",
        default=None,
        metavar="KIND,...",
        help="landing instead: load generated fixed, rdw and/or vb files (e.g. fixed,rdw,vb) and report "
        "MB/s, time per record, tasks and peak Python-worker memory",
    )
    n.add_argument(
        "--changes",
        default=None,
        metavar="N",
        help="the changes of a declared IBM i table instead: build time of its changes, current state and "
        "history for N committed changes, then of one more load of N/100 (in a JCAT_HOME of its own)",
    )
    n.add_argument(
        "--copybook",
        default=None,
        metavar="FILE",
        help="a copybook's records instead: those of --data, timed through its layout function and its SQL",
    )
    n.add_argument("--data", default=None, metavar="FILE", help="the record file --copybook describes (fixed length)")
    n.add_argument("--record", default=None, help="with --copybook: the 01 level, when it has several")
    n.add_argument("--ccsid", type=int, default=37, help="with --copybook: the CCSID of its text (default 37)")
    n.add_argument(
        "--float-format",
        dest="float_format",
        choices=("hfp", "ieee"),
        default="hfp",
        help="with --copybook: COMP-1/COMP-2 bytes (default hfp)",
    )
    n.add_argument(
        "--trim",
        choices=("right", "both", "left", "none"),
        default="right",
        help="with --copybook: text trimming (default right)",
    )
    n.add_argument("--sizes", default=None, metavar="SIZE,...", help="file sizes for --load, e.g. 100M,1G,5G")
    n.add_argument("--scratch", default=None, help="directory for --load's generated files (default: a temporary one)")


@command("bench")
def cmd_bench(args) -> int:
    from ..bench import run_bench

    return run_bench(args)


@arguments("load")
def _load_arguments(sub) -> None:
    ld = sub.add_parser(
        "load",
        help="frame raw journal files into jcat.raw_<layout>, exactly once",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Frame files into jcat.raw_<layout> (source_file, record_offset, record_number, record, load_id);\n"
        "unframeable bytes go to jcat.raw_rejects. Every file's bytes are accounted for:\n"
        "record bytes + RDW/BDW bytes + rejected bytes == file size.",
        epilog="framings:\n"
        "  fixed  every N bytes (--record-length; qasym7j5 = 971; default for qasym7j5, qjordje5, ibmsnap_*)\n"
        "  rdw    z/OS RECFM=V: 4-byte RDW (length incl. itself, X'0000') before each record\n"
        "  vb     z/OS RECFM=VB: BDW blocks (also the extended BDW) of RDW records\n"
        "  self   the record carries its length (default for lldf and idms)\n"
        "  lldf/idms inside rdw or vb: the record's own length must agree with its RDW.\n"
        "record_offset is the file offset of the record's first byte (after its RDW); record excludes RDW/BDW.\n"
        "Loading unchanged content again does nothing; changed content under the same name is refused\n"
        "unless --replace. A load becomes visible all at once, or not at all. See docs/landing.md.",
    )
    ld.add_argument("layout", help="qasym7j5, qjordje5, lldf, idms or ibmsnap_<table>")
    ld.add_argument("paths", nargs="+", metavar="PATH", help="files, directories or globs (any Hadoop path)")
    ld.add_argument("--framing", choices=["fixed", "rdw", "vb", "self"], default=None)
    ld.add_argument("--rdw", dest="framing", action="store_const", const="rdw", help="same as --framing rdw")
    ld.add_argument("--vb", dest="framing", action="store_const", const="vb", help="same as --framing vb")
    ld.add_argument("--record-length", type=int, default=None, help="bytes per record, for fixed framing")
    ld.add_argument("--replace", action="store_true", help="reload files whose content changed, hiding their old rows")
    ld.add_argument("--strict", action="store_true", help="any reject is an error; nothing is loaded")
    ld.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ld.add_argument(
        "--snapshot-at",
        metavar="POSITION",
        default=None,
        help="LAYOUT is a declared table and the files its unload (IBM i: CPYF to a flat file; IBMSNAP: "
        "Db2 UNLOAD of the source table; LLDF: Db2 UNLOAD of the table; IDMS: the record's "
        "occurrences), its state at this log position (IBM i: the journal sequence number of the "
        "last entry in it; IBMSNAP: the IBMSNAP_COMMITSEQ in hex; LLDF: a UORCOMMITLRSN, 20 hex "
        "digits; IDMS: the journal SEQ)",
    )


@command("load")
def cmd_load(args) -> int:
    from ..core.framing.layout_framing import check_layout
    from ..spark.landing import LayoutProblem, LoadProblem, SourceProblem, load
    from .snapshot_load import SnapshotProblem, snapshot_target
    from .tables import TablesProblem, load_target

    snapshot = None
    try:  # mistakes that need no Spark are told before it starts
        if args.snapshot_at is not None:  # an unload of a declared table: its starting state
            args.layout, args.record_length, *snapshot = snapshot_target(
                args.layout, args.snapshot_at, args.record_length
            )
        else:
            args.layout, args.record_length, args.framing = load_target(args.layout, args.record_length, args.framing)
        check_layout(args.layout)
        _check_local_paths(args.paths)
    except (LayoutProblem, SourceProblem, TablesProblem, SnapshotProblem) as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 1
    spark = _session(args)
    try:
        result = load(
            spark,
            args.layout,
            args.paths,
            framing=args.framing,
            record_length=args.record_length,
            replace=args.replace,
            strict=args.strict,
            progress=not args.quiet,
        )
    except (LayoutProblem, LoadProblem, SourceProblem) as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 1
    for f in result.files:
        print(f.line())
    print(result.summary())
    if snapshot and result.by_status("loaded"):
        _record_snapshot(spark, result.load_id, *snapshot)
    return 0 if result.ok else 1


def _record_snapshot(spark, load_id: str, name: str, position: str) -> None:
    from ..spark.changes.snapshots import record

    record(spark, name, load_id, position)
    print(f"jcat: {name}: load {load_id} is the table's state at {position}; `jcat build` starts its changes there")


@arguments("archive")
def _archive_arguments(sub) -> None:
    sub.add_parser(
        "archive",
        help="print the path of the zip of jcat and its pure-Python dependencies that "
        "executors import (built once per content, under JCAT_HOME/ship)",
    )


@command("archive")
def cmd_archive(args) -> int:
    from ..spark.runtime import jcat_home
    from ..spark.ship import archive

    print(archive(jcat_home()))  # for spark-submit --py-files, spark.submit.pyFiles or sc.addPyFile
    return 0


def _check_local_paths(paths: list[str]) -> None:
    """A plain local path (no scheme, no glob) that does not exist: say so before Spark starts."""
    from ..spark.landing import SourceProblem

    for p in paths:
        if "://" in p or p.startswith("file:") or any(c in p for c in "*?[{"):
            continue
        if not os.path.exists(p):
            raise SourceProblem(f"no such file or directory: {p} (give files, directories or globs that exist)")


def _check_port_free(host: str, port: int) -> None:
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
    except OSError as e:
        raise RuntimeProblem(
            f"port {port} on {host} is already in use or not available ({e.strerror}): "
            "stop what holds it or choose another port with --port"
        ) from e


@arguments("serve")
def _serve_arguments(sub) -> None:
    v = sub.add_parser("serve", help="Spark Thrift (HiveServer2) JDBC/ODBC server with the catalog registered")
    v.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, loopback only)")
    v.add_argument("--port", type=int, default=10000, help="port to listen on (default 10000)")
    v.add_argument(
        "--allow-remote", action="store_true", help="allow a non-loopback --host (needs --auth password or ldap)"
    )
    v.add_argument(
        "--auth",
        choices=["none", "password", "ldap"],
        default="none",
        help="client authentication (default none, loopback only)",
    )
    v.add_argument("--password-file", default=None, help="users for --auth password (see --add-user)")
    v.add_argument("--ldap-url", default=None, help="LDAP server for --auth ldap, e.g. ldaps://ldap.example.com")
    v.add_argument("--ldap-base-dn", default=None, help="LDAP base DN for --auth ldap")
    v.add_argument(
        "--shared-session",
        action="store_true",
        help="serve one Spark session to every connection (the Python catalog functions become callable; "
        "USE, SET and temporary views are then shared by all clients)",
    )
    v.add_argument(
        "--add-user",
        metavar="NAME",
        default=None,
        help="add or replace NAME in --password-file (password read from stdin) and exit",
    )


@command("serve")
def cmd_serve(args) -> int:
    from ..serve.server import ServeOptions, add_user, serve

    if args.add_user:
        import getpass
        from pathlib import Path

        if not args.password_file:
            print("jcat: --add-user needs --password-file FILE", file=sys.stderr)
            return 2
        password = (
            sys.stdin.readline().rstrip("\n")
            if not sys.stdin.isatty()
            else getpass.getpass(f"password for {args.add_user}: ")
        )
        add_user(Path(args.password_file), args.add_user, password)
        print(f"jcat: user {args.add_user} written to {args.password_file}", file=sys.stderr)
        return 0
    _check_port_free(args.host, args.port)
    return serve(
        ServeOptions(
            host=args.host,
            port=args.port,
            allow_remote=args.allow_remote,
            auth=args.auth,
            password_file=args.password_file,
            ldap_url=args.ldap_url,
            ldap_base_dn=args.ldap_base_dn,
            shared_session=args.shared_session,
            master=args.master,
        )
    )


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jcat", description="SQL functions for IBM mainframe and IBM i journals, in Spark."
    )
    p.add_argument("--debug", action="store_true", help="show stack traces")
    p.add_argument(
        "--master", default=None, help="Spark master (default: JCAT_MASTER, spark-defaults.conf, or local[*])"
    )
    p.add_argument(
        "--conf",
        dest="conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a Spark setting, as spark-submit takes it (repeatable); wins over spark-defaults.conf "
        "(SPARK_CONF_DIR or SPARK_HOME/conf) and jcat's defaults",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in ARGUMENTS.values():  # each command's own, in the order they are defined
        add(sub)
    return p


PASS_THROUGH = ("build", "dbt")  # everything after these goes to dbt verbatim, flags included


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """Global options, then the command; `build` and `dbt` hand everything after them to dbt as given
    (argparse alone would refuse `jcat build --select x`: a remainder cannot start with an option)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    cut = _command_index(parser, argv)
    if cut is not None and argv[cut] in PASS_THROUGH:
        rest = argv[cut + 1 :]
        if rest[:1] in (["-h"], ["--help"]):
            parser.parse_args(argv[: cut + 1] + ["--help"])
        args = parser.parse_args(argv[: cut + 1])
        args.dbt_args = rest
        return args
    return parser.parse_args(argv)


def _command_index(parser: argparse.ArgumentParser, argv: list[str]) -> int | None:
    """Index of the command word, skipping the global options (and their values) before it."""
    takes_value = {s for a in parser._actions if a.option_strings and a.nargs != 0 for s in a.option_strings}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in COMMANDS:
            return i
        if a in takes_value:
            i += 2
            continue
        i += 1
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        from ..spark import runtime

        runtime.set_command_line(runtime.parse_conf_pairs(args.conf), args.master)
        return COMMANDS[args.command](args)
    except (RuntimeProblem, ProjectNotFound, MetastoreProblem) as e:
        if args.debug:
            raise
        print(f"jcat: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("jcat: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001  (the user sees one line; --debug shows the rest)
        if args.debug:
            raise
        print(f"jcat: {short_error(e)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

"""The `jcat` command. Errors are one short line unless --debug."""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import sys
from decimal import Decimal
from typing import Callable, Iterable

from .runtime import RuntimeProblem

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}


def command(name: str):
    def wrap(fn):
        COMMANDS[name] = fn
        return fn
    return wrap


# ---- output ---------------------------------------------------------------------------------------------

def json_value(v):
    if isinstance(v, (bytes, bytearray)):
        return v.hex().upper()
    if isinstance(v, Decimal):
        # Integral decimals are exact JSON integers; fractional ones stay exact as strings.
        return int(v) if v == v.to_integral_value() and v.as_tuple().exponent >= 0 else str(v)
    if isinstance(v, (dt.datetime, dt.date, dt.time)):
        return v.isoformat()
    if isinstance(v, dict):
        return {k: json_value(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [json_value(x) for x in v]
    if hasattr(v, "asDict"):
        return json_value(v.asDict(recursive=True))
    return v


def text_value(v) -> str:
    if v is None:
        return "NULL"
    j = json_value(v)
    if isinstance(j, (dict, list)):
        return json.dumps(j, ensure_ascii=False)
    return str(j)


def print_rows(columns: list[str], rows: Iterable, fmt: str, out=None) -> int:
    out = out or sys.stdout
    count = 0
    if fmt == "json":
        for r in rows:
            out.write(json.dumps({c: json_value(r[i]) for i, c in enumerate(columns)}, ensure_ascii=False) + "\n")
            count += 1
    elif fmt == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow(["" if x is None else text_value(x) for x in r])
            count += 1
    else:
        cells = [[text_value(x) for x in r] for r in rows]
        count = len(cells)
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
        out.write(" | ".join(c.ljust(widths[i]) for i, c in enumerate(columns)).rstrip() + "\n")
        out.write("-+-".join("-" * w for w in widths) + "\n")
        for row in cells:
            out.write(" | ".join(x.ljust(widths[i]) for i, x in enumerate(row)).rstrip() + "\n")
        out.write(f"({count} row{'s' if count != 1 else ''})\n")
    return count


# ---- commands -------------------------------------------------------------------------------------------

def _session(args):
    from .runtime import start

    return start(master=args.master)


@command("sql")
def cmd_sql(args) -> int:
    spark = _session(args)
    df = spark.sql(args.query)
    print_rows(df.columns, df.toLocalIterator(), args.format)
    return 0


@command("functions")
def cmd_functions(args) -> int:
    from .catalog import CATALOG, reference_markdown

    if args.markdown:
        sys.stdout.write(reference_markdown())
        return 0
    for f in CATALOG:
        print(f.signature)
        print(f"    {f.summary}")
    return 0


def run_dbt(spark, dbt_args: list[str]) -> bool:
    """dbt in-process on the `local` target: dbt-spark's session method picks up this session."""
    from dbt.cli.main import dbtRunner

    from .runtime import jcat_home, project_dir

    # Each JCAT_HOME keeps its own dbt artifacts: concurrent projects never share a manifest or parse cache.
    os.environ.setdefault("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target"))
    os.environ.setdefault("DBT_LOG_PATH", str(jcat_home() / "dbt" / "logs"))
    proj = str(project_dir())
    base = ["--project-dir", proj, "--profiles-dir", proj]
    if "--target" not in dbt_args and "-t" not in dbt_args:
        base += ["--target", "local"]
    result = dbtRunner().invoke(dbt_args[:1] + base + dbt_args[1:])
    return bool(result.success)


@command("build")
def cmd_build(args) -> int:
    spark = _session(args)
    extra = list(args.dbt_args)
    for step in ("run", "test"):
        if not run_dbt(spark, [step] + extra):
            print(f"jcat: dbt {step} failed (see the messages above)", file=sys.stderr)
            return 1
    return 0


@command("dbt")
def cmd_dbt(args) -> int:
    spark = _session(args)
    if not args.dbt_args:
        print("jcat: give dbt arguments, for example: jcat dbt run --select audit_journal_m7", file=sys.stderr)
        return 2
    return 0 if run_dbt(spark, list(args.dbt_args)) else 1


@command("demo")
def cmd_demo(args) -> int:
    from .demo import run_demo

    return run_demo(_session(args), records=args.records, areas=args.areas or None)


@command("bench")
def cmd_bench(args) -> int:
    from .bench import run_bench

    return run_bench(args)


@command("load")
def cmd_load(args) -> int:
    from .landing import LayoutProblem, LoadProblem, SourceProblem, load

    spark = _session(args)
    try:
        result = load(spark, args.layout, args.paths, framing=args.framing, record_length=args.record_length,
                      lldf_rule=args.lldf_rule, replace=args.replace, strict=args.strict, progress=not args.quiet)
    except (LayoutProblem, LoadProblem, SourceProblem) as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 1
    for f in result.files:
        print(f.line())
    print(result.summary())
    return 0 if result.ok else 1


@command("serve")
def cmd_serve(args) -> int:
    from .serve import ServeOptions, add_user, serve

    if args.add_user:
        import getpass
        from pathlib import Path

        if not args.password_file:
            print("jcat: --add-user needs --password-file FILE", file=sys.stderr)
            return 2
        password = sys.stdin.readline().rstrip("\n") if not sys.stdin.isatty() else getpass.getpass(f"password for {args.add_user}: ")
        add_user(Path(args.password_file), args.add_user, password)
        print(f"jcat: user {args.add_user} written to {args.password_file}", file=sys.stderr)
        return 0
    return serve(ServeOptions(host=args.host, port=args.port, allow_remote=args.allow_remote, auth=args.auth,
                              password_file=args.password_file, ldap_url=args.ldap_url,
                              ldap_base_dn=args.ldap_base_dn, live=args.live, master=args.master))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jcat", description="SQL functions for IBM mainframe and IBM i journals, in Spark.")
    p.add_argument("--debug", action="store_true", help="show stack traces")
    p.add_argument("--master", default=None, help="Spark master (default: JCAT_MASTER or local[*])")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("sql", help="run one SQL statement with the catalog registered")
    s.add_argument("query")
    s.add_argument("--format", choices=["table", "csv", "json"], default="table")

    f = sub.add_parser("functions", help="list the catalog")
    f.add_argument("--markdown", action="store_true", help="print the function reference (docs/functions.md)")

    b = sub.add_parser("build", help="dbt run then dbt test, in-process, on the local target")
    b.add_argument("dbt_args", nargs=argparse.REMAINDER, help="passed to dbt")

    d = sub.add_parser("dbt", help="any dbt command, in-process, with the catalog registered")
    d.add_argument("dbt_args", nargs=argparse.REMAINDER)

    m = sub.add_parser("demo", help="generate a sample, decode it through the catalog, print it")
    m.add_argument("--records", type=int, default=8, help="M7 records for the catalog section")
    m.add_argument("--area", dest="areas", action="append", choices=["ibmi", "lldf", "idms", "ibmsnap"],
                   help="only this format (repeatable); default every format")

    n = sub.add_parser("bench", help="time the catalog against Spark's own expressions and a row UDF")
    n.add_argument("--records", type=int, default=1_000_000)
    n.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (median), after a warm-up")
    n.add_argument("--json", dest="json_path", default=None, help="write the figures to this file")
    n.add_argument("--layout", dest="layouts", action="append", default=None,
                   choices=["qasym7j5", "qjordje5", "lldf", "idms", "ibmsnap"],
                   help="only this layout (repeatable); default every layout")
    n.add_argument("--ways", default=None,
                   help="comma-separated ways to time (catalog, catalog_per_field, jvm_expressions, row_udf, "
                        "arrow_floor); default all, or catalog only with --scaling")
    n.add_argument("--scaling", default=None, metavar="N,N,...",
                   help="record counts to run one after another, each in a fresh process, e.g. "
                        "100000,1000000,10000000: time per record and peak memory across sizes")

    v = sub.add_parser("serve", help="Spark Thrift (HiveServer2) JDBC/ODBC server with the catalog registered")
    v.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, loopback only)")
    v.add_argument("--port", type=int, default=10000, help="port to listen on (default 10000)")
    v.add_argument("--allow-remote", action="store_true",
                   help="allow a non-loopback --host (needs --auth password or ldap)")
    v.add_argument("--auth", choices=["none", "password", "ldap"], default="none",
                   help="client authentication (default none, loopback only)")
    v.add_argument("--password-file", default=None, help="users for --auth password (see --add-user)")
    v.add_argument("--ldap-url", default=None, help="LDAP server for --auth ldap, e.g. ldaps://ldap.example.com")
    v.add_argument("--ldap-base-dn", default=None, help="LDAP base DN for --auth ldap")
    v.add_argument("--live", action="store_true",
                   help="also create <model>_live temporary views decoding the raw tables at query time")
    v.add_argument("--add-user", metavar="NAME", default=None,
                   help="add or replace NAME in --password-file (password read from stdin) and exit")

    ld = sub.add_parser(
        "load", help="frame raw journal files into jcat.raw_<layout>, exactly once",
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
               "unless --replace. A load becomes visible all at once, or not at all. See docs/landing.md.")
    ld.add_argument("layout", help="qasym7j5, qjordje5, lldf, idms or ibmsnap_<table>")
    ld.add_argument("paths", nargs="+", metavar="PATH", help="files, directories or globs (any Hadoop path)")
    ld.add_argument("--framing", choices=["fixed", "rdw", "vb", "self"], default=None)
    ld.add_argument("--rdw", dest="framing", action="store_const", const="rdw", help="same as --framing rdw")
    ld.add_argument("--vb", dest="framing", action="store_const", const="vb", help="same as --framing vb")
    ld.add_argument("--record-length", type=int, default=None, help="bytes per record, for fixed framing")
    ld.add_argument("--lldf-rule", choices=["segment", "images"], default="segment",
                    help="LLDF record end: DATA length counts itself and all images (segment, default) "
                         "or each image has its own length excluding itself (images)")
    ld.add_argument("--replace", action="store_true", help="reload files whose content changed, hiding their old rows")
    ld.add_argument("--strict", action="store_true", help="any reject is an error; nothing is loaded")
    ld.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p


def short_error(e: BaseException) -> str:
    """One line a user can act on, from a Spark, Python-worker or start-up error."""
    msg = str(e) or type(e).__name__
    for marker in ("DecodeError:", "UnsupportedCcsid:", "TypeError:"):
        if marker in msg:  # an error raised in a Python worker arrives wrapped in its traceback
            tail = msg[msg.rindex(marker):].splitlines()[0]
            return tail
    first = msg.strip().splitlines()[0]
    return first[:2000]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except RuntimeProblem as e:
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

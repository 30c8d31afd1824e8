"""The parser of `jcat`: its global options, then each command's subparser, added by the command's own module
(udfs/cli/<command>.py, registered in udfs/cli/registry.py), in the order `jcat --help` lists them."""

from __future__ import annotations

import argparse
import sys

# Each command's module registers its command and its arguments when imported.
from . import (  # noqa: F401
    archive,
    bench,
    build,
    changes,
    copybook,
    dbt,
    demo,
    functions,
    generate,
    info,
    load,
    metastore,
    serve,
    spark_conf,
    sql,
    tables,
)
from .registry import ARGUMENTS, COMMANDS

HELP_ORDER = (
    "sql",
    "info",
    "metastore",
    "copybook",
    "functions",
    "tables",
    "generate",
    "build",
    "dbt",
    "changes",
    "spark-conf",
    "demo",
    "bench",
    "load",
    "archive",
    "serve",
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
    for name in sorted(ARGUMENTS, key=HELP_ORDER.index):  # a command missing from HELP_ORDER fails here
        ARGUMENTS[name](sub)
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

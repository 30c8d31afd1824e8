"""`jcat build [DBT ARGS...]`: dbt build (seeds, models and their tests), in-process, then the declared tables'
changes; dbt's own flags go to dbt as given."""

from __future__ import annotations

import argparse
import sys

from ..dbt.empty_sources import nothing_to_read
from ..dbt.runner import run_dbt
from .registry import arguments, command
from .session import build_lock, session

SELECT_FLAGS = ("--select", "-s", "--models", "-m")


def _selected(dbt_args: list[str]) -> bool:
    return any(a in SELECT_FLAGS or a.split("=", 1)[0] in SELECT_FLAGS for a in dbt_args)


@arguments("build")
def add_parser(sub) -> None:
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
    spark = session(args)
    dbt_args = ["build"] + list(args.dbt_args)
    with build_lock():
        ok = run_dbt(spark, dbt_args)
        if ok:
            from ..spark.changes import build_all

            ok = build_all(spark)  # the declared tables' changes, current state and history, from what dbt built
    if _selected(args.dbt_args):
        for line in nothing_to_read(spark):
            print(line, file=sys.stderr)
    if not ok:
        print("jcat: dbt build failed (see the messages above)", file=sys.stderr)
        return 1
    return 0

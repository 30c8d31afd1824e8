"""`jcat dbt ARGS...`: any dbt command, in-process, with the catalog registered."""

from __future__ import annotations

import argparse
import sys

from ..dbt.runner import run_dbt
from .registry import arguments, command
from .session import build_lock, session


@arguments("dbt")
def add_parser(sub) -> None:
    d = sub.add_parser("dbt", help="any dbt command, in-process, with the catalog registered")
    d.add_argument("dbt_args", nargs=argparse.REMAINDER)


@command("dbt")
def cmd_dbt(args) -> int:
    if not args.dbt_args:
        print("jcat: give dbt arguments, for example: jcat dbt run --select audit_journal_m7", file=sys.stderr)
        return 2
    spark = session(args)
    with build_lock():
        return 0 if run_dbt(spark, list(args.dbt_args)) else 1

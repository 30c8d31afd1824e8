"""`jcat build [DBT ARGS...]`: dbt build (seeds, models and their tests), in-process, then the declared tables'
changes; dbt's own flags go to dbt as given."""

from __future__ import annotations

import argparse
import sys

from ..dbt.empty_sources import nothing_to_read
from ..dbt.relation_selection import SELECT_FLAGS, select
from ..dbt.runner import run_dbt
from .registry import arguments, command
from .session import build_lock, session


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
    """`dbt build` (seeds, models and their tests, in order), taking dbt's flags as they are, then the declared
    tables' changes: every table's, or with --select those it names (their relations, or their images) and not
    those --exclude names (udfs/dbt/relation_selection.py)."""
    from ..spark.changes import build_all
    from ..spark.changes.adapters import ADAPTERS
    from ..spark.changes.build import declared

    spark = session(args)
    tables = declared()
    inputs = {t.name: tuple(_unqualified(r) for r in ADAPTERS[t.log].inputs(t)) for t in tables}
    twins = {t.name: _unqualified(ADAPTERS[t.log].twin(t)) for t in tables}
    chosen = select(list(args.dbt_args), inputs)
    built: set[str] = set()
    with build_lock():
        ok = chosen.dbt_args is None or run_dbt(spark, ["build", *chosen.dbt_args], built)
        if ok:
            names = chosen.changes_to_build(built, twins)
            ok = build_all(spark, names, refresh=chosen.shared)
    if _selected(args.dbt_args):
        for line in nothing_to_read(spark):
            print(line, file=sys.stderr)
    if not ok:
        print("jcat: dbt build failed (see the messages above)", file=sys.stderr)
        return 1
    return 0


def _unqualified(relation: str) -> str:
    return relation.rsplit(".", 1)[-1]

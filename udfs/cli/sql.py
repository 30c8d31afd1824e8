"""`jcat sql QUERY`: one SQL statement, run with the catalog registered, its rows printed."""

from __future__ import annotations

from ..spark.output import print_rows
from .registry import arguments, command
from .session import session


@arguments("sql")
def add_parser(sub) -> None:
    s = sub.add_parser("sql", help="run one SQL statement with the catalog registered")
    s.add_argument("query")
    s.add_argument("--format", choices=["table", "csv", "json"], default="table")


@command("sql")
def cmd_sql(args) -> int:
    # No landing DDL here: a query needs none, and a session shared in-process (tests, notebooks) stays as it was.
    spark = session(args, landing=False)
    df = spark.sql(args.query)
    print_rows(df.columns, df.toLocalIterator(), args.format)
    return 0

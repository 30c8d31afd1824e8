"""`jcat spark-conf`: the --conf arguments (or spark-defaults.conf lines) that let spark-sql, pyspark or
spark-submit see jcat's metastore, warehouse and functions."""

from __future__ import annotations

import sys

from .registry import arguments, command


@arguments("spark-conf")
def add_parser(sub) -> None:
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
    from ..spark.spark_conf import command_line, jcat_home_has_metastore, settings

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

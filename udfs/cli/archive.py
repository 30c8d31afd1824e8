"""`jcat archive`: the path of the zip of jcat and its pure-Python dependencies that executors import."""

from __future__ import annotations

from .registry import arguments, command


@arguments("archive")
def add_parser(sub) -> None:
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

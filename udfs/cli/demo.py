"""`jcat demo`: a sample generated, decoded through the catalog and printed."""

from __future__ import annotations

from ..core.layouts.registry import AREAS
from .registry import arguments, command
from .session import session


@arguments("demo")
def add_parser(sub) -> None:
    m = sub.add_parser("demo", help="generate a sample, decode it through the catalog, print it")
    m.add_argument("--records", type=int, default=8, help="M7 records for the catalog section")
    m.add_argument(
        "--area",
        dest="areas",
        action="append",
        choices=list(AREAS),  # the layouts registry's areas: one module of udfs.demo each
        help="only this format (repeatable); default every format",
    )


@command("demo")
def cmd_demo(args) -> int:
    from ..demo.runner import run_demo

    return run_demo(session(args), records=args.records, areas=args.areas or None)

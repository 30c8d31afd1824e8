"""`jcat`'s entry point: the command line parsed, the command run; every error is one short line unless --debug."""

from __future__ import annotations

import sys

from ..core.project import ProjectNotFound
from ..spark.metastore import MetastoreProblem
from ..spark.output import short_error
from ..spark.runtime import RuntimeProblem
from .parser import parse
from .registry import COMMANDS


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

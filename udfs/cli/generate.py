"""`jcat generate [--check]`: every derived file (models, macros, docs), written from the declarations."""

from __future__ import annotations

from .registry import arguments, command


@arguments("generate")
def add_parser(sub) -> None:
    g = sub.add_parser("generate", help="write every derived file (models, macros, docs) from the declarations")
    g.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 naming every generated file that differs or is missing",
    )


@command("generate")
def cmd_generate(args) -> int:
    from ..render.generate import main as generate

    return generate(check=args.check)

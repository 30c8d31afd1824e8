"""Which layouts and ways a `jcat bench` run times, read from its arguments; unknown names fail before any work."""

from __future__ import annotations

from .layouts import LAYOUTS, get
from .measure import WAYS


def chosen_layouts(args) -> list[str]:
    names = args.layouts or list(LAYOUTS)
    for n in names:
        get(n)  # unknown names fail before any work
    return names


def chosen_ways(args) -> tuple[str, ...]:
    ways = tuple(args.ways.split(",")) if args.ways else WAYS
    unknown = set(ways) - set(WAYS)
    if unknown:
        raise ValueError(f"unknown ways {sorted(unknown)}; choose from {', '.join(WAYS)}")
    if "catalog" not in ways and not getattr(args, "exact_ways", False):
        ways = ("catalog",) + ways
    return ways


def add_copybook(args) -> None:
    """`--copybook FILE --data FILE`: that layout alone, by the ways a copybook has (catalog and sql_functions)."""
    from .copybook import COPYBOOK_WAYS, add

    if not args.data:
        raise ValueError("jcat bench --copybook needs --data FILE: the records to time (a file of that copybook)")
    if args.isolate:
        raise ValueError(
            "jcat bench --copybook times in one process: run it once per way (--ways catalog, then "
            "--ways sql_functions) for figures of one way a process"
        )
    args.layouts = [
        add(args.copybook, args.data, args.record, ccsid=args.ccsid, float_format=args.float_format, trim=args.trim)
    ]
    ways = tuple(args.ways.split(",")) if args.ways else COPYBOOK_WAYS
    unknown = set(ways) - set(COPYBOOK_WAYS)
    if unknown:
        raise ValueError(
            f"a copybook is timed by the ways {', '.join(COPYBOOK_WAYS)}, not {', '.join(sorted(unknown))}"
        )
    args.ways, args.exact_ways = ",".join(ways), True

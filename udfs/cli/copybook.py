"""`jcat copybook FILE`: a copybook read by jcat, as the SELECT that decodes its records in plain Spark SQL (the
persistent functions of schema jcat: a view of it reads in any session), or as its layout to check by eye."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.copybook import FLOAT_FORMATS, field_call, sql_type
from ..core.copybook.text import TRIMS
from ..core.copybook.tree import read_copybook_file
from ..render.copybook_sql import record_query
from .registry import arguments, command


@arguments("copybook")
def add_parser(sub) -> None:
    c = sub.add_parser("copybook", help="a COBOL copybook as the Spark SQL that decodes its records, or its layout")
    c.add_argument("file", help="the copybook (fixed format, columns 8-72, or free format)")
    c.add_argument("--record", help="the 01 level to read, when the copybook has several")
    c.add_argument(
        "--from", dest="source", default="records", help="the table or view holding the records (default: records)"
    )
    c.add_argument("--column", default="record", help="its BINARY column of whole records (default: record)")
    c.add_argument("--ccsid", type=int, default=37, help="EBCDIC CCSID of the text fields (default 37)")
    c.add_argument(
        "--trim",
        choices=TRIMS,
        default="right",
        help="text: right (default: trailing blanks and NULs cut), both, left, or none (as the bytes hold it)",
    )
    c.add_argument(
        "--float-format",
        choices=FLOAT_FORMATS,
        default="hfp",
        help="COMP-1/COMP-2 bytes: System/390 hexadecimal (default) or IEEE 754",
    )
    c.add_argument(
        "--layout",
        action="store_true",
        help="print each field's offset, length, type and function instead of the SELECT",
    )


@command("copybook")
def cmd_copybook(args) -> int:
    path = Path(args.file)
    if not path.is_file():
        print(f"jcat: copybook {args.file}: no such file: give the copybook's path", file=sys.stderr)
        return 2
    book = read_copybook_file(path)
    if args.layout:
        _print_layout(book, args)
        return 0
    sys.stdout.write(
        record_query(
            book,
            args.source,
            args.record,
            column=args.column,
            ccsid=args.ccsid,
            float_format=args.float_format,
            trim=args.trim,
        )
        + "\n"
    )
    return 0


def _print_layout(book, args) -> None:
    rec = book.record(args.record)
    print(f"{rec.name}: {rec.length} bytes")
    for f in rec.fields:
        fn, extra = field_call(f, args.float_format)
        occurs = "".join(f"[{d.most}{' by ' + d.depending_on if d.depending_on else ''}]" for d in f.dims)
        where = ".".join((*f.path[1:], f.name))
        print(
            f"  {f.offset + 1:>6} {f.length:>4}  {where + occurs:<40} {sql_type(f):<16} "
            f"{fn}({', '.join(('b', *extra))}){'  FILLER' if f.filler else ''}"
        )

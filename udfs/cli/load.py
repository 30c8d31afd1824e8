"""`jcat load LAYOUT PATH...`: frame raw journal files into jcat.raw_<layout>, exactly once; with --snapshot-at,
an unload of a declared table, landed as its starting state."""

from __future__ import annotations

import argparse
import os
import sys

from ..core.changes.snapshot import (
    SnapshotProblem,
    check_table,
    commit_position,
    layout,
)
from ..core.changes.snapshot import record_length as width
from ..core.project import ProjectNotFound, project_dir
from ..core.tables.declaration_file import read_all
from .registry import arguments, command
from .session import session


@arguments("load")
def add_parser(sub) -> None:
    ld = sub.add_parser(
        "load",
        help="frame raw journal files into jcat.raw_<layout>, exactly once",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Frame files into jcat.raw_<layout> (source_file, record_offset, record_number, record, load_id);\n"
        "unframeable bytes go to jcat.raw_rejects. Every file's bytes are accounted for:\n"
        "record bytes + RDW/BDW bytes + rejected bytes == file size.",
        epilog="framings:\n"
        "  fixed  every N bytes (--record-length; qasym7j5 = 971; default for qasym7j5, qjordje5, ibmsnap_*)\n"
        "  rdw    z/OS RECFM=V: 4-byte RDW (length incl. itself, X'0000') before each record\n"
        "  vb     z/OS RECFM=VB: BDW blocks (also the extended BDW) of RDW records\n"
        "  self   the record carries its length (default for lldf and idms)\n"
        "  lldf/idms inside rdw or vb: the record's own length must agree with its RDW.\n"
        "record_offset is the file offset of the record's first byte (after its RDW); record excludes RDW/BDW.\n"
        "Loading unchanged content again does nothing; changed content under the same name is refused\n"
        "unless --replace. A load becomes visible all at once, or not at all. See docs/landing.md.",
    )
    ld.add_argument("layout", help="qasym7j5, qjordje5, lldf, idms or ibmsnap_<table>")
    ld.add_argument("paths", nargs="+", metavar="PATH", help="files, directories or globs (any Hadoop path)")
    ld.add_argument("--framing", choices=["fixed", "rdw", "vb", "self"], default=None)
    ld.add_argument("--rdw", dest="framing", action="store_const", const="rdw", help="same as --framing rdw")
    ld.add_argument("--vb", dest="framing", action="store_const", const="vb", help="same as --framing vb")
    ld.add_argument("--record-length", type=int, default=None, help="bytes per record, for fixed framing")
    ld.add_argument("--replace", action="store_true", help="reload files whose content changed, hiding their old rows")
    ld.add_argument("--strict", action="store_true", help="any reject is an error; nothing is loaded")
    ld.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ld.add_argument(
        "--snapshot-at",
        metavar="POSITION",
        default=None,
        help="LAYOUT is a declared table and the files its unload (IBM i: CPYF to a flat file; IBMSNAP: "
        "Db2 UNLOAD of the source table; LLDF: Db2 UNLOAD of the table; IDMS: the record's "
        "occurrences), its state at this log position (IBM i: the journal sequence number of the "
        "last entry in it; IBMSNAP: the IBMSNAP_COMMITSEQ in hex; LLDF: a UORCOMMITLRSN, 20 hex "
        "digits; IDMS: the journal SEQ)",
    )


@command("load")
def cmd_load(args) -> int:
    from ..core.framing.layout_framing import check_layout
    from ..spark.landing import LayoutProblem, LoadProblem, SourceProblem, load
    from .tables import TablesProblem, load_target

    snapshot = None
    try:  # mistakes that need no Spark are told before it starts
        if args.snapshot_at is not None:  # an unload of a declared table: its starting state
            args.layout, args.record_length, *snapshot = snapshot_target(
                args.layout, args.snapshot_at, args.record_length
            )
        else:
            args.layout, args.record_length, args.framing = load_target(args.layout, args.record_length, args.framing)
        check_layout(args.layout)
        _check_local_paths(args.paths)
    except (LayoutProblem, SourceProblem, TablesProblem, SnapshotProblem) as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 1
    spark = session(args)
    try:
        result = load(
            spark,
            args.layout,
            args.paths,
            framing=args.framing,
            record_length=args.record_length,
            replace=args.replace,
            strict=args.strict,
            progress=not args.quiet,
        )
    except (LayoutProblem, LoadProblem, SourceProblem) as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 1
    for f in result.files:
        print(f.line())
    print(result.summary())
    if snapshot and result.by_status("loaded"):
        _record_snapshot(spark, result.load_id, *snapshot)
    return 0 if result.ok else 1


def _record_snapshot(spark, load_id: str, name: str, position: str) -> None:
    from ..spark.changes.snapshots import record

    record(spark, name, load_id, position)
    print(f"jcat: {name}: load {load_id} is the table's state at {position}; `jcat build` starts its changes there")


def _check_local_paths(paths: list[str]) -> None:
    """A plain local path (no scheme, no glob) that does not exist: say so before Spark starts."""
    from ..spark.landing import SourceProblem

    for p in paths:
        if "://" in p or p.startswith("file:") or any(c in p for c in "*?[{"):
            continue
        if not os.path.exists(p):
            raise SourceProblem(f"no such file or directory: {p} (give files, directories or globs that exist)")


def snapshot_target(name: str, position: str, record_length: int | None):
    """(layout, record length, table name, COMMIT_POSITION) of a snapshot load; SnapshotProblem says what is wrong
    before Spark starts."""
    try:
        table = next((t for t in read_all(project_dir()) if t.name == name.lower()), None)
    except ProjectNotFound:
        table = None
    if table is None:
        raise SnapshotProblem(f"--snapshot-at: no declared table {name} (jcat tables list shows them)")
    check_table(table)
    at = commit_position(table.log, position)
    return layout(table.name), record_length or width(table), table.name, at

"""`jcat changes export --to DIR [--since POSITION] [--table NAME]...`: the declared tables' committed changes as
Debezium JSON lines, one file per table and build, going on from where the last export into DIR ended."""

from __future__ import annotations

import sys

from ..core.changes.snapshot import SnapshotProblem, commit_position
from ..core.project import project_dir
from ..core.tables.declaration_file import read_all
from .registry import arguments, command
from .session import build_lock, session


class ExportProblem(ValueError):
    """A mistake in the command line, told in one line before Spark starts."""


@arguments("changes")
def add_parser(sub) -> None:
    c = sub.add_parser("changes", help="the declared tables' committed changes, for tools outside Spark")
    cs = c.add_subparsers(dest="changes_command", required=True, metavar="ACTION")
    e = cs.add_parser(
        "export",
        help="write the changes as Debezium JSON lines (one event per line), one file per "
        "table and build, going on from the last export into the same folder",
    )
    e.add_argument(
        "--to",
        required=True,
        metavar="DIR",
        help="the folder (any Hadoop path; on a cluster one the executors reach too); "
        "DIR/<table>/<build id>-<last commit position>.jsonl",
    )
    e.add_argument(
        "--since",
        default=None,
        metavar="POSITION",
        help="start after this commit position instead of where DIR's files end (the log's number as "
        "--snapshot-at takes it, or a COMMIT_POSITION as source.commit_position shows it)",
    )
    e.add_argument(
        "--table",
        dest="tables",
        action="append",
        default=None,
        metavar="NAME",
        help="only this declared table (repeatable; default: every table with changes)",
    )


def targets(names: list[str] | None, since: str | None) -> tuple[list[str], str | dict | None]:
    """(the tables to export, each one's --since as a COMMIT_POSITION or None): ExportProblem when wrong."""
    declared = {t.name: t for t in read_all(project_dir()) if t.spec.changes}
    unknown = sorted(set(names or ()) - set(declared))
    if unknown:
        have = ", ".join(sorted(declared)) or "none"
        raise ExportProblem(f"--table {unknown[0]}: no declared table of that name with changes (declared: {have})")
    tables = [declared[n] for n in names] if names else list(declared.values())
    if since is None:
        return [t.name for t in tables], None
    logs = sorted({t.log for t in tables})
    if len(logs) > 1:
        raise ExportProblem(
            f"--since: the tables come from several logs ({', '.join(logs)}) whose positions differ: "
            "name the tables of one log with --table"
        )
    try:
        return [t.name for t in tables], {
            t.name: commit_position(t.log, since, "--since", "already exported") for t in tables
        }
    except SnapshotProblem as e:
        raise ExportProblem(str(e)) from e


@command("changes")
def cmd_changes(args) -> int:
    try:
        names, since = targets(args.tables, args.since)
    except ExportProblem as e:
        print(f"jcat: {e}", file=sys.stderr)
        return 2
    if not names:
        print("jcat: no declared table has changes to export (declare one with `jcat tables add`)", file=sys.stderr)
        return 1
    from ..spark.changes.export import export, uri

    spark = session(args, landing=False)
    with build_lock():
        written = export(spark, args.to, names, since)
    for w in written:
        print(f"jcat: {w.table}: {w.changes:,} changes to {w.path}")
    done = {w.table for w in written}
    for n in names:
        if n not in done:
            print(
                f"jcat: {n}: nothing to export after {'--since' if since else 'the last export into'} "
                f"{uri(args.to) if not since else args.since}"
            )
    return 0

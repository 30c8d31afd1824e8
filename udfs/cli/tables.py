"""`jcat tables add|list|show|remove`: a user's own tables, declared in the dbt project jcat builds.

The project is JCAT_PROJECT_DIR, else the home project under JCAT_HOME (created by the first `tables add`, with jcat
in its packages.yml). Nothing inside jcat is edited. Every mistake is one line naming what to fix.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from ..core import ddl
from ..core.copybook import CopybookProblem, sql_type
from ..core.copybook.tree import copybook_text
from ..core.project import ProjectNotFound, project_dir, source_root
from ..core.tables import copybook_table, ibmi_image, ibmsnap_image, lldf_image
from ..core.tables.declaration import (
    DeclarationProblem,
    DeclaredTable,
    check_columns,
    check_key,
    check_name,
    check_time_zone,
    default_key,
    key_words,
)
from ..core.tables.declaration_file import declaration_path, parse_ddl, read_all
from ..core.tables.logs import LOGS, Log, log_of
from ..core.tables.options import YES_NO
from ..render.table_models import made, write_declaration, write_project_files
from ..render.table_names import MACROS, MODELS
from .registry import arguments, command


class TablesProblem(DeclarationProblem):
    """A tables command that cannot be done: one line."""


@arguments("tables")
def add_parser(sub) -> None:
    t = sub.add_parser("tables", help="declare your own tables from their DDL: their row images become typed models")
    ts = t.add_subparsers(dest="tables_command", required=True, metavar="ACTION")
    a = ts.add_parser("add", help="declare a table: copy its DDL into the project and write its models")
    a.add_argument("name", help="the table's name in jcat: [a-z][a-z0-9_]*, e.g. orders (relations orders_images, ...)")
    a.add_argument(
        "--log",
        required=True,
        help=f"the log its row images come from: {', '.join(LOGS)} (file: a record file described by a copybook)",
    )
    a.add_argument("--ddl", type=Path, help="the table's DDL (QSYS2.GENERATE_SQL, Db2 for z/OS DDL)")
    a.add_argument("--copybook", type=Path, help="file, idms: the COBOL copybook of the records")
    a.add_argument("--record", default=None, help="file, idms: the copybook's 01 level, when it has several")
    a.add_argument(
        "--framing",
        default="fixed",
        help="file: fixed (records of the copybook's length, default), rdw (RECFM=V) or vb (RECFM=VB)",
    )
    a.add_argument("--trim", default="right", help="file, idms: text trimming: right (default), both, left or none")
    a.add_argument("--record-id", type=int, default=None, help="idms: the record's USER-REC-ID (its BFOR/AFTR images)")
    a.add_argument(
        "--key",
        default=None,
        help="key columns, comma-separated (default: the DDL's primary key, else the relative record number)",
    )
    a.add_argument(
        "--journaled",
        default=None,
        help="ibmi: LIBRARY/FILE[/MEMBER] as the journal names the file (default: the DDL's schema and system name)",
    )
    a.add_argument("--ccsid", type=int, default=37, help="CCSID of text columns whose DDL gives none (37)")
    a.add_argument(
        "--datfmt",
        default="*ISO",
        help="ibmi: the file's DATFMT (*ISO, *EUR, *USA, *JIS, *MDY, *DMY, *YMD, *JUL); per column in tables/NAME.yml",
    )
    a.add_argument("--datsep", default=None, help="ibmi: DATSEP for *MDY, *DMY, *YMD, *JUL (default /)")
    a.add_argument("--timfmt", default="*ISO", help="ibmi: the file's TIMFMT (*ISO, *EUR, *USA, *JIS, *HMS)")
    a.add_argument("--timsep", default=None, help="ibmi: TIMSEP for *HMS (default :)")
    a.add_argument(
        "--table",
        default=None,
        help="lldf: OWNER.NAME as the logical log's header names the table (default: the DDL's schema and name)",
    )
    a.add_argument(
        "--float-format", default="hfp", help="lldf: REAL/DOUBLE bytes, hfp (System/390 hexadecimal, default) or ieee"
    )
    a.add_argument(
        "--time-zone",
        default=None,
        help="the zone the log's local commit times are in, an IANA name "
        "(Europe/Berlin); default: the reading session's; idms: UTC",
    )
    _ibmsnap_flags(a)
    ts.add_parser("list", help="the declared tables, one line each")
    s = ts.add_parser("show", help="a declared table's columns, where each is in the image, and its relations")
    s.add_argument("name")
    r = ts.add_parser("remove", help="forget a declared table: its declaration, DDL copy and models")
    r.add_argument("name")


def _project(create: bool) -> Path:
    from ..dbt.user_project import user_project

    return user_project(create)


def _taken_relations(root: Path) -> set[str]:
    """Models of the project and of jcat: a new table's relations must be none of them."""
    names = {p.stem for p in (source_root() / "models").rglob("*.sql")}
    names |= {p.stem for p in (root / "models").rglob("*.sql") if MODELS.parts[-1] not in p.parts}
    return names


def declare(args) -> DeclaredTable:
    name, log = check_name(args.name), log_of(args.log)
    zone = check_time_zone(getattr(args, "time_zone", None), log.name)
    table = _declare_copybook(args, name, log) if log.described_by == "copybook" else _declare_ddl(args, name, log)
    return dataclasses.replace(table, time_zone=zone) if zone else table


def _declare_ddl(args, name: str, log: Log) -> DeclaredTable:
    if getattr(args, "copybook", None) or not args.ddl:
        raise TablesProblem(
            f"a table of log {log.name} is declared from its DDL: give --ddl FILE (--copybook is for --log file)"
        )
    if not args.ddl.is_file():
        raise TablesProblem(f"--ddl {args.ddl}: no such file")
    table = parse_ddl(args.ddl)
    check_columns(table)
    key = (
        check_key(table, tuple(k.strip().upper() for k in args.key.split(",") if k.strip()))
        if args.key
        else default_key(table)
    )
    if log.name == "ibmsnap":  # a CD table: its name must not be one of jcat's own IBMSNAP tables'
        ibmsnap_image.check_name_free(args.name)
        ibmsnap_image.check_cd_columns(table)
    options = {log.name: log.options.from_flags(vars(args), table)}
    return DeclaredTable(name, log.name, table, f"{name}.sql", key, **options)


def _declare_copybook(args, name: str, log: Log) -> DeclaredTable:
    """A record file (its framing) or an IDMS record (its USER-REC-ID), from its copybook."""
    what = "a record file (--log file)" if log.name == "file" else "an IDMS record (--log idms)"
    if args.ddl or not getattr(args, "copybook", None):
        raise TablesProblem(f"{what} is declared from its copybook: give --copybook FILE, not --ddl")
    if not args.copybook.is_file():
        raise TablesProblem(f"--copybook {args.copybook}: no such file")
    options = {log.name: log.options.from_flags(vars(args))}
    key = tuple(k.strip().upper().replace("-", "_") for k in (args.key or "").split(",") if k.strip())
    return copybook_table.check(
        DeclaredTable(
            name,
            log.name,
            None,
            f"{name}.cpy",
            key or log.default_key,
            copybook=copybook_table.read_copybook(args.copybook),
            **options,
        )
    )


def image_columns(table: DeclaredTable) -> tuple:
    """The table's columns as its log writes a row image (refusing what the image cannot hold)."""
    return tuple(table.spec.image_reader().image_columns(table))


def _where(t: DeclaredTable) -> str:
    if t.file:
        return f"landed in raw_file_{t.name} ({t.file.framing})"
    if t.idms:
        return f"USER-REC-ID {t.idms.record_id} in idms_journal"
    if t.spec.lands_per_table():
        return f"landed in raw_{t.spec.landed_layout(t.name)}"
    return t.options.where


# --- IBM SQL Replication CD tables --------------------------------------------------------------------------


def _ibmsnap_flags(a) -> None:
    a.add_argument(
        "--before-prefix",
        default=None,
        help="ibmsnap: REGISTER.BEFORE_IMG_PREFIX of the CD table ('' "
        "for none; default: the landed REGISTER row, at build time)",
    )
    a.add_argument(
        "--updates-as-delete-insert",
        default=None,
        choices=sorted(YES_NO),
        help="ibmsnap: updates arrive as a delete and an insert (default: the landed REGISTER row's "
        "PARTITION_KEYS_CHG, else var ibmsnap_pair_updates)",
    )
    a.add_argument(
        "--variant",
        default="os390/char10",
        help="ibmsnap: platform/sequence form of the unload (os390/char10, os390/varchar16, ...)",
    )
    a.add_argument(
        "--null-indicator", default="leading", help="ibmsnap: leading (Db2 UNLOAD) or trailing (DSNTIAUL format)"
    )


def load_target(name: str, record_length: int | None, framing: str | None = None) -> tuple[str, int | None, str | None]:
    """`jcat load NAME`: a declared ibmsnap table lands as layout ibmsnap_NAME, its record length from its DDL; a
    record file as file_NAME, framed as declared (fixed: the copybook's record length); any other name is a
    layout, as given. (layout, record length, framing)."""
    try:
        root = project_dir()
    except ProjectNotFound:
        return name, record_length, framing
    if root.resolve() == source_root().resolve() or not declaration_path(root, name.lower()).exists():
        return name, record_length, framing
    t = next((t for t in read_all(root) if t.name == name.lower()), None)
    if t is not None and t.log == "file":
        fixed = (framing or t.file.framing) == "fixed"
        return (
            t.spec.landed_layout(t.name),
            record_length or (copybook_table.record_length(t) if fixed else None),
            framing or t.file.framing,
        )
    if t is None or t.log != "ibmsnap":
        journal = t.spec.landed if t else LOGS["ibmi"].landed
        raise TablesProblem(
            f"table {name} is declared from log {t.log if t else '?'}: land its journal's "
            f"records (jcat load {journal} ...), not the table"
        )
    return t.spec.landed_layout(t.name), record_length or ibmsnap_image.record_layout(t).record_length, framing


def _columns(t: DeclaredTable) -> list[tuple[str, str, int, int, str]]:
    """(name, Spark type, position, bytes, null byte) per column of the table's image."""
    if t.log == "ibmsnap":
        return [
            (c.name, c.spark_type, c.after.pos, c.after.width, "indicator" if c.after.column.nullable else "-")
            for c in ibmsnap_image.image_columns(t)
        ]
    return [(c.name, c.spark_type, c.pos, c.width, str(c.index)) for c in ibmi_image.image_columns(t)]


def cmd_add(args) -> int:
    decl = declare(args)
    cols = image_columns(decl)  # refuses what the image cannot hold before anything is written
    root = _project(create=True)
    path = declaration_path(root, decl.name)
    if path.exists():
        raise TablesProblem(f"table {decl.name} is already declared ({path}): `jcat tables remove {decl.name}` first")
    clash = set(decl.relations) & _taken_relations(root)
    if clash:
        raise TablesProblem(f"table {decl.name}: a relation {sorted(clash)[0]} already exists: choose another name")
    text = copybook_text(args.copybook) if decl.copybook is not None else args.ddl.read_text()
    write_declaration(root, decl, text)
    print(
        f"jcat: declared {decl.name} ({len(cols)} columns, key {key_words(decl)}) in {root}: {made(decl)}; build with "
        "`jcat build`"
    )
    return 0


def cmd_list(args) -> int:
    root = _project(create=False)
    for t in read_all(root):
        print(f"{t.name:<24}{t.log:<8}{_described_by(t):<30}{_where(t)}")
    return 0


def _described_by(t: DeclaredTable) -> str:
    return f"copybook {t.ddl_file}" if t.copybook is not None else f"{t.ddl.schema}.{t.ddl.name}"


def _find(root: Path, name: str) -> Path:
    path = declaration_path(root, name)
    if not path.exists():
        known = ", ".join(t.name for t in read_all(root)) or "none"
        raise TablesProblem(f"no declared table {name} (declared: {known})")
    return path


def cmd_show(args) -> int:
    root = _project(create=False)
    _find(root, args.name)
    t = next(t for t in read_all(root) if t.name == args.name)
    zone = t.commit_zone or "the reading session's time zone"
    print(f"{t.name}: {t.log} table {_described_by(t)} ({_where(t)}), key {key_words(t)}, commit times in {zone}")
    print(f"relations: {', '.join('jcat.' + r for r in t.relations)}")
    if t.copybook is not None:
        _show_file(t)
        return 0
    if t.log == "lldf":
        _show_lldf(t)
        return 0
    print(f"{'column':<20}{'type':<18}{'position':>9}{'bytes':>6}  null byte")
    for name, spark_type, pos, width, null in _columns(t):
        print(f"{name:<20}{spark_type:<18}{pos:>9}{width:>6}  {null}")
    return 0


def _show_lldf(t: DeclaredTable) -> None:
    """A logical log's columns have no fixed position: each follows the one before it (COLNO order)."""
    print(f"{'column':<20}{'type':<18}{'colno':>6}{'bytes':>8}  null byte first")
    for c in lldf_image.image_columns(t):
        width = "2+len" if c.width is None else str(c.width)
        print(f"{c.name:<20}{c.spark_type:<18}{c.colno:>6}{width:>8}  {'yes' if c.nullable else 'no'}")


def _show_file(t: DeclaredTable) -> None:
    """The copybook's fields, where each is in the record (jcat copybook --layout gives the same)."""
    print(f"{'field':<32}{'type':<18}{'offset':>7}{'bytes':>6}  occurs")
    for f in t.copybook.fields(copybook_table.record_name(t)):
        name = ".".join([*f.path[1:], f.name])
        occurs = " x ".join(str(d.most) for d in f.dims)
        print(f"{name:<32}{sql_type(f):<18}{f.offset:>7}{f.length:>6}  {occurs}")


def cmd_remove(args) -> int:
    root = _project(create=False)
    path = _find(root, args.name)
    t = next(t for t in read_all(root) if t.name == args.name)
    for p in [
        path,
        path.parent / t.ddl_file,
        root / MACROS / f"{t.name}_images.sql",
        *[root / MODELS / f"{r}.{ext}" for r in t.relations for ext in ("sql", "yml")],
    ]:
        p.unlink(missing_ok=True)
    write_project_files(root)  # the CD rows of the IBMSNAP aggregates without this table
    print(
        f"jcat: removed {t.name} from {root} (relations already built stay until dropped: "
        f"DROP VIEW jcat.{t.view}, DROP TABLE jcat.{t.twin}"
    )
    return 0


ACTIONS = {"add": cmd_add, "list": cmd_list, "show": cmd_show, "remove": cmd_remove}


@command("tables")
def cmd_tables(args: argparse.Namespace) -> int:
    try:
        return ACTIONS[args.tables_command](args)
    except (DeclarationProblem, ddl.DdlProblem, CopybookProblem) as e:
        import sys

        print(f"jcat: {e}", file=sys.stderr)
        return 2

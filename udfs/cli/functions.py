"""`jcat functions`: the catalog, as a list, its reference, the DDL or dbt macro of its persistent SQL functions,
or those functions installed in the session's metastore."""

from __future__ import annotations

import sys

from ..render.jvm_functions import ENGINES
from .registry import arguments, command
from .session import session


@arguments("functions")
def add_parser(sub) -> None:
    f = sub.add_parser("functions", help="list the catalog")
    f.add_argument("--markdown", action="store_true", help="print the function reference (docs/functions.md)")
    f.add_argument(
        "--sql",
        action="store_true",
        help="print the DDL of the persistent SQL functions (schema jcat), to run in any Spark metastore",
    )
    f.add_argument(
        "--install",
        action="store_true",
        help="create or replace the persistent SQL functions in the session's metastore (jcat's own "
        "gets them at every start; use this for an existing Hive metastore)",
    )
    f.add_argument(
        "--dbt-macro",
        action="store_true",
        help="print the dbt on-run-start macro that installs them (macros/jcat_install_functions.sql)",
    )
    f.add_argument("--force", action="store_true", help="with --install: replace every function, changed or not")
    f.add_argument(
        "--engine",
        choices=ENGINES,
        help="with --install: jvm (default: compiled functions from jcat's jar, copied into the warehouse) or sql "
        "(SQL bodies, for a metastore that refuses jars); stored on the schema and kept at later starts",
    )


@command("functions")
def cmd_functions(args) -> int:
    from ..core.catalog import CATALOG
    from ..render.function_reference import reference_markdown

    if args.markdown:
        sys.stdout.write(reference_markdown())
        return 0
    if args.sql:
        from .. import __version__
        from ..render.sql_functions import ddl_script

        sys.stdout.write(ddl_script(__version__))
        return 0
    if args.dbt_macro:
        from .. import __version__
        from ..render.sql_functions import dbt_macro

        sys.stdout.write(dbt_macro(__version__))
        return 0
    if args.install:
        from ..spark.function_install import install

        try:
            result = install(session(args), force=args.force, engine=args.engine)
        except RuntimeError as e:
            print(f"jcat: {e}", file=sys.stderr)
            return 1
        print(f"jcat: persistent functions in schema jcat: {result.summary()}", file=sys.stderr)
        return 0
    for f in CATALOG:
        print(f.signature)
        print(f"    {f.summary}")
    return 0

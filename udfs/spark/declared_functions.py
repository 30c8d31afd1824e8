"""The layout functions of a user's declared tables (`decode_<name>_image`; a record file's `decode_<name>`),
registered with the catalog.

Declarations are read from the project jcat builds (tables/*.yml); one that no longer reads (a DDL edited by hand)
is skipped with one line on stderr, so every other function still registers and `jcat tables show` says what is
wrong.
"""

from __future__ import annotations

import sys
from functools import partial

from ..core import ddl
from ..core.catalog import Arg, Function
from ..core.copybook import CopybookProblem
from ..core.copybook.decode import layout_function as copybook_layout_function
from ..core.project import ProjectNotFound, project_dir
from ..core.tables import ibmsnap_image, lldf_decode
from ..core.tables.declaration import DeclarationProblem, DeclaredTable
from ..core.tables.declaration_file import read_all
from ..core.tables.ibmi_image import image_columns
from ..core.tables.image_decode import decode_image, struct_type_sql
from ..core.tables.logs import LOGS
from ..render.table_names import layout_function_name


def layout_function(table: DeclaredTable) -> Function:
    cols = image_columns(table)
    name = layout_function_name(table.name)
    return Function(
        name,
        partial(decode_image, columns=cols, function=name),
        (Arg("b", "BINARY", "the row image: JOESD of an R entry"),),
        struct_type_sql(cols),
        f"Every column of {table.name}'s row image ({table.ibmi.journaled}), as one struct.",
    )


def declared_functions() -> list[Function]:
    try:
        tables = read_all(project_dir())
    except ProjectNotFound:
        return []
    except (DeclarationProblem, ddl.DdlProblem, CopybookProblem) as e:
        print(f"jcat: declared tables not registered: {e}", file=sys.stderr)
        return []
    return [BUILDERS[t.log](t) for t in tables]


def ibmsnap_layout_function(table: DeclaredTable) -> Function:
    return ibmsnap_image.layout_function(table, layout_function_name(table.name))


def lldf_layout_function(table: DeclaredTable) -> Function:
    return lldf_decode.layout_function(table, layout_function_name(table.name))


def file_layout_function(table: DeclaredTable) -> Function:
    """A record file's `decode_<name>`: its copybook record decoded whole (the struct of jcat.decode_<name>)."""
    o = table.file
    return copybook_layout_function(
        f"decode_{table.name}", table.copybook, o.record, ccsid=o.ccsid, float_format=o.float_format, trim=o.trim
    )


def idms_layout_function(table: DeclaredTable) -> Function:
    """An IDMS record's `decode_<name>_image`: the data part of its images decoded whole by its copybook."""
    o = table.idms
    return copybook_layout_function(
        layout_function_name(table.name),
        table.copybook,
        o.record,
        ccsid=o.ccsid,
        float_format=o.float_format,
        trim=o.trim,
    )


# A table's layout function, by its log: one per log of the registry (udfs/core/tables/logs.py).
BUILDERS = {
    "ibmi": layout_function,
    "ibmsnap": ibmsnap_layout_function,
    "lldf": lldf_layout_function,
    "file": file_layout_function,
    "idms": idms_layout_function,
}
if set(BUILDERS) != set(LOGS):
    raise ImportError(f"layout function builders {sorted(BUILDERS)} differ from the registry's logs {sorted(LOGS)}")

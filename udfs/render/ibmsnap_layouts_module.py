"""udfs/core/layouts/ibmsnap_ddl_generated.py: every IBMSNAP table's unload layout as data, generated from the DDL in
sql/ibmsnap (laid out by udfs/core/layouts/ibmsnap.py), so the layout functions never parse DDL where they run: an
executor has the package, not sql/. udfs.core reads the generated module as plain data and imports nothing of this
layer (target `ibmsnap_layouts` of `jcat generate`)."""

from __future__ import annotations

from pathlib import Path

from ..core.layouts.ibmsnap import DEFAULT_VARIANT, VARIANTS, Slot, all_tables, kind, unload_length
from ..core.project import source_root
from .ibmsnap_ddl import control_tables
from .markers import marker

LAYOUTS_MODULE = source_root() / "udfs" / "core" / "layouts" / "ibmsnap_ddl_generated.py"


def _unload_line(s: Slot) -> str:
    c = s.column
    args = [repr(s.name), str(s.pos), repr(kind(c)), str(unload_length(c))]
    if kind(c) == "decimal":
        args.append(f"scale={c.scale}")
    if c.nullable:
        args.append("nullable=True")
    return f"C({', '.join(args)}),"


def render_layouts_module() -> str:
    """The unload layout of every table and variant as data, for decode_ibmsnap_<table> (udfs/core/catalog.py):
    no DDL parsing where the functions run (executors have the package, not sql/)."""
    out = [
        marker(LAYOUTS_MODULE, "udfs/core/layouts/ibmsnap.py"),
        '"""IBM SQL Replication tables as Db2 unload records, laid out from the DDL in sql/ibmsnap by',
        "udfs/core/layouts/ibmsnap.py, for the layout functions decode_ibmsnap_<table>. Per table, per group of",
        "variants (platform/sequence form) that share a layout, one line per column: name, 1-based position of its",
        "slot (null indicator included), kind, length (CHAR/VARCHAR n, DECIMAL digits), scale, nullable; then the",
        'slot\'s width in bytes and the column as the DDL declares it."""',
        "",
        "from ..kernels.unload import UnloadColumn as C",
        "",
        "# one line per column, as the DDL declares it",
        "# fmt: off",
        f"VARIANTS = {VARIANTS!r}",
        f"DEFAULT_VARIANT = {DEFAULT_VARIANT!r}",
        "",
        "LAYOUTS = {",
    ]
    for table in all_tables():
        out.append(f"    {table!r}: {{")
        for vs, lay in control_tables().variant_groups(table):
            out.append(f"        # {Path(lay.ddl.source_file).name}: {lay.record_length} bytes")
            out.append(f"        {tuple(vs)!r}: (")
            w = max(len(_unload_line(s)) for s in lay.slots)
            for s in lay.slots:
                out.append(f"            {_unload_line(s).ljust(w)}  # {s.pos:>4} {s.width:>3}  {s.column.declared}")
            out.append("        ),")
        out.append("    },")
    out.append("}")
    return "\n".join(out) + "\n"


def generated_files() -> dict:
    return {LAYOUTS_MODULE: render_layouts_module()}

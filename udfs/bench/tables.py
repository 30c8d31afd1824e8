"""`jcat bench --layout NAME` for a table declared in the project (`jcat tables add`): its records, timed by the
same ways as a built-in layout.

The records are generated from the declaration with the encoders: for an IBM i table its row images as an R entry's
JOESD holds them (below), for a Log Master table its row images, for a CD table its unload records
(udfs/bench/table_logs.py). Every way gives the model's columns, typed as declared, from:
- catalog: the table's layout function (`decode_<name>_image`, one call per Arrow batch; a table build's way);
- catalog_per_field: the per-column SQL of the log's renderer, its catalog functions as Arrow UDFs;
- sql_functions: the same SQL with the persistent functions' SQL bodies (engine sql, their own schema);
- jvm_functions: the same SQL with the persistent functions compiled (`jcat.<fn>`, engine jvm: a view's way);
- jvm_expressions: the same SQL with Spark's own expressions for each function (udfs/render/ibmi_value_sql.py);
- row_udf: the same SQL with a naive row-at-a-time Python UDF for each function (udfs/bench/table_rows.py);
- arrow_floor: an Arrow UDF that decodes nothing.
"""

from __future__ import annotations

from ..core.project import ProjectNotFound, project_dir
from ..core.tables.declaration import DeclaredTable
from ..core.tables.ibmi_image import (
    ImageColumn,
    image_columns,
    record_width,
    value_function,
)
from ..render.field_calls import Calls
from ..render.table_names import quote
from ..render.tables_ibmi import ibmi_value
from .table_layout import TableLayout, value_bytes
from .table_logs import ibmsnap_layout, lldf_layout

# --- IBM i --------------------------------------------------------------------------------------------------------


def _cut(c: ImageColumn) -> str:
    return f"substr(record, {c.pos}, {c.width})"


def _unique(cols: tuple[ImageColumn, ...]) -> tuple[int, int, str] | None:
    """An INTEGER or BIGINT column to overwrite with the row number (rows as hard to scan as real data)."""
    for c in cols:
        if c.spec.type in ("INTEGER", "BIGINT"):
            return c.pos, c.width, "bin"
    return None


def ibmi_layout(name: str, table: DeclaredTable) -> TableLayout:
    """Row images in the table's buffer layout; each column's raw value typed by `tables_ibmi.ibmi_value`."""
    cols = image_columns(table)

    def by_layout(d: str) -> list[str]:
        return [f"{ibmi_value(c, f'{d}.{quote(c.name)}')} AS {quote(c.name)}" for c in cols]

    def raw(c: ImageColumn, call: Calls) -> str:
        fn, args = value_function(c.spec)
        return call(fn, _cut(c), args, c.width)

    def per_field(call: Calls) -> list[list[str]]:
        return [[f"{ibmi_value(c, raw(c, call))} AS {quote(c.name)}" for c in cols]]

    return TableLayout(
        name,
        table,
        cols,
        _unique(cols),
        f"declared table {name} ({table.ibmi.journaled}), {len(cols)} columns, {record_width(cols)}-byte row images",
        lambda rng: b"".join(value_bytes(c.spec, rng) for c in cols),
        by_layout,
        per_field,
    )


# --- the project's tables -----------------------------------------------------------------------------------------


def declared_names() -> list[str]:
    from ..core.tables.declaration_file import read_all

    try:
        return [t.name for t in read_all(project_dir())]
    except ProjectNotFound:
        return []


def declared_layout(name: str) -> TableLayout | None:
    """The declared table `name` of the project jcat builds as a bench layout, or None when there is none."""
    from ..core.tables.declaration_file import read_all

    try:
        tables = {t.name: t for t in read_all(project_dir())}
    except ProjectNotFound:
        return None
    table = tables.get(name)
    if table is None:
        return None
    builders = {"ibmi": ibmi_layout, "lldf": lldf_layout, "ibmsnap": ibmsnap_layout}
    if table.log not in builders:
        raise ValueError(
            f"bench layout {name!r}: a table of log {table.log} is not benchmarked "
            f"(declared tables of {', '.join(builders)} are)"
        )
    return builders[table.log](name, table)


def project_env() -> dict[str, str]:
    """JCAT_PROJECT_DIR for a child `jcat bench` with a JCAT_HOME of its own: the project whose tables it reads."""
    try:
        return {"JCAT_PROJECT_DIR": str(project_dir())}
    except ProjectNotFound:
        return {}

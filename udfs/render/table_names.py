"""Names a declared table's generated files and relations use (shared by the per-log renderers)."""

from __future__ import annotations

from pathlib import Path

from ..core.tables.declaration import LINEAGE_COLUMNS

MODELS = Path("models") / "jcat_tables"
MACROS = Path("macros") / "jcat_tables"


def layout_function_name(name: str) -> str:
    """The table's layout function, registered by `register(spark)` (udfs.spark.declared_functions)."""
    return f"decode_{name}_image"


def quote(name: str) -> str:
    """A Spark identifier: IBM i names may hold # @ $."""
    return "`" + name.replace("`", "``") + "`"


def checked_select(entry_errors: str, checks: str, leading: tuple[str, ...], names: str, record: str) -> str:
    """How an images macro ends, whatever the log: decode_errors from the entry's own errors and each column's
    check (`checks`, one `if(...)` a line), then the row: the entry's columns, image_kind, the table's columns,
    lineage, and decode_errors behind the strict guard (which shows `record`'s bytes)."""
    return f"""checked as (
  select *,
    concat({entry_errors}, filter(array(
{checks}
    ), x -> x is not null)) as all_errors
  from decoded
)

select
  {", ".join(leading)}, image_kind,
  {names},
  {", ".join(LINEAGE_COLUMNS)},
  {{{{ jcat.jcat_strict_guard('all_errors', record_col='{record}') }}}} as decode_errors
from checked
{{%- endmacro %}}
"""

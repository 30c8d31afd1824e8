"""The CD rows the IBMSNAP aggregates read (ibmsnap_committed_changes, ibmsnap_prune_candidates): one row per CD
row of every CD table the project declares, through the dispatched macro jcat_ibmsnap_cd_rows.

jcat alone has no CD table: its default__jcat_ibmsnap_cd_rows() is an empty relation of these columns. `jcat
generate` writes a project's own default__jcat_ibmsnap_cd_rows() into its macros/jcat_tables/, reading each
declared CD table's decoded twin; dbt's dispatch searches the root project before jcat, so the project's wins.
Its refs name the root project (`project_name`): a ref from jcat's models to the root project says so, and dbt
then orders the aggregates after the twins without warning.
"""

from __future__ import annotations

from pathlib import Path

from ..core.project import source_root
from ..core.tables.declaration import LINEAGE_COLUMNS, DeclaredTable
from ..core.tables.ibmsnap_image import image_columns, registered_as
from .markers import marker
from .sql_functions import sql_string
from .table_names import MACROS, quote

MACRO = "jcat_ibmsnap_cd_rows"
JCAT_MACRO = source_root() / "macros" / "ibmsnap" / f"{MACRO}.sql"
PROJECT_MACRO = MACROS / f"{MACRO}.sql"  # in the user's project
# The columns, in this order (a union is positional), and their Spark types.
COLUMNS = (
    ("CD_OWNER", "string"),
    ("CD_TABLE", "string"),
    ("SOURCE_OWNER", "string"),
    ("SOURCE_TABLE", "string"),
    ("IBMSNAP_UOWID", "binary"),
    ("IBMSNAP_INTENTSEQ", "binary"),
    ("IBMSNAP_OPERATION", "string"),
    ("KEY_VALUES", "string"),
    ("AFTER_IMAGE", "string"),
    ("BEFORE_IMAGE", "string"),
    ("decode_errors", "array<string>"),
    ("source_file", "string"),
    ("record_offset", "bigint"),
    ("record_number", "bigint"),
    ("load_id", "string"),
)
DOC = (
    """{#- One row per CD row of every declared IBM SQL Replication CD table, in the columns the aggregates
    ibmsnap_committed_changes and ibmsnap_prune_candidates read:
"""
    + "\n".join(f"      {n} {t}" for n, t in COLUMNS)
    + " -#}"
)


def jcat_macro() -> str:
    """macros/ibmsnap/jcat_ibmsnap_cd_rows.sql: jcat's default, no rows."""
    cols = ",\n  ".join(f"cast(null as {t}) as {n}" for n, t in COLUMNS)
    return f"""{marker(JCAT_MACRO, "udfs/render/ibmsnap_cd_rows.py")}
{DOC}
{{#- jcat declares no CD table: none. A project declaring its CD tables (`jcat tables add NAME --log ibmsnap`)
    has `jcat generate` write its own default__{MACRO}() into macros/jcat_tables/, found first by dispatch. -#}}
{{% macro default__{MACRO}() -%}}
select
  {cols}
where false
{{%- endmacro %}}
"""


def _json(pairs: list[tuple[str, str]]) -> str:
    if not pairs:
        return "cast(null as string)"
    return "to_json(named_struct(" + ", ".join(f"{sql_string(n)}, {quote(c)}" for n, c in pairs) + "))"


def table_rows(table: DeclaredTable) -> str:
    """One declared CD table's rows, from its twin's image rows: a CD row is one after image (I, U), one before
    image (D: the deleted row's values) or, for an update with before images, a before and an after image."""
    cols = image_columns(table)
    owner, name = registered_as(table)
    lineage = ", ".join(LINEAGE_COLUMNS)
    main = "(image_kind = 'after' or IBMSNAP_OPERATION = 'D')"
    before = "(image_kind = 'before' and IBMSNAP_OPERATION = 'U')"
    keys = _json([(k, k) for k in table.key])
    after = _json([(c.name, c.name) for c in cols])
    befores = _json(sorted((c.name, c.name) for c in cols if c.before))
    owner_sql = sql_string(owner) if owner else "cast(null as string)"
    owner_match = f"coalesce(PHYS_CHANGE_OWNER, CD_OWNER) = {sql_string(owner)} and " if owner else ""
    return f"""  -- {table.name}: {table.ddl.schema}.{table.ddl.name} (tables/{table.name}.yml)
  select {owner_sql} as CD_OWNER, {sql_string(name)} as CD_TABLE, registered.SOURCE_OWNER, registered.SOURCE_TABLE,
    IBMSNAP_UOWID, IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION, KEY_VALUES, AFTER_IMAGE, BEFORE_IMAGE,
    decode_errors, {lineage}
  from (
    select IBMSNAP_UOWID, IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION,
      max(if({main}, {keys}, null)) as KEY_VALUES,
      max(if({main}, {after}, null)) as AFTER_IMAGE,
      max(if({before}, {befores}, null)) as BEFORE_IMAGE,
      max(decode_errors) as decode_errors, {lineage}
    from {{{{ ref(project_name, '{table.name}_images_decoded') }}}}
    group by IBMSNAP_UOWID, IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION, {lineage}
  ) cd
  cross join (
    -- the source registered for this CD table (a view registration names it in PHYS_CHANGE_*)
    select max(SOURCE_OWNER) as SOURCE_OWNER, max(SOURCE_TABLE) as SOURCE_TABLE
    from {{{{ ref('jcat', 'ibmsnap_register_decoded') }}}}
    where GLOBAL_RECORD = 'N' and {owner_match}coalesce(PHYS_CHANGE_TABLE, CD_TABLE) = {sql_string(name)}
  ) registered"""


def project_macro(tables: list[DeclaredTable]) -> str:
    """The project's default__jcat_ibmsnap_cd_rows(): its declared CD tables' rows, one select each."""
    union = "\n  union all\n".join(table_rows(t) for t in sorted(tables, key=lambda t: t.name))
    return f"""{DOC}
{{#- The project's declared CD tables: {", ".join(sorted(t.name for t in tables))}. dbt's dispatch finds this
    macro before jcat's own (no rows), so ibmsnap_committed_changes and ibmsnap_prune_candidates read them. -#}}
{{% macro default__{MACRO}() -%}}
{union}
{{%- endmacro %}}
"""


def project_files(root: Path, tables: list[DeclaredTable]) -> dict[Path, str]:
    """{root/macros/jcat_tables/jcat_ibmsnap_cd_rows.sql: text} when the project declares a CD table, else {}."""
    cds = [t for t in tables if t.log == "ibmsnap"]
    return {root / PROJECT_MACRO: project_macro(cds)} if cds else {}


def generated_files() -> dict[Path, str]:
    return {JCAT_MACRO: jcat_macro()}

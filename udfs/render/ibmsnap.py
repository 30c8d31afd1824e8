"""dbt models of IBM SQL Replication, rendered from the Db2 DDL in sql/ibmsnap (parsed by udfs.core.ddl) and the
record layouts of udfs.core.layouts.ibmsnap (target `ibmsnap_models` of `jcat generate`). The CD tables are the user's,
declared: the aggregates read them through the dispatched macro jcat_ibmsnap_cd_rows (udfs/render/ibmsnap_cd_rows.py).
"""

from __future__ import annotations

from pathlib import Path

from ..core.ddl import Column
from ..core.layouts import ibmsnap as L
from ..core.layouts.ibmsnap import kind, spark_type, unload_length
from ..core.project import source_root
from . import ibmsnap_cd_rows
from . import ibmsnap_docs as D
from .ibmsnap_ddl import control_tables
from .ibmsnap_docs import CODE_MEANINGS
from .markers import marker
from .sql_functions import sql_string

REPO = source_root()
MODELS_DIR = REPO / "models" / "ibmsnap"

# --- models/ibmsnap/* are rendered from the DDL (a test fails when they are stale) -----------------------


def _jinja_list(vs) -> str:
    return "[" + ", ".join(f"'{v}'" for v in vs) + "]"


def _col_args(s) -> str:
    c = s.column
    args = f"'record', {s.pos}, '{kind(c)}', {unload_length(c)}"
    if kind(c) == "decimal":
        args += f", scale={c.scale}"
    if c.nullable:
        args += ", nullable=true"
    return args


HEADER = (
    "{marker}\n"
    "{{#- Rendered from {files}: edit the DDL (or udfs/core/layouts/ibmsnap.py) and run `jcat generate`. -#}}\n"
)


# The record tables the aggregate models (committed changes, prune candidates) read: each has a twin
# ibmsnap_<table>_decoded, an incremental table rendering the same decoding over the raw table, so the tables are
# decoded from the raw records (Arrow UDFs in a jcat build) and never from the view ibmsnap_<table>. Not ephemeral:
# prune candidates over the decoding inlined five times ran Spark's planner out of a 1 GB driver heap.
def aggregate_inputs() -> tuple[str, ...]:
    return ("uow", "ccpparms", "pruncntl", "register")


MACROS_DIR = REPO / "macros" / "ibmsnap"


def decode_macro(table: str) -> str:
    return f"jcat_ibmsnap_decode_{table}"


# The decoding macro's text around its generated column lines (DECODING_OPEN takes the table's name).
DECODING_OPEN = """\
{{#- One line per column: the column macro with its position and kind, then position, width in bytes
    (null indicator and VARCHAR length included) and the column as the DDL declares it. -#}}
{{% macro {macro}() %}}
{{%- set variant = jcat_ibmsnap_variant() %}}

with raw as (
  select source_file, record_offset, record_number, record, load_id
  from {{{{ source('jcat', 'raw_ibmsnap_{table}') }}}}
  where {{{{ jcat_new_records() }}}}
),

records as (
  -- a table build in jcat's own run decodes each record once, through the layout function (struct d)
  select *{{{{ jcat_ibmsnap_records('{table}') }}}}
  from raw
),

decoded as (
  select"""
DECODED_CLOSE = """\
{%- endif %}
    source_file, record_offset, record_number, load_id, record
  from records
),

checked as (
  -- a column is in error when its bytes are present (not a NULL marker) yet did not decode
  select *,"""
CHECKED_CLOSE = """\
    as field_errors
  from decoded
),

framed as (
  -- a record whose length is not the layout's is decoded anyway and named RECORD_LENGTH
  select *, concat(field_errors, if(octet_length(record) = expected_length, array(), array('RECORD_LENGTH'))) \
as decode_errors
  from checked
)

select"""
DECODING_CLOSE = """\
  {{ jcat_strict_guard() }} as decode_errors,
  source_file, record_offset, record_number, load_id
from framed
{% endmacro %}
"""


def render_decoding_macro(table: str) -> str:
    """The decoding of one table, once: the view ibmsnap_<table> and, for the aggregates' inputs, the incremental
    table ibmsnap_<table>_decoded both call it (each over the raw table, never over the other)."""
    groups = control_tables().variant_groups(table)
    files = sorted({Path(lay.ddl.source_file).name for _, lay in groups})
    path = MACROS_DIR / f"{decode_macro(table)}.sql"
    header = HEADER.format(
        marker=marker(path, "udfs/render/ibmsnap.py"), files=", ".join(f"sql/ibmsnap/{f}" for f in files)
    )
    cols = control_tables().union_columns(table)
    return "\n".join(
        [
            header.rstrip("\n"),
            DECODING_OPEN.format(macro=decode_macro(table), table=table),
            *_decoded_columns(groups, cols),
            DECODED_CLOSE,
            *_present_checks(groups),
            CHECKED_CLOSE,
            *_selected_columns(table, cols),
            DECODING_CLOSE,
        ]
    )


def _column_call(s) -> str:
    return f"{{{{ jcat_ibmsnap_column({_col_args(s)}, name='{s.name}') }}}}"


def _decoded_columns(groups, cols) -> list[str]:
    """Per group of variants, each column: its macro call (NULL where the variant lacks it), position, width and
    the column as the DDL declares it."""
    out = []
    w = max(len(c.name) for c in cols)
    ew = max(len(_column_call(s)) for _, lay in groups for s in lay.slots)
    for i, (vs, lay) in enumerate(groups):
        out.append(f"{{%- {'if' if i == 0 else 'elif'} variant in {_jinja_list(vs)} %}}")
        out.append(f"    -- {Path(lay.ddl.source_file).name}: {lay.record_length} bytes; pos width column")
        out.append(f"    {lay.record_length} as expected_length,")
        here = {s.name: s for s in lay.slots}
        for c in cols:
            s = here.get(c.name)
            if s is None:
                null = ("cast(null as " + spark_type(c) + ")").ljust(ew)
                out.append(f"    {null} as {c.name.ljust(w)}, -- not in this variant")
            else:
                out.append(
                    f"    {_column_call(s).ljust(ew)} as {c.name.ljust(w)}, -- {s.pos:>4} {s.width:>3} "
                    f" {s.column.declared}"
                )
    return out


def _present_checks(groups) -> list[str]:
    out = []
    for i, (vs, lay) in enumerate(groups):
        out.append(f"{{%- {'if' if i == 0 else 'elif'} variant in {_jinja_list(vs)} %}}")
        checks = ",\n      ".join(f"('{s.name}', jcat_ibmsnap_present({_col_args(s)}))" for s in lay.slots)
        out.append(f"    {{{{ jcat_decode_errors([\n      {checks}]) }}}}")
    out.append("{%- endif %}")
    return out


def _selected_columns(table: str, cols) -> list[str]:
    """The columns, each coded one followed by its meaning."""
    out = []
    for c in cols:
        out.append(f"  {c.name},")
        meaning = CODE_MEANINGS.get((table, c.name))
        if meaning is not None:
            out.append(f"  {{{{ jcat_ibmsnap_meaning('{c.name}', {meaning!r}) }}}} as {c.name}_MEANING,")
    return out


def render_table_model(table: str, ephemeral: bool = False) -> str:
    """The view ibmsnap_<table>, or (ephemeral=True, a name kept from before) its incremental twin
    ibmsnap_<table>_decoded: either is the table's decoding macro."""
    files = sorted({Path(lay.ddl.source_file).name for _, lay in control_tables().variant_groups(table)})
    name = f"ibmsnap_{table}_decoded" if ephemeral else f"ibmsnap_{table}"
    out = [
        HEADER.format(
            marker=marker(MODELS_DIR / f"{name}.sql", "udfs/render/ibmsnap.py"),
            files=", ".join(f"sql/ibmsnap/{f}" for f in files),
        ).rstrip("\n"),
        f"{{#- The columns, one line each as the DDL declares them: macros/ibmsnap/{decode_macro(table)}.sql. -#}}",
        *(
            [
                "{#- The decoding of the view ibmsnap_"
                + table
                + " as an incremental table, for the table models that read it. -#}",
                "{{ config(materialized='incremental') }}",
            ]
            if ephemeral
            else ["{#- A persistent VIEW over the raw table (dbt_project.yml): every landed record, with no build. -#}"]
        ),
        f"{{{{ {decode_macro(table)}() }}}}",
        "",
    ]
    return "\n".join(out)


def _column_yml(table: str, c: Column) -> dict:
    desc = D.DESCRIPTIONS.get((table, c.name)) or D.DESCRIPTIONS.get(c.name)
    if desc is None:
        raise KeyError(f"no description for {table}.{c.name}")
    tests: list = []
    if not c.nullable:
        tests.append("not_null")
    values = D.ACCEPTED.get((table, c.name))
    if values:
        tests.append({"accepted_values": {"arguments": {"values": values}}})
    out = {"name": c.name, "description": f"{desc.rstrip('.')}. Db2: {c.declared}."}
    if tests:
        out["data_tests"] = tests
    return out


def _sql_value(v) -> str:
    return sql_string(v) if isinstance(v, str) else str(v)


def _fold_rules(model: dict) -> dict:
    """Column not_null / accepted_values tests as one model-level jcat_row_rules test (macros/jcat_row_rules.sql):
    dbt plans a query per data test, and one plan over a decoding model costs far more than its scan."""
    rules: dict[str, str] = {}
    columns = []
    for col in model.get("columns", []):
        kept = []
        for t in col.get("data_tests", []):
            name = col["name"]
            if t == "not_null":
                rules[f"{name}_not_null"] = f"{name} is not null"
            elif isinstance(t, dict) and set(t) == {"accepted_values"} and set(t["accepted_values"]) == {"arguments"}:
                listed = ", ".join(_sql_value(v) for v in t["accepted_values"]["arguments"]["values"])
                rules[f"{name}_accepted_values"] = f"{name} is null or {name} in ({listed})"
            else:
                kept.append(t)
        columns.append({k: v for k, v in col.items() if k != "data_tests"} | ({"data_tests": kept} if kept else {}))
    if not rules:
        return model
    out = {k: v for k, v in model.items() if k != "columns"}
    out["data_tests"] = [{"jcat_row_rules": {"arguments": {"rules": rules}}}] + model.get("data_tests", [])
    out["columns"] = columns
    return out


def _dump(doc: dict) -> str:
    import yaml

    doc = dict(doc, models=[_fold_rules(m) for m in doc["models"]])
    head = (
        marker(".yml", "udfs/render/ibmsnap.py")
        + "\n# Rendered from the DDL in sql/ibmsnap and udfs/core/layouts/ibmsnap.py.\n"
    )
    return head + yaml.safe_dump(doc, sort_keys=False, width=120, allow_unicode=True)


def render_table_yml(table: str) -> str:
    cols = []
    for c in control_tables().union_columns(table):
        cols.append(_column_yml(table, c))
        meanings = D.CODE_MEANINGS.get((table, c.name))
        if meanings is not None:
            m = {
                "name": f"{c.name}_MEANING",
                "description": (
                    f"What the {c.name} value means where the reference confirms it; 'unknown code <value>' otherwise."
                    if meanings
                    else f"Always 'unknown code <value>': no {c.name} value has a meaning the reference "
                    "confirms; kept so the column says so instead of guessing."
                ),
            }
            if not c.nullable:
                m["data_tests"] = ["not_null"]
            cols.append(m)
    desc = D.TABLE_DESCRIPTIONS[table]
    return _dump(
        {
            "version": 2,
            "models": [
                {
                    "name": f"ibmsnap_{table}",
                    "description": desc
                    + " Decoded from Db2 unload records; layout generated from the DDL in sql/ibmsnap "
                    "(dbt vars ibmsnap_platform, ibmsnap_sequence_form, ibmsnap_null_indicator).",
                    "columns": cols + D.LINEAGE_YML,
                }
            ],
        }
    )


# Every declared CD table's rows (the project's macro, found first by dispatch; jcat's own gives none).
CD_ROWS = f"{{{{ adapter.dispatch('{ibmsnap_cd_rows.MACRO}', 'jcat')() }}}}"


def render_committed_changes() -> str:
    meaning = D.CODE_MEANINGS[("uow", "IBMSNAP_REJ_CODE")]
    return marker(".sql", "udfs/render/ibmsnap.py") + COMMITTED_CHANGES_TEMPLATE.format(
        cd_rows=CD_ROWS, meaning_r=repr(meaning)
    )


def render_prune_candidates() -> str:
    return marker(".sql", "udfs/render/ibmsnap.py") + PRUNE_CANDIDATES_TEMPLATE.format(cd_rows=CD_ROWS)


def _aggregate_yml(name: str, desc: str, cols: list[tuple[str, str, list]]) -> str:
    return _dump(
        {
            "version": 2,
            "models": [
                {
                    "name": name,
                    "description": desc,
                    "columns": [
                        dict({"name": n, "description": d}, **({"data_tests": t} if t else {})) for n, d, t in cols
                    ],
                }
            ],
        }
    )


_SEQ_HEX = "The same bytes as upper-case hex, for display."
COMMITTED_COLUMNS = [
    (
        "CHANGE_ORDER",
        "Position in the replay order (IBMSNAP_COMMITSEQ, then IBMSNAP_INTENTSEQ): read ORDER BY this.",
        ["not_null", "unique"],
    ),
    (
        "IBMSNAP_COMMITSEQ",
        "Commit sequence of the unit of work (from ibmsnap_uow), raw bytes, unsigned order.",
        ["not_null"],
    ),
    ("IBMSNAP_COMMITSEQ_HEX", _SEQ_HEX, ["not_null"]),
    ("IBMSNAP_INTENTSEQ", "Sequence of the change within its transaction, raw bytes, unsigned order.", ["not_null"]),
    ("IBMSNAP_INTENTSEQ_HEX", _SEQ_HEX, ["not_null"]),
    (
        "IBMSNAP_OPERATION",
        "'I' insert, 'U' update, 'D' delete (a paired D+I shows as 'U').",
        [{"accepted_values": {"arguments": {"values": ["I", "U", "D"]}}}],
    ),
    ("OPERATION_NAME", "insert, update or delete.", ["not_null"]),
    ("CD_OWNER", "Schema of the CD table the change came from.", ["not_null"]),
    ("CD_TABLE", "CD table the change came from.", ["not_null"]),
    ("SOURCE_OWNER", "Schema of the source table: the landed REGISTER row of the CD table (NULL without one).", []),
    ("SOURCE_TABLE", "Source table: the landed REGISTER row of the CD table (NULL without one).", []),
    ("KEY_VALUES", "The source key columns (the declaration's --key) and values, as JSON.", []),
    ("AFTER_IMAGE", "The after-image user columns as JSON (for a delete: the deleted row).", []),
    (
        "BEFORE_IMAGE",
        "An update's before-image columns as JSON, named without BEFORE_IMG_PREFIX (NULL when the "
        "update gives no before image, and for inserts and deletes); for a paired update the deleted row.",
        [],
    ),
    ("IBMSNAP_LOGMARKER", "Approximate commit time at the source (local wall clock).", ["not_null"]),
    ("IBMSNAP_AUTHID", "Authorization id that ran the transaction.", []),
    ("IBMSNAP_AUTHTKN", "Authorization token (correlation id / job name) of the transaction.", []),
    ("IBMSNAP_APPLY_QUAL", "Blank for local updates, the Apply qualifier for changes an Apply program made.", []),
    ("IBMSNAP_REJ_CODE", "Rejection code of the unit of work ('0', '1', '2' or blank).", []),
    ("IBMSNAP_REJ_CODE_MEANING", "What the rejection code means; 'unknown code <v>' when not confirmed.", []),
    (
        "IS_REJECTED",
        "True unless the rejection code is '0' or blank: the change was reversed at the replica "
        "(or its code is unknown).",
        ["not_null"],
    ),
    ("IBMSNAP_UOWID", "Unit-of-recovery id joining the CD row to its UOW row.", ["not_null"]),
    ("IBMSNAP_UOWID_HEX", _SEQ_HEX, ["not_null"]),
    ("PAIRED_FROM", "'D+I' when var ibmsnap_pair_updates folded a delete and an insert into this update.", []),
    ("PAIRED_INTENTSEQ", "IBMSNAP_INTENTSEQ of the insert folded into this update.", []),
    ("PAIRED_SOURCE_FILE", "File of the insert folded into this update.", []),
    ("PAIRED_RECORD_OFFSET", "Offset of the insert folded into this update.", []),
    (
        "CD_COPIES",
        "How many times this CD row (table, UOWID, INTENTSEQ) was landed; above 1 means a file was "
        "loaded more than once.",
        ["not_null"],
    ),
    ("UOW_COPIES", "How many times the UOW row was landed.", ["not_null"]),
    ("decode_errors", "Decode errors of the CD row, then of the UOW row prefixed IBMSNAP_UOW.", ["not_null"]),
    ("source_file", "File of the CD record.", ["not_null"]),
    ("record_offset", "Offset of the CD record.", ["not_null"]),
    ("record_number", "Record number of the CD record.", ["not_null"]),
    ("load_id", "Load of the CD record.", ["not_null"]),
    ("UOW_SOURCE_FILE", "File of the UOW record.", ["not_null"]),
    ("UOW_RECORD_OFFSET", "Offset of the UOW record.", ["not_null"]),
]
PRUNE_COLUMNS = [
    (
        "ROW_KIND",
        "CD (a change row of a CD table) or UOW (a unit-of-work row).",
        [{"accepted_values": {"arguments": {"values": ["CD", "UOW"]}}}],
    ),
    ("CD_OWNER", "Schema of the CD table (CD rows).", []),
    ("CD_TABLE", "CD table (CD rows).", []),
    ("SOURCE_OWNER", "Registered source of that CD table (ibmsnap_register).", []),
    ("SOURCE_TABLE", "Registered source of that CD table (ibmsnap_register).", []),
    ("IBMSNAP_UOWID", "Unit-of-recovery id.", ["not_null"]),
    ("IBMSNAP_UOWID_HEX", _SEQ_HEX, ["not_null"]),
    ("IBMSNAP_INTENTSEQ", "Change sequence (CD rows).", []),
    ("IBMSNAP_INTENTSEQ_HEX", _SEQ_HEX, []),
    ("IBMSNAP_COMMITSEQ", "Commit sequence of the unit of work.", ["not_null"]),
    ("IBMSNAP_COMMITSEQ_HEX", _SEQ_HEX, ["not_null"]),
    ("IBMSNAP_LOGMARKER", "Approximate commit time (source local time).", ["not_null"]),
    ("IBMSNAP_REJ_CODE", "Rejection code: rejected units of work are pruned by retention only.", []),
    (
        "PRUNE_POINT",
        "Smallest SYNCHPOINT applying to the row (its source's for CD rows, all sources' for UOW rows); "
        "NULL when a full refresh is pending or no subscription copies the source.",
        [],
    ),
    ("PRUNE_POINT_HEX", _SEQ_HEX, []),
    ("BY_SYNCHPOINT", "The row is at or below the prune point.", ["not_null"]),
    ("BY_RETENTION", "The row is older than RETENTION_LIMIT minutes before AS_OF.", ["not_null"]),
    (
        "PRUNE_REASON",
        "synchpoint, retention, or both.",
        [{"accepted_values": {"arguments": {"values": ["synchpoint", "retention", "synchpoint and retention"]}}}],
    ),
    ("RETENTION_LIMIT", "Retention in minutes used (ibmsnap_ccpparms, else IBM's default 10800).", ["not_null"]),
    ("AS_OF", "The time retention is measured from: var ibmsnap_prune_as_of or the newest IBMSNAP_LOGMARKER.", []),
    ("source_file", "File of the CD or UOW record.", ["not_null"]),
    ("record_offset", "Offset of the record.", ["not_null"]),
    ("record_number", "Record number of the record.", ["not_null"]),
    ("load_id", "Load of the record.", ["not_null"]),
]


def render_aggregates() -> dict[Path, str]:
    return {
        MODELS_DIR / "ibmsnap_committed_changes.sql": render_committed_changes(),
        MODELS_DIR / "ibmsnap_committed_changes.yml": _aggregate_yml(
            "ibmsnap_committed_changes",
            "The committed change stream of every CD table: CD rows joined with their unit of work, so uncommitted "
            "rows never appear, in replay order (CHANGE_ORDER). var ibmsnap_pair_updates folds a delete+insert of a "
            "key within one commit sequence into one update, as Debezium's Db2 connector does.",
            COMMITTED_COLUMNS,
        ),
        MODELS_DIR / "ibmsnap_prune_candidates.sql": render_prune_candidates(),
        MODELS_DIR / "ibmsnap_prune_candidates.yml": _aggregate_yml(
            "ibmsnap_prune_candidates",
            "CD and UOW rows the Capture program may prune: at or below the smallest PRUNCNTL.SYNCHPOINT (none while "
            "a full refresh is pending), or older than RETENTION_LIMIT.",
            PRUNE_COLUMNS,
        ),
    }


def generated_files() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for t in L.all_tables():
        files[MACROS_DIR / f"{decode_macro(t)}.sql"] = render_decoding_macro(t)
        files[MODELS_DIR / f"ibmsnap_{t}.sql"] = render_table_model(t)
        files[MODELS_DIR / f"ibmsnap_{t}.yml"] = render_table_yml(t)
    for t in aggregate_inputs():
        files[MODELS_DIR / f"ibmsnap_{t}_decoded.sql"] = render_table_model(t, ephemeral=True)
        files[MODELS_DIR / f"ibmsnap_{t}_decoded.yml"] = render_decoded_yml(t)
    files.update(render_aggregates())
    files.update(ibmsnap_cd_rows.generated_files())
    return files


def render_decoded_yml(table: str) -> str:
    return _dump(
        {
            "version": 2,
            "models": [
                {
                    "name": f"ibmsnap_{table}_decoded",
                    "description": (
                        f"The decoding of `ibmsnap_{table}` over `raw_ibmsnap_{table}` (the same generated SQL) as "
                        "an incremental table, read by the table models that combine records "
                        "(`ibmsnap_committed_changes`, `ibmsnap_prune_candidates`), so they are decoded from the raw "
                        f"table (Arrow UDFs in a jcat build), never from the view `ibmsnap_{table}`. Its columns are "
                        f"`ibmsnap_{table}`'s."
                    ),
                }
            ],
        }
    )


# filled by its render function ({{ }}: Jinja's braces)
COMMITTED_CHANGES_TEMPLATE = """
{{#- The committed change stream: every CD row whose unit of work is in ibmsnap_uow, in the order the
    Apply program replays them (IBMSNAP_COMMITSEQ, then IBMSNAP_INTENTSEQ; read ORDER BY CHANGE_ORDER).
    The CD rows are every CD table the project declares (`jcat tables add NAME --log ibmsnap`), through macro
    jcat_ibmsnap_cd_rows: jcat alone declares none, so alone it has no rows.
    Uncommitted rows (no UOW row) never appear. Rejected units of work appear, flagged by IS_REJECTED.
    var ibmsnap_pair_updates (default false): a D followed by an I of the same key in one commit sequence is shown
    as one U row, the way Debezium's Db2 connector reports it. -#}}
{{{{ config(materialized='table') }}}}

with cd as (
{cd_rows}
),

cd_once as (
  -- a change landed twice (the same file loaded again) counts once; CD_COPIES says how often it was seen
  select *,
    count(*) over (partition by CD_OWNER, CD_TABLE, IBMSNAP_UOWID, IBMSNAP_INTENTSEQ) as CD_COPIES,
    row_number() over (partition by CD_OWNER, CD_TABLE, IBMSNAP_UOWID, IBMSNAP_INTENTSEQ
                       order by load_id, source_file, record_offset) as copy_rank
  from cd
  where IBMSNAP_UOWID is not null and IBMSNAP_INTENTSEQ is not null
),

uow as (
  select IBMSNAP_UOWID, IBMSNAP_COMMITSEQ, IBMSNAP_LOGMARKER, IBMSNAP_AUTHID, IBMSNAP_AUTHTKN,
    IBMSNAP_APPLY_QUAL, IBMSNAP_REJ_CODE,
    decode_errors as uow_decode_errors, source_file as UOW_SOURCE_FILE, record_offset as UOW_RECORD_OFFSET,
    count(*) over (partition by IBMSNAP_UOWID) as UOW_COPIES,
    row_number() over (partition by IBMSNAP_UOWID order by load_id, source_file, record_offset) as copy_rank
  from {{{{ ref('ibmsnap_uow_decoded') }}}}
  where IBMSNAP_UOWID is not null and IBMSNAP_COMMITSEQ is not null
),

committed as (
  select c.CD_OWNER, c.CD_TABLE, c.SOURCE_OWNER, c.SOURCE_TABLE,
    u.IBMSNAP_COMMITSEQ, c.IBMSNAP_INTENTSEQ, c.IBMSNAP_OPERATION, c.IBMSNAP_UOWID,
    u.IBMSNAP_LOGMARKER, u.IBMSNAP_AUTHID, u.IBMSNAP_AUTHTKN, u.IBMSNAP_APPLY_QUAL, u.IBMSNAP_REJ_CODE,
    c.KEY_VALUES, c.AFTER_IMAGE, c.BEFORE_IMAGE,
    concat(c.decode_errors, transform(u.uow_decode_errors, e -> concat('IBMSNAP_UOW.', e))) as decode_errors,
    c.CD_COPIES, u.UOW_COPIES,
    c.source_file, c.record_offset, c.record_number, c.load_id, u.UOW_SOURCE_FILE, u.UOW_RECORD_OFFSET
  from cd_once c
  join uow u on u.IBMSNAP_UOWID = c.IBMSNAP_UOWID and u.copy_rank = 1
  where c.copy_rank = 1
),

{{% if var('ibmsnap_pair_updates', false) %}}
neighbours as (
  select *,
    lead(IBMSNAP_OPERATION) over w as next_op, lag(IBMSNAP_OPERATION) over w as prev_op,
    lead(IBMSNAP_INTENTSEQ) over w as next_intentseq, lead(AFTER_IMAGE) over w as next_after_image,
    lead(source_file) over w as next_source_file, lead(record_offset) over w as next_record_offset,
    count(*) over (partition by CD_OWNER, CD_TABLE, IBMSNAP_COMMITSEQ, KEY_VALUES) as same_key_rows
  from committed
  window w as (partition by CD_OWNER, CD_TABLE, IBMSNAP_COMMITSEQ, KEY_VALUES order by IBMSNAP_INTENTSEQ)
),

changes as (
  -- exactly one D then one I of a key within a commit sequence: one U (before image = the deleted row)
  select CD_OWNER, CD_TABLE, SOURCE_OWNER, SOURCE_TABLE, IBMSNAP_COMMITSEQ, IBMSNAP_INTENTSEQ,
    case when paired then 'U' else IBMSNAP_OPERATION end as IBMSNAP_OPERATION,
    IBMSNAP_UOWID, IBMSNAP_LOGMARKER, IBMSNAP_AUTHID, IBMSNAP_AUTHTKN, IBMSNAP_APPLY_QUAL, IBMSNAP_REJ_CODE,
    KEY_VALUES,
    case when paired then next_after_image else AFTER_IMAGE end as AFTER_IMAGE,
    case when paired then AFTER_IMAGE else BEFORE_IMAGE end as BEFORE_IMAGE,
    case when paired then 'D+I' end as PAIRED_FROM,
    case when paired then next_intentseq end as PAIRED_INTENTSEQ,
    case when paired then next_source_file end as PAIRED_SOURCE_FILE,
    case when paired then next_record_offset end as PAIRED_RECORD_OFFSET,
    decode_errors, CD_COPIES, UOW_COPIES,
    source_file, record_offset, record_number, load_id, UOW_SOURCE_FILE, UOW_RECORD_OFFSET
  from (
    select *, (same_key_rows = 2 and IBMSNAP_OPERATION = 'D' and next_op = 'I') as paired,
              (same_key_rows = 2 and IBMSNAP_OPERATION = 'I' and prev_op = 'D') as absorbed
    from neighbours
  )
  where not absorbed
),
{{% else %}}
changes as (
  select CD_OWNER, CD_TABLE, SOURCE_OWNER, SOURCE_TABLE, IBMSNAP_COMMITSEQ, IBMSNAP_INTENTSEQ, IBMSNAP_OPERATION,
    IBMSNAP_UOWID, IBMSNAP_LOGMARKER, IBMSNAP_AUTHID, IBMSNAP_AUTHTKN, IBMSNAP_APPLY_QUAL, IBMSNAP_REJ_CODE,
    KEY_VALUES, AFTER_IMAGE, BEFORE_IMAGE,
    cast(null as string) as PAIRED_FROM, cast(null as binary) as PAIRED_INTENTSEQ,
    cast(null as string) as PAIRED_SOURCE_FILE, cast(null as bigint) as PAIRED_RECORD_OFFSET,
    decode_errors, CD_COPIES, UOW_COPIES,
    source_file, record_offset, record_number, load_id, UOW_SOURCE_FILE, UOW_RECORD_OFFSET
  from committed
),
{{% endif %}}

ordered as (
  -- BINARY sorts as unsigned bytes in Spark: the order of Db2's FOR BIT DATA comparison
  select row_number() over (order by IBMSNAP_COMMITSEQ, IBMSNAP_INTENTSEQ, CD_OWNER, CD_TABLE) as CHANGE_ORDER, *
  from changes
)

select
  CHANGE_ORDER,
  IBMSNAP_COMMITSEQ, hex(IBMSNAP_COMMITSEQ) as IBMSNAP_COMMITSEQ_HEX,
  IBMSNAP_INTENTSEQ, hex(IBMSNAP_INTENTSEQ) as IBMSNAP_INTENTSEQ_HEX,
  IBMSNAP_OPERATION,
  case IBMSNAP_OPERATION when 'I' then 'insert' when 'U' then 'update' when 'D' then 'delete'
    else concat('unknown operation ', coalesce(IBMSNAP_OPERATION, 'NULL')) end as OPERATION_NAME,
  CD_OWNER, CD_TABLE, SOURCE_OWNER, SOURCE_TABLE,
  KEY_VALUES, AFTER_IMAGE, BEFORE_IMAGE,
  IBMSNAP_LOGMARKER, IBMSNAP_AUTHID, IBMSNAP_AUTHTKN, IBMSNAP_APPLY_QUAL,
  IBMSNAP_REJ_CODE,
  {{{{ jcat_ibmsnap_meaning('IBMSNAP_REJ_CODE', {meaning_r}) }}}} as IBMSNAP_REJ_CODE_MEANING,
  coalesce(IBMSNAP_REJ_CODE not in ('0', ''), true) as IS_REJECTED,
  IBMSNAP_UOWID, hex(IBMSNAP_UOWID) as IBMSNAP_UOWID_HEX,
  PAIRED_FROM, PAIRED_INTENTSEQ, PAIRED_SOURCE_FILE, PAIRED_RECORD_OFFSET,
  CD_COPIES, UOW_COPIES,
  decode_errors,
  source_file, record_offset, record_number, load_id, UOW_SOURCE_FILE, UOW_RECORD_OFFSET
from ordered
order by CHANGE_ORDER
"""


# filled by its render function ({{ }}: Jinja's braces)
PRUNE_CANDIDATES_TEMPLATE = """
{{#- CD and UOW rows the Capture program may prune.
    By sync point: a committed, non-rejected change whose IBMSNAP_COMMITSEQ is at or below the smallest
    PRUNCNTL.SYNCHPOINT of its source (CD rows; the source's CD table found through ibmsnap_register), or of all
    sources (UOW rows, which the sources share). A NULL or all-zero SYNCHPOINT (full refresh pending), or a source
    no subscription copies, stops sync-point pruning for that source.
    By retention: IBMSNAP_LOGMARKER older than RETENTION_LIMIT minutes (ibmsnap_ccpparms, IBM default 10800)
    before the as-of time: var ibmsnap_prune_as_of (a timestamp, source local time) or else the newest
    IBMSNAP_LOGMARKER in ibmsnap_uow. Rejected units of work are pruned by retention only.
    Uncommitted CD rows carry no time and are never candidates. CD rows: the project's declared CD tables
    (macro jcat_ibmsnap_cd_rows). -#}}
{{{{ config(materialized='table') }}}}
{{%- set as_of = var('ibmsnap_prune_as_of', none) %}}

with params as (
  select
    coalesce((select min(RETENTION_LIMIT) from {{{{ ref('ibmsnap_ccpparms_decoded') }}}}), 10800) as RETENTION_LIMIT,
{{%- if as_of %}}
    cast('{{{{ as_of }}}}' as timestamp_ntz) as AS_OF
{{%- else %}}
    (select max(IBMSNAP_LOGMARKER) from {{{{ ref('ibmsnap_uow_decoded') }}}}) as AS_OF
{{%- endif %}}
),

subscriptions as (
  select SOURCE_OWNER, SOURCE_TABLE, SYNCHPOINT,
    -- NULL, empty or all zero bytes: full refresh pending
    coalesce(ltrim('0', hex(SYNCHPOINT)) = '', true) as refresh_pending
  from {{{{ ref('ibmsnap_pruncntl_decoded') }}}}
),

source_points as (
  select SOURCE_OWNER, SOURCE_TABLE,
    case when max(cast(refresh_pending as int)) = 0 then min(SYNCHPOINT) end as PRUNE_POINT
  from subscriptions
  group by SOURCE_OWNER, SOURCE_TABLE
),

global_point as (
  select case when count(*) > 0 and max(cast(refresh_pending as int)) = 0 then min(SYNCHPOINT) end as PRUNE_POINT
  from subscriptions
),

registered as (
  -- the physical CD table of each registered source (a view registration names it in PHYS_CHANGE_*)
  select r.SOURCE_OWNER, r.SOURCE_TABLE,
    coalesce(r.PHYS_CHANGE_OWNER, r.CD_OWNER) as CD_OWNER, coalesce(r.PHYS_CHANGE_TABLE, r.CD_TABLE) as CD_TABLE,
    p.PRUNE_POINT
  from {{{{ ref('ibmsnap_register_decoded') }}}} r
  left join source_points p on p.SOURCE_OWNER = r.SOURCE_OWNER and p.SOURCE_TABLE = r.SOURCE_TABLE
  where r.GLOBAL_RECORD = 'N'
),

uow as (
  select IBMSNAP_UOWID, IBMSNAP_COMMITSEQ, IBMSNAP_LOGMARKER, IBMSNAP_REJ_CODE,
    coalesce(IBMSNAP_REJ_CODE not in ('0', ''), true) as rejected,
    source_file, record_offset, record_number, load_id
  from {{{{ ref('ibmsnap_uow_decoded') }}}}
  where IBMSNAP_UOWID is not null and IBMSNAP_COMMITSEQ is not null
),

cd as (
{cd_rows}
),

cd_rows as (
  select 'CD' as ROW_KIND, c.CD_OWNER, c.CD_TABLE, g.SOURCE_OWNER, g.SOURCE_TABLE,
    c.IBMSNAP_UOWID, c.IBMSNAP_INTENTSEQ, u.IBMSNAP_COMMITSEQ, u.IBMSNAP_LOGMARKER, u.IBMSNAP_REJ_CODE, u.rejected,
    g.PRUNE_POINT, c.source_file, c.record_offset, c.record_number, c.load_id
  from cd c
  join uow u on u.IBMSNAP_UOWID = c.IBMSNAP_UOWID
  left join registered g on g.CD_OWNER = c.CD_OWNER and g.CD_TABLE = c.CD_TABLE
),

uow_rows as (
  select 'UOW' as ROW_KIND, cast(null as string) as CD_OWNER, cast(null as string) as CD_TABLE,
    cast(null as string) as SOURCE_OWNER, cast(null as string) as SOURCE_TABLE,
    u.IBMSNAP_UOWID, cast(null as binary) as IBMSNAP_INTENTSEQ, u.IBMSNAP_COMMITSEQ, u.IBMSNAP_LOGMARKER,
    u.IBMSNAP_REJ_CODE, u.rejected, gp.PRUNE_POINT, u.source_file, u.record_offset, u.record_number, u.load_id
  from uow u cross join global_point gp
),

judged as (
  select r.*, p.RETENTION_LIMIT, p.AS_OF,
    coalesce(not r.rejected and r.PRUNE_POINT is not null and r.IBMSNAP_COMMITSEQ <= r.PRUNE_POINT,
      false) as BY_SYNCHPOINT,
    coalesce(r.IBMSNAP_LOGMARKER < p.AS_OF - make_dt_interval(0, 0, p.RETENTION_LIMIT), false) as BY_RETENTION
  from (select * from cd_rows union all select * from uow_rows) r
  cross join params p
)

select
  ROW_KIND, CD_OWNER, CD_TABLE, SOURCE_OWNER, SOURCE_TABLE,
  IBMSNAP_UOWID, hex(IBMSNAP_UOWID) as IBMSNAP_UOWID_HEX,
  IBMSNAP_INTENTSEQ, hex(IBMSNAP_INTENTSEQ) as IBMSNAP_INTENTSEQ_HEX,
  IBMSNAP_COMMITSEQ, hex(IBMSNAP_COMMITSEQ) as IBMSNAP_COMMITSEQ_HEX,
  IBMSNAP_LOGMARKER, IBMSNAP_REJ_CODE,
  PRUNE_POINT, hex(PRUNE_POINT) as PRUNE_POINT_HEX,
  BY_SYNCHPOINT, BY_RETENTION,
  case when BY_SYNCHPOINT and BY_RETENTION then 'synchpoint and retention'
       when BY_SYNCHPOINT then 'synchpoint' else 'retention' end as PRUNE_REASON,
  RETENTION_LIMIT, AS_OF,
  source_file, record_offset, record_number, load_id
from judged
where BY_SYNCHPOINT or BY_RETENTION
order by ROW_KIND, IBMSNAP_COMMITSEQ, IBMSNAP_INTENTSEQ
"""

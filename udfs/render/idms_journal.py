"""The IDMS journal's decoding and field table, derived from udfs/core/layouts/idms.py (seed 004's REC lines).

- macros/jcat_idms_journal.sql: one line per REC line (a synonym or group line as a comment), then the
  hand-written logic in udfs/render/handwritten/idms_journal.sql; jcat_idms_journal_checks(), the fields decode_errors
  can name.
- macros/jcat_idms_carried.sql: the seed's headings (ALL, TX, ...) as record-type lists.
- docs/idms.md: the field table (a generated section).
- models/idms/<model>.yml, whole: each REC column described from its declaration (meaning, position, length, what
  it decodes to, the record types that carry it), merged with the hand-written part udfs/render/handwritten/<model>.yml
  (udfs/render/model_yml.py).
"""

from __future__ import annotations

from pathlib import Path

from ..core.layouts import idms
from ..core.project import source_root
from . import model_yml
from .layout_models import HANDWRITTEN, handwritten
from .markers import replace_section, with_marker

SOURCE = "udfs/core/layouts/idms.py"

# What the docs say each kind becomes.
DECODED_AS = {
    "ubin": "unsigned binary -> BIGINT",
    "u64": "unsigned binary -> DECIMAL(20,0)",
    "char": "EBCDIC text -> STRING (blank = NULL)",
    "hex": "raw -> hex STRING",
    "packed": "packed -> DECIMAL({digits},0)",
    "idms_ts": "IDMS date-time -> TIMESTAMP_NTZ (local)",
    "idms_ts_utc": "IDMS date-time -> TIMESTAMP (UTC)",
}
# Kinds whose every byte pattern decodes (no decode_errors check) and the checks that are not "bytes present".
NEVER_FAIL = {"ubin", "hex"}
CHECK = {"TYPE": "'true'"}  # a record type is named whenever it does not decode, even all blanks
# QUAL holds the CV node name (text: its first byte is a blank or above) or, in local mode, a GMT stamp.
WHEN = {"QUAL-CV": "substr(record, 25, 1) >= X'40'", "QUAL-LOCAL": "substr(record, 25, 1) < X'40'"}


def _columns() -> list[idms.Rec]:
    return [r for r in idms.REC if not r.folded and r.field.kind != "group"]


def _tag(r: idms.Rec) -> str:
    """The REC line as JREPORT 000 prints it: name, position, length, Culprit type."""
    return f"{r.name} {r.field.pos} {r.field.length}" + (f" {r.seed_type}" if r.seed_type else "")


HEAD = """{#- The decoding of idms_journal (every REC field of JREPORT 000, seed 004, one row per raw record), as one
    SELECT over `relation` (the raw table jcat.raw_idms). Rendered by the view idms_journal, where jcat_fn
    writes the persistent functions (jcat.unpack_bin, ...), and by the ephemeral model idms_journal_decoded
    that the table models (idms_transactions, idms_distributed_transactions) read, where a jcat build writes
    the Arrow UDFs: a table never decodes through the view.
    Field lines: udfs/core/layouts/idms.py (udfs/render/idms_journal.py); the rest:
    udfs/render/handwritten/idms_journal.sql. -#}
{% macro jcat_idms_journal(relation) -%}
{%- set radix = var('idms_dbk_format', 8) | int -%}
{%- if radix < 2 or radix > 12 -%}
  {{ exceptions.raise_compiler_error("var idms_dbk_format is the db-key radix, 2 to 12 bits; got " ~ radix) }}
{%- endif -%}
with {{ jcat_layout_records(relation, 'idms') }},

decoded as (
  select
    source_file, record_offset, record_number, load_id, record,"""


def render_journal_macro() -> str:
    lines, heading = [], None
    cols = _columns()
    for r in idms.REC:
        if r.types != heading:
            heading = r.types
            names = " ".join(t for t in idms.RECORD_TYPES if t in r.types)
            lines.append(f"    -- {names} only" if len(r.types) == 1 else f"    -- {r.carried_by}: {names}")
        doc = f" ({r.field.doc})" if r.field.doc else ""
        if r.field.kind == "group" or r.folded:
            what = "group" if r.field.kind == "group" else f"its bytes are in {r.folded}"
            lines.append(f"    {'':<96} -- {_tag(r)}: {what}{doc}")
            continue
        kind = repr(r.field.kind) + ","
        types = repr(r.carried_by) + ","
        struct = "'d', " + repr(r.column) if r.field.kind != "hex" else "none, none"  # hex: not in decode_idms
        expr = f"{{{{ jcat_idms_field({kind:<14}{r.field.pos:>4}, {r.field.length:>2}, {types:<9} {struct}) }}}}"
        if r.name in WHEN:
            expr = f"case when {WHEN[r.name]} then {expr} end"
        comma = "," if r is not cols[-1] else ""
        # the REC line only: the meaning is in the model's .yml, and a view's text has a size limit in the metastore
        lines.append(f"    {expr + ' as ' + r.column + comma:<96} -- {_tag(r)}")
    body = (
        HEAD
        + "\n"
        + "\n".join(lines)
        + "\n  from records\n),\n\n"
        + handwritten("idms_journal.sql")
        + "\n\n"
        + _checks_macro()
    )
    return with_marker(".sql", SOURCE, body)


def _checks_macro() -> str:
    rows = []
    for r in _columns():
        kind = r.field.kind
        if kind in NEVER_FAIL:
            continue
        cond = CHECK.get(r.name)
        if cond is None:
            cond = f"jcat_idms_present({r.field.pos}, {r.field.length}, '{r.carried_by}')"
            if r.name in WHEN:
                cond += f' ~ " and {WHEN[r.name]}"'
        rows.append(f"  ({r.column!r}, {cond}),")
    return "\n".join(
        [
            "{#- (column, condition) pairs for jcat_decode_errors: a field named when it decoded to NULL although its",
            "    record type carries it and its bytes are not all X'00' or blanks. Binary and hex fields always "
            "decode. -#}",
            "{% macro jcat_idms_journal_checks() -%}",
            "{{ return([",
        ]
        + rows
        + ["]) }}", "{%- endmacro %}", ""]
    )


CARRIED = """{#- True when the record's type (EBCDIC bytes 5-8, compared as hex so no UDF runs) is one of `types`:
    a list of type names or names of seed 004's headings (jcat_idms_type_names). -#}
{% macro jcat_idms_carried(types, col='record') -%}
  {{ return(adapter.dispatch('jcat_idms_carried', 'jcat')(types, col)) }}
{%- endmacro %}

{% macro jcat_idms_type_names(types) -%}
  {%- set sets = {
@SETS@
  } -%}
  {%- set names = [] -%}
  {%- for t in ([types] if types is string else types) -%}
    {%- for n in sets.get(t, [t]) -%}{%- do names.append(n) -%}{%- endfor -%}
  {%- endfor -%}
  {{ return(names) }}
{%- endmacro %}

{% macro default__jcat_idms_carried(types, col) -%}
  {#- code page 037 letters: A-I C1-C9, J-R D1-D9, S-Z E2-E9 -#}
  {%- set ebcdic = {'A': 'C1', 'B': 'C2', 'C': 'C3', 'D': 'C4', 'E': 'C5', 'F': 'C6', 'G': 'C7', 'H': 'C8', 'I': 'C9',
                    'J': 'D1', 'K': 'D2', 'L': 'D3', 'M': 'D4', 'N': 'D5', 'O': 'D6', 'P': 'D7', 'Q': 'D8', 'R': 'D9',
                    'S': 'E2', 'T': 'E3', 'U': 'E4', 'V': 'E5', 'W': 'E6', 'X': 'E7', 'Y': 'E8', 'Z': 'E9'} -%}
  {%- set hexes = [] -%}
  {%- for n in jcat_idms_type_names(types) -%}
    {%- do hexes.append("'" ~ ebcdic[n[0]] ~ ebcdic[n[1]] ~ ebcdic[n[2]] ~ ebcdic[n[3]] ~ "'") -%}
  {%- endfor -%}
  hex(substr({{ col }}, 5, 4)) in ({{ hexes | join(', ') }})
{%- endmacro %}
"""


def render_carried_macro() -> str:
    sets = [f"    {name!r}: {[t for t in idms.RECORD_TYPES if t in types]!r}," for name, types in idms.SETS.items()]
    return with_marker(".sql", SOURCE, CARRIED.replace("@SETS@", "\n".join(sets)))


def render_docs(page: str) -> str:
    rows = ["| Pos | Len | Type | REC name | Decoded as | Column | Carried by |", "|---|---|---|---|---|---|---|"]
    for r in idms.REC:
        types = "all" if r.types == idms.ALL else " ".join(t for t in idms.RECORD_TYPES if t in r.types)
        if r.field.kind == "group":
            decoded, column = "group (no column)", "—"
        elif r.folded:
            decoded, column = "synonym (no column)", f"in `{r.folded}`"
        else:
            decoded = DECODED_AS[r.field.kind].format(digits=2 * r.field.length - 1)
            column = f"`{r.column}`"
        rows.append(
            f"| {r.field.pos} | {r.field.length} | {r.seed_type or ' '} | {r.name} | {decoded} | {column} | {types} |"
        )
    rows.append("| 65 | IMAGE-LEN | | (record image) | BINARY, NULL when IMAGE-LEN = 0 | `RECORD_IMAGE` | BFOR AFTR |")
    rows.append(
        "| LIDOFF+1 | 4 x LIDNUM | | (LID list) | array of unsigned 4-byte ints | `LIDS` | DIND DCOM DBAK DPND DFGT |"
    )
    return replace_section("docs/idms.md", SOURCE, page, "\n".join(rows))


# What each kind's column holds, in a column's description.
HOLDS = {
    "ubin": "unsigned binary",
    "u64": "unsigned binary as DECIMAL(20,0), exact up to 2^64-1",
    "char": "EBCDIC text, blank gives NULL",
    "hex": "raw bytes as upper-case hex",
    "packed": "packed decimal",
    "idms_ts": "IDMS 8-byte date-time, local wall clock",
    "idms_ts_utc": "IDMS 8-byte date-time, UTC instant",
}


def describe(r: idms.Rec) -> str:
    """A REC column's description: its meaning (the declaration's doc, else its name), then the REC line."""
    meaning = r.field.doc or r.name.replace("-", " ").lower()
    types = "every record" if r.types == idms.ALL else ", ".join(t for t in idms.RECORD_TYPES if t in r.types)
    return (
        f"{meaning[0].upper()}{meaning[1:]}. JREPORT REC {r.name} at position {r.field.pos}, "
        f"{r.field.length} byte{'s' if r.field.length > 1 else ''}: {HOLDS[r.field.kind]}; {types}."
    )


def rec_columns() -> model_yml.Columns:
    return [{"name": r.column, "description": describe(r)} for r in _columns()]


# The IDMS models in build order: a model's hand-written part may name the columns of one before it.
MODELS = ("idms_journal", "idms_journal_decoded", "idms_transactions", "idms_distributed_transactions")


def render_model_ymls(root: Path) -> dict[Path, str]:
    groups = {"rec": rec_columns()}
    out = {}
    for model in MODELS:
        text, groups[model] = model_yml.render(SOURCE, HANDWRITTEN / f"{model}.yml", groups, {"rec"})
        out[root / "models" / "idms" / f"{model}.yml"] = text
    return out


def generated_files() -> dict[Path, str]:
    root = source_root()
    docs = root / "docs" / "idms.md"
    return {
        root / "macros" / "jcat_idms_journal.sql": render_journal_macro(),
        root / "macros" / "jcat_idms_carried.sql": render_carried_macro(),
        docs: render_docs(docs.read_text()),
        **render_model_ymls(root),
    }

"""The LLDF header's decoding and field table, derived from udfs/core/layouts/lldf.py (seed 002's header table).

- macros/jcat_lldf_segments.sql: one line per header field (each kind gives its columns: an LRSN its raw bytes
  and `_TIME`, an RBA its raw bytes and `_NUMBER`, a BIN(17) timestamp its value and `_FRACTION`), then the
  hand-written logic in udfs/render/handwritten/lldf_segments.sql; jcat_lldf_segments_checks(), the columns
  decode_errors can name; jcat_lldf_header_columns(), the header columns as the models downstream publish them.
- docs/lldf.md: the header field table (a generated section).
- models/lldf/<model>.yml, whole: each header column described from its declaration (offset, width, format,
  meaning), merged with the hand-written part udfs/render/handwritten/<model>.yml (udfs/render/model_yml.py).
"""

from __future__ import annotations

from pathlib import Path

from ..core.layouts import lldf
from ..core.project import source_root
from . import model_yml
from .layout_models import HANDWRITTEN, handwritten
from .markers import replace_section, with_marker

SOURCE = "udfs/core/layouts/lldf.py"

QUOTED = {"TIMESTAMP"}  # column names Spark SQL reserves
# Code fields that get a `<name>_DESC` beside them downstream (jcat_lldf_describe holds seed 002's value lists).
DESCRIBED = ("CHANGE_TYPE", "SQLTYPE", "LOGRECDISP", "SQLSRCTYPE", "ANOMALYTYPE", "UORDISP", "PAGENUMFMT")
FORMAT = {"ubin": "unsigned", "char": "EBCDIC", "ts17": "BCD timestamp", "lrsn": "LRSN", "rba": "RBA", "hex": "raw"}
DERIVED = {f.name: f for f in lldf.DERIVED}


def _kept(f) -> bool:
    return not f.name.startswith("RESERVED")


def _quoted(name: str) -> str:
    return f"`{name}`" if name in QUOTED else name


def _field(f) -> str:
    """A field through jcat_layout_field: the layout function's struct `d` in a table build, else its bytes."""
    return f"{{{{ jcat_layout_field({f.kind!r}, 'record', {f.pos}, {f.length}, 'd', {f.name!r}) }}}}"


def columns(f) -> list[tuple[str, str]]:
    """(column, SQL) for one header field: an LRSN its raw bytes and `_TIME` (NULL when all zeros: no LRSN),
    an RBA its raw bytes and `_NUMBER` (DECIMAL(25,0), Spark's own expressions), a BIN(17) timestamp its value
    and `_FRACTION`, RID its raw bytes and its page and row."""
    raw = f"substr(record, {f.pos}, {f.length})"
    if f.kind in ("ubin", "char", "ts17"):
        out = [(f.name, _field(f))]
        if f.kind == "ts17":
            out.append((f.name + "_FRACTION", _field(DERIVED[f.name + "_FRACTION"])))
        return out
    if f.kind == "lrsn":
        return [(f.name, raw), (f.name + "_TIME", f"if({raw} = X'{'00' * f.length}', null, {_field(f)})")]
    if f.kind == "rba":
        return [(f.name, raw), (f.name + "_NUMBER", f"{{{{ jcat_lldf_u80('record', {f.pos}) }}}}")]
    if f.kind == "hex":
        return [(f.name, raw)] + [(d.name, _field(d)) for d in lldf.DERIVED if d.name.startswith(f.name + "_")]
    raise ValueError(f"{f.name}: no LLDF model form for kind {f.kind}")


def _fmt(f) -> str:
    return f"{'CHAR' if f.kind == 'char' else 'BIN'}({f.length})"


HEAD = """{#- The decoding of lldf_segments (one row per landed LLDF record: seed 002's header field by field and
    the DATA bytes the record carries), as one SELECT over `relation` (the raw table jcat.raw_lldf). Offsets in the
    comments are seed 002's, 0-based; substr positions are offset + 1. The header's own LENGTH says where DATA starts.
    Rendered by the view lldf_segments, where jcat_fn writes the persistent functions (jcat.parse_timestamp17,
    ...), and by the ephemeral lldf_segments_decoded that the table models (lldf_data_change,
    lldf_segment_rejects) read, where a jcat build writes the Arrow UDFs: a table never decodes through the view.
    Field lines: udfs/core/layouts/lldf.py (udfs/render/lldf_segments.py); the rest:
    udfs/render/handwritten/lldf_segments.sql. -#}
{% macro jcat_lldf_segments(relation) -%}
with {{ jcat_layout_records(relation, 'lldf') }},

decoded as (
  select
    source_file, record_offset, record_number, load_id,
    length(record)                                                    as RECORD_LENGTH,"""


def render_segments_macro() -> str:
    lines = []
    for f in lldf.HEADER:
        where = f"-- {f.pos - 1:>3} {_fmt(f)}"
        if not _kept(f):
            lines.append(f"    {'':<119}{where} {f.doc}")
            continue
        for i, (name, sql) in enumerate(columns(f)):
            lines.append(
                (f"    {sql:<86} as {_quoted(name) + ',':<28}" + (f"{where} {f.doc}" if i == 0 else "")).rstrip()
            )
    body = (
        HEAD
        + "\n"
        + "\n".join(lines)
        + "\n"
        + handwritten("lldf_segments.sql")
        + "\n\n"
        + _checks_macro()
        + "\n"
        + _columns_macro()
    )
    return with_marker(".sql", SOURCE, body)


def _checks_macro() -> str:
    """LENGTH always (the header cannot be read without it); a BIN(17) timestamp or an LRSN (data sharing only)
    whose bytes are not all zeros but did not decode. Timestamps first, then LRSNs, each in header order."""
    rows = ["  ('LENGTH', 'true'),"]
    for f in (f for f in lldf.HEADER if f.kind == "ts17"):
        rows.append(f"  ('{f.name}', \"substr(record, {f.pos}, {f.length}) != X'{'00' * f.length}'\"),")
    for f in (f for f in lldf.HEADER if f.kind == "lrsn"):
        rows.append(
            f"  ('{f.name}_TIME', \"MEMBERID > 0 and substr(record, {f.pos}, {f.length}) != X'{'00' * f.length}'\"),"
        )
    return "\n".join(
        [
            "{#- (column, condition) pairs for jcat_decode_errors: the column is named when it is NULL and the "
            "condition",
            "    holds. -#}",
            "{% macro jcat_lldf_segments_checks() -%}",
            "{{ return([",
        ]
        + rows
        + ["]) }}", "{%- endmacro %}", ""]
    )


def _columns_macro() -> str:
    """The header columns as lldf_data_change and the models after it publish them, code fields described."""
    rows = []
    for f in lldf.HEADER:
        if not _kept(f):
            continue
        for name, _ in columns(f):
            rows.append(f"  {_quoted(name)},")
            if name in DESCRIBED:
                rows.append(f"  {{{{ jcat_lldf_describe('{name}', '{name}') }}}} as {name}_DESC,")
    return "\n".join(
        [
            "{#- The decoded header's columns in seed 002's order, each followed by a comma, with a description beside",
            "    each code field (jcat_lldf_describe). -#}",
            "{% macro jcat_lldf_header_columns() -%}",
        ]
        + rows
        + ["{%- endmacro %}", ""]
    )


def render_docs(page: str) -> str:
    rows = ["| offset (dec/hex) | substr pos | width | format | column(s) |", "|---|---|---|---|---|"]
    for f in lldf.HEADER:
        cols = [_quoted(n) for n, _ in columns(f)] if _kept(f) else ["(not kept)"]
        cols += [f"{f.name}_DESC"] if f.name in DESCRIBED else []
        off = f.pos - 1
        rows.append(f"| {off} / {off:X} | {f.pos} | {f.length} | {_fmt(f)} {FORMAT[f.kind]} | {', '.join(cols)} |")
    return replace_section("docs/lldf.md", SOURCE, page, "\n".join(rows))


# What each kind's column holds, after the field's meaning, offset and width.
FORM = {
    "ubin": "unsigned binary",
    "char": "EBCDIC text, trailing blanks trimmed, NULL when blank",
    "ts17": "BCD timestamp read to the microsecond; {name}_FRACTION has every fraction digit",
    "lrsn": "the 10 raw bytes (a 6-byte LRSN sits at byte 1 of the 10); {name}_TIME is the instant it encodes",
    "rba": "the 10 raw bytes (a 6-byte RBA sits at byte 4 of the 10); {name}_NUMBER is its number",
    "hex": "the raw bytes",
}


def _where(f) -> str:
    off = f.pos - 1
    return f"Seed 002 offset {off} (X'{off:02X}'), {_fmt(f)}, {f.length} byte{'s' if f.length > 1 else ''}"


def _describe(f, name: str) -> str:
    """A header column's description: the field's meaning, where it sits and what the column holds."""
    off = f.pos - 1
    if name == f.name:
        return f"{f.doc[0].upper()}{f.doc[1:]}. {_where(f)}: {FORM[f.kind].format(name=f.name)}."
    if name.endswith("_FRACTION"):
        return f"Every fraction digit of {f.name} (offset {off}, {_fmt(f)} BCD), below the microsecond too."
    if name.endswith("_TIME"):
        return f"{f.name} (offset {off}) read as a TOD clock: the instant, UTC; NULL when its bytes are all zeros."
    if name.endswith("_NUMBER"):
        return f"{f.name} (offset {off}) as an exact unsigned number, DECIMAL(25,0): 10 bytes exceed BIGINT."
    d = DERIVED[name]
    plural = "s" if d.length > 1 else ""
    return f"{d.doc[0].upper()}{d.doc[1:]}: seed 002 offset {d.pos - 1}, {d.length} byte{plural}, unsigned binary."


def header_columns(published: bool) -> model_yml.Columns:
    """The header's columns in seed 002's order, described from the declaration; `published` adds the
    `<name>_DESC` beside each code field, as jcat_lldf_header_columns() does."""
    out = []
    for f in lldf.HEADER:
        if not _kept(f):
            continue
        for name, _ in columns(f):
            out.append({"name": name, "description": _describe(f, name)})
            if published and name in DESCRIBED:
                out.append({"name": name + "_DESC", "description": f"Meaning of the {name} code (seed 002's values)."})
    return out


# The LLDF models in build order: a model's hand-written part may name the columns of one before it.
MODELS = (
    "lldf_segments",
    "lldf_segments_decoded",
    "lldf_data_change",
    "lldf_segment_rejects",
    "lldf_change_stream",
    "lldf_committed_changes",
)
DECLARED = {"header": lambda: header_columns(False), "published_header": lambda: header_columns(True)}


def render_model_ymls(root: Path) -> dict[Path, str]:
    groups = {name: render() for name, render in DECLARED.items()}
    out = {}
    for model in MODELS:
        text, groups[model] = model_yml.render(SOURCE, HANDWRITTEN / f"{model}.yml", groups, set(DECLARED))
        out[root / "models" / "lldf" / f"{model}.yml"] = text
    return out


def generated_files() -> dict[Path, str]:
    root = source_root()
    docs = root / "docs" / "lldf.md"
    return {
        root / "macros" / "jcat_lldf_segments.sql": render_segments_macro(),
        docs: render_docs(docs.read_text()),
        **render_model_ymls(root),
    }

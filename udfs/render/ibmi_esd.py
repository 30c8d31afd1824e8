"""Rendered from udfs/core/layouts/ibmi_esd.py: the ESD models and their .yml (models/ibmi/esd/), the entry-type
mapping macro and docs/ibmi_esd.md."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.kernels.ebcdic import SUPPORTED_CCSIDS
from ..core.layouts.ibmi_esd import ENTRY_TYPES, LAYOUTS, LUW_RECORD_TYPES, Layout, Part, entry_sources, entry_types
from ..core.project import source_root
from .markers import marker
from .sql_functions import sql_string

SOURCE = "udfs/core/layouts/ibmi_esd.py"


def _fields(lay):
    return [f for f in lay.fields if f.kind != "reserved"]


# --- parts: each kind's SQL (a jcat_ibmi_esd_* macro call) and its decode_errors condition --------------------
EBCDIC_STR = "{{ jcat.jcat_fn('ebcdic_str') }}"
HEADING_LENGTHS = ("COUNT_OR_RRN",)  # heading values that give a part its length: NULL when the heading did not decode


def _where(p: Part) -> str:
    """The macro argument of an addressed part: the column holding its 0-based offset, or its fixed 0-based offset."""
    return f"'{p.offset}'" if p.offset else str(p.pos - 1)


def _start(p: Part) -> str:
    """The 1-based start of a byte slice: a fixed position, or after the offset a column holds."""
    return f"'{p.offset} + 1'" if p.offset else str(p.pos)


def _source(lay: Layout, p: Part) -> Part:
    (src,) = [q for q in lay.parts if q.name == p.source]
    return src


def part_sql(lay: Layout, p: Part) -> str:
    k = p.kind
    if k in ("object_name", "path_name"):
        return f"{{{{ jcat_ibmi_esd_{k}({_where(p)}) }}}}"
    if k == "symlink":
        return f"{{{{ jcat_ibmi_esd_symlink('{p.offset}') }}}}"
    if k in ("journal_info", "private_authorities", "attribute_chain"):
        return f"{{{{ jcat_ibmi_esd_{k}({p.pos}) }}}}"
    if k == "bytes":
        return f"{{{{ jcat_ibmi_esd_slice({_start(p)}, '{p.length}') }}}}"
    if k == "text":
        return f"{{{{ jcat_ibmi_esd_text_at('{p.offset}', '{p.length}') }}}}"
    if k == "rest":
        return (
            f"{{{{ jcat_ibmi_esd_from_offset('{p.offset}') }}}}"
            if p.offset
            else f"{{{{ jcat_ibmi_esd_field('tail', {p.pos}) }}}}"
        )
    if k == "u64_array":
        return f"{{{{ jcat_ibmi_esd_u64_array('{p.length}', {p.pos}) }}}}"
    if k == "char_array":
        return f"{{{{ jcat_ibmi_esd_char_array({p.pos}, {p.width}, '{p.length}', {p.most}) }}}}"
    if k == "authority_array":
        return f"{{{{ jcat_ibmi_esd_authority_array('{p.length}', '{p.offset}') }}}}"
    if k == "luw_header":
        return "{{ jcat_ibmi_esd_luw_hdr() }}"
    if k == "luw_records":
        return f"{{{{ jcat_ibmi_esd_luw_records('{p.record}') }}}}"
    if k == "luw_record_types":
        return "{{ jcat_ibmi_esd_luw_types() }}"
    if k == "ebcdic_text":
        return f"{EBCDIC_STR}({p.source})"
    if k == "text_by_type":
        return f"if({_sql_in(p.by, p.values)}, {EBCDIC_STR}({p.source}), null)"
    if k == "leading_bytes":
        return f"if(length({p.source}) >= {p.width}, substr({p.source}, 1, {p.width}), null)"
    if k == "following_bytes":
        return f"if(length({p.source}) >= {p.width}, substr({p.source}, {p.width + 1}), null)"
    raise ValueError(f"{lay.model}.{p.name}: no SQL for part kind {k!r}")


def _absent_or(p: Part, bad: str, always_there: bool = False) -> str:
    """decode_errors condition of an offset-addressed part: its text did not decode, or (offset in a column) the
    offset points at bytes the ESD does not hold, i.e. the entry was cut short. An offset of 0 means the part is
    not there, unless the layout always carries it (`always_there`)."""
    if not p.offset:  # fixed position: an ESD ending before it lacks the optional part; one ending inside it, cut
        return f"({_cut(p)}) or ({p.name} is not null and {bad})"
    given = f"{p.offset} is not null" if always_there else f"coalesce({p.offset}, 0) > 0"
    return f"({p.name} is null and {given}) or ({p.name} is not null and {bad})"


def _cut(p: Part) -> str:
    """A struct at a fixed position that is NULL although the ESD holds its first byte: the ESD ends inside it."""
    return f"{p.name} is null and length(esd) >= {p.pos}"


def part_bad(lay: Layout, p: Part) -> str:
    """SQL condition naming the part in decode_errors when true ('' when only a cut heading can lose it)."""
    k, n = p.kind, p.name
    if k == "object_name":  # seed 001 gives no entry without the object names it addresses by offset
        return _absent_or(p, f"{n}.NAME is null and {n}.LENGTH > 0", always_there=True)
    if k == "path_name":
        return _absent_or(p, f"{n}.PATH is null and {n}.PATH_LENGTH > 0")
    if k == "symlink":
        return _absent_or(p, f"{n}.CONTENTS is null and {n}.PATH_LENGTH > 0")
    if k == "bytes":
        if p.length in HEADING_LENGTHS:  # the heading's value did not decode: any ESD byte means the part was lost
            return f"{n} is null and ({p.length} > 0 or ({p.length} is null and length(esd) > 0))"
        return f"{n} is null and {p.length} > 0" + (
            " and INCOMPLETE_DATA is distinct from '1'" if p.pointer_when_incomplete else ""
        )
    if k == "text":
        # NULL although the entry gives an offset or a length for it: an offset or length of 0 or less beside a set
        # one, bytes past the end of the ESD, or blanks where a name must be (IBM i names are never blank)
        return f"{n} is null and (coalesce({p.offset}, 0) <> 0 or coalesce({p.length}, 0) <> 0)"
    if k == "rest" and p.offset:
        # the bytes from an offset a column holds: NULL although the entry gives an offset means the offset points
        # at or past the end of the ESD (the entry was cut short, or the offset is wrong)
        return f"{n} is null and coalesce({p.offset}, 0) > 0"
    if k in ("u64_array", "authority_array"):
        return f"size({n}) < {p.length}"
    if k == "char_array":
        return f"size({n}) < least({p.length}, {p.most})"
    if k == "attribute_chain":
        return f"size({n}) = 0"
    if k == "journal_info":
        return _cut(p)
    if k == "luw_header":  # every C LW ESD starts with its HDR record: NULL means not HDR, or cut inside it
        return f"{n} is null and length(esd) > 0"
    if k == "luw_record_types":
        (hdr,) = [q.name for q in lay.parts if q.kind == "luw_header"]
        return f"{hdr} is null or exists({n}, t -> t is null or {_sql_in('t not', LUW_RECORD_TYPES)})"
    if k in ("ebcdic_text", "text_by_type", "leading_bytes", "following_bytes"):
        return _derived_bad(lay, p)
    return ""


def _derived_bad(lay: Layout, p: Part) -> str:
    """A part computed from another: NULL and named whenever its source is named (the bytes it is made of did not
    decode), and whenever its own bytes are malformed (too short to split, a type it cannot be read by)."""
    own = ""
    if p.kind in ("leading_bytes", "following_bytes"):
        own = f"{p.source} is not null and length({p.source}) < {p.width}"
    elif p.kind == "text_by_type":
        (by,) = [f for f in lay.fields if f.name == p.by]
        own = _sql_in(f"coalesce({p.by}, '') not", by.values)
    bad = f"({part_bad(lay, _source(lay, p))})" + (f" or ({own})" if own else "")
    return f"{p.name} is null and ({bad})"


def render_model(lay: Layout) -> str:
    types = ", ".join(f"{c} {t}" for c, t, _ in entry_types(lay.model)) or "none confirmed yet (selects nothing)"
    out = [
        marker(".sql", SOURCE),
        f"{{#- {lay.title}: seed 001 table {lay.table}, positions relative to the entry-specific data (ESD).",
        f"    Entries: {types}. Rendered from udfs/core/layouts/ibmi_esd.py (edit there). -#}}",
        # dbt records refs while parsing, before it knows the materialization that picks one of them
        "-- depends_on: {{ ref('journal_entries') }}, {{ ref('journal_entries_decoded') }}",
        "with entries as (",
        "  select",
        "    {{ jcat_ibmi_esd_heading() }},",
        "    ENTRY_SPECIFIC_DATA as esd,",
        "    {{ jcat.jcat_fn('ebcdic_str') }}(ENTRY_SPECIFIC_DATA) as esd_text  -- byte n of the ESD is character n: "
        "lambdas read text here",
        "  from {{ jcat_ibmi_esd_journal_entries() }}",
        f"  where ({{{{ jcat_ibmi_esd_entries('{lay.model}') }}}})",
        "    and {{ jcat_new_records() }}",
        "),",
        "",
        "fields as (",
        "  select entries.*",
    ]
    for f in lay.fields:
        if f.kind == "reserved":
            out.append(f"    -- {f.pos} {f.fmt} reserved")
        else:
            args = f"'{f.kind}', {f.pos}" + ("" if f.kind == "tail" else f", {f.length}")
            out.append(
                f"    , {{{{ jcat_ibmi_esd_field({args}) }}}} as {f.name} -- {f.pos} {f.fmt} {f.doc.split('.')[0]}"
            )
    out += ["  from entries", "),", "", "parts as (", "  select fields.*"]
    for p in lay.parts:
        out.append(f"    , {part_sql(lay, p)} as {p.name} -- {p.fmt}")
    out += ["  from fields", "),", "", "checked as (", "  select *,", "    concat(heading_errors,"]
    out += _error_lines(lay)
    out += ["  from parts", ")", "", "select", "  {{ jcat_ibmi_esd_heading_columns() }},"]
    for f in _fields(lay):
        out.append(f"  {f.name},")
    for p in lay.parts:
        out.append(f"  {p.name},")
    out += [
        "  esd as ENTRY_SPECIFIC_DATA,",
        "  {{ jcat_strict_guard('all_errors', record_col='esd') }} as decode_errors",
        "from checked",
        "",
    ]
    return "\n".join(out)


def _error_lines(lay: Layout) -> list[str]:
    """The fields that did not decode, then the parts: a part that did not decode is named by its own condition,
    and always when the heading's entry length is shorter than the heading (the ESD's end is unknown, so no part
    can be told absent from lost)."""
    out = []
    checks = [f for f in _fields(lay) if f.kind != "tail"]
    if checks:
        items = ", ".join(f"('{f.name}', jcat_ibmi_esd_field_check('{f.kind}', {f.pos}, {f.length}))" for f in checks)
        out.append(f"      {{{{ jcat_decode_errors([{items}]) }}}},")
    bad = [
        (
            p.name,
            (f"({part_bad(lay, p)}) or " if part_bad(lay, p) else "")
            + f"({p.name} is null and array_contains(heading_errors, 'ENTRY_LENGTH'))",
        )
        for p in lay.parts
    ]
    out.append(
        "      filter(array("
        + ", ".join(f"if({cond}, '{name}', null)" for name, cond in bad)
        + ("" if bad else "cast(null as string)")
        + "), x -> x is not null)) as all_errors"
    )
    return out


def _sql_in(column: str, values) -> str:
    listed = ", ".join(sql_string(str(v)) for v in values)
    return f"{column} in ({listed})"


def row_rules(lay: Layout) -> dict[str, str]:
    """The model's data test (macro jcat_row_rules, one query): rule name -> what every row holds. The entry type is
    one of the layout's (code, type) pairs; an ESD field with confirmed values holds one of them or NULL."""
    types = entry_types(lay.model)
    if types:
        pairs = ", ".join(f"('{c}', '{t}')" for c, t in sorted({(c, t) for c, t, _ in types}))
        rules = {"entry_type": f"(JOURNAL_CODE, JOURNAL_ENTRY_TYPE) in ({pairs})"}
    else:
        rules = {
            "JOURNAL_CODE_not_null": "JOURNAL_CODE is not null",
            "JOURNAL_ENTRY_TYPE_not_null": "JOURNAL_ENTRY_TYPE is not null",
        }
    rules["SEQUENCE_NUMBER_not_null"] = "SEQUENCE_NUMBER is not null"
    for f in _fields(lay):
        if f.values:
            rules[f"{f.name}_accepted_values"] = f"{f.name} is null or {_sql_in(f.name, f.values)}"
    rules["decode_errors_not_null"] = "decode_errors is not null"
    return rules


def _entries(types) -> str:
    return ", ".join(f"{c} {t} ({s})" for c, t, s in types) or "not yet identified"


def render_yml(lay: Layout) -> str:
    """The model's properties. Its dbt unit tests are not here: their expected values must come from encoders of
    their own (tests/support/ibmi/esd_unit.py writes them, to models/ibmi/esd/ibmi_esd_unit_tests.yml)."""
    types = entry_types(lay.model)
    lines = [
        marker(".yml", SOURCE),
        "version: 2",
        "",
        "models:",
        f"  - name: ibmi_esd_{lay.model}",
        "    description: >",
        f"      {lay.title}: one row per journal entry carrying this entry-specific data layout",
        f"      (seed 001 table {lay.table}; entries {_entries(types)}).",
        "      Fields are decoded from ENTRY_SPECIFIC_DATA at the positions IBM prints; see docs/ibmi_esd.md.",
        "    data_tests:",
        "      - jcat_row_rules:",
        "          arguments:",
        "            rules:",
    ]
    lines += [f"              {name}: {json.dumps(expr)}" for name, expr in row_rules(lay).items()]
    lines += [
        "    columns:",
        "      - name: JOURNAL_CODE",
        "        description: Journal code of the entry.",
        "      - name: JOURNAL_ENTRY_TYPE",
        "        description: Entry type within the journal code.",
        "      - name: SEQUENCE_NUMBER",
        "        description: Sequence number of the entry in the journal.",
    ]
    if lay.heading:
        lines += [
            "      - name: COUNT_OR_RRN",
            f"        description: {json.dumps('Heading value specific to this entry. ' + lay.heading)}",
        ]
    for f in _fields(lay):
        lines += [f"      - name: {f.name}", f"        description: {json.dumps(f'{f.doc} ({f.pos} {f.fmt})')}"]
    for p in lay.parts:
        lines += [f"      - name: {p.name}", f"        description: {json.dumps(p.doc)}"]
    lines += [
        "      - name: ENTRY_SPECIFIC_DATA",
        "        description: The entry-specific data bytes, as landed.",
        "      - name: decode_errors",
        "        description: Fields (heading and ESD) whose bytes did not decode, or parts the ESD cuts short.",
    ]
    return "\n".join(lines) + "\n"


def render_entries_macro() -> str:
    rows = ",\n".join(f"    ('{m}', '{c}', '{t}', '{s}')" for m, c, t, s, _ in ENTRY_TYPES)
    return (
        marker(".sql", SOURCE)
        + f"""\n{{#- Which journal code / entry type carries which seed 001 ESD layout: the one place the mapping lives.
    Rendered from ENTRY_TYPES in udfs/core/layouts/ibmi_esd.py (edit there); docs/ibmi_esd.md gives each status.
    status: confirmed (an IBM V5R4 QSYSINC header struct, IBM table title or journal entry finder) or recalled
    (not yet checked). -#}}
{{% macro jcat_ibmi_esd_entry_types() -%}}
{{{{ return([
{rows}
]) }}}}
{{%- endmacro %}}

{{#- The WHERE condition selecting a layout's entries; `false` when no entry type is known for it. -#}}
{{% macro jcat_ibmi_esd_entries(layout) -%}}
  {{%- set by_code = {{}} -%}}
  {{%- for m, c, t, s in jcat_ibmi_esd_entry_types() if m == layout -%}}
    {{%- do by_code.setdefault(c, []).append(t) -%}}
  {{%- endfor -%}}
  {{%- if by_code -%}}
    {{%- for c, ts in by_code.items() -%}}
      (JOURNAL_CODE = '{{{{ c }}}}' and JOURNAL_ENTRY_TYPE in ('{{{{ ts | join("', '") }}}}'))
      {{{{- ' or ' if not loop.last }}}}
    {{%- endfor -%}}
  {{%- else -%}}
    false
  {{%- endif -%}}
{{%- endmacro %}}

{{#- Single-byte EBCDIC CCSIDs the catalog's ebcdic_str decodes (udfs/core/kernels/ebcdic.py SUPPORTED_CCSIDS). -#}}
{{% macro jcat_ibmi_esd_ebcdic_ccsids() -%}}
{{{{ return({list(SUPPORTED_CCSIDS)}) }}}}
{{%- endmacro %}}
"""
    )


DOC_INTRO = """# IBM i journal entry-specific data (seed 001)

One dbt model per layout of IBM's *Layouts for variable-length portion of journal entries* (seed 001), under
`models/ibmi/esd/`, each a persistent view over the view `journal_entries` (one line in `dbt_project.yml` makes
one an incremental table over `journal_entries_decoded`: docs/relations.md) and selecting the journal code / entry
types that carry the layout. Positions are 1-based and relative to the entry-specific data (ESD), as IBM prints them.
This page, the models and the mapping macro `jcat_ibmi_esd_entry_types()` are rendered from
`udfs/core/layouts/ibmi_esd.py`.

## Journal code / entry type mapping, and how far it is confirmed

The seed lost the table headings that name each layout's entries. Every row below names its source:

- **confirmed** from IBM's V5R4 QSYSINC headers (public copy: GitHub `friedkiwi/iheaders`, folder `v5r4`), whose
  structs say in their comments which journal code and entry type they describe ("journal code B, B4 (Remove link -
  Parent Directory) entry type"): `QP0LJRNL.H` (B), `QMHQJRNL.H` (Q), `QWCJRNL.H` (E), `QDBJRNL.H` (one DDL
  struct for D AC, CG, CT, DC, DT, GC, GO, GT, RV, TC, TD, TG, TQ, F DM, F MC). Each struct was matched to its seed
  table field by field (names, order, widths). The headers tie entry types to tables only: positions stay the
  seed's, since V5R4 differs in places (CCSID widths, fields added later, B OG/Z P flag order). `QSYJRNL.H`
  (ZA, ZO, ZP, ZT) and `QLIJRNL.H` (ZB) confirm each Z type's layout but name no journal code ("used with various
  journal codes", "NOT used for DB files"), so their E/Q/Y rows stay **recalled**; `QJOURNAL.H` holds the journal
  APIs' structures, no entry-specific data.
- **confirmed** from IBM pages: *Layouts for variable-length portion of journal entries*
  (https://www.ibm.com/support/knowledgecenter/ssw_ibm_i_74/rzaki/rzakivarlength.htm: table titles "Allow use
  with partial transactions (F MO)", "APYJRNCHG (B AT, D DD, E EQ, F AY, Q QH, Y YH) and RMVJRNCHG (E EX, F RC)")
  and *All journal entries by code and type* (rzakijournalfinderall2.htm), as listed in `reference/formats.md`
  section 2 (C CM/RB, R record images, F OP/CL).
- **recalled**: IBM's entry names as we remember them, not checked: the stored copies of the finder and layouts
  pages stop after the B entries (searched 2026-11-22), and no header covers them (C, D FM/FN, F, J, L entries).
- Corrections IBM's V5R4 headers brought: the two unlink tables were swapped (seed table 34, with the parent
  path offset at 37 and Reserved Char (3), is B B5 "Remove link - Link"; table 35, with the object's JID at 37 and
  Reserved Char (7), is B B4 "Remove link - Parent Directory"); the keyed-receive table (Reserved 18, key length,
  key order, key at 23) is Q QL, not Q QR (QR, receive without key, has 18 bytes of reserved ESD and no struct:
  unmapped); the Data length at 29 / Data at 33 table is Q QS only; E EL (data area restored), B JA and E EK
  (change journaled object attribute, seed table 6) were missing; B B6, CS, ET, FC, FF, OF, RN, TR, WA now select
  the tables that were unmapped (19, 29/32, 26/30/31, 38, 36, 33, 39); the DDL struct fills positions 61-108 that
  seed table 53 lost (APPLY_LENGTH at 73).
- Layouts still with no row (seed tables 14/15, 17, 59) could not be tied to an entry type: their models exist,
  decode every field, and select nothing until the mapping is confirmed (add a row to `ENTRY_TYPES`). Better an
  empty model than a wrong layout applied to real audit data.
- Existing ESD tables built before this mapping need `--full-refresh` (their models are incremental: entries
  already built under the old mapping would stay).

Decisions where the seed is silent or inconsistent:

- Offsets to offset-addressed parts count from 0 at the start of the ESD (B B0: the name at offset 16 is
  position 17, right after the 16 fixed bytes); offset 0 means absent. A part whose offset is set but points at
  or past the end of the ESD is NULL and named in decode_errors. So is an object name (B B0 to B5, B7) at offset 0: the
  seed gives no entry without the object names it addresses by offset.
- Seed typos fixed by contiguity: B OA "19 Object name CCSID" is 219 (70 + 149); the DDM record's "29 Remote
  position information" follows the 20-byte DDM file at 39 (the record closes at 96, IBM's "currently 96");
  B FA's "Attribute data size Char (32)" is the 4 bytes 57-60; B B3's journal information is Char (37).
- C LW records are found by walking each record's own length (IBM gives "currently" lengths; the tables give
  HDR 416, LCL 80, API 112, DDL 384, RMT 128, DDM 96 bytes, not the 400/48/80/624 the descriptions say).
  Their "(4)" position fields ("two numbers") are read as two Bin(2) halves, ENTRY and OFFSET: our reading.
  Char(20) qualified names (journal, API program, default journal, DDM file) are split into name and library.
- Flags whose value lists were lost are kept raw (text as written). Accepted values are tested only where the
  seed itself states them (data area types *CHAR/*DEC/*LGL, authorization list *PUBLIC 'Y').
- Names and paths are decoded with their own CCSID: the single-byte EBCDIC CCSIDs of `ebcdic_str`, UTF-16
  (1200, 13488), UTF-8 (1208); anything else, or malformed bytes, gives NULL and names the part in decode_errors.
- A field the ESD holds only partly is NULL and named in decode_errors (truncated or minimized entries never
  yield a cut value). So is a structure at a fixed position the ESD ends inside (journal information, B JT's path
  name) and a C LW ESD whose first record is not a whole HDR; an ESD that ends before a structure's first byte
  does not carry it (B JT: the path name "optionally follows"), as it does not carry the fields past its end.
  Bin (64) values are DECIMAL(20,0), exact above 2^63.

How the layouts are checked: the tests parse a copy of seed 001's tables (`tests/data/sources/001_ibmi_esd_tables.txt`)
and compare every layout with it field by field (position, width and format of each column, each reserved range,
and every row with a width covered by a column or a part). The models' dbt unit tests
(`models/ibmi/esd/ibmi_esd_unit_tests.yml`) are written by the tests (`tests/support/ibmi/esd_unit.py`, run by
`python tests/write_unit_tests.py`): each column is encoded at the position and width of its seed row and expected
as the value encoded, so a column declared at another position fails its unit test.

"""


def render_docs() -> str:
    out = [
        marker(".md", SOURCE),
        DOC_INTRO,
        "| layout (model) | seed table | code | type | status | source |",
        "|---|---|---|---|---|---|",
    ]
    for lay in LAYOUTS:
        rows = entry_sources(lay.model) or [("-", "-", "unknown", "-")]
        for c, t, s, src in rows:
            out.append(f"| ibmi_esd_{lay.model} | {lay.table} | {c} | {t} | {s} | {src} |")
    out.append("\n## Layouts\n")
    for lay in LAYOUTS:
        out += [f"### ibmi_esd_{lay.model}: {lay.title} (seed table {lay.table})", ""]
        if lay.heading:
            out += [f"Heading values: {lay.heading}", ""]
        if lay.notes:
            out += [lay.notes, ""]
        out += ["| position | width | format | column |", "|---|---|---|---|"]
        for f in lay.fields:
            out.append(f"| {f.pos} | {f.length if f.kind != 'tail' else '*'} | {f.fmt} | {f.name or '(reserved)'} |")
        for p in lay.parts:
            out.append(f"| * | * | {p.fmt} | {p.name} |")
        out.append("")
    return "\n".join(out)


ROOT = source_root()


def generated_files() -> dict[Path, str]:
    files = {
        ROOT / "macros" / "jcat_ibmi_esd_entries.sql": render_entries_macro(),
        ROOT / "docs" / "ibmi_esd.md": render_docs(),
    }
    for lay in LAYOUTS:
        files[ROOT / "models" / "ibmi" / "esd" / f"ibmi_esd_{lay.model}.sql"] = render_model(lay)
        files[ROOT / "models" / "ibmi" / "esd" / f"ibmi_esd_{lay.model}.yml"] = render_yml(lay)
    return files

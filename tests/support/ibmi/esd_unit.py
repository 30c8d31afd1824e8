"""dbt unit tests of the ESD models, rendered from seed 001's tables (writer `ibmi_esd_unit` of
tests/support/unit_tests.py, run by `python tests/write_unit_tests.py`): models/ibmi/esd/ibmi_esd_unit_tests.yml.

For each model with an entry type, one entry whose ESD this module encodes itself: every named column's value
written at the position and width its seed row gives (support/ibmi/esd_seed.py reads them from the copy in
tests/data/sources/, support/ibmi/esd_mapping.py names the row of each column), and the expected row written from
those same values, never from a decode. A column declared at another position than the seed's reads other bytes
and fails its unit test. Only how a column presents its bytes (text, hex, digits, signed or not) is taken from the
declaration: that is the model's choice, the bytes' place is the seed's.
"""

from __future__ import annotations

import json
from pathlib import Path

from support.unit_tests import marker
from udfs.core.layouts.ibmi_esd import BY_MODEL
from udfs.core.project import source_root

from . import esd_seed as seed
from .esd_mapping import COLUMNS, EXPECTED, NOT_IN_SEED, SEED_CORRECTIONS

PATH = source_root() / "models" / "ibmi" / "esd" / "ibmi_esd_unit_tests.yml"
SOURCE = "tests/support/ibmi/esd_unit.py"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# The heading columns of journal_entries the models read (name, SQL type, literal; None: set per entry).
HEADING_COLUMNS = (
    ("source_file", "'jrn.bin'"),
    ("record_offset", "0"),
    ("record_number", "1"),
    ("load_id", "'L1'"),
    ("SEQUENCE_NUMBER", None),
    ("ENTRY_TIMESTAMP", "timestamp_ntz'2024-03-05 14:07:09.123456'"),
    ("JOURNAL_CODE", None),
    ("JOURNAL_ENTRY_TYPE", None),
    ("JOB_NAME", "'QPADEV0001'"),
    ("JOB_USER", "'JSMITH'"),
    ("JOB_NUMBER", "'123456'"),
    ("QUALIFIED_JOB_NAME", "'123456/JSMITH/QPADEV0001'"),
    ("PROGRAM_NAME", "'PAYUPD'"),
    ("USER_NAME", "'JSMITH'"),
    ("JOURNALED_OBJECT_NAME", "'EMPLOYEE'"),
    ("JOURNALED_OBJECT_LIBRARY", "'PAYROLL'"),
    ("JOURNALED_OBJECT_MEMBER", "'EMPLOYEE'"),
    ("JOURNALED_OBJECT_TYPE", "'*FILE'"),
    ("COUNT_OR_RRN", None),
    ("INDICATOR_FLAG", "'0'"),
    ("COMMIT_CYCLE", "0"),
    ("JOURNAL_IDENTIFIER", "'A1B2C3D4E5F60718293A'"),
    ("INCOMPLETE_DATA", "'0'"),
    ("MINIMIZED_ENTRY_DATA", "'0'"),
    ("SYSTEM_NAME", "'SYSA'"),
    ("RECEIVER_NAME", "'RCV0001'"),
    ("RECEIVER_LIBRARY", "'JRNLIB'"),
)


def places(model: str) -> dict[str, tuple[int, int]]:
    """Each named column's (1-based position, width): from its seed row, or from the header that fills a gap the
    seed lost (NOT_IN_SEED)."""
    tables, columns = COLUMNS[model]
    out = {}
    for column, label in columns.items():
        row = seed.row(tables[0], label)
        out[column] = (SEED_CORRECTIONS.get((row.table, row.label), (row.pos,))[0], row.width)
    out |= {name: (pos, width) for name, pos, width, _ in NOT_IN_SEED.get(model, []) if name}
    return out


# ---- the tests' own encoder: a value for each column, its bytes, and the value the model must return ----------


def _ebcdic(text: str) -> bytes:
    return text.encode("cp037")


def _zoned(value: int, width: int) -> bytes:
    digits = str(abs(value)).rjust(width, "0")
    out = bytearray(0xF0 | int(d) for d in digits)
    out[-1] = (0xD0 if value < 0 else 0xF0) | int(digits[-1])
    return bytes(out)


def _packed(value: int, width: int) -> bytes:
    nibbles = str(abs(value)).rjust(2 * width - 1, "0") + ("d" if value < 0 else "c")
    return bytes.fromhex(nibbles)


def encoded(kind: str, pos: int, width: int) -> tuple[bytes, object]:
    """(bytes, value as the model's column returns it) for a column of `kind` at `pos`: values differ with the
    position, so a column read one byte off gets other bytes."""
    if kind == "char":
        text = "".join(ALPHABET[(pos + i) % 26] for i in range(width))
        return _ebcdic(text), text
    if kind == "hex":
        raw = bytes((pos * 7 + i) % 256 for i in range(width))
        return raw, raw.hex().upper()
    if kind == "digits":
        value = 4700 + pos
        return _ebcdic(str(value).rjust(width, "0")), value
    if kind == "zoned":
        value = (4700 + pos) % 10**width
        return _zoned(value, width), value
    if kind == "bin":  # signed: a negative value
        value = -(1000 + pos)
        return value.to_bytes(width, "big", signed=True), value
    if kind == "ubin":  # unsigned: the top bit set
        value = 2 ** (8 * width) - 1 - pos
        return value.to_bytes(width, "big"), value
    if kind == "u64":  # above 2^63; as text, dbt's fixture reader stops at 2^63 (the column is DECIMAL(20,0))
        value = 2**64 - 1 - pos
        return value.to_bytes(width, "big"), str(value)
    if kind == "packed":  # 31 digits do not fit a 64-bit fixture value: as text
        value = -(1234567890123456789012345678 + pos)
        return _packed(value, width), str(value)
    raise ValueError(f"no test encoder for kind {kind!r}")


def entry(model: str) -> tuple[bytes, dict]:
    """The ESD with every named column encoded (other bytes blank), and the expected column values."""
    kinds = {f.name: f.kind for f in BY_MODEL[model].fields if f.name}
    where = places(model)
    esd = bytearray(b"\x40" * max((pos + width - 1 for pos, width in where.values()), default=0))
    expected = {}
    for column, (pos, width) in sorted(where.items(), key=lambda kv: kv[1]):
        raw, expected[column] = encoded(kinds[column], pos, width)
        esd[pos - 1 : pos - 1 + width] = raw
    return bytes(esd), expected


# ---- the unit tests --------------------------------------------------------------------------------------------


def _given_sql(code: str, typ: str, esd: bytes, seq: int) -> str:
    literal = {
        "JOURNAL_CODE": f"'{code}'",
        "JOURNAL_ENTRY_TYPE": f"'{typ}'",
        "SEQUENCE_NUMBER": str(seq),
        "COUNT_OR_RRN": str(len(esd)) if (code, typ) == ("C", "CM") else "10",
    }  # C CM: commit ID length
    cols = [f"{literal.get(name, lit)} as {name}" for name, lit in HEADING_COLUMNS]
    cols += [
        f"X'{esd.hex().upper()}' as ENTRY_SPECIFIC_DATA",
        f"{len(esd)} as ENTRY_SPECIFIC_DATA_LENGTH",
        "cast(array() as array<string>) as decode_errors",
    ]
    return "select " + ", ".join(cols)


def unit_test(model: str) -> list[str]:
    code, typ = min(pair for pair, m in EXPECTED.items() if m == model)
    esd, expected = entry(model)
    row = {"JOURNAL_CODE": code, "JOURNAL_ENTRY_TYPE": typ, **expected}
    lines = [
        f"  - name: ibmi_esd_{model}_decodes_every_column_at_its_seed_position",
        f"    description: A {code} {typ} entry with each column encoded at the position and width of its seed "
        "001 row decodes to the values encoded; an entry of another type is not selected.",
        f"    model: ibmi_esd_{model}",
        "    overrides:",
        "      macros:",
        "        is_incremental: false",
        "    given:",
    ]
    for parent in ("journal_entries", "journal_entries_decoded"):  # a view reads the one, a table the other
        lines += [
            f"      - input: ref('{parent}')",
            "        format: sql",
            "        rows: |",
            f"          {_given_sql(code, typ, esd, 4711)}",
            f"          union all {_given_sql('X', 'ZZ', esd, 9)}",
        ]
    return lines + ["    expect:", "      rows:", f"        - {json.dumps(row)}"]


def render() -> str:
    lines = [marker(PATH, SOURCE), "unit_tests:"]
    for model in sorted(set(EXPECTED.values())):
        lines += unit_test(model)
    return "\n".join(lines) + "\n"


def generated_files() -> dict[Path, str]:
    return {PATH: render()}

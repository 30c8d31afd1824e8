"""dbt unit tests of the IBMSNAP record models, from the tests' own unload encoder (tests/support/ibmsnap/unload.py)
over IBM's DDL in sql/ibmsnap, never from udfs/core/layouts/ibmsnap.py: `python tests/write_unit_tests.py`
writes models/ibmsnap/ibmsnap_unit_tests.yml (only `unit_tests:`), as registered in tests/support/unit_tests.py.

Each given record is spelled one line per column (position, column, its DDL type); the expected rows are the values
the encoder was given, written out. A column laid out at another position or width decodes other bytes and fails.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import yaml

from support import REPO
from support.ibmsnap import unload as U
from support.unit_tests import with_marker

MODELS_DIR = REPO / "models" / "ibmsnap"
SOURCE = "tests/support/ibmsnap/unit.py"

# The meaning the models give a code (docs/ibmsnap.md, "Facts confirmed"): the value each test row carries, and what
# the *_MEANING column must then say. Codes the reference does not confirm read 'unknown code <value>'.
CODES = {
    ("register", "SOURCE_STRUCTURE"): [(1, "user table"), (4, "unknown code 4")],
    ("pruncntl", "TARGET_STRUCTURE"): [(3, "consistent change data (CCD)"), (8, "user copy")],
    ("uow", "IBMSNAP_REJ_CODE"): [
        ("1", "same-row conflict: transaction reversed at the replica"),
        ("2", "cascade rejection: depends on a transaction with a same-row conflict"),
    ],
    ("register", "DISABLE_REFRESH"): [(1, "unknown code 1"), (0, "unknown code 0")],
    ("register", "CONFLICT_LEVEL"): [("2", "unknown code 2"), ("0", "unknown code 0")],
}


def _spark_type(c: U.Column) -> str:
    """docs/ibmsnap.md: the Spark type each Db2 type decodes to."""
    if c.db2_type in ("CHAR", "VARCHAR"):
        return "binary" if c.for_bit_data else "string"
    if c.db2_type == "DECIMAL":
        return f"decimal({c.length},{c.scale})"
    return {"SMALLINT": "smallint", "INTEGER": "int", "BIGINT": "bigint", "TIMESTAMP": "timestamp_ntz"}[c.db2_type]


def _literal(c: U.Column, v) -> str:
    if v is None:
        return f"cast(null as {_spark_type(c)})"
    if isinstance(v, (bytes, bytearray)):
        return f"X'{bytes(v).hex().upper()}'"
    if isinstance(v, str):
        assert "'" not in v and "\\" not in v
        return f"'{v}'"
    if isinstance(v, dt.datetime):
        return f"cast('{v.isoformat(sep=' ')}' as timestamp_ntz)"
    assert isinstance(v, (int, Decimal)), v
    return f"cast({v} as {_spark_type(c)})"


def _spelled(parts: list[U.Placed]) -> str:
    """concat(...) of the record, one line per column: its bytes, then position and DDL type."""
    lines = [
        f"      X'{p.hex}'{',' if i < len(parts) - 1 else ''} -- {p.pos} {p.column.name} {p.column.declared}"
        for i, p in enumerate(parts)
    ]
    return "concat(\n" + "\n".join(lines) + "\n    )"


def rows(table: str, platform: str = "os390", form: str = "char10") -> list[dict]:
    """Two rows: every column set (codes: a known one), then every nullable column NULL (codes: another)."""
    cols = U.columns(table, platform, form)
    out = []
    for row, nulls in ((1, False), (2, True)):
        v = U.values(cols, row, nulls)
        for (t, name), codes in CODES.items():
            if t == table and v.get(name) is not None:
                v[name] = codes[row - 1][0]
        out.append(v)
    return out


def _expected(table: str, values: dict) -> list[str]:
    out = []
    for c in U.model_columns(table):  # dbt's sql format wants every column of the model
        v = values.get(c.name)  # a column another platform's figure has: NULL here
        out.append(f"{_literal(c, v)} as {c.name}")
        codes = CODES.get((table, c.name))
        if codes is not None:
            meaning = "cast(null as string)" if v is None else f"'{dict(codes)[v]}'"
            out.append(f"{meaning} as {c.name}_MEANING")
    return out


def unit_test(table: str, platform: str = "os390", form: str = "char10", indicator: str = "leading") -> dict:
    cols = U.columns(table, platform, form)
    given, expect, offset = [], [], 0
    for i, values in enumerate(rows(table, platform, form), start=1):
        parts = U.placed(cols, values, indicator)
        lineage = (
            f"'unit.bin' as source_file, cast({offset} as bigint) as record_offset, "
            f"cast({i} as bigint) as record_number, 'L1' as load_id"
        )
        given.append(f"select {lineage},\n    {_spelled(parts)} as record")
        expect.append(
            "select "
            + ",\n  ".join(_expected(table, values))
            + f",\n  cast(array() as array<string>) as decode_errors, {lineage}"
        )
        offset += sum(U.width(p.column) for p in parts)
    default = (platform, form, indicator) == ("os390", "char10", "leading")
    name = f"ibmsnap_{table}_decodes_encoded_rows" + ("" if default else f"_{platform}_{form}_{indicator}")
    test = {
        "name": name,
        "description": f"Two records written by the tests' unload encoder from the DDL ({platform}, sequence "
        f"columns {form}, null indicator {indicator}): every column set, then every nullable "
        "column NULL. They decode to the values encoded, no decode errors.",
        "model": f"ibmsnap_{table}",
        "overrides": {"macros": {"is_incremental": False}},
        "given": [
            {
                "input": f"source('jcat', 'raw_ibmsnap_{table}')",
                "format": "sql",
                "rows": "\nunion all\n".join(given) + "\n",
            }
        ],
        "expect": {"format": "sql", "rows": "\nunion all\n".join(expect) + "\n"},
    }
    if not default:
        test["overrides"]["vars"] = {
            "ibmsnap_platform": platform,
            "ibmsnap_sequence_form": form,
            "ibmsnap_null_indicator": indicator,
        }
    return test


# Besides the default figure of every table: the other sequence form, the DSNTIAUL indicator and the platforms whose
# figures differ in bytes.
OTHER_VARIANTS = [
    ("register", "os390", "varchar16", "trailing"),
    ("uow", "vmvse", "varchar16", "leading"),
    ("warm_start", "vmvse", "char10", "trailing"),
    ("pruncntl", "other", "varchar16", "trailing"),
]


def unit_tests() -> list[dict]:
    return [unit_test(t) for t in U.tables()] + [unit_test(*v) for v in OTHER_VARIANTS]


class _Dumper(yaml.SafeDumper):
    pass


def _block(dumper, text: str):
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


_Dumper.add_representer(str, _block)


def rendered_files() -> dict[Path, str]:
    text = yaml.dump({"version": 2, "unit_tests": unit_tests()}, Dumper=_Dumper, sort_keys=False, width=115)
    return {MODELS_DIR / "ibmsnap_unit_tests.yml": with_marker(".yml", SOURCE, text)}

"""Helpers for the LLDF tests (no tests here).

`private_project` assembles a dbt project holding the shared macros, the sources and the LLDF models only:
the LLDF tests then parse and run in seconds and are not broken by other areas' work in progress in the same
working tree. `tests/spark/test_lldf_roundtrip.py` lands a generated file and builds the LLDF models in the full
project."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import REPO


def private_project(target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    (target / "macros").mkdir(parents=True)
    (target / "models").mkdir()
    (target / "seeds").mkdir()
    for name in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(REPO / name, target / name)
    # every macro: the field macros call shared helpers (jcat_fn, jcat_layout_field, the on-run-start hook)
    for m in (REPO / "macros").glob("*.sql"):
        shutil.copy(m, target / "macros")
    shutil.copy(REPO / "models" / "sources.yml", target / "models")
    shutil.copytree(REPO / "models" / "lldf", target / "models" / "lldf")
    return target


# ---- PAYROLL.EMPLOYEE, the demo's table ------------------------------------------------------------------------
# Its columns as the tests' own list: the demo's DDL (udfs/demo/lldf.py) is checked against it
# (tests/fast/test_tables_lldf.py).
# (name, type, length or precision, scale, nullable) in COLNO order, as the encoder `lldf.encode_image` takes them
_EMPLOYEE = [
    ("EMPNO", "CHAR", 6, 0, "N"),
    ("FIRSTNME", "VARCHAR", 12, 0, "N"),
    ("MIDINIT", "CHAR", 1, 0, "Y"),
    ("LASTNAME", "VARCHAR", 15, 0, "N"),
    ("WORKDEPT", "CHAR", 3, 0, "Y"),
    ("HIREDATE", "DATE", 10, 0, "Y"),
    ("EDLEVEL", "SMALLINT", 2, 0, "N"),
    ("BADGE", "INTEGER", 4, 0, "Y"),
    ("SALARY", "DECIMAL", 9, 2, "Y"),
    ("BONUS", "DECIMAL", 7, 2, "Y"),
    ("RATING", "DOUBLE", 8, 0, "Y"),
    ("SHIFT_START", "TIME", 8, 0, "Y"),
    ("UPDATED_AT", "TIMESTAMP", 26, 0, "N"),
    ("LEDGER_ID", "BIGINT", 8, 0, "N"),
    ("REMARKS", "VARCHAR", 4000, 0, "Y"),
]


def employee_columns() -> list[dict]:
    return [
        {"name": n, "coltype": t, "length": length, "scale": s, "nullable": null} for n, t, length, s, null in _EMPLOYEE
    ]


# ---- DATA written from seed 002's text (not from the layout's encoder, not from the models) ----------------------


def seed_data(parts: list[bytes]) -> bytes:
    """DATA as seed 002 words it, for the types whose content it describes.

    - DATA: "First 2 bytes are a halfword value that contains total length of the data segment (including
      2-byte length)".
    - "The row image begins with a two-byte length value that defines the length of the succeeding row image."
    - update: "The additional row image starts with a two-byte length field that begins immediately after the
      update action's before image"; "For UB records [...]: before data is first; after data is next".
    - exchange: "2-byte length of clone table owner, Owner of clone table, 2-byte length of clone table name,
      Name of clone table".
    """
    out = b""
    for part in parts:
        out += len(part).to_bytes(2, "big") + part  # the length does not count its own 2 bytes
    return (len(out) + 2).to_bytes(2, "big") + out  # the total does


# ---- Row images written from seed 002's text (not from jcat's layout or declaration) -----------------------------
# Seed 002, "Data change record (LLDF)" notes: columns in COLNO order; "If a column (field) is nullable, the null
# byte precedes the data for that column"; variable-length fields carry a two-byte length before the data, after
# the null byte, not counting it ("nullable (not set to null): x'00'x'0005'ABCDE", "(set to null): x'FF'x'0000'");
# numerics "translated from the Db2 internal format to an external format" (binary two's complement, packed
# decimal); DATE, TIME, TIMESTAMP as characters (ISO: yyyy-mm-dd, hh.mm.ss, yyyy-mm-dd-hh.mm.ss.ffffff).


def nullable(data: bytes | None, null_width: int = 0) -> bytes:
    """A nullable column: X'00' then its data, or X'FF' then `null_width` bytes (a fixed column keeps its width)."""
    return b"\xff" + b"\x00" * null_width if data is None else b"\x00" + data


def varchar(text: str | None, ccsid: str = "cp037") -> bytes | None:
    return None if text is None else len(text.encode(ccsid)).to_bytes(2, "big") + text.encode(ccsid)


def char(text: str, width: int, ccsid: str = "cp037") -> bytes:
    return text.encode(ccsid).ljust(width, b"\x40")


def packed(value, precision: int, scale: int) -> bytes:
    from decimal import Decimal

    digits = str(abs(int(Decimal(value).scaleb(scale)))).rjust(precision + (1 - precision % 2), "0")
    nibbles = [int(d) for d in digits] + [0xD if Decimal(value) < 0 else 0xC]
    return bytes(nibbles[i] << 4 | nibbles[i + 1] for i in range(0, len(nibbles), 2))


def chars(text: str) -> bytes:
    return text.encode("cp037")

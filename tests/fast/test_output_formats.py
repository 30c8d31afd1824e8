"""`jcat sql`'s output formats (udfs/spark/output.py): a struct prints as a JSON object with its field names at any
depth (inside arrays and maps too) in every format; JSON text in a table or CSV cell. Spark's Row is a tuple, so a
struct read as a tuple would lose its names (a copybook group printed as `[["-5360462.90", "FEE"]]`)."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

from pyspark.sql import Row

from udfs.spark.output import print_rows

# A copybook record as `jcat sql` collects it: a group, an OCCURS of groups, a map of structs, a plain array.
TXN = Row(AMOUNT=Decimal("-5360462.90"), KIND="FEE")
RECORD = Row(
    ACCOUNT="0001",
    TXN=[TXN, Row(AMOUNT=Decimal("12.50"), KIND="PAY")],
    HEADER=Row(BRANCH=Row(CODE="B7", OPENED=None), FLAGS=[1, 2]),
    BY_KIND={"FEE": TXN},
    RAW=b"\x01\xab",
)
NAMED = {
    "ACCOUNT": "0001",
    "TXN": [{"AMOUNT": "-5360462.90", "KIND": "FEE"}, {"AMOUNT": "12.50", "KIND": "PAY"}],
    "HEADER": {"BRANCH": {"CODE": "B7", "OPENED": None}, "FLAGS": [1, 2]},
    "BY_KIND": {"FEE": {"AMOUNT": "-5360462.90", "KIND": "FEE"}},
    "RAW": "01AB",
}
COLUMNS = list(RECORD.__fields__)


def _printed(fmt: str) -> str:
    out = io.StringIO()
    assert print_rows(COLUMNS, [RECORD], fmt, out) == 1
    return out.getvalue()


def test_json_prints_every_struct_as_an_object_with_its_field_names():
    (line,) = _printed("json").splitlines()
    assert json.loads(line) == NAMED


def test_csv_cells_hold_each_struct_as_the_same_json_text():
    header, row = list(csv.reader(io.StringIO(_printed("csv"))))
    assert header == COLUMNS
    assert {c: (json.loads(v) if c != "ACCOUNT" and c != "RAW" else v) for c, v in zip(header, row)} == NAMED


def test_table_cells_hold_each_struct_as_the_same_json_text():
    lines = _printed("table").splitlines()
    assert lines[0].split(" | ")[0].strip() == "ACCOUNT" and lines[-1] == "(1 row)"
    cells = [c.strip() for c in lines[2].split(" | ")]
    assert json.loads(cells[COLUMNS.index("TXN")]) == NAMED["TXN"]
    assert json.loads(cells[COLUMNS.index("HEADER")]) == NAMED["HEADER"]
    assert json.loads(cells[COLUMNS.index("BY_KIND")]) == NAMED["BY_KIND"]


def test_a_plain_array_of_values_stays_an_array():
    out = io.StringIO()
    print_rows(["A"], [Row(A=[Decimal("1"), None, "x"])], "json", out)
    assert json.loads(out.getvalue()) == {"A": [1, None, "x"]}

"""Spark's rows and errors as the user sees them: a table, CSV or JSON lines; one line per error. In the Spark layer
for what it shows (query results; Spark, Python-worker and start-up errors), yet it imports no pyspark itself
(rows are anything indexable; Spark's Row is recognised by its asDict), so `jcat` commands that start no Spark use
it too (tests/fast/test_cli_without_spark.py)."""

from __future__ import annotations

import csv
import datetime as dt
import json
import sys
from collections.abc import Iterable
from decimal import Decimal


def json_value(v):
    if isinstance(v, (bytes, bytearray)):
        return v.hex().upper()
    if isinstance(v, Decimal):
        # Integral decimals are exact JSON integers; fractional ones stay exact as strings.
        return int(v) if v == v.to_integral_value() and v.as_tuple().exponent >= 0 else str(v)
    if isinstance(v, (dt.datetime, dt.date, dt.time)):
        return v.isoformat()
    if hasattr(v, "asDict"):  # a struct: Spark's Row is a tuple too, so this comes before the tuple test
        return {k: json_value(x) for k, x in zip(v.__fields__, v)}
    if isinstance(v, dict):
        return {k: json_value(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [json_value(x) for x in v]
    return v


def text_value(v) -> str:
    if v is None:
        return "NULL"
    j = json_value(v)
    if isinstance(j, (dict, list)):
        return json.dumps(j, ensure_ascii=False)
    return str(j)


def print_rows(columns: list[str], rows: Iterable, fmt: str, out=None) -> int:
    out = out or sys.stdout
    count = 0
    if fmt == "json":
        for r in rows:
            out.write(json.dumps({c: json_value(r[i]) for i, c in enumerate(columns)}, ensure_ascii=False) + "\n")
            count += 1
    elif fmt == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow(["" if x is None else text_value(x) for x in r])
            count += 1
    else:
        cells = [[text_value(x) for x in r] for r in rows]
        count = len(cells)
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
        out.write(" | ".join(c.ljust(widths[i]) for i, c in enumerate(columns)).rstrip() + "\n")
        out.write("-+-".join("-" * w for w in widths) + "\n")
        for row in cells:
            out.write(" | ".join(x.ljust(widths[i]) for i, x in enumerate(row)).rstrip() + "\n")
        out.write(f"({count} row{'s' if count != 1 else ''})\n")
    return count


def short_error(e: BaseException) -> str:
    """One line a user can act on, from a Spark, Python-worker or start-up error."""
    msg = str(e) or type(e).__name__
    for marker in ("DecodeError:", "UnsupportedCcsid:", "TypeError:"):
        if marker in msg:  # an error raised in a Python worker arrives wrapped in its traceback
            tail = msg[msg.rindex(marker) :].splitlines()[0]
            return tail
    first = msg.strip().splitlines()[0]
    return first[:2000]

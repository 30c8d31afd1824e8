"""What jcat.change_events and jcat.change_feed must hold for a replayed table, written from the replay's oracle
changes and from Debezium's and Delta's documented shapes (never from the views' SQL):

- Debezium's JSON converter with schemas disabled writes a DECIMAL as a string (decimal.handling.mode=string), a
  DATE as days since 1970-01-01, a TIME as microseconds of the day, a TIMESTAMP as microseconds since 1970-01-01 of
  its wall-clock value, bytes as base64; `before` is NULL without a before image, `after` NULL for a delete.
- Delta's change data feed gives insert, update_preimage + update_postimage, delete; jcat's clear gives a delete per
  history version it closed (but those a delete of the same commit closed).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
from decimal import Decimal
from zoneinfo import ZoneInfo

EPOCH_DATE = dt.date(1970, 1, 1)
EPOCH = dt.datetime(1970, 1, 1)


def debezium_value(value, scale: int | None = None):
    if isinstance(value, Decimal):
        text = format(value.quantize(Decimal(1).scaleb(-(scale or 0))), "f")
        return text[1:] if text.startswith("-") and Decimal(text) == 0 else text
    if isinstance(value, dt.datetime):
        return (value.replace(tzinfo=None) - EPOCH) // dt.timedelta(microseconds=1)
    if isinstance(value, dt.date):
        return (value - EPOCH_DATE).days
    if isinstance(value, dt.time):
        return (value.hour * 3600 + value.minute * 60 + value.second) * 1_000_000 + value.microsecond
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode()
    return value


def image(change: dict, side: str, columns: list[str], scales: dict) -> dict:
    return {c: debezium_value(change[f"{side}_{c}"], scales.get(c)) for c in columns}


def instant_ms(wall: dt.datetime | None, zone: str) -> int | None:
    """The commit's instant: its wall clock (as the log wrote it) in `zone`."""
    if wall is None:
        return None
    return (wall.replace(tzinfo=ZoneInfo(zone)) - dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)) // dt.timedelta(
        milliseconds=1
    )


def _sortable(row):
    return tuple((v is not None, json.dumps(v, sort_keys=True) if isinstance(v, dict) else v) for v in row)


def expected_events(changes: list[dict], columns: list[str], zone: str, scales: dict | None = None) -> list[tuple]:
    """(op, before, after, commit_position, change_position, ts_ms, transaction id, data_collection_order)."""
    scales = scales or {}
    rows = []
    for c in changes:
        before = image(c, "BEFORE", columns, scales) if c["OP"] in ("u", "d") and c["BEFORE_PRESENT"] else None
        after = image(c, "AFTER", columns, scales) if c["OP"] in ("c", "u", "r") else None
        tx = c["TRANSACTION_ID"]
        rows.append(
            (
                c["OP"],
                before,
                after,
                c["COMMIT_POSITION"],
                c["CHANGE_POSITION"],
                instant_ms(c["COMMIT_TIMESTAMP"], zone),
                tx,
                c["CHANGE_POSITION"] if tx is not None else None,
            )
        )
    return sorted(rows, key=_sortable)


EVENTS_QUERY = """select op, before, after, source.commit_position, source.change_position, ts_ms, transaction.id,
    transaction.data_collection_order, transaction.total_order, source.format, source.schema, source.table,
    source.file, source.offset from jcat.change_events where source.name = '{name}'"""


def got_events(spark, name: str) -> list[dict]:
    return [r.asDict() for r in spark.sql(EVENTS_QUERY.format(name=name)).collect()]


def as_expected(events: list[dict]) -> list[tuple]:
    """The got events in expected_events's shape: the JSON images parsed back."""
    rows = [
        (
            e["op"],
            e["before"] and json.loads(e["before"]),
            e["after"] and json.loads(e["after"]),
            e["commit_position"],
            e["change_position"],
            e["ts_ms"],
            e["id"],
            e["data_collection_order"],
        )
        for e in events
    ]
    return sorted(rows, key=_sortable)


def versions(changes: list[dict]) -> dict[str, int]:
    """_commit_version of a table never rebuilt: each commit numbered from 1 in commit order, once."""
    return {p: i for i, p in enumerate(sorted({c["COMMIT_POSITION"] for c in changes}), start=1)}


def expected_feed(
    changes: list[dict], history: list[dict], columns: list[str], key: list[str], zone: str
) -> list[tuple]:
    """(_change_type, _commit_version, commit instant in ms, *columns) per row of the table's change feed."""
    version = versions(changes)
    rows = []

    def row(kind, change, values):
        rows.append(
            (
                kind,
                version[change["COMMIT_POSITION"]],
                instant_ms(change["COMMIT_TIMESTAMP"], zone),
                *[values[c] for c in columns],
            )
        )

    for c in changes:
        after = {k: c[f"AFTER_{k}"] for k in columns}
        before = {k: c[f"BEFORE_{k}"] for k in columns}
        if c["OP"] in ("c", "r"):
            row("insert", c, after)
        elif c["OP"] == "u":
            if c["BEFORE_PRESENT"]:
                row("update_preimage", c, before)
            row("update_postimage", c, after)
        elif c["OP"] == "d":
            row("delete", c, before)
        elif c["OP"] == "t":
            deleted = {
                tuple(_before_key(d, k) for k in key)
                for d in changes
                if d["OP"] == "d" and d["COMMIT_POSITION"] == c["COMMIT_POSITION"]
            }
            for v in history:
                if v["VALID_TO_POSITION"] == c["COMMIT_POSITION"] and tuple(v[k] for k in key) not in deleted:
                    row("delete", c, v)
    return sorted(rows, key=_sortable)


def _before_key(change: dict, k: str):
    return change[f"BEFORE_{k}"] if f"BEFORE_{k}" in change else change[k]


def got_feed(spark, name: str, columns: list[str]) -> list[tuple]:
    """The table's rows of jcat.change_feed (every table's), in expected_feed's shape."""
    cols = ", ".join(f"`{c}`" for c in columns)
    rows = spark.sql(
        f"select _change_type, _commit_version, unix_millis(_commit_timestamp), {cols} "
        f"from jcat.change_feed where _table = '{name}'"
    ).collect()
    return sorted((tuple(r) for r in rows), key=_sortable)


def check_total_order(events_by_table: dict[str, list[dict]]) -> int:
    """Each transaction's events across the tables of one log are numbered 1..n, in commit position, source file
    and record offset (a change without lineage after those with), table name, change position order; gives how
    many transactions span more than one table."""
    groups: dict[tuple, list] = {}
    for name, events in events_by_table.items():
        for e in events:
            if e["id"] is not None:
                groups.setdefault((e["format"], e["commit_position"], e["id"]), []).append((name, e))
    spanning = 0
    for where, members in groups.items():

        def place(m):
            name, e = m
            return (
                e["file"] is None,
                e["file"] or "",
                e["offset"] is None,
                e["offset"] or 0,
                name,
                e["change_position"],
            )

        ordered = sorted(members, key=place)
        assert [e["total_order"] for _, e in ordered] == list(range(1, len(ordered) + 1)), where
        spanning += len({name for name, _ in members}) > 1
    return spanning


ENVELOPE_KEYS = ["before", "after", "source", "op", "ts_ms", "transaction"]  # as Debezium's JSON converter writes


def exported(folder) -> dict[str, list[tuple[str, list[dict]]]]:
    """What `jcat changes export` left in `folder`: per table, its files (name, parsed lines) in name order; every
    line must be one JSON object with the envelope's keys, in Debezium's order."""
    tables = {}
    for table_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_")):
        files = []
        for f in sorted(table_dir.iterdir()):  # hidden files too: a consumer of the folder sees them
            lines = [json.loads(line) for line in f.read_text().splitlines()]
            assert all(list(e) == ENVELOPE_KEYS for e in lines), f
            files.append((f.name, lines))
        tables[table_dir.name] = files
    return tables


def exported_as_expected(lines: list[dict]) -> list[tuple]:
    """Exported events in expected_events's shape."""
    rows = []
    for e in lines:
        tx = e["transaction"] or {}
        rows.append(
            (
                e["op"],
                e["before"],
                e["after"],
                e["source"]["commit_position"],
                e["source"]["change_position"],
                e["ts_ms"],
                tx.get("id"),
                tx.get("data_collection_order"),
            )
        )
    return sorted(rows, key=_sortable)


def check_export_files(files: list[tuple[str, list[dict]]]) -> None:
    """Each file: its lines in commit order, its name its build and last commit position; the files of a table in
    name order follow each other without overlap (each commit in one file)."""
    last = ""
    for name, lines in files:
        order = [(e["source"]["commit_position"], e["source"]["change_position"]) for e in lines]
        assert lines and order == sorted(order), name
        assert name.endswith(f"-{order[-1][0]}.jsonl"), name
        assert order[0][0] > last, (name, last)
        last = order[-1][0]

"""The files `jcat changes export` writes, and where a later export goes on from (no Spark here).

Per declared table, `DIR/<table>/<build id>-<last commit position>.jsonl`: the changes one build committed after
the export's starting position, in commit order, one Debezium event per line. A file appears whole (renamed from a
staging folder), and a table's files are renamed in build order; so the greatest file name holds the last change a
consumer has, and an interrupted export resumed from there gives every change once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

FILE = re.compile(r"^(\d{20,})-([0-9A-F]+)\.jsonl$")
STAGING = "_staging"  # under DIR: what a running (or killed) export has not renamed yet; `_` keeps readers off it


@dataclass(frozen=True)
class ExportFile:
    build_id: str
    last_position: str

    @property
    def name(self) -> str:
        return f"{self.build_id}-{self.last_position}.jsonl"


def parse(name: str) -> ExportFile | None:
    m = FILE.match(name)
    return ExportFile(m[1], m[2]) if m else None


def resume_position(names: list[str]) -> str | None:
    """The last commit position of a table's exported files (the file of the latest build), None without any."""
    files = sorted((f for f in map(parse, names) if f), key=lambda f: f.build_id)
    return files[-1].last_position if files else None


def event_line_sql(events: str = "e") -> str:
    """One change event of jcat.change_events as Debezium's JSON converter (schemas disabled) writes a message's
    value: before and after as JSON objects (the view holds them as JSON text), then source, op, ts_ms, transaction;
    NULLs written as null."""
    rest = (
        f"to_json(named_struct('source', {events}.source, 'op', {events}.op, 'ts_ms', {events}.ts_ms, "
        f"'transaction', {events}.`transaction`), map('ignoreNullFields', 'false'))"
    )
    return (
        f"""concat('{{"before":', coalesce({events}.before, 'null'), ',"after":', """
        f"""coalesce({events}.after, 'null'), ',', substr({rest}, 2))"""
    )

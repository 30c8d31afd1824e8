"""`jcat build --select/--exclude` over the relations jcat builds itself, not dbt: each declared table's
NAME_changes, NAME_current, NAME_history, NAME_pending, NAME_change_feed and NAME_as_of (its changes build makes them
all at once), and jcat.change_events and jcat.change_feed (every table's). dbt knows none of them: given to dbt they
match nothing ("Nothing to do"). Here they become what they need instead: with an upstream operator
(`+NAME_current`, `2+NAME_history`, `@change_events`) the dbt models the table's changes build reads, with that
operator (`+NAME_images_decoded +journal_entries_decoded`), and the table is marked to build; named alone, the
table builds from what is built already. Every other selector goes to dbt as it was. Excluding one of a table's
relations leaves the table's changes alone; excluding change_events or change_feed leaves those views alone.

Pure text: no Spark, no dbt. The relations a table's build reads come from its log's change adapter."""

from __future__ import annotations

import re
from dataclasses import dataclass

SELECT_FLAGS = ("--select", "-s", "--models", "-m")
EXCLUDE_FLAGS = ("--exclude",)
TABLE_RELATIONS = ("changes", "current", "history", "pending", "change_feed", "as_of")  # jcat.NAME_<what>
SHARED_RELATIONS = ("change_events", "change_feed")  # every declared table's
# a selector: an optional upstream operator (@, +, N+), a name, an optional downstream operator (+, +N)
ATOM = re.compile(r"^(?P<up>@|\d*\+)?(?P<name>[A-Za-z0-9_.]+?)(?P<down>\+\d*)?$")


@dataclass(frozen=True)
class Selection:
    """What `jcat build` runs for its arguments."""

    dbt_args: list[str] | None  # dbt build's arguments; None when nothing is left for dbt to select
    tables: frozenset[str] | None  # declared tables whose changes build regardless of dbt; None: every table
    excluded: frozenset[str]  # declared tables whose changes are left alone
    shared: bool  # whether change_events and change_feed are refreshed

    def changes_to_build(self, built_models: set[str], twins: dict[str, str]) -> list[str] | None:
        """The tables whose changes build: every one without a selection, else those selected here and those
        whose twin (`twins`: table -> its images_decoded model) dbt built in this run; never an excluded one."""
        if self.tables is None:
            return None if not self.excluded else sorted(set(twins) - self.excluded)
        picked = set(self.tables) | {t for t, model in twins.items() if model in built_models}
        return sorted(picked - self.excluded)


def select(dbt_args: list[str], inputs: dict[str, tuple[str, ...]]) -> Selection:
    """`inputs`: each declared table with changes -> the dbt models its build reads (unqualified)."""
    selected, excluded, shared = set(), set(), True
    has_select = False
    out: list[str] = []
    for flag, values in _options(dbt_args):
        if flag in SELECT_FLAGS:
            has_select = True
            kept = []
            for value in values:
                tables, upstream = _relation_tables(value, inputs)
                if tables is None:
                    kept.append(value)
                    continue
                selected |= tables
                if upstream:
                    kept += [f"{upstream}{model}" for t in sorted(tables) for model in inputs[t]]
            if kept:
                out += [flag, *dict.fromkeys(kept)]
        elif flag in EXCLUDE_FLAGS:
            kept = []
            for value in values:
                tables, _ = _relation_tables(value, inputs)
                if tables is None:
                    kept.append(value)
                elif _name(value) in SHARED_RELATIONS:
                    shared = False
                else:
                    excluded |= tables
            if kept:
                out += [flag, *kept]
        else:
            out += [flag, *values] if flag else values
    if not has_select:
        return Selection(out, None, frozenset(excluded), shared)
    left_for_dbt = any(a in SELECT_FLAGS for a in out)
    return Selection(out if left_for_dbt else None, frozenset(selected), frozenset(excluded), shared)


def _options(dbt_args: list[str]) -> list[tuple[str | None, list[str]]]:
    """The arguments as (selection flag, its values) and (None, [other arguments]); `--select=a` counts as
    `--select a`. A selection flag takes every value up to the next option, as dbt's does."""
    out: list[tuple[str | None, list[str]]] = []
    flags = SELECT_FLAGS + EXCLUDE_FLAGS
    for a in dbt_args:
        flag, eq, value = a.partition("=")
        if a in flags or (eq and flag in flags):
            out.append((flag, [value] if eq else []))
        elif out and out[-1][0] is not None and not a.startswith("-"):
            out[-1][1].append(a)
        else:
            out.append((None, [a]))
    return out


def _name(value: str) -> str | None:
    m = ATOM.match(value)
    return m["name"] if m else None


def _relation_tables(value: str, inputs: dict[str, tuple[str, ...]]) -> tuple[set[str] | None, str]:
    """(the declared tables a selector names one of jcat's relations of, or None when it names none; its upstream
    operator, '' when it has none). Several selectors in one value (`a b`, or `a,b` intersections) stay dbt's."""
    m = ATOM.match(value)
    if not m:
        return None, ""
    name = m["name"].removeprefix("jcat.")
    upstream = m["up"] or ""
    if upstream == "@":
        upstream = "+"  # @: its ancestors, and their descendants' ancestors; what it needs is its ancestors
    if name in SHARED_RELATIONS:
        return set(inputs), upstream
    for table in inputs:
        if any(name == f"{table}_{what}" for what in TABLE_RELATIONS):
            return {table}, upstream
    return None, ""

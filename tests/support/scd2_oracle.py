"""A plain replay of committed changes, one change at a time, into a dict of rows and lists of versions: the
oracle the state kernel (udfs/core/changes/state.py) is compared with. Written from the rules, not the kernel:

- an update whose before image (when present) has another key is a delete of the before key then an insert of
  the after key;
- 'c'/'r' put the after row (over a present key: a problem, the row it replaces ends), 'u' puts the after row
  (over an absent key: a problem), 'd' removes the before key's row (absent: a problem, nothing happens), 't'
  removes every row;
- at each commit's end, for every key the commit touched or cleared: the open version closes if the key is gone,
  its row ended within the commit (deleted, inserted over, cleared) or its values changed; a new version opens
  for a present key without an open version then.

Rows are dicts column -> value; NULL is None (NA and NaN read as None).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd


def _value(v):
    return None if v is None or (not isinstance(v, (list, tuple, bytes, str)) and pd.isna(v)) else v


@dataclass
class Replay:
    key: list[str]
    columns: list[str]
    rows: dict = field(default_factory=dict)  # key tuple -> row tuple (columns order)
    open: dict = field(default_factory=dict)  # key tuple -> version dict
    closed: list = field(default_factory=list)
    problems: list = field(default_factory=list)  # (problem word, op, commit position, key tuple)

    def load_open(self, open_versions: list[dict]) -> None:
        for v in open_versions:
            k = tuple(_value(v[c]) for c in self.key)
            self.open[k] = dict(v)
            self.rows[k] = tuple(_value(v[c]) for c in self.columns)

    def run(self, changes: list[dict]) -> None:
        """`changes`: dicts with OP, COMMIT_POSITION, CHANGE_POSITION, COMMIT_TIMESTAMP, BEFORE_PRESENT,
        BEFORE_<c>, AFTER_<c>."""
        ordered = sorted(changes, key=lambda ch: (ch["COMMIT_POSITION"], ch["CHANGE_POSITION"]))
        commit, timestamp, ended, touched = None, None, set(), set()
        for change in ordered:
            if change["COMMIT_POSITION"] != commit:
                if commit is not None:
                    self._end_commit(commit, timestamp, ended, touched)
                commit, timestamp, ended, touched = change["COMMIT_POSITION"], change["COMMIT_TIMESTAMP"], set(), set()
            self._one(change, ended, touched)
        if commit is not None:
            self._end_commit(commit, timestamp, ended, touched)

    def _image(self, change: dict, side: str) -> tuple:
        return tuple(_value(change[f"{side}_{c}"]) for c in self.columns)

    def _key_of(self, row: tuple) -> tuple:
        return tuple(row[self.columns.index(k)] for k in self.key)

    def _one(self, change: dict, ended: set, touched: set) -> None:
        op, position = change["OP"], change["COMMIT_POSITION"]
        if op == "t":
            ended.update(self.rows)
            touched.update(self.rows)
            self.rows.clear()
            return
        if op == "u" and change["BEFORE_PRESENT"]:
            old, new = self._image(change, "BEFORE"), self._image(change, "AFTER")
            if self._key_of(old) != self._key_of(new):
                self._one({**change, "OP": "d"}, ended, touched)
                self._one({**change, "OP": "c"}, ended, touched)
                return
        if op == "d":
            k = self._key_of(self._image(change, "BEFORE"))
            touched.add(k)
            if k in self.rows:
                del self.rows[k]
                ended.add(k)
            else:
                self.problems.append(("delete", op, position, k))
            return
        row = self._image(change, "AFTER")
        k = self._key_of(row)
        touched.add(k)
        if op in ("c", "r") and k in self.rows:
            self.problems.append(("insert", op, position, k))
            ended.add(k)
        if op == "u" and k not in self.rows:
            self.problems.append(("update", op, position, k))
        self.rows[k] = row

    def _end_commit(self, position, timestamp, ended: set, touched: set) -> None:
        for k in touched:
            version = self.open.get(k)
            row = self.rows.get(k)
            if version is not None:
                values = tuple(_value(version[c]) for c in self.columns)
                if row is None or k in ended or row != values:
                    self.closed.append({**version, "VALID_TO_POSITION": position, "VALID_TO": timestamp})
                    del self.open[k]
                    version = None
            if row is not None and version is None:
                self.open[k] = {
                    **dict(zip(self.columns, row)),
                    "VALID_FROM_POSITION": position,
                    "VALID_TO_POSITION": None,
                    "VALID_FROM": timestamp,
                    "VALID_TO": None,
                }

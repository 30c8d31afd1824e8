"""The decoded table twin of a view is named `<view>_decoded`: one suffix for every layout (docs/relations.md).

A twin is found by what it is, not by its name: a model whose SQL, config and comments aside, is the same
decoding as a view's (the same macro call over the same raw table)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
SUFFIX = "_decoded"


def decoding(sql: str) -> str:
    """A model's SQL without Jinja comments, its config() call and blank space: what it decodes."""
    sql = re.sub(r"\{#.*?#\}", "", sql, flags=re.S)
    sql = re.sub(r"\{\{\s*config\(.*?\)\s*\}\}", "", sql, flags=re.S)
    return " ".join(sql.split())


def model_sql() -> dict[str, str]:
    return {p.stem: p.read_text() for p in MODELS.rglob("*.sql")}


def view_names() -> set[str]:
    """Models made views by dbt_project.yml (a folder's or a model's `+materialized: view`), less those whose own
    config() makes them something else."""
    config = yaml.safe_load((REPO / "dbt_project.yml").read_text())["models"]["jcat"]
    views = set()
    for path, sql in ((p, p.read_text()) for p in MODELS.rglob("*.sql")):
        node, setting = config, config.get("+materialized")
        for part in path.relative_to(MODELS).with_suffix("").parts:
            node = node.get(part) if isinstance(node, dict) else None
            if node is None:
                break
            setting = node.get("+materialized", setting)
        own = re.search(r"config\(\s*materialized\s*=\s*'(\w+)'", sql)
        if (own.group(1) if own else setting) == "view":
            views.add(path.stem)
    return views


def twins() -> dict[str, str]:
    """{twin: view} for every model that decodes exactly as a view does."""
    sql = model_sql()
    views = view_names()
    by_decoding = {decoding(sql[v]): v for v in views}
    return {m: by_decoding[decoding(s)] for m, s in sql.items() if m not in views and decoding(s) in by_decoding}


def test_every_decoded_twin_of_a_view_is_named_after_it_with_the_one_suffix():
    found = twins()
    assert {"journal_entries", "idms_journal", "lldf_segments", "ibmsnap_uow"} <= set(found.values()), found
    misnamed = {m: v for m, v in found.items() if m != v + SUFFIX}
    assert not misnamed, f"decoded twins not named <view>{SUFFIX}: {misnamed}"


def test_no_model_keeps_the_retired_records_suffix():
    assert not [m for m in model_sql() if m.endswith("_records")]


def test_every_decoded_model_is_the_twin_of_a_view():
    found = twins()
    assert [m for m in model_sql() if m.endswith(SUFFIX) and m not in found] == []

"""Checks of the hand-written parts of generated model .yml files (udfs/render/handwritten/<model>.yml): they may say
what a computed column means, never restate a declared field's position or width, nor repeat a description."""

from __future__ import annotations

import re
from pathlib import Path

import yaml


def restatements(parts: list[Path], position: str) -> list[str]:
    """One line per hand-written part whose text matches `position` (a regex of how that layout's positions are
    written), and per column description that another part or column already gives word for word."""
    found, seen = [], {}
    for part in parts:
        text = part.read_text()
        hit = re.search(position, text)
        if hit:
            found.append(f"{part.name} restates a position: {hit.group(0)!r}")
        for c in yaml.safe_load(text).get("columns", []):
            d = c.get("description")
            if d and d in seen:
                found.append(f"{part.name} {c['name']} repeats {seen[d]}")
            elif d:
                seen[d] = f"{part.name} {c['name']}"
    return found

"""models/sources.yml's raw tables of the built-in layouts (a generated section), from the layouts registry.

The rest of the page (the source itself, a declared table's raw table such as the demo's CD table) is hand-written.
"""

from __future__ import annotations

from ..core.layouts.registry import LAYOUTS, Layout
from ..core.project import source_root
from .markers import replace_section

SOURCE = "udfs/core/layouts/registry.py"
PAGE = "models/sources.yml"


def raw_table_entry(layout: Layout) -> str:
    """One table of the `jcat` source: the raw table, what its records are and, where it says more, its record."""
    lines = [f"      - name: {layout.raw_table}", f"        description: {layout.title}"]
    if layout.record_note:
        lines += ["        columns:", "          - name: record", f'            description: "{layout.record_note}"']
    return "\n".join(lines)


def generated_files() -> dict:
    path = source_root() / PAGE
    body = "\n".join(raw_table_entry(layout) for layout in LAYOUTS)
    return {path: replace_section(PAGE, SOURCE, path.read_text(), body)}

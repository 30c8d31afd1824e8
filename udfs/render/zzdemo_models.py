"""The zzdemo model from udfs/core/layouts/zzdemo.py (a throwaway)."""

from __future__ import annotations

from pathlib import Path

from ..core.layouts import zzdemo
from ..core.project import source_root
from . import model_yml
from .layout_models import HANDWRITTEN
from .markers import with_marker

SOURCE = "udfs/core/layouts/zzdemo.py"


def render_model() -> str:
    lines = [
        f"    {{{{ jcat_layout_field('{f.kind}', 'record', {f.pos}, {f.length}, 'd', '{f.name}') }}}} as {f.column},"
        for f in zzdemo.FIELDS
    ]
    body = (
        "with {{ jcat_layout_records(source('jcat', 'raw_zzdemo'), 'zzdemo') }}\n\n"
        "select\n    source_file, record_offset, record_number, load_id,\n"
        + "\n".join(lines)
        + "\n    cast(array() as array<string>) as decode_errors\nfrom records\n"
    )
    return with_marker(".sql", SOURCE, body)


def generated_files() -> dict[Path, str]:
    root = source_root() / "models" / "zzdemo"
    fields = [{"name": f.column, "description": f"{f.doc} ({f.fmt} at {f.pos})."} for f in zzdemo.FIELDS]
    yml, _ = model_yml.render(SOURCE, HANDWRITTEN / "zzdemo_rows.yml", {"fields": fields}, {"fields"})
    return {root / "zzdemo_rows.sql": render_model(), root / "zzdemo_rows.yml": yml}

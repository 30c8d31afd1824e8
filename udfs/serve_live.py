"""Query-time decoding: temporary views `<model>_live` over the raw tables, from the dbt models' own SQL.

    from udfs.serve_live import create_live_views
    create_live_views(spark)     # in a session that registered the catalog (udfs.register / runtime.start)

Each dbt model is compiled as a full refresh (no incremental filter), so `<model>_live` decodes every raw record
at every query: always current, no build step, no storage, but the decoding cost is paid by each query and the
views exist only in the session that created them (they call temporary Python functions, which a persistent
view cannot). `jcat serve --live` creates them in the server's shared session, so every JDBC/ODBC client sees
them. A model that refs another model reads that model's persisted table (build it first with `jcat build`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

LIVE_SUFFIX = "_live"


def compiled_models(spark) -> dict[str, str]:
    """name -> compiled SQL of every enabled dbt model, compiled as a full refresh in this session."""
    from .cli import run_dbt
    from .runtime import jcat_home

    if not run_dbt(spark, ["compile", "--full-refresh", "--quiet"]):
        raise RuntimeError("dbt compile failed (see the messages above)")
    target = Path(os.environ.get("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target")))
    manifest = json.loads((target / "manifest.json").read_text())
    out = {}
    for node in manifest.get("nodes", {}).values():
        if node.get("resource_type") != "model" or not node.get("config", {}).get("enabled", True):
            continue
        sql = node.get("compiled_code")
        if sql:
            out[node["name"]] = sql.strip().rstrip(";")
    return out


def create_live_views(spark, models: dict[str, str] | None = None) -> tuple[list[str], list[tuple[str, str]]]:
    """Create or replace `<model>_live` temporary views. Returns (views made, [(model, reason skipped)])."""
    models = compiled_models(spark) if models is None else models
    made, skipped = [], []
    for name in sorted(models):
        view = f"{name}{LIVE_SUFFIX}"
        try:
            spark.sql(f"CREATE OR REPLACE TEMPORARY VIEW `{view}` AS\n{models[name]}")
            made.append(view)
        except Exception as e:  # noqa: BLE001  (a missing raw table or upstream model: say which, go on)
            msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            skipped.append((name, msg[:300]))
    return made, skipped

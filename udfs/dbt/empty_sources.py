"""After a selective build: the models dbt just ran that had nothing to read, their raw sources all empty (read
from dbt's manifest.json and run_results.json, and the session's tables)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..spark.runtime import jcat_home


def nothing_to_read(spark, project_target: str | None = None) -> list[str]:
    """One line per model dbt just ran whose raw sources (direct or through other models) are all empty.
    `project_target`: dbt's target folder (default DBT_TARGET_PATH, else JCAT_HOME/dbt/target, as run_dbt sets it)."""
    target = Path(project_target or os.environ.get("DBT_TARGET_PATH", str(jcat_home() / "dbt" / "target")))
    try:
        manifest = json.loads((target / "manifest.json").read_text())
        results = json.loads((target / "run_results.json").read_text())
    except (OSError, ValueError):
        return []
    nodes = {**manifest.get("nodes", {}), **manifest.get("sources", {})}

    def sources(uid: str, seen: set[str]) -> set[str]:
        if uid in seen:
            return set()
        seen.add(uid)
        node = nodes.get(uid, {})
        if uid.startswith("source."):
            return {f"{node.get('schema', 'jcat')}.{node.get('name')}"}
        out: set[str] = set()
        for dep in node.get("depends_on", {}).get("nodes", []):
            out |= sources(dep, seen)
        return out

    empty: dict[str, bool] = {}
    lines = []
    for r in results.get("results", []):
        uid = r.get("unique_id", "")
        if not uid.startswith("model."):
            continue
        raws = sorted(sources(uid, set()))
        for t in raws:
            if t not in empty:
                empty[t] = not spark.catalog.tableExists(t) or spark.table(t).isEmpty()
        if raws and all(empty[t] for t in raws):
            loads = " or ".join(f"`jcat load {t.split('.raw_', 1)[-1]} FILE`" for t in raws)
            lines.append(
                f"jcat: {nodes[uid]['name']} has nothing to read: {', '.join(raws)} "
                f"{'is' if len(raws) == 1 else 'are'} empty (land files with {loads})"
            )
    return lines

"""CA IDMS tests' helpers: raw records into jcat.raw_idms, and a dbt project of just the IDMS models, built
in-process."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from support import REPO
from udfs.dbt.runner import run_dbt

RAW_DDL = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"


def land(
    spark, records: list[bytes], mode: str = "overwrite", load_id: str = "L1", source_file: str = "j1.jrn"
) -> None:
    """Stand-in for `jcat load`: records straight into a plain table jcat.raw_idms (the loader's view, if a
    load made one, is dropped first; `unland` drops the table so a later load recreates its view)."""
    if mode == "overwrite":
        unland(spark)
    rows, offset = [], 0
    for i, r in enumerate(records):
        rows.append((source_file, offset, i + 1, bytearray(r), load_id))
        offset += len(r)
    spark.createDataFrame(rows, RAW_DDL).write.mode(mode).saveAsTable("jcat.raw_idms")


def unland(spark) -> None:
    kind = [r.tableType for r in spark.catalog.listTables("jcat") if r.name == "raw_idms"]
    if kind:
        spark.sql(f"drop {'view' if kind[0] == 'VIEW' else 'table'} jcat.raw_idms")


def forget_loads(spark) -> None:
    """Remove every IDMS load that landed so far (other modules land odd IDMS-framed records on purpose; under
    xdist they may have run first on this worker), so jcat.raw_idms holds only what the caller loads next."""
    from udfs.spark.landing import store

    table = store.landed_table("idms")
    if spark.catalog.tableExists(table):
        for load_id in store._partitions(spark, table):
            store.drop_load(spark, "idms", load_id)


@pytest.fixture(scope="module", autouse=True)
def _unland_after(spark):
    yield
    unland(spark)


@functools.cache
def idms_project() -> Path:
    """The dbt project with only what the IDMS models need (shared macros, sources, models/idms).

    The working tree is shared with models in progress elsewhere; parsing just these keeps these tests about
    the IDMS models (and quick). The same files parse and build within the whole project. One copy per test
    run: every build shares its target folder, so dbt parses it fully once and partially after that.
    """
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="jcat-idms-project-"))
    for name in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "macros", root / "macros")
    (root / "models").mkdir()
    shutil.copy(REPO / "models" / "sources.yml", root / "models" / "sources.yml")
    shutil.copytree(REPO / "models" / "idms", root / "models" / "idms")
    return root


def build(
    spark,
    select: str = "idms_journal",
    full_refresh: bool = True,
    extra: list[str] | None = None,
    command: str = "build",
) -> bool:
    args = [command, "--select", select] + (["--full-refresh"] if full_refresh else []) + (extra or [])
    saved = {k: os.environ.get(k) for k in ("JCAT_PROJECT_DIR", "DBT_TARGET_PATH")}
    project = idms_project()
    os.environ["JCAT_PROJECT_DIR"] = str(project)
    os.environ["DBT_TARGET_PATH"] = str(project / "target")  # its own parse cache, not the full project's
    try:
        return run_dbt(spark, args)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

"""`jcat demo`: the whole pipeline on the embedded default, for every format.

1. the catalog on its own: generated M7 records decoded in Spark SQL;
2. for each format (IBM i, Db2 LLDF, CA IDMS, SQL Replication): realistic sample files are generated,
   landed with `jcat load`, built with dbt (`dbt run` on the `local` target: the models' tests are left to the
   suite and to `jcat build`) and queried.

Deterministic and idempotent: a second run finds the same files already loaded (a reported no-op) and the
incremental models up to date, and prints the same answers.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from ..core.layouts.registry import AREAS
from ..core.samples.m7 import m7_records
from ..dbt.runner import run_dbt
from ..spark.changes import build_all
from ..spark.output import print_rows, short_error

# One line per field, as in IBM's table: position, width, decoder.
DEMO_QUERY = """
SELECT
  unpack_zoned(substr(record,   1,   5))            AS JOENTL,
  parse_ibmi_timestamp(substr(record, 29, 26))       AS ENTRY_TIMESTAMP,
  ebcdic_str(substr(record,  26,   1))               AS JOURNAL_CODE,
  ebcdic_str(substr(record,  27,   2))               AS JOURNAL_ENTRY_TYPE,
  ebcdic_str(substr(record,  55,  10))               AS JOB_NAME,
  ebcdic_str(substr(record,  65,  10))               AS JOB_USER,
  unpack_zoned(substr(record, 75,  6))               AS JOB_NUMBER,
  ebcdic_str(substr(record, 610,   1))               AS ENTRY_TYPE,
  ebcdic_str(substr(record, 648,  10))               AS LIBRARY_NAME,
  ebcdic_str(substr(record, 666,  10))               AS OBJECT_NAME,
  unpack_bin(substr(record, 614,   4))               AS RULE_ID_4,
  unpack_bin(substr(record, 856,   8))               AS RULE_IDENTIFIER
FROM demo_m7
ORDER BY ENTRY_TIMESTAMP
"""


def _heading(text: str) -> None:
    print(f"\n== {text} " + "=" * max(0, 74 - len(text)))


def catalog_only(spark, records: int) -> bool:
    rows = [(i, r) for i, r in enumerate(m7_records(records))]
    spark.createDataFrame(rows, "record_number BIGINT, record BINARY").createOrReplaceTempView("demo_m7")
    _heading(f"the catalog: {records} generated QASYM7J5 records (971 bytes) decoded in Spark SQL")
    df = spark.sql(DEMO_QUERY)
    return print_rows(df.columns, df.collect(), "table") == records


def land(spark, module, workdir: Path) -> bool:
    from ..spark.landing import load

    ok = True
    lengths = getattr(module, "RECORD_LENGTHS", {})  # layouts whose record length is a property of the file
    framings = getattr(module, "FRAMING", {})  # e.g. LLDF as transferred with its RDWs (RECFM=VB)
    for layout, paths in module.generate(workdir).items():
        result = load(
            spark, layout, [str(p) for p in paths], record_length=lengths.get(layout), framing=framings.get(layout)
        )
        for f in result.files:
            print(f"  load {layout}: {f.line()}")
            ok &= f.status in ("loaded", "unchanged")
    return ok


def declare_tables(modules) -> bool:
    """Each area's own tables, declared from their DDL in the user's project (the home project under JCAT_HOME
    unless JCAT_PROJECT_DIR names one), as `jcat tables add` declares them; idempotent."""
    from ..dbt.user_project import user_project
    from ..render.table_models import write_declaration

    declared = [t for m in modules.values() for t in (m.tables() if hasattr(m, "tables") else [])]
    if not declared:
        return True
    root = user_project(create=True)
    for table, ddl_text in declared:
        write_declaration(root, table, ddl_text)
        print(f"  declared {table.name} from its DDL in {root} (jcat tables add {table.name} --log {table.log} ...)")
    return True


def run_demo(spark, records: int = 8, areas: list[str] | None = None) -> int:
    from ..spark.runtime import jcat_home

    failures: list[str] = []
    if not catalog_only(spark, records):
        failures.append("catalog")
    workdir = jcat_home() / "demo"
    modules = {}
    for area in areas or list(AREAS):  # one module of udfs.demo per area of the layouts registry
        try:
            modules[area] = importlib.import_module(f"udfs.demo.{area}")
        except ImportError as e:
            failures.append(f"{area}: {e}")
    _heading("declaring your own tables from their DDL (jcat tables add)")
    try:
        declare_tables(modules)
    except Exception as e:  # noqa: BLE001
        failures.append(f"declaring tables: {short_error(e)}")
    _heading("landing generated sample files (jcat load)")
    for area, module in modules.items():
        print(f"{module.SHOWS}:")
        try:
            if not land(spark, module, workdir / area):
                failures.append(f"{area}: a file did not land")
        except Exception as e:  # noqa: BLE001  (one format failing must not hide the others)
            failures.append(f"{area}: {short_error(e)}")
    selectors = " ".join(m.MODELS for m in modules.values())
    # dbt run, not build: the demo builds what it shows; the models' tests are the suite's and `jcat build`'s
    # (with them the demo ran 263 dbt nodes, 171 of them tests, before it printed a row).
    _heading(f"building the models (jcat dbt run --select {selectors}; jcat build runs their tests too)")
    if not run_dbt(spark, ["run", "--select", *selectors.split()]):
        failures.append("dbt run")
    elif not build_all(spark, out=sys.stdout):  # the declared tables' changes, as `jcat build` builds them
        failures.append("changes of the declared tables")
    for area, module in modules.items():
        for title, sql in module.QUERIES:
            _heading(f"{module.SHOWS}: {title}")
            try:
                df = spark.sql(sql)
                print_rows(df.columns, df.collect(), "table")
            except Exception as e:  # noqa: BLE001
                failures.append(f"{area} query '{title}': {short_error(e)}")
    print()
    if failures:
        for f in failures:
            print(f"jcat demo: failed: {f}", file=sys.stderr)
        return 1
    print(f"jcat demo: every format generated, landed, built and queried (JCAT_HOME {jcat_home()}).")
    return 0

"""`jcat bench --changes N`: how long the changes, current state and history of a declared IBM i table take to
build for N committed changes, and what one more load of 1% new entries then costs.

The bench declares a table in a JCAT_HOME of its own and writes the two relations a build reads, as a dbt run
leaves them, with Spark itself (N changes would be gigabytes of *TYPE5 records to generate, land and decode, which
`jcat bench --load` and the layout figures time already): the table's decoded twin `<name>_images_decoded` (one
after image per insert or update, one before image per delete) and the journal's C CM entries in
`journal_entries_decoded`, one commit per 10 changes, plus the landing ledger rows that make the loads current.
The workload: N/10 keys, each inserted, updated twice, deleted, inserted again, and so on; updates carry their
after image only (a file journaled with IMAGES(*AFTER)). Then `build_changes` is timed: first for the N changes,
then for one more load of N/100 changes continuing the journal.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

NAME = "bench_orders"
LIBRARY, FILE = "BENCHLIB", "ORDERS"
DDL = f"""CREATE TABLE {LIBRARY}.{FILE} (
  ORDER_ID INTEGER NOT NULL,
  STATUS CHAR(10) NOT NULL,
  AMOUNT DECIMAL(11, 2),
  NOTE VARCHAR(40),
  PRIMARY KEY (ORDER_ID)
);
"""
PER_COMMIT = 10  # changes per commit cycle
ENTRY_LENGTH = 700  # the outfile record length the record offsets count in
LEDGER = "jcat.raw_loads"


def run_changes(args) -> int:
    n = int(args.changes)
    with tempfile.TemporaryDirectory(prefix="jcat-bench-changes-") as tmp:
        os.environ["JCAT_HOME"] = str(Path(tmp) / "home")  # a metastore and warehouse of its own, removed after
        os.environ.pop("JCAT_PROJECT_DIR", None)
        figures = _bench(args, n)
    print(report(figures))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(figures, indent=2))
        print(f"figures written to {args.json_path}")
    return 0


def _bench(args, n: int) -> dict:
    from ..spark.changes import build_changes
    from ..spark.runtime import start

    _declare()
    spark = start(master=args.master, app_name="jcat-bench-changes")
    _create_relations(spark)
    more = max(1, n // 100)
    runs = []
    keys = max(PER_COMMIT, n // PER_COMMIT)
    for load, first, count in (("bench-1", 0, n), ("bench-2", n, more)):
        started = time.perf_counter()
        _write_load(spark, load, first, count, keys)
        written = time.perf_counter() - started
        with HeapPeak(spark) as heap:
            started = time.perf_counter()
            result = build_changes(spark, NAME)
            built = time.perf_counter() - started
        print(f"jcat bench: {result.line()}", file=sys.stderr, flush=True)
        runs.append(
            {
                "load": load,
                "changes_landed": count,
                "write_s": round(written, 2),
                "build_s": round(built, 2),
                "changes": int(result.changes),
                "driver_heap_peak_mib": round(heap.peak / 2**20),
                "driver_heap_limit_mib": round(heap.limit / 2**20),
                "driver_python_peak_mib": _python_peak_mib(),
            }
        )
    counts = {r: spark.table(f"jcat.{NAME}_{r}").count() for r in ("changes", "current", "history")}
    cores = spark.sparkContext.defaultParallelism
    return {
        "changes": n,
        "more": more,
        "runs": runs,
        "rows": counts,
        "master": spark.sparkContext.master,
        "cores": cores,
        "per_commit": PER_COMMIT,
    }


def _declare() -> None:
    from ..core import ddl
    from ..core.tables.declaration import DeclaredTable
    from ..core.tables.options import IbmiOptions
    from ..dbt.user_project import user_project
    from ..render.table_models import write_declaration

    table = ddl.parse_text(DDL, f"{NAME}.sql")
    declared = DeclaredTable(NAME, "ibmi", table, f"{NAME}.sql", table.primary_key, IbmiOptions(LIBRARY, FILE))
    write_declaration(user_project(create=True), declared, DDL)


def _create_relations(spark) -> None:
    """The twin and the journal's decoded table as jcat's dbt run creates them (from an empty landed file), so the
    rows written next have exactly the columns and types a real build gives them."""
    from ..dbt.runner import run_dbt
    from ..spark.landing.loader import load

    home = Path(os.environ["JCAT_HOME"])
    empty = home / "empty.bin"
    empty.write_bytes(b"")
    load(spark, "qjordje5", [str(empty)], record_length=ENTRY_LENGTH)
    if not run_dbt(spark, ["run", "--select", "journal_entries_decoded", f"{NAME}_images_decoded"]):
        raise RuntimeError("jcat bench --changes: dbt could not build the relations the changes read")


def _write_load(spark, load: str, first: int, count: int, keys: int) -> None:
    """Changes first..first+count-1 (and their commits) as one load: twin rows, C CM entries, a ledger row."""
    changes = spark.range(first, first + count).selectExpr(
        "id",
        f"id div {PER_COMMIT} as cycle",
        f"id + id div {PER_COMMIT} + 1 as seq",  # each commit's C CM follows its 10 entries
        f"cast(id % {keys} as int) as key",
        f"id div {keys} as round",
    )
    _append(spark, f"jcat.{NAME}_images_decoded", changes, _image_values(load))
    cycles = spark.range(first // PER_COMMIT, (first + count - 1) // PER_COMMIT + 1).selectExpr(
        "id as cycle", f"id * {PER_COMMIT + 1} + {PER_COMMIT + 1} as seq"
    )
    _append(spark, "jcat.journal_entries_decoded", cycles, _commit_values(load))
    _ledger(spark, load)


def _image_values(load: str) -> dict[str, str]:
    """SQL per twin column (others NULL): round r of a key is an insert when r % 4 == 0, a delete when
    r % 4 == 3, else an update."""
    op = "case when round % 4 = 0 then 'PT' when round % 4 = 3 then 'DL' else 'UP' end"
    return {
        **_entry_values(load, "'R'", op),
        "COUNT_OR_RRN": "key + 1",
        "image_kind": "case when round % 4 = 3 then 'before' else 'after' end",
        "ORDER_ID": "key",
        "STATUS": "concat('ROUND', round)",
        "AMOUNT": "cast(id / 100 as decimal(11, 2))",
        "NOTE": "case when id % 3 = 0 then null else concat('note ', id) end",
        "decode_errors": "cast(array() as array<string>)",
    }


def _commit_values(load: str) -> dict[str, str]:
    return {
        **_entry_values(load, "'C'", "'CM'"),
        "COUNT_OR_RRN": "0",
        "decode_errors": "cast(array() as array<string>)",
    }


def _entry_values(load: str, code: str, entry_type: str) -> dict[str, str]:
    return {
        "SEQUENCE_NUMBER": "seq",
        "JOURNAL_CODE": code,
        "JOURNAL_ENTRY_TYPE": entry_type,
        "ENTRY_TIMESTAMP": "timestampadd(MILLISECOND, seq, timestamp_ntz'2025-01-01 00:00:00')",
        "COMMIT_CYCLE": "cycle + 1",
        "JOB_NAME": "'ORDENTRY'",
        "JOB_USER": "'CLERK'",
        "JOB_NUMBER": "cycle % 7 + 100000",
        "THREAD": "'0000000000000001'",
        "SYSTEM_NAME": "'BENCHSYS'",
        "RECEIVER_LIBRARY": "'BENCHJRN'",  # one receiver: the sequence-reset epochs are counted per receiver
        "RECEIVER_NAME": "'BENCHRCV01'",
        "JOURNALED_OBJECT_LIBRARY": f"'{LIBRARY}'",
        "JOURNALED_OBJECT_NAME": f"'{FILE}'",
        "JOURNALED_OBJECT_MEMBER": f"'{FILE}'",
        "INCOMPLETE_DATA": "'0'",
        "MINIMIZED_ENTRY_DATA": "'0'",
        "source_file": f"'{load}.bin'",
        "record_offset": f"(seq - 1) * {ENTRY_LENGTH}",
        "record_number": "seq",
        "load_id": f"'{load}'",
    }


def _append(spark, table: str, rows, values: dict[str, str]) -> None:
    """Append `rows` (columns id, cycle, seq, key, round) to `table`, each column from `values` or NULL."""
    schema = spark.table(table).schema
    exprs = [f"cast({values.get(f.name, 'null')} as {f.dataType.simpleString()}) as `{f.name}`" for f in schema]
    rows.selectExpr(*exprs).write.insertInto(table)


def _ledger(spark, load: str) -> None:
    schema = spark.table(LEDGER).schema
    values = {
        "load_id": f"'{load}'",
        "layout": "'qjordje5'",
        "source_file": f"'{load}.bin'",
        "size": "0",
        "fingerprint": f"'{load}'",
        "framing": "'fixed'",
        "records": "0",
        "record_bytes": "0",
        "framing_bytes": "0",
        "rejected_bytes": "0",
        "reasons": "'{}'",
        "status": "'loaded'",
        "loaded_at": "current_timestamp()",
    }
    exprs = [f"cast({values.get(f.name, 'null')} as {f.dataType.simpleString()}) as `{f.name}`" for f in schema]
    spark.range(1).selectExpr(*exprs).write.insertInto(LEDGER)


class HeapPeak:
    """The driver JVM's heap in use at its largest while the block runs, sampled every 0.2 s (total minus free
    memory of its Runtime), and the most it may use (-Xmx: spark.driver.memory)."""

    def __init__(self, spark):
        self.runtime = spark.sparkContext._jvm.java.lang.Runtime.getRuntime()
        self.peak, self.limit = 0, self.runtime.maxMemory()

    def __enter__(self):
        import threading

        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()

    def _sample(self) -> None:
        while True:
            self.peak = max(self.peak, self.runtime.totalMemory() - self.runtime.freeMemory())
            if self.done.wait(0.2):
                return


def _python_peak_mib() -> int:
    """The driver's Python process at its largest so far (resident set)."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def report(figures: dict) -> str:
    first, more = figures["runs"]
    rows = figures["rows"]
    per_s = figures["changes"] / first["build_s"] if first["build_s"] else float("nan")
    head = (
        f"| changes | build | changes/s | one more load ({more['changes_landed']:,} changes) | "
        "`_changes` rows | `_current` rows | `_history` rows | driver heap peak | driver Python peak |"
    )
    line = (
        f"| {figures['changes']:,} | {first['build_s']:.1f} s | {per_s:,.0f} | {more['build_s']:.1f} s | "
        f"{rows['changes']:,} | {rows['current']:,} | {rows['history']:,} | "
        f"{max(r['driver_heap_peak_mib'] for r in figures['runs']):,} of {first['driver_heap_limit_mib']:,} MiB | "
        f"{max(r['driver_python_peak_mib'] for r in figures['runs']):,} MiB |"
    )
    return f"{head}\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n{line}"

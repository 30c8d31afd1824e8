"""A declared table started from a snapshot: `jcat load NAME FILE --snapshot-at POSITION`.

The unload lands like any load, as layout `snapshot_<name>` (jcat.raw_snapshot_<name>: ledger, rejects, --replace),
and its position is kept beside it, one small file per load under `<warehouse>/jcat_snapshots/<name>/`. A build
whose table has a snapshot starts from it: its records, decoded by the table's own image function (IBM i, IDMS) or
by an unload function from the declaration (IBMSNAP: the unload kernel; LLDF: the row image's with VARCHARs padded;
both `decode_<name>_snapshot`), are 'r' changes
at the snapshot's COMMIT_POSITION (CHANGE_POSITION in record order); the log's changes committed at or before it are
already in the snapshot and are left out (counted in one line); the later ones apply on top. A snapshot landed after
a build, or a second one, rebuilds the table's changes from the first load with the latest snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pyspark.sql import Window
from pyspark.sql import functions as F

from ...core.changes.snapshot import layout
from ...core.tables import copybook_table, lldf_decode
from ...core.tables.ibmi_image import image_columns
from ...core.tables.ibmsnap_image import snapshot_columns, snapshot_function
from ...core.tables.lldf_image import image_columns as lldf_columns
from ...core.tables.logs import SNAPSHOT_LOGS
from ...render.table_names import layout_function_name, quote
from ...render.tables_ibmi import ibmi_value
from ..landing.sources import list_dirs

POSITION_DDL = "load_id STRING, position STRING"


@dataclass(frozen=True)
class Snapshot:
    load_id: str
    position: str  # the COMMIT_POSITION the snapshot is the state at


def positions_dir(spark, name: str) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/") + f"/jcat_snapshots/{name}"


def record(spark, name: str, load_id: str, position: str) -> None:
    """Keep the position of a landed snapshot load (after its load committed)."""
    spark.createDataFrame([(load_id, position)], POSITION_DDL).coalesce(1).write.mode("overwrite").parquet(
        f"{positions_dir(spark, name)}/{load_id}"
    )


class SnapshotWithoutPosition(RuntimeError):
    """A landed snapshot whose position was never written: the build stops rather than ignore the copy."""


def current(spark, table) -> list[Snapshot]:
    """The table's snapshot loads the landing ledger holds current, with their positions, in load order."""
    if table.log not in SNAPSHOT_LOGS:
        return []
    folder = positions_dir(spark, table.name)
    kept = list_dirs(spark, folder)
    rows = spark.read.schema(POSITION_DDL).parquet(*[f"{folder}/{d}" for d in kept]).collect() if kept else []
    landed = {
        r[0]
        for r in spark.sql(
            f"SELECT DISTINCT load_id FROM jcat.raw_loads_current WHERE layout = '{layout(table.name)}'"
        ).collect()
    }
    unplaced = sorted(landed - {r["load_id"] for r in rows})
    if unplaced:  # its `jcat load` stopped between the load's commit and the position's file: never ignored
        raise SnapshotWithoutPosition(
            f"snapshot load {unplaced[0]} of {table.name} has no recorded position (its jcat load stopped before "
            f"writing it): land the copy again with jcat load {table.name} FILE --snapshot-at POSITION --replace"
        )
    return sorted(
        (Snapshot(r["load_id"], r["position"]) for r in rows if r["load_id"] in landed), key=lambda s: s.load_id
    )


def rebuild_reason(snaps: list[Snapshot], consumed: set[str], built: bool) -> str | None:
    """Why a snapshot makes the build start again from the first load: one landed after a build."""
    new = [s for s in snaps if s.load_id not in consumed]
    if built and new:
        return f"snapshot load {new[-1].load_id} landed after changes were applied"
    return None


def starting(snaps: list[Snapshot], consumed: set[str], lines: list[str], name: str) -> Snapshot | None:
    """The snapshot the table starts from: the one a live build consumed, else the latest landed."""
    used = [s for s in snaps if s.load_id in consumed]
    if used:
        return used[-1]
    if len(snaps) > 1:
        lines.append(
            f"jcat: {name}: {len(snaps)} snapshot loads: the latest ({snaps[-1].load_id}) is the start, "
            f"the others are not read"
        )
    return snaps[-1] if snaps else None


def on_top(spark, table, batch, start: Snapshot, first: bool, columns: list[str]):
    """The batch with the log's changes the snapshot already holds left out and, on the build that consumes the
    snapshot, its rows first as 'r' changes."""
    kept = batch.changes.where(F.col("COMMIT_POSITION") > F.lit(start.position))
    left_out = batch.changes.where(F.col("COMMIT_POSITION") <= F.lit(start.position)).count() if batch.count else 0
    lines = list(batch.lines)
    if left_out:
        lines.append(
            f"jcat: {table.name}: {left_out} changes committed at or before the snapshot's position "
            f"{start.position} are in snapshot load {start.load_id}: not applied"
        )
    through = batch.through if batch.through and batch.through > start.position else None
    count = batch.count - left_out
    if first:
        rows = snapshot_rows(spark, table, start, kept.schema, columns)
        n = rows.count()
        repeats = repeated(rows, table.key)
        if repeats:
            lines.append(
                f"jcat: {table.name}: snapshot load {start.load_id}: {repeats[0]} rows whose key an earlier "
                f"row has (the later row kept; first: {repeats[1]} offset {repeats[2]})"
            )
        kept = rows.unionByName(kept)
        count, through = count + n, through or (start.position if n else None)
    return replace(batch, changes=kept, count=count, through=through, lines=lines)


def snapshot_rows(spark, table, start: Snapshot, schema, columns: list[str]):
    """The snapshot's records as 'r' changes in the shape of the log's changes."""
    decoded, names, errors = VALUES[table.log](spark, table, start, columns)
    known = {
        "OP": F.lit("r"),
        "BEFORE_PRESENT": F.lit(False),
        "COMMIT_POSITION": F.lit(start.position),
        "CHANGE_POSITION": F.row_number().over(Window.orderBy("source_file", "record_offset")),
        "source_file": F.col("source_file"),
        "record_offset": F.col("record_offset"),
        "record_number": F.col("record_number"),
        "load_id": F.col("load_id"),
        "decode_errors": errors,
        **{f"AFTER_{n}": F.col(quote(n)) for n in names},
    }
    return decoded.select([known.get(f.name, F.lit(None)).cast(f.dataType).alias(f.name) for f in schema.fields])


def _raw(table, start: Snapshot, function: str) -> str:
    return f"SELECT *, {function}(record) AS img FROM jcat.raw_{layout(table.name)} WHERE load_id = '{start.load_id}'"


_LINEAGE = "source_file, record_offset, record_number, load_id"


def _ibmi_values(spark, table, start: Snapshot, columns: list[str]):
    """(records decoded by the table's image function, the column names, decode_errors): a CPYF copy has no null
    map, so a NULL value is a field that did not decode."""
    if not spark.catalog.functionExists(layout_function_name(table.name)):  # a session that ran no dbt yet
        from ..udf_registration import register_declared

        register_declared(spark)
    cols = [c for c in image_columns(table) if c.name in columns]
    typed = ", ".join(f"{ibmi_value(c, f'img.{quote(c.name)}')} AS {quote(c.name)}" for c in cols)
    decoded = spark.sql(f"SELECT {_LINEAGE}, {typed} FROM ({_raw(table, start, layout_function_name(table.name))})")
    errors = F.filter(
        F.array(*[F.when(F.col(quote(c.name)).isNull(), F.lit(f"AFTER_{c.name}")) for c in cols]),
        lambda e: e.isNotNull(),
    )
    return decoded, [c.name for c in cols], errors


def _ibmsnap_values(spark, table, start: Snapshot, columns: list[str]):
    """(a source-table unload decoded by the unload kernel, the column names, decode_errors): NULL is a value
    where the column's null indicator is a NULL marker (X'FF' UNLOAD, X'6F' DSNTIAUL); else a field that did not
    decode, as the CD table's images say it."""
    from ..udf_registration import arrow_udf_for

    function = f"decode_{table.name}_snapshot"
    spark.udf.register(function, arrow_udf_for(snapshot_function(table, function)))  # the declaration as it is now
    cols = [u for u in snapshot_columns(table) if u.name in columns]
    fields = ", ".join(f"img.{quote(u.name)} AS {quote(u.name)}" for u in cols)
    decoded = spark.sql(f"SELECT {_LINEAGE}, record, {fields} FROM ({_raw(table, start, function)})")

    def failed(u):
        at, _ = u.offsets(table.ibmsnap.null_indicator)
        marked = (
            F.lit(False)
            if at is None
            else F.coalesce(F.expr(f"substr(record, {at + 1}, 1) in (X'FF', X'6F')"), F.lit(False))
        )
        return F.when(F.col(quote(u.name)).isNull() & ~marked, F.lit(f"AFTER_{u.name}"))

    errors = F.filter(F.array(*[failed(u) for u in cols]), lambda e: e.isNotNull())
    return decoded, [u.name for u in cols], errors


def _struct_values(spark, table, start: Snapshot, names: list[str], function: str):
    """(records decoded by `function`, whose struct carries its own decode_errors, the column names, those errors
    as the changes name them: AFTER_<column>)."""
    fields = "".join(f", img.{quote(n)} AS {quote(n)}" for n in names)
    decoded = spark.sql(
        f"SELECT {_LINEAGE}{fields}, img.decode_errors AS _errors FROM ({_raw(table, start, function)})"
    )
    errors = F.transform(
        F.coalesce(F.col("_errors"), F.array().cast("array<string>")), lambda e: F.concat(F.lit("AFTER_"), e)
    )
    return decoded, names, errors


def _lldf_values(spark, table, start: Snapshot, columns: list[str]):
    """A Db2 UNLOAD of the table decoded as its row images are, VARCHARs padded (decode_<name>_snapshot): NULL is a
    value where the null indicator is X'FF'; else a column that did not decode, named by the function."""
    from ..udf_registration import arrow_udf_for

    function = f"decode_{table.name}_snapshot"
    spark.udf.register(function, arrow_udf_for(lldf_decode.snapshot_function(table, function)))
    names = [c.name for c in lldf_columns(table) if c.name in columns]
    return _struct_values(spark, table, start, names, function)


def _idms_values(spark, table, start: Snapshot, columns: list[str]):
    """A file of the record's occurrences decoded by the table's own image function (the copybook's record)."""
    if not spark.catalog.functionExists(layout_function_name(table.name)):  # a session that ran no dbt yet
        from ..udf_registration import register_declared

        register_declared(spark)
    names = [c for c in copybook_table.columns(table) if c in columns]
    return _struct_values(spark, table, start, names, layout_function_name(table.name))


# per log: a snapshot's records decoded
VALUES = {"ibmi": _ibmi_values, "ibmsnap": _ibmsnap_values, "lldf": _lldf_values, "idms": _idms_values}


def repeated(rows, key) -> tuple[int, str, int] | None:
    """(how many snapshot rows repeat an earlier row's key, the first one's file and offset), or None."""
    after = [F.col(quote(f"AFTER_{k}")) for k in key]
    w = Window.partitionBy(*after).orderBy("CHANGE_POSITION")
    dup = rows.withColumn("_nth", F.row_number().over(w)).where("_nth > 1")
    found = dup.agg(
        F.count(F.lit(1)).alias("n"),
        F.min_by(F.struct("source_file", "record_offset"), F.col("CHANGE_POSITION")).alias("first"),
    ).first()
    if not found["n"]:
        return None
    return found["n"], found["first"]["source_file"], found["first"]["record_offset"]

"""Installing the persistent SQL functions (bodies: `udfs.render.sql_functions`) into a Spark metastore.

    ensure_installed(spark)   # cheap: one metadata read when nothing changed (jcat's own metastore, at start)
    install(spark)            # compare each function's stored hash, replace those that differ

Each function's COMMENT ends in `[jcat <version> <hash>]`; the schema's property `jcat.functions` holds one hash
of the whole set, so an unchanged catalog costs one `DESCRIBE SCHEMA`. A function whose result type changed is
replaced and every view that calls it is recreated from its own stored text, so the view's columns take the
new type.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..render import jvm_functions as jf
from ..render import sql_functions as sf

STATE_PROPERTY = sf.STATE_PROPERTY_NAME
ENGINE_PROPERTY = STATE_PROPERTY + ".engine"  # "sql", "jvm-<the jar's hash>", or "sql-dbt" (the dbt hook's)
JARS_FOLDER = "jcat_jars"  # in the warehouse: every executor reads it, as it reads the tables


def _version() -> str:
    from .. import __version__

    return __version__


@dataclass
class InstallResult:
    created: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    views_recreated: list[str] = field(default_factory=list)
    skipped: bool = False  # the schema's hash matched: nothing was read function by function
    engine: str = jf.DEFAULT_ENGINE

    def summary(self) -> str:
        if self.skipped:
            return f"{len(sf.PER_FIELD)} functions current (engine {self.engine})"
        parts = [f"engine {self.engine}", f"{len(self.created)} created", f"{len(self.replaced)} replaced"]
        parts.append(f"{len(self.unchanged)} current")
        if self.views_recreated:
            parts.append(f"views recreated: {', '.join(self.views_recreated)}")
        return ", ".join(parts)


def schema_properties(spark, schema: str = sf.SCHEMA) -> dict[str, str] | None:
    """The schema's properties (one DESCRIBE SCHEMA), or None when there is no such schema."""
    try:
        rows = spark.sql(f"DESCRIBE SCHEMA EXTENDED {schema}").collect()
    except Exception:  # noqa: BLE001  (no such schema)
        return None
    for r in rows:
        if r[0] == "Properties":
            return dict(re.findall(r"\(([^,()]+),([^,()]*)\)", r[1] or ""))
    return {}


def stored_state(spark, schema: str = sf.SCHEMA, prop: str = STATE_PROPERTY) -> str | None:
    """The catalog hash (or with ENGINE_PROPERTY, the engine) stored on the schema, or None (no schema, or never
    installed)."""
    return (schema_properties(spark, schema) or {}).get(prop)


def functions_jar() -> Path:
    """udfs/spark/java/jcat-functions.jar, built from the source beside it by build.sh."""
    return Path(__file__).resolve().parent / "java" / "jcat-functions.jar"


@cache
def jar_hash() -> str:
    """The jar's content hash (read once per process: every start compares it with the schema's)."""
    return hashlib.sha256(functions_jar().read_bytes()).hexdigest()[:16]


def wanted_engine(spark, engine: str | None = None, schema: str = sf.SCHEMA, stored=...) -> str:
    """The engine asked for: the argument, else the session's spark.jcat.functions.engine, else the one installed
    (so `jcat functions --install --engine sql` stays chosen at the next start; the dbt hook's SQL bodies, `sql-dbt`,
    were not chosen), else jvm."""
    chosen = engine or spark.conf.get(jf.ENGINE_CONF, None)
    if not chosen:
        if stored is ...:
            stored = stored_state(spark, schema, ENGINE_PROPERTY)
        chosen = "sql" if stored == "sql" else jf.DEFAULT_ENGINE
    return jf.check_engine(chosen)


def engine_state(engine: str) -> str:
    return f"jvm-{jar_hash()}" if engine == "jvm" else "sql"


def warehouse_jar(spark) -> str:
    """The functions' jar copied into the warehouse once, named by its content hash, so an upgrade never changes
    the jar a running session loaded; its qualified URI (file:, hdfs:, s3a: ...), as CREATE FUNCTION ... USING JAR
    takes it. Copied through Hadoop's FileSystem, as Spark reads the warehouse."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    warehouse = jvm.org.apache.hadoop.fs.Path(spark.conf.get("spark.sql.warehouse.dir"))
    fs = warehouse.getFileSystem(conf)
    target = fs.makeQualified(
        jvm.org.apache.hadoop.fs.Path(warehouse, f"{JARS_FOLDER}/jcat-functions-{jar_hash()}.jar")
    )
    if not fs.exists(target):
        fs.mkdirs(target.getParent())
        local = jvm.org.apache.hadoop.fs.Path(functions_jar().as_uri())
        partial = jvm.org.apache.hadoop.fs.Path(target.toString() + f".{uuid.uuid4().hex}.tmp")
        fs.copyFromLocalFile(False, True, local, partial)
        if not fs.rename(partial, target) and not fs.exists(target):  # another process may have won the race
            raise RuntimeError(f"could not write {target.toString()}")
        fs.delete(partial, False)
    return target.toString()


def describe_function(spark, schema: str, name: str) -> dict[str, str] | None:
    """{'Returns': ..., 'Comment': ...} of a persistent function, or None when there is none."""
    if not spark.catalog.functionExists(f"{schema}.{name}"):
        return None
    try:
        rows = spark.sql(f"DESCRIBE FUNCTION EXTENDED {schema}.{name}").collect()
    except Exception:  # noqa: BLE001
        return None
    out = {}
    for (line,) in rows:
        key, sep, value = line.partition(":")
        if sep and key in ("Returns", "Comment", "Function", "Type") and key not in out:
            out[key] = value.strip()
    return out


def _views_calling(spark, name: str, schema: str) -> list[tuple[str, str]]:
    """(qualified view, its CREATE statement) of every view whose text calls `schema.name`: qualified with this
    schema anywhere, or unqualified in a view of this schema (another schema's function of the same name is not
    ours to follow)."""
    call = re.compile(r"(?<![\w.])(?:`?(\w+)`?\.)?`?" + re.escape(name) + r"`?\s*\(", re.IGNORECASE)
    found = []
    for db in spark.catalog.listDatabases():
        for t in spark.catalog.listTables(db.name):
            if t.tableType != "VIEW" or t.isTemporary:
                continue
            qualified = f"`{db.name}`.`{t.name}`"
            try:
                ddl = spark.sql(f"SHOW CREATE TABLE {qualified}").collect()[0][0]
            except Exception:  # noqa: BLE001  (a view that no longer analyses still has its text)
                continue
            for m in call.finditer(ddl):
                owner = m.group(1) or db.name
                if owner.lower() == schema.lower():
                    found.append((qualified, ddl))
                    break
    return found


def _recreate_view(spark, ddl: str) -> None:
    spark.sql(re.sub(r"^\s*CREATE\s+VIEW", "CREATE OR REPLACE VIEW", ddl, count=1, flags=re.IGNORECASE))


@contextmanager
def _settings(spark, settings: dict[str, str]):
    """The session's SQL settings changed for the block, and given back as they were."""
    before = {k: spark.conf.get(k, None) for k in settings}
    for k, v in settings.items():
        spark.conf.set(k, v)
    try:
        yield
    finally:
        for k, v in before.items():
            if v is None:
                spark.conf.unset(k)
            else:
                spark.conf.set(k, v)


def install(spark, schema: str = sf.SCHEMA, force: bool = False, engine: str | None = None) -> InstallResult:
    """Create the schema if needed; create or replace every function whose stored hash differs from ours. Under
    the JVM engine each `jcat.NAME` calls its compiled twin `jcat.NAME_jvm`, created first from the jar in the
    warehouse; under the SQL engine the twins are dropped."""
    version = _version()
    engine = wanted_engine(spark, engine, schema)
    result = InstallResult()
    spark.sql(f"CREATE SCHEMA IF NOT EXISTS {schema}")
    state = engine_state(engine)
    force = force or stored_state(spark, schema, ENGINE_PROPERTY) != state
    if engine == "jvm":
        uri = warehouse_jar(spark)
        if force:
            for fn in sf.PER_FIELD:
                _create_jvm(spark, jf.jvm_create_statement(fn, schema, uri))
    retyped = []
    with _settings(spark, sf.CREATE_SETTINGS):  # stored with each function, so its callers need none
        for fn in sf.PER_FIELD:
            have = describe_function(spark, schema, fn.name)
            stamp = sf.stamp_of(have.get("Comment")) if have else None
            if not force and stamp == (version, sf.body_hash(fn, engine, schema)):
                result.unchanged.append(fn.name)
                continue
            spark.sql(sf.create_statement(fn, version, schema, engine=engine))
            (result.replaced if have else result.created).append(fn.name)
            if have and have.get("Returns", "").replace(" ", "").upper() != fn.returns.replace(" ", "").upper():
                retyped.append(fn.name)
    if engine == "sql":
        for fn in sf.PER_FIELD:
            spark.sql(f"DROP FUNCTION IF EXISTS {schema}.{jf.jvm_name(fn)}")
    done = set()
    for name in retyped:
        for view, ddl in _views_calling(spark, name, schema):
            if view not in done:
                _recreate_view(spark, ddl)
                done.add(view)
                result.views_recreated.append(view)
    spark.sql(
        f"ALTER SCHEMA {schema} SET DBPROPERTIES ('{STATE_PROPERTY}' = '{sf.catalog_hash(version)}', "
        f"'{ENGINE_PROPERTY}' = '{state}')"
    )
    result.engine = engine
    return result


def _create_jvm(spark, statement: str) -> None:
    try:
        spark.sql(statement)
    except Exception as e:  # noqa: BLE001
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise RuntimeError(
            f"the metastore refused jcat's compiled functions ({first}); install the SQL bodies instead: "
            f"`jcat functions --install --engine sql` (or set {jf.ENGINE_CONF}=sql)"
        ) from None


def ensure_installed(spark, schema: str = sf.SCHEMA, engine: str | None = None) -> InstallResult:
    """What session start calls in jcat's own metastore: one metadata read when the catalog is unchanged."""
    props = schema_properties(spark, schema) or {}
    engine = wanted_engine(spark, engine, schema, stored=props.get(ENGINE_PROPERTY))
    if props.get(STATE_PROPERTY) == sf.catalog_hash(_version()) and props.get(ENGINE_PROPERTY) == engine_state(engine):
        return InstallResult(skipped=True, engine=engine)
    return install(spark, schema, engine=engine)

"""Installing the persistent SQL functions (bodies: `udfs.render.sql_functions`) into a Spark metastore.

    ensure_installed(spark)   # cheap: one metadata read when nothing changed (jcat's own metastore, at start)
    install(spark)            # compare each function's stored hash, replace those that differ

Each function's COMMENT ends in `[jcat <version> <hash>]`; the schema's property `jcat.functions` holds one hash
of the whole set, so an unchanged catalog costs one `DESCRIBE SCHEMA`. A function whose result type changed is
replaced and every view that calls it is recreated from its own stored text, so the view's columns take the
new type.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..render import sql_functions as sf

STATE_PROPERTY = sf.STATE_PROPERTY_NAME


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

    def summary(self) -> str:
        if self.skipped:
            return f"{len(sf.PER_FIELD)} functions current"
        parts = [f"{len(self.created)} created", f"{len(self.replaced)} replaced", f"{len(self.unchanged)} current"]
        if self.views_recreated:
            parts.append(f"views recreated: {', '.join(self.views_recreated)}")
        return ", ".join(parts)


def stored_state(spark, schema: str = sf.SCHEMA) -> str | None:
    """The catalog hash stored on the schema, or None (no schema, or never installed)."""
    try:
        rows = spark.sql(f"DESCRIBE SCHEMA EXTENDED {schema}").collect()
    except Exception:  # noqa: BLE001  (no such schema)
        return None
    for r in rows:
        if r[0] == "Properties":
            m = re.search(re.escape(STATE_PROPERTY) + r",([0-9a-f]+)\)", r[1] or "")
            return m.group(1) if m else None
    return None


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


def install(spark, schema: str = sf.SCHEMA, force: bool = False) -> InstallResult:
    """Create the schema if needed; create or replace every function whose stored hash differs from ours."""
    version = _version()
    result = InstallResult()
    spark.sql(f"CREATE SCHEMA IF NOT EXISTS {schema}")
    retyped = []
    with _settings(spark, sf.CREATE_SETTINGS):  # stored with each function, so its callers need none
        for fn in sf.PER_FIELD:
            have = describe_function(spark, schema, fn.name)
            stamp = sf.stamp_of(have.get("Comment")) if have else None
            if not force and stamp == (version, sf.body_hash(fn)):
                result.unchanged.append(fn.name)
                continue
            spark.sql(sf.create_statement(fn, version, schema))
            (result.replaced if have else result.created).append(fn.name)
            if have and have.get("Returns", "").replace(" ", "").upper() != fn.returns.replace(" ", "").upper():
                retyped.append(fn.name)
    done = set()
    for name in retyped:
        for view, ddl in _views_calling(spark, name, schema):
            if view not in done:
                _recreate_view(spark, ddl)
                done.add(view)
                result.views_recreated.append(view)
    spark.sql(f"ALTER SCHEMA {schema} SET DBPROPERTIES ('{STATE_PROPERTY}' = '{sf.catalog_hash(version)}')")
    return result


def ensure_installed(spark, schema: str = sf.SCHEMA) -> InstallResult:
    """What session start calls in jcat's own metastore: one metadata read when the catalog is unchanged."""
    if stored_state(spark, schema) == sf.catalog_hash(_version()):
        return InstallResult(skipped=True)
    return install(spark, schema)

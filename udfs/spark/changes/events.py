"""The declared tables' committed changes in two standard shapes, as persistent views over NAME_changes:

- jcat.change_events: Debezium's change event envelope (op, before, after, source, ts_ms, transaction), one row per
  change of every table;
- jcat.NAME_change_feed, one per table, and jcat.change_feed, all tables: Delta Lake's change data feed (the table's
  columns, _change_type, _commit_version, _commit_timestamp).

`refresh(spark, tables)` (re)creates them when what they would say changed (a table's changes views appeared or
changed shape, a table left the declarations, a declared time zone changed): each view keeps a hash of its SQL in
a table property, so a build whose tables did not change only reads the catalog.
"""

from __future__ import annotations

import hashlib

from ...core.changes import events as rules
from ...core.tables.declaration import DeclaredTable
from ...render.table_names import quote

DB = "jcat"
EVENTS, FEED = f"{DB}.change_events", f"{DB}.change_feed"
HASH = "jcat.definition"


def feed_view(name: str) -> str:
    return f"{DB}.{name}_change_feed"


def _lit(text: str | None) -> str:
    return "CAST(NULL AS STRING)" if text is None else "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _wall_micros(x: str) -> str:
    """Microseconds since the epoch of a timestamp's wall-clock value (TIMESTAMP read in the session's zone, or
    TIMESTAMP_NTZ), the same whatever the session's zone. BIGINT throughout: ANSI mode fails an INT overflow."""
    return (
        f"(unix_date(CAST({x} AS DATE)) * 86400000000 + CAST(hour({x}) AS BIGINT) * 3600000000 "
        f"+ CAST(minute({x}) AS BIGINT) * 60000000 + CAST(date_part('SECOND', {x}) * 1000000 AS BIGINT))"
    )


def _json_value(column: str, kind: str) -> str:
    if kind == "decimal":
        return f"CAST({column} AS STRING)"
    if kind == "date":
        return f"unix_date({column})"
    if kind == "time":  # 'HH:MM:SS' (a value in another form is NULL, never a failed query)
        return (
            f"(try_cast(substr({column}, 1, 2) AS BIGINT) * 3600 + try_cast(substr({column}, 4, 2) AS BIGINT) * 60 "
            f"+ try_cast(substr({column}, 7, 2) AS BIGINT)) * 1000000"
        )
    if kind == "timestamp":
        return _wall_micros(column)
    if kind == "binary":
        return f"base64({column})"
    return column


def _image(side: str, columns: list[tuple[str, str]], db2: dict[str, str]) -> str:
    """A side's row as Debezium's JSON converter writes it, NULL values kept."""
    fields = ", ".join(
        f"{_lit(c)}, {_json_value(quote(f'{side}_{c}'), rules.json_kind(t, db2.get(c)))}" for c, t in columns
    )
    return f"to_json(named_struct({fields}), map('ignoreNullFields', 'false'))"


def _instant(table: DeclaredTable, column: str = "COMMIT_TIMESTAMP") -> str:
    """The commit's instant: COMMIT_TIMESTAMP's wall clock in the table's zone (else the reading session's).
    to_utc_timestamp reads its argument's UTC wall clock as a time in the zone, whatever the session's zone."""
    zone = _lit(table.commit_zone) if table.commit_zone else "current_timezone()"
    return f"to_utc_timestamp(timestamp_micros({_wall_micros(column)}), {zone})"


def _columns(schema) -> list[tuple[str, str]]:
    """The table's columns (name, Spark type) as NAME_changes carries their after images."""
    return [(f.name[len("AFTER_") :], f.dataType.simpleString()) for f in schema.fields if f.name.startswith("AFTER_")]


def events_select(table: DeclaredTable, schema, relation: str | None = None, carry: tuple[str, ...] = ()) -> str:
    """One table's changes in the envelope, and what the union needs to order a transaction's events: read from
    `relation` (else NAME_changes), with the columns `carry` names kept."""
    columns, db2 = _columns(schema), rules.db2_types(table)
    schema_name, table_name = rules.source_names(table)
    source = (
        f"named_struct('format', {_lit(table.log)}, 'schema', {_lit(schema_name)}, 'table', "
        f"{_lit(table_name)}, 'name', {_lit(table.name)}, 'commit_position', COMMIT_POSITION, "
        f"'change_position', CHANGE_POSITION, 'file', source_file, 'offset', record_offset)"
    )
    before_ops = ", ".join(_lit(o) for o in rules.BEFORE_OPS)
    after_ops = ", ".join(_lit(o) for o in rules.AFTER_OPS)
    return f"""SELECT OP AS op,
      CASE WHEN OP IN ({before_ops}) AND BEFORE_PRESENT THEN {_image("BEFORE", columns, db2)} END AS before,
      CASE WHEN OP IN ({after_ops}) THEN {_image("AFTER", columns, db2)} END AS after,
      {source} AS source,
      unix_millis({_instant(table)}) AS ts_ms,
      TRANSACTION_ID AS tx_id{"".join(f", {quote(c)}" for c in carry)}
    FROM {relation or f"{DB}.{table.name}_changes"}"""


def events_sql(selects: list[str], carry: tuple[str, ...] = ()) -> str:
    """The envelope over every table. data_collection_order: the event's place among its table's events of the
    transaction, which is CHANGE_POSITION (from 1 within the commit). total_order: its place among the
    transaction's events across the tables of one log (same log, commit and transaction id), by commit position,
    then source file and record offset (a change without lineage, a clear, after those with), then table name and
    change position."""
    order = (
        "source.commit_position, source.file NULLS LAST, source.offset NULLS LAST, source.name, source.change_position"
    )
    union = "\n    UNION ALL\n    ".join(selects)
    return f"""SELECT op, before, after, source, ts_ms,{"".join(f" {quote(c)}," for c in carry)}
      CASE WHEN tx_id IS NOT NULL THEN named_struct('id', tx_id,
        'total_order', CAST(row_number() OVER (PARTITION BY source.format, source.commit_position, tx_id
                                              ORDER BY {order}) AS BIGINT),
        'data_collection_order', source.change_position) END AS `transaction`
    FROM (
    {union}
    ) e"""


def _feed_side(table: DeclaredTable, schema, side: str) -> str:
    types = rules.FEED_ROWS[side]
    kind = "CASE OP " + " ".join(f"WHEN {_lit(op)} THEN {_lit(t)}" for op, t in types.items()) + " END"
    where = f"OP IN ({', '.join(_lit(o) for o in types)})" + (
        " AND (OP <> 'u' OR BEFORE_PRESENT)" if side == "BEFORE" else ""
    )
    cols = ", ".join(f"{quote(f'{side}_{c}')} AS {quote(c)}" for c, _ in _columns(schema))
    return f"""SELECT {cols}, {kind} AS _change_type, {_version(schema)} AS _commit_version,
      {_instant(table)} AS _commit_timestamp
    FROM {DB}.{table.name}_changes WHERE {where}"""


def _version(schema, alias: str = "") -> str:
    have = "COMMIT_VERSION" in schema.fieldNames()
    return f"{alias}COMMIT_VERSION" if have else "CAST(NULL AS BIGINT)"


def _clear_deletes(table: DeclaredTable, schema, key: list[str]) -> str:
    """A clear ('t'): one delete per history version it closed, but those a delete of the same commit closed."""
    names = set(schema.fieldNames())
    cols = ", ".join(f"h.{quote(c)}" for c, _ in _columns(schema))
    before_key = [quote(f"BEFORE_{k}") if f"AFTER_{k}" in names else quote(k) for k in key]
    on = " AND ".join(f"h.{quote(k)} <=> d.k{i}" for i, k in enumerate(key))
    return f"""SELECT {cols}, 'delete' AS _change_type, {_version(schema, "t.")} AS _commit_version,
      {_instant(table, "t.COMMIT_TIMESTAMP")} AS _commit_timestamp
    FROM (SELECT * FROM {DB}.{table.name}_changes WHERE OP = 't') t
    JOIN {DB}.{table.name}_history h ON h.VALID_TO_POSITION = t.COMMIT_POSITION
    LEFT ANTI JOIN (SELECT COMMIT_POSITION, {", ".join(f"{k} AS k{i}" for i, k in enumerate(before_key))}
                    FROM {DB}.{table.name}_changes WHERE OP = 'd') d
      ON d.COMMIT_POSITION = t.COMMIT_POSITION AND {on}"""


def feed_sql(table: DeclaredTable, schema, key: list[str]) -> str:
    """NAME_change_feed: what a Delta change data feed reader of the table takes."""
    parts = [
        _feed_side(table, schema, "AFTER"),
        _feed_side(table, schema, "BEFORE"),
        _clear_deletes(table, schema, key),
    ]
    return "\n    UNION ALL\n    ".join(parts)


def _as_string(column: str, spark_type: str) -> str:
    complex_type = spark_type.startswith(("struct", "array", "map"))
    return f"to_json({column})" if complex_type else f"CAST({column} AS STRING)"


def all_feed_sql(feeds: list[tuple[str, list[tuple[str, str]]]]) -> str:
    """jcat.change_feed: every table's feed, `_table` its name, columns matched by name (as Spark compares them,
    case-insensitively); a column whose type differs between tables is a STRING there."""
    names: dict[str, str] = {}
    types: dict[str, set[str]] = {}
    for _, columns in feeds:
        for c, t in columns:
            names.setdefault(c.lower(), c)
            types.setdefault(c.lower(), set()).add(t)
    common = {k: next(iter(v)) if len(v) == 1 else "string" for k, v in types.items()}
    selects = []
    for table, columns in feeds:
        own = {c.lower(): (c, t) for c, t in columns}
        values = []
        for k, name in names.items():
            if k not in own:
                values.append(f"CAST(NULL AS {common[k]}) AS {quote(name)}")
            elif own[k][1] == common[k]:
                values.append(f"{quote(own[k][0])} AS {quote(name)}")
            else:
                values.append(f"{_as_string(quote(own[k][0]), own[k][1])} AS {quote(name)}")
        selects.append(
            f"SELECT {_lit(table)} AS _table, {', '.join(values)}, "
            f"{', '.join(rules.FEED_METADATA)} FROM {feed_view(table)}"
        )
    return "\n    UNION ALL\n    ".join(selects)


def refresh(spark, tables: list[DeclaredTable], key_of) -> list[str]:
    """(Re)create the views whose SQL changed; the views it created. `key_of(table)`: the key its history has."""
    built = [
        (t, spark.table(f"{DB}.{t.name}_changes").schema)
        for t in tables
        if spark.catalog.tableExists(f"{DB}.{t.name}_changes") and spark.catalog.tableExists(f"{DB}.{t.name}_history")
    ]
    made = [v for t, schema in built if _replace(spark, v := feed_view(t.name), feed_sql(t, schema, key_of(t)))]
    if not built:
        for view in (EVENTS, FEED):
            spark.sql(f"DROP VIEW IF EXISTS {view}")
        return made
    if _replace(spark, EVENTS, events_sql([events_select(t, schema) for t, schema in built])):
        made.append(EVENTS)
    if _replace(spark, FEED, all_feed_sql([(t.name, _columns(schema)) for t, schema in built])):
        made.append(FEED)
    return made


def _replace(spark, view: str, sql: str) -> bool:
    """CREATE OR REPLACE the view unless it already has this SQL (its hash in a table property)."""
    digest = hashlib.sha256(sql.encode()).hexdigest()[:20]
    if spark.catalog.tableExists(view):
        rows = spark.sql(f"SHOW TBLPROPERTIES {view} ('{HASH}')").collect()
        if rows and rows[0][1] == digest:
            return False
    spark.sql(f"CREATE OR REPLACE VIEW {view} TBLPROPERTIES ('{HASH}' = '{digest}') AS {sql}")
    return True

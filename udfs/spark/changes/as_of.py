"""jcat.NAME_as_of(t): a declared table's rows as they were at time `t`, cut at a commit boundary.

    SELECT * FROM jcat.orders_as_of(TIMESTAMP '2026-03-01 12:00:00')

A persistent SQL table function, created by the build next to the views (store.create_views), so any session that
sees the metastore (spark-sql $(jcat spark-conf), jcat serve, dbt) calls it with nothing registered.

The cut: p = the greatest COMMIT_POSITION among the commits of NAME_changes whose COMMIT_TIMESTAMP <= t; the rows
are the versions of NAME_history with VALID_FROM_POSITION <= p and (VALID_TO_POSITION NULL or > p). Positions,
not times, decide which versions are in: a source's local clock can go back (a DST fall-back), and a filter on
VALID_FROM/VALID_TO could then keep a later commit's version and drop an earlier one's, a state the table never
had. Cut on positions, the answer is always the table after one whole commit. No commit at or before t (or none
with a time: a starting snapshot's rows have none), no rows.

The time zone: COMMIT_TIMESTAMP is the source's wall clock, stored as that label read in the build's session zone
(jcat's: UTC). A function keeps the session zone it was created in and casts its argument there, so a caller's
TIMESTAMP, which its own session zone made an instant, is first turned back into the wall clock the caller typed
(`from_utc_timestamp(t, current_timezone())`: current_timezone() is the caller's) and then read in the build's zone.
So `NAME_as_of(TIMESTAMP '...')` means the same wall clock in a UTC session and in any other. (A TIMESTAMP_NTZ or
a string argument is cast to TIMESTAMP in the function's zone, before it can see the caller's: those mean the
same only in a session of the build's zone, as jcat's, spark-conf's and jcat serve's are.)
"""

from __future__ import annotations

from ...render.table_names import quote

VALIDITY = ("VALID_FROM", "VALID_TO", "VALID_FROM_POSITION", "VALID_TO_POSITION")


def function_name(store) -> str:
    return store.view("as_of")


def create_statement(function: str, changes: str, history: str, columns: list[tuple[str, str]], zone: str) -> str:
    """The DDL: `columns` are (name, Spark SQL type) of the table's rows, `zone` the zone the builds ran in."""
    returns = ", ".join(f"{quote(c)} {t}" for c, t in columns)
    names = ", ".join(f"h.{quote(c)}" for c, _ in columns)
    wall_clock = "from_utc_timestamp(t, current_timezone())"  # the caller's TIMESTAMP as the wall clock it typed
    label = wall_clock if zone == "UTC" else f"to_utc_timestamp({wall_clock}, '{zone}')"
    return f"""CREATE OR REPLACE FUNCTION {function}(t TIMESTAMP)
RETURNS TABLE ({returns})
COMMENT 'The rows as they were after the last commit whose COMMIT_TIMESTAMP (the wall clock of the source) <= t'
RETURN
  WITH cut AS (SELECT max(COMMIT_POSITION) AS p FROM {changes} WHERE COMMIT_TIMESTAMP <= {label})
  SELECT {names} FROM {history} h CROSS JOIN cut
  WHERE h.VALID_FROM_POSITION <= cut.p AND (h.VALID_TO_POSITION IS NULL OR h.VALID_TO_POSITION > cut.p)"""


def create(store, columns: list[str]) -> None:
    """(Re)create the function over the store's views, typed as its history view's columns."""
    spark = store.spark
    types = {f.name: f.dataType.simpleString() for f in spark.table(store.view("history")).schema.fields}
    zone = spark.conf.get("spark.sql.session.timeZone")
    spark.sql(
        create_statement(
            function_name(store), store.view("changes"), store.view("history"), [(c, types[c]) for c in columns], zone
        )
    )


def exists(store) -> bool:
    return store.spark.catalog.functionExists(function_name(store))

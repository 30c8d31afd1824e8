"""What the commands that run Spark share: the session they start, and the lock that queues builds of one
JCAT_HOME."""

from __future__ import annotations


def session(args, landing: bool = True):
    """The session for a command; `landing`: every raw view exists (empty until loaded), so any model builds
    (build, dbt, demo, load; created once per metastore, then one SHOW TABLES)."""
    from ..spark.runtime import start

    spark = start(master=args.master)
    if landing:
        from ..spark.landing.store import ensure_all_tables

        ensure_all_tables(spark)
    return spark


def build_lock():
    """Two builds of one JCAT_HOME at once would append to the same incremental tables: the second waits (an
    export waits too: it reads what a build commits)."""
    from ..spark.locks import queued
    from ..spark.runtime import jcat_home

    return queued(jcat_home() / "locks" / "build.lock", "jcat build / jcat dbt / jcat changes export")

"""A folder left at a table's location by a failed build (no table in the catalog) blocks every later build of
that table with LOCATION_ALREADY_EXISTS; jcat removes it before a build when it holds only Spark output, and
names it, removing nothing, when it holds anything else or the metastore is not jcat's."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest

from udfs.spark.failed_builds import clear_failed_builds, database_location

pytestmark = pytest.mark.spark
DB = "jcat_failed_builds"


@pytest.fixture
def db(spark):
    spark.sql(f"drop database if exists {DB} cascade")
    spark.sql(f"create database {DB}")
    yield Path(urlparse(database_location(spark, DB)).path)
    spark.sql(f"drop database if exists {DB} cascade")


def leave_failed_build(folder: Path, extra: str | None = None) -> None:
    """What an aborted CTAS leaves: a part file a late task committed, and a task attempt still in _temporary."""
    (folder / "_temporary" / "0" / "_temporary" / "attempt_202611240000_0001_m_000001_3").mkdir(parents=True)
    (
        folder / "_temporary" / "0" / "_temporary" / "attempt_202611240000_0001_m_000001_3" / "part-00001-x.parquet"
    ).write_bytes(b"PAR1")
    (folder / "part-00000-0a1b.c000.snappy.parquet").write_bytes(b"PAR1")
    (folder / ".part-00000-0a1b.c000.snappy.parquet.crc").write_bytes(b"crc")
    if extra:
        (folder / extra).write_text("a user's note")


def ctas(spark, name: str) -> None:
    spark.sql(f"create table {DB}.{name} using parquet as select 1 as x")


def test_a_folder_of_spark_output_with_no_table_is_removed_and_the_table_builds(spark, db):
    leave_failed_build(db / "t")
    with pytest.raises(Exception, match="LOCATION_ALREADY_EXISTS"):
        ctas(spark, "t")  # the fault: Spark itself refuses
    said = []
    removed = clear_failed_builds(spark, DB, ["t", "u"], say=said.append)
    assert [urlparse(r).path.rstrip("/") for r in removed] == [str(db / "t")]
    assert len(said) == 1 and "removed" in said[0] and f"failed build of {DB}.t" in said[0]
    ctas(spark, "t")
    assert spark.table(f"{DB}.t").collect()[0].x == 1


def test_folders_that_are_not_left_by_a_failed_build_are_kept(spark, db):
    ctas(spark, "built")  # a table: its folder is its data
    leave_failed_build(db / "mine", extra="notes.txt")  # a file Spark never writes
    leave_failed_build(db / "other")  # not a table jcat builds
    said = []
    assert clear_failed_builds(spark, DB, ["built", "mine"], say=said.append) == []
    assert (db / "built").is_dir() and spark.table(f"{DB}.built").count() == 1
    assert (db / "mine" / "notes.txt").is_file() and (db / "other").is_dir()
    assert said == [
        f"jcat: {database_location(spark, DB).rstrip('/')}/mine has no table but holds notes.txt, which "
        f"Spark did not write: move that folder away, or the build of {DB}.mine fails"
    ]


def test_in_a_metastore_jcat_does_not_own_a_folder_is_named_not_removed(spark, db):
    leave_failed_build(db / "t")
    said = []
    assert clear_failed_builds(spark, DB, ["t"], remove=False, say=said.append) == []
    assert (db / "t" / "part-00000-0a1b.c000.snappy.parquet").is_file()
    assert len(said) == 1 and "remove that folder" in said[0]


def test_a_database_that_does_not_exist_is_nothing_to_clear(spark):
    assert clear_failed_builds(spark, "jcat_no_such_database", ["t"], say=pytest.fail) == []

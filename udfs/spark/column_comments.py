"""Column comments of a table, set in one metastore call.

Spark SQL sets a comment with one `ALTER TABLE ... ALTER COLUMN ... COMMENT` per column, each a metastore write
and a cache refresh (about 0.2 s): a table of 70 columns took 14 s to document at every build. The session
catalog can replace the table's data schema, comments included, in one call, and leaves alone comments that are
already right.
"""

from __future__ import annotations


def set_column_comments(spark, relation: str, comments: dict[str, str]) -> int:
    """Give each named column (matched as Spark matches names: case-insensitively) its comment; returns how many
    comments changed. One metastore write when any did, none otherwise."""
    db, _, table = relation.rpartition(".")
    jvm = spark._jvm
    catalog = spark._jsparkSession.sessionState().catalog()
    schema = jvm.scala.Some(db or spark.catalog.currentDatabase())
    ident = jvm.org.apache.spark.sql.catalyst.TableIdentifier(table, schema)
    fields = catalog.getTableMetadata(ident).dataSchema().fields()
    wanted = {k.lower(): v for k, v in comments.items() if v}
    new = spark.sparkContext._gateway.new_array(jvm.org.apache.spark.sql.types.StructField, len(fields))
    changed = 0
    for i, f in enumerate(fields):
        comment = wanted.get(f.name().lower())
        have = f.getComment()
        if comment is not None and (not have.isDefined() or have.get() != comment):
            f = f.withComment(comment)
            changed += 1
        new[i] = f
    if changed:
        catalog.alterTableDataSchema(ident, jvm.org.apache.spark.sql.types.StructType(new))
        spark.catalog.refreshTable(relation)
    return changed

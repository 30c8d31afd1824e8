"""SQLAlchemy dialect `hive+jcat://` : PyHive's `hive://` dialect, corrected for the Spark Thrift server.

PyHive's dialect reads table names from the first column of `SHOW TABLES`; Spark puts the database there
(`namespace, tableName, isTemporary`), so `inspect(engine).get_table_names()` lists the database name instead
of the tables (PyHive issue #150, open). This dialect reads the right column, keeps views out of the table
list, lists views with `get_view_names`, and returns column comments. Everything else is PyHive's.

    import udfs.serve.sqlalchemy_dialect                 # registers hive+jcat (or install jcat: entry point)
    create_engine("hive+jcat://user@127.0.0.1:10000/jcat")
"""

from __future__ import annotations

from pyhive.sqlalchemy_hive import HiveDialect
from sqlalchemy import text
from sqlalchemy.dialects import registry


def _is_true(v) -> bool:
    return v is True or str(v).strip().lower() == "true"


class SparkThriftDialect(HiveDialect):
    name = "hive"
    driver = "jcat"
    supports_statement_cache = False

    def _names(self, connection, what: str, schema: str | None) -> list[str]:
        query = f"SHOW {what}"
        if schema:
            query += " IN " + self.identifier_preparer.quote_identifier(schema)
        rows = list(connection.execute(text(query)))
        if rows and len(rows[0]) >= 3:  # Spark: namespace, name, isTemporary; temp views are not in a schema
            return [r[1] for r in rows if not _is_true(r[2])]
        return [r[0] for r in rows]  # Hive: name only

    def get_view_names(self, connection, schema=None, **kw):
        return self._names(connection, "VIEWS", schema)

    def get_table_names(self, connection, schema=None, **kw):
        views = set(self.get_view_names(connection, schema))
        return [t for t in self._names(connection, "TABLES", schema) if t not in views]

    def get_columns(self, connection, table_name, schema=None, **kw):
        columns = super().get_columns(connection, table_name, schema, **kw)
        comments = {}
        for row in self._get_table_columns(connection, table_name, schema):
            if row and row[0] and not str(row[0]).startswith("#"):
                comment = (row[2] or "").strip() if len(row) > 2 else ""
                comments.setdefault(row[0].strip(), comment or None)
        for c in columns:
            c["comment"] = comments.get(c["name"])
        return columns


registry.register("hive.jcat", "udfs.serve.sqlalchemy_dialect", "SparkThriftDialect")

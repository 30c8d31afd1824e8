"""IBM SQL Replication's control-table DDL as this project ships it: the figures in sql/ibmsnap (a checkout's, or
the copy a wheel installs), and the control tables laid out from them (udfs.core.layouts.ibmsnap, read once).

The one place that knows where the DDL sits: udfs.core reads whatever folder it is given."""

from __future__ import annotations

from ..core.layouts.ibmsnap import ControlTables, read_control_tables
from ..core.project import source_root

SQL_DIR = source_root() / "sql" / "ibmsnap"


def control_tables() -> ControlTables:
    """The control tables of SQL_DIR; a problem names its file relative to the project (sql/ibmsnap/<file>)."""
    return read_control_tables(SQL_DIR, source_root())

"""Db2 DDL -> table declarations: Db2 for i (QSYS2.GENERATE_SQL), Db2 for z/OS (catalog tools) and seed 003's
DataPropagator DDL (IBM SQL Replication's control and CD tables).

sqlglot reads the statements, with a `Db2` dialect for the clauses those tools write; the files are read
verbatim. Every column keeps the line it is declared on (sqlglot's tokens and identifiers carry it), so a problem
names `<file>:<line>`, the construct, and what to do. What jcat cannot lay out (LOBs, XML, distinct types, `LIKE`,
`AS (SELECT ...)`, a statement it does not know) is refused, never guessed.

Read and kept: the column list (types, CCSID, FOR BIT/SBCS/MIXED DATA, NOT NULL, defaults, FOR COLUMN system
names), the primary key (in the column list, as a named constraint or by ALTER TABLE), indexes, `LABEL ON` and
`COMMENT ON` texts, the table's system name, record format and CCSID. Read and skipped, having no effect on the
row's bytes: `SET PATH`, `SET CURRENT SQLID`, `COMMIT`, `GRANT`, storage and logging options (`IN db.ts`,
`AUDIT`, `DATA CAPTURE`, `APPEND`, `VOLATILE`, `WITH RESTRICT ON DROP`, index `USING STOGROUP ...`),
identity and row-change generation, `ALLOCATE(n)`, `IMPLICITLY HIDDEN`, unique/foreign/check constraints.

The modules, bottom up: model (TableDdl, Column, Index, DdlProblem), column_types (Db2's type words), dialect (the
Db2 tokenizer and parser), statements (a file's text cut into statements by kind), table (the statements -> one
TableDdl: parse_text), files (a file or a folder of them, named by the caller: this package knows no project folder).
This module only re-exports their public names.

No Spark, no dbt. `udfs/core/layouts/ibmsnap.py` lays the seed 003 tables out as records; `jcat generate`
(udfs/render/ibmsnap.py) writes the dbt models from both.
"""

from .files import load_all, parse_declared, parse_file
from .model import (
    BIT_DATA_CCSID,
    DBCS_TYPES,
    SUPPORTED_TYPES,
    TIMESTAMP_DEFAULT_PRECISION,
    Column,
    DdlProblem,
    Index,
    TableDdl,
)
from .table import dbcs_columns, parse_text, refuse_dbcs

__all__ = [
    "BIT_DATA_CCSID",
    "DBCS_TYPES",
    "SUPPORTED_TYPES",
    "TIMESTAMP_DEFAULT_PRECISION",
    "Column",
    "DdlProblem",
    "Index",
    "TableDdl",
    "dbcs_columns",
    "load_all",
    "parse_declared",
    "parse_file",
    "parse_text",
    "refuse_dbcs",
]

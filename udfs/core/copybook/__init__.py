"""COBOL copybooks: the data division read into records and fields (no Spark, no rendering)."""

from .model import (
    FLOAT_FORMATS,
    Copybook,
    CopyField,
    Dim,
    Record,
    cobrix_name,
    field_call,
    parse_copybook,
    sql_type,
)
from .problems import CopybookProblem

__all__ = [
    "FLOAT_FORMATS",
    "CopyField",
    "Copybook",
    "CopybookProblem",
    "Dim",
    "Record",
    "cobrix_name",
    "field_call",
    "parse_copybook",
    "sql_type",
]

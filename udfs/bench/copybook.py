"""`jcat bench --copybook FILE --data FILE`: a copybook record file's records, timed by the ways a copybook has.

The records are the data file's own (a file copied off the mainframe, or Cobrix's test files), cut at the record's
length and repeated to `--records`. Ways, each giving the copybook's columns and decode_errors:
- catalog: the copybook's layout function (udfs/core/copybook/decode.py, one call per Arrow batch);
- sql_functions: the copybook's SQL through the persistent functions' SQL bodies (engine sql, their own schema);
- jvm_functions: the same SQL through the compiled functions (`jcat copybook`'s SQL, a view's way);
- arrow_floor: an Arrow UDF that decodes nothing.
Real records may hold fields that do not decode (NULL and named): the check compares the ways, not NULLs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.copybook.decode import column_names, layout_function
from ..core.copybook.model import Copybook
from ..core.copybook.tree import read_copybook_file
from ..render.copybook_sql import record_query
from .kinds import SQL_ENGINE_SCHEMA

COPYBOOK_WAYS = ("catalog", "sql_functions", "jvm_functions", "arrow_floor")
_ADDED: dict[str, CopybookLayout] = {}


@dataclass(frozen=True)
class _Column:
    name: str


@dataclass(frozen=True)
class CopybookLayout:
    name: str
    copybook: Copybook
    record: str | None
    data: Path
    options: dict
    real_data: bool = True  # check_agreement: NULLs are the data's, not a generator's fault
    unique = None  # the file's records repeated as they are

    @property
    def length(self) -> int:
        return self.copybook.record(self.record).length

    @property
    def fields(self) -> tuple[_Column, ...]:
        return tuple(_Column(n) for n in [*column_names(self.copybook, self.record), "decode_errors"])

    @property
    def note(self) -> str:
        return (
            f"copybook {self.copybook.source} record {self.copybook.record(self.record).name}, "
            f"{self.length}-byte records of {self.data.name}"
        )

    def pool(self, n: int) -> list[bytes]:
        raw = self.data.read_bytes()
        recs = [raw[i : i + self.length] for i in range(0, len(raw) - self.length + 1, self.length)]
        if not recs:
            raise ValueError(f"{self.data}: shorter than one {self.length}-byte record of {self.copybook.source}")
        return (recs * (n // len(recs) + 1))[:n]

    def register(self, spark, function: str) -> None:
        from ..spark.function_install import ensure_installed
        from ..spark.udf_registration import arrow_udf_for

        ensure_installed(spark)
        fn = layout_function(function, self.copybook, self.record, **self.options)
        spark.udf.register(function, arrow_udf_for(fn))

    def frames(self, function: str) -> dict:
        columns = [f"d.`{c.name}`" for c in self.fields]
        view = f"bench_{self.name}_records"

        def through(schema):
            def sql(df):
                df.select("record").createOrReplaceTempView(view)
                query = record_query(self.copybook, view, self.record, schema=schema, **self.options)
                return df.sparkSession.sql(query)

            return sql

        return {
            "catalog": lambda df: df.selectExpr(f"{function}(record) AS d").selectExpr(*columns),
            "sql_functions": through(SQL_ENGINE_SCHEMA),
            "jvm_functions": through("jcat"),
        }


def add(copybook_file: str, data_file: str, record: str | None = None, **options) -> str:
    """The copybook and its data as a bench layout; its name (what --layout names)."""
    path = Path(copybook_file)
    book = read_copybook_file(path)
    name = "cpy_" + re.sub(r"[^a-z0-9]+", "_", path.stem.lower()).strip("_")
    _ADDED[name] = CopybookLayout(name, book, record, Path(data_file), options)
    return name


def added(name: str) -> CopybookLayout | None:
    return _ADDED.get(name)

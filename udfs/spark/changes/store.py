"""Where a declared table's changes, history and held entries are kept, and the one step that makes a build visible.

Per table NAME, under `<warehouse>/jcat_changes/NAME/`, one folder per stored table (schema jcat):
- `changes/`  NAME_changes_stored: committed row changes; the view jcat.NAME_changes shows them;
- `versions/` NAME_versions_stored: each history version, written once, by the build that opens it;
- `closings/` NAME_closings_stored: when each version closed, written once, by the build that closes it;
- `pending/`  NAME_pending_stored: the entries a build holds for a later load (the view NAME_pending: the last
  build's);
- `builds/`   NAME_builds: the ledger, one row per committed build.
The views jcat.NAME_history (versions with their closings) and jcat.NAME_current (its open versions) read them.

Everything is appended: a build costs time in proportion to what it adds, never to the history. Each data file
carries its build's id in its name and in a `build_id` column, and the views keep only rows of committed builds
since the latest rebuild. A build writes its files under `_staging` (Spark ignores `_` folders), moves them into
place, then commits by renaming one ledger file into `builds/`: killed before that rename, nothing it wrote is
visible, and the next build deletes it (builds of one home run one at a time, under a lock).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ...render.table_names import quote
from ..landing.sources import delete_path, list_dirs
from ..landing.store import hadoop_path, pause
from . import as_of

DB = "jcat"
PARTS = ("changes", "versions", "closings", "pending")
LEDGER_DDL = (
    "build_id STRING, loads ARRAY<STRING>, rebuilt BOOLEAN, changes BIGINT, pending BIGINT, "
    "applied_through STRING, resume STRING, built_at TIMESTAMP"
)
FILE = re.compile(r"^b-(\d{20,})-\d+\.parquet$")


@dataclass(frozen=True)
class Build:
    """A committed build, as its ledger row says."""

    build_id: str
    loads: tuple[str, ...]
    rebuilt: bool
    applied_through: str | None
    resume: str | None


def new_build_id() -> str:
    """Sorts in the order builds ran: builds of one home run one at a time."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d%H%M%S%f")


class ChangesStore:
    """The stored tables, views and ledger of one declared table."""

    def __init__(self, spark, name: str):
        self.spark, self.name = spark, name
        self.root = spark.conf.get("spark.sql.warehouse.dir").rstrip("/") + f"/jcat_changes/{name}"

    # ---- names ----------------------------------------------------------------------------------------------
    def stored(self, part: str) -> str:
        return f"{DB}.{self.name}_{part}_stored"

    @property
    def ledger(self) -> str:
        return f"{DB}.{self.name}_builds"

    def view(self, what: str) -> str:
        return f"{DB}.{self.name}_{what}"

    # ---- reading --------------------------------------------------------------------------------------------
    def exists(self) -> bool:
        return self.spark.catalog.tableExists(self.ledger)

    def live_builds(self) -> list[Build]:
        """Committed builds since the latest rebuild, oldest first."""
        if not self.exists():
            return []
        self.spark.catalog.refreshTable(self.ledger)
        rows = sorted(self.spark.table(self.ledger).collect(), key=lambda r: r["build_id"])
        start = max((i for i, r in enumerate(rows) if r["rebuilt"]), default=None)
        if start is None:
            return []
        return [
            Build(r["build_id"], tuple(r["loads"] or ()), r["rebuilt"], r["applied_through"], r["resume"])
            for r in rows[start:]
        ]

    def stored_frame(self, part: str):
        """Rows of committed live builds of one stored table (without build_id)."""
        self.spark.catalog.refreshTable(self.stored(part))
        return self.spark.sql(
            f"SELECT * EXCEPT (build_id) FROM {self.stored(part)} WHERE build_id IN ({self._live_ids_sql()})"
        )

    def builds_after(self, position: str | None, reaching: bool = False) -> list[str]:
        """The live builds that can hold changes committed after `position` (`reaching`: at or after it; every one
        that applied a change, when None): those whose applied_through is past it. Commit positions only grow from
        build to build, and a rebuild applies every change again, so it is among them."""
        return [
            b.build_id
            for b in self.live_builds()
            if b.applied_through is not None
            and (position is None or b.applied_through > position or (reaching and b.applied_through == position))
        ]

    def files(self, part: str, build_ids: list[str]) -> list[str]:
        """The data files those builds wrote to one stored table (a listing of its folder, no file read)."""
        p, fs = hadoop_path(self.spark, f"{self.root}/{part}")
        if not fs.exists(p):
            return []
        wanted = set(build_ids)
        return sorted(
            str(st.getPath())
            for st in fs.listStatus(p)
            if (m := FILE.match(st.getPath().getName())) and m.group(1) in wanted
        )

    def pending_frame(self):
        self.spark.catalog.refreshTable(self.stored("pending"))
        return self.spark.sql(
            f"SELECT * EXCEPT (build_id) FROM {self.stored('pending')} "
            f"WHERE build_id = (SELECT max(build_id) FROM ({self._live_ids_sql()}))"
        )

    # ---- writing --------------------------------------------------------------------------------------------
    def recover(self) -> list[str]:
        """Delete what builds that never committed left behind (run under the build lock)."""
        committed = (
            {r[0] for r in self.spark.table(self.ledger).select("build_id").collect()} if self.exists() else set()
        )
        dropped = set()
        for part in PARTS:
            p, fs = hadoop_path(self.spark, f"{self.root}/{part}")
            if not fs.exists(p):
                continue
            for st in fs.listStatus(p):
                m = FILE.match(st.getPath().getName())
                if m and m.group(1) not in committed:
                    fs.delete(st.getPath(), False)
                    dropped.add(m.group(1))
        for staged in list_dirs(self.spark, f"{self.root}/_staging"):
            delete_path(self.spark, f"{self.root}/_staging/{staged}")
        return sorted(dropped)

    def write(self, build_id: str, frames: dict) -> None:
        """Each part's rows ((a DataFrame without build_id, how many rows it has)), moved into its folder; invisible
        until commit. A part without rows writes no file (its table is still created, for the views)."""
        from pyspark.sql import functions as F

        for part, (df, rows) in frames.items():
            self._ensure_table(part, df)
            if not rows:
                continue
            staged = f"{self.root}/_staging/{build_id}/{part}"
            df.withColumn("build_id", F.lit(build_id)).write.mode("overwrite").parquet(staged)
            p, fs = hadoop_path(self.spark, staged)
            target_dir, _ = hadoop_path(self.spark, f"{self.root}/{part}")
            fs.mkdirs(target_dir)
            files = sorted(
                (st.getPath() for st in fs.listStatus(p) if st.getPath().getName().endswith(".parquet")),
                key=lambda f: f.getName(),
            )
            for i, f in enumerate(files):
                target, _ = hadoop_path(self.spark, f"{self.root}/{part}/b-{build_id}-{i}.parquet")
                if not fs.rename(f, target):
                    raise RuntimeError(f"could not move {f} into {self.root}/{part}")
        pause("changes-moved")

    def commit(self, build: Build, changes: int, pending: int) -> None:
        """The atomic step: the build's ledger row, one file, renamed into the ledger's folder."""
        row = [
            (
                build.build_id,
                list(build.loads),
                build.rebuilt,
                changes,
                pending,
                build.applied_through,
                build.resume,
                dt.datetime.now(dt.timezone.utc).replace(tzinfo=None),
            )
        ]
        staged = f"{self.root}/_staging/{build.build_id}/builds"
        self.spark.createDataFrame(row, schema=LEDGER_DDL).coalesce(1).write.mode("overwrite").parquet(staged)
        if not self.exists():
            self.spark.sql(
                f"CREATE TABLE IF NOT EXISTS {self.ledger} ({LEDGER_DDL}) USING parquet LOCATION '{self.root}/builds'"
            )
        p, fs = hadoop_path(self.spark, staged)
        parts = [st.getPath() for st in fs.listStatus(p) if st.getPath().getName().endswith(".parquet")]
        if len(parts) != 1:
            raise RuntimeError(f"the ledger row of build {build.build_id} staged as {len(parts)} files, not one")
        pause("changes-commit")
        target, _ = hadoop_path(self.spark, f"{self.root}/builds/b-{build.build_id}-0.parquet")
        fs.mkdirs(hadoop_path(self.spark, f"{self.root}/builds")[0])
        if not fs.rename(parts[0], target):  # the build becomes visible here, all of it at once
            raise RuntimeError(f"could not commit build {build.build_id} of {self.name}")
        delete_path(self.spark, f"{self.root}/_staging/{build.build_id}")
        for t in [self.ledger] + [self.stored(p) for p in PARTS]:  # this session lists their files again
            self.spark.catalog.refreshTable(t)

    def drop_before(self, build_id: str) -> None:
        """After a rebuild commits: the files of builds before it are never shown again."""
        for part in PARTS:
            p, fs = hadoop_path(self.spark, f"{self.root}/{part}")
            if fs.exists(p):
                for st in fs.listStatus(p):
                    m = FILE.match(st.getPath().getName())
                    if m and m.group(1) < build_id:
                        fs.delete(st.getPath(), False)
            self.spark.catalog.refreshTable(self.stored(part))  # this session listed the files just deleted

    def has_views(self) -> bool:
        return all(
            self.spark.catalog.tableExists(self.view(v)) for v in ("changes", "history", "current", "pending")
        ) and as_of.exists(self)

    def _ensure_table(self, part: str, df) -> None:
        name = self.stored(part)
        if self.spark.catalog.tableExists(name):
            return
        schema = ", ".join(f"{quote(f.name)} {f.dataType.simpleString()}" for f in df.schema.fields)
        self.spark.sql(
            f"CREATE TABLE IF NOT EXISTS {name} ({schema}, build_id STRING) USING parquet LOCATION '{self.root}/{part}'"
        )

    def drop_tables(self) -> None:
        """A rebuild whose rows have another shape (the declaration changed): the stored tables go, files too."""
        for part in PARTS:
            self.spark.sql(f"DROP TABLE IF EXISTS {self.stored(part)}")
            delete_path(self.spark, f"{self.root}/{part}")

    def _live_ids_sql(self) -> str:
        return (
            f"SELECT build_id FROM {self.ledger} WHERE build_id >= "
            f"(SELECT max(build_id) FROM {self.ledger} WHERE rebuilt)"
        )

    # ---- views ----------------------------------------------------------------------------------------------
    def create_views(self, key: list[str], columns: list[str]) -> None:
        """The relations users read, over committed builds since the latest rebuild."""
        live = self._live_ids_sql()
        cols = ", ".join(f"v.{quote(c)}" for c in columns)
        on = " AND ".join(
            [f"c.{quote(k)} <=> v.{quote(k)}" for k in key] + ["c.VALID_FROM_POSITION = v.VALID_FROM_POSITION"]
        )
        self.spark.sql(f"""CREATE OR REPLACE VIEW {self.view("changes")} AS
            SELECT * EXCEPT (build_id) FROM {self.stored("changes")} WHERE build_id IN ({live})""")
        self.spark.sql(f"""CREATE OR REPLACE VIEW {self.view("history")} AS
            SELECT {cols}, v.VALID_FROM, c.VALID_TO, v.VALID_FROM_POSITION, c.VALID_TO_POSITION
            FROM (SELECT * FROM {self.stored("versions")} WHERE build_id IN ({live})) v
            LEFT JOIN (SELECT * FROM {self.stored("closings")} WHERE build_id IN ({live})) c ON {on}""")
        self.spark.sql(f"""CREATE OR REPLACE VIEW {self.view("current")} AS
            SELECT {", ".join(quote(c) for c in columns)} FROM {self.view("history")}
            WHERE VALID_TO_POSITION IS NULL""")
        self.spark.sql(f"""CREATE OR REPLACE VIEW {self.view("pending")} AS
            SELECT * EXCEPT (build_id) FROM {self.stored("pending")}
            WHERE build_id = (SELECT max(build_id) FROM ({live}))""")
        as_of.create(self, columns)  # jcat.NAME_as_of(t), over the views above

"""Changes, current state and history of declared IBM i tables, end to end: the replay contract
(support.replay) with IBM i's adapter (support.ibmi.replay: a logical workload written as a *TYPE5 journal, landed in
three files with a build after each), and what only IBM i's replay shows: a transaction open across a cut, the
journal landed as one file, ts_ms in a declared zone, transactions spanning two tables, an export interrupted and
resumed, and every kind of value in the JSON images.
"""

from __future__ import annotations

import pytest
from support import change_shapes as cs
from support.ibmi import journal_files as jf
from support.ibmi.replay import IbmiReplay
from support.replay import LongWorkloadContract, ReplayContract, check

pytestmark = [pytest.mark.spark, pytest.mark.long]  # started first: see tests/conftest.py


class TestIbmiReplay(ReplayContract, LongWorkloadContract):
    adapter = IbmiReplay()

    def test_a_transaction_on_the_table_is_open_at_a_cut(self, replayed):
        """The harness's choice, checked where the test's meaning depends on it: a change whose image is in the
        first file commits only in the second."""
        first, second = [b.oracle for b in replayed.builds if b.table.name == "chg_orders" and b.step in (0, 1)]
        cuts = replayed.extra["cuts"]
        done = {c["COMMIT_POSITION"] for c in first.changes}
        assert [
            c
            for c in second.changes
            if c["COMMIT_POSITION"] not in done and c["ENTRY"] is not None and jf.place(c["ENTRY"], cuts)[0] == 0
        ]

    @pytest.mark.heavy
    def test_the_journal_in_one_file_gives_the_same(self, spark, tmp_path_factory, jcat_home):
        check(self.adapter.one_file(spark, tmp_path_factory))

    def test_ts_ms_is_the_commit_in_the_declared_zone(self, replayed):
        """ARCHIVE's declared zone is New York's; ORDERS' the session's (UTC)."""
        archive = next(s for s in replayed.shapes if s.table.name == "chg_archive")
        event = next(e for e in archive.events if e["ts_ms"] is not None)
        commit = next(c for c in archive.want["changes"] if c["COMMIT_POSITION"] == event["commit_position"])
        orders_like = cs.instant_ms(commit["COMMIT_TIMESTAMP"], "UTC")
        assert event["ts_ms"] - orders_like in (4 * 3_600_000, 5 * 3_600_000)  # New York is 4 or 5 hours behind

    def test_change_events_number_a_transactions_events_across_the_tables(self, replayed):
        spanning = cs.check_total_order({s.table.name: s.events for s in replayed.shapes})
        assert spanning > 0  # the workload's commit cycles touch both files

    def test_the_feed_covers_a_clear(self, replayed):
        """A clear is in the changes the feed was held against: a delete per row it removed."""
        assert any(c["OP"] == "t" for s in replayed.shapes for c in s.want["changes"])

    def test_an_export_interrupted_and_resumed_gives_each_committed_change_once_as_debezium_writes_it(self, replayed):
        """An export after the second build (stopped after its first file) resumed after the third: per table, one
        file per build in commit order without overlap; their lines together are the oracle's changes, once
        each."""
        exports = replayed.extra["exports"]
        files = cs.exported(exports)
        assert set(files) == {s.table.name for s in replayed.shapes}
        for s in replayed.shapes:
            name = s.table.name
            cs.check_export_files(files[name])
            lines = [e for _, f in files[name] for e in f]
            t = s.table
            assert cs.exported_as_expected(lines) == cs.expected_events(s.want["changes"], t.columns, t.zone, t.scales)
            assert len(files[name]) == 3, [n for n, _ in files[name]]  # each build committed changes of each table
        assert not (exports / "_staging").exists()

    def test_an_export_reads_only_the_builds_after_where_it_starts(self, replayed):
        """Started where each table's second build ended, an export reads the changes files of the third builds
        and no other; started where the last ended, none (support.ibmi.replay._export_reads)."""
        reads = replayed.extra["export_reads"]
        assert reads["want"] and reads["after_second"] == reads["want"]
        assert reads["after_last"] == set()


def test_every_kind_of_value_parses_back_from_the_json_images(spark):
    """Kinds the replay's tables do not have: DATE, TIME (jcat's 'HH:MM:SS' string), TIMESTAMP (with and without a
    zone, read whatever the session's zone), bytes; each as Debezium's JSON converter writes it."""
    import datetime as dt
    import json
    from decimal import Decimal

    from udfs.spark.changes.events import _image

    values = {
        "D": (dt.date(2026, 3, 1), "DATE'2026-03-01'", "date", "DATE"),
        "T": (dt.time(23, 59, 58), "'23:59:58'", "string", "TIME"),
        "TS": (
            dt.datetime(2026, 3, 29, 2, 30, 0, 123456),
            "TIMESTAMP_NTZ'2026-03-29 02:30:00.123456'",
            "timestamp_ntz",
            "TIMESTAMP",
        ),
        "TL": (dt.datetime(1969, 12, 31, 23, 59, 59, 5), "TIMESTAMP'1969-12-31 23:59:59.000005'", "timestamp", None),
        "B": (b"\x00\xff\x10", "X'00FF10'", "binary", "CHAR"),
        "N": (Decimal("-12.30"), "CAST(-12.3 AS DECIMAL(9,2))", "decimal(9,2)", "DECIMAL"),
        "S": ('O\'Brien "x"', "'O\\'Brien \"x\"'", "string", "VARCHAR"),
        "Z": (None, "CAST(NULL AS DATE)", "date", "DATE"),
    }
    select = ", ".join(f"{sql} AS AFTER_{c}" for c, (_, sql, _, _) in values.items())
    sql = _image("AFTER", [(c, t) for c, (_, _, t, _) in values.items()], {c: d for c, (*_, d) in values.items()})
    zone = spark.conf.get("spark.sql.session.timeZone")
    try:
        for session in ("UTC", "Asia/Kolkata"):
            spark.conf.set("spark.sql.session.timeZone", session)
            (got,) = spark.sql(f"SELECT {sql} FROM (SELECT {select})").first()
            assert json.loads(got) == {c: cs.debezium_value(v, 2) for c, (v, *_) in values.items()}, session
    finally:
        spark.conf.set("spark.sql.session.timeZone", zone)

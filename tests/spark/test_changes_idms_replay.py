"""Changes, current state and history of a declared IDMS record, end to end: the replay contract (support.replay)
with IDMS's adapter (support.idms.replay: a journal of interleaved transaction branches landed in three pieces with a
build after each), started from the record's occurrences too, and what only IDMS's replay shows: each build's
counts, `jcat build` finding the table up to date, and the journal's record types the rules are about.
"""

from __future__ import annotations

import pytest
from support.idms.replay import NAME, IdmsReplay
from support.replay import ReplayContract, SnapshotContract

pytestmark = [pytest.mark.spark]


class TestIdmsReplay(ReplayContract, SnapshotContract):
    adapter = IdmsReplay()

    def test_each_build_adds_the_changes_committed_since_the_last_and_holds_the_rest(self, replayed):
        before = 0
        for b in replayed.builds:
            want = b.want
            assert (b.result.changes, b.result.pending) == (len(want["changes"]) - before, want["pending"]), b.step
            before = len(want["changes"])

    def test_jcat_build_builds_the_idms_table_and_finds_it_up_to_date(self, replayed):
        assert f"jcat: {NAME}_changes: up to date (no new load)" in replayed.extra["build_all"]

    def test_a_unit_in_flight_at_the_first_cut_comes_out_whole_in_the_second_build(self, replayed):
        first, second = replayed.builds[:2]
        assert first.result.pending and second.result.changes

    def test_the_workload_holds_what_the_rules_are_about(self, replayed):
        """The harness's choices, checked where the test's meaning depends on them."""
        w = replayed.extra["workload"]
        changes = replayed.builds[2].want["changes"]
        assert {c["OP"] for c in changes} == {"c", "u", "d"}
        commits_per_key: dict = {}
        for c in changes:
            commits_per_key.setdefault(c["AFTER_DB_KEY"] or c["BEFORE_DB_KEY"], set()).add(c["COMMIT_POSITION"])
        assert max(len(v) for v in commits_per_key.values()) >= 3  # later units change what earlier ones stored
        types = w["RECORD_TYPE"].tolist()
        assert "DCOM" in types and "DIND" in types and "ABRT" in types
        dcom = {f"{int(r.SEQ):016X}" for r in w.itertuples() if r.RECORD_TYPE == "DCOM"}
        assert any(c["COMMIT_POSITION"] in dcom for c in changes)  # a distributed unit's changes, at its DCOM
        by_lid = w[w["LID"].notna()].groupby("LID")["RECORD_TYPE"].apply(list)
        assert any("ABRT" in t and "COMT" in t[: t.index("ABRT")] for t in by_lid)  # a rollback after a commit
        assert (w["IMAGE_LEN"] == 0).any()
        assert len({c["TRANSACTION_ID"].split(".")[0] for c in changes}) >= 3  # interleaved LIDs

    def test_the_occurrences_hold_changes_before_and_after_their_position(self, snapshot_started):
        s = snapshot_started
        assert s.held and {c["OP"] for c in s.later} == {"c", "u", "d"}, "changes before and after the position"

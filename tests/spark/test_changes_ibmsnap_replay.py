"""Changes, current state and history of a declared IBMSNAP CD table, end to end: the replay contract
(support.replay) with IBMSNAP's adapter (support.ibmsnap.replay: units of work written as Db2 unloads of the CD and
UOW tables, landed in three pieces with a build after each, then a unit of work committed before all the others),
started from a snapshot too, and what only IBMSNAP's replay shows: a unit of work held until its UOW row lands,
rejected units of work, an update that changes the key (a d then a c), and a rebuild that numbers commit versions
again.
"""

from __future__ import annotations

import pytest
from support import change_shapes as cs
from support.ibmsnap.replay import IbmsnapReplay
from support.replay import LongWorkloadContract, ReplayContract, SnapshotContract

pytestmark = pytest.mark.spark


class TestIbmsnapReplay(ReplayContract, LongWorkloadContract, SnapshotContract):
    adapter = IbmsnapReplay()

    def test_a_unit_of_work_older_than_what_was_applied_rebuilds_in_one_line(self, replayed):
        last = replayed.builds[-1]
        assert "not after" in last.result.rebuilt and "(rebuilt: " in last.result.line()
        first = last.got["changes"][0]
        assert first["AFTER_K"] == 99 and first["COMMIT_POSITION"] == "0" * 31 + "6"

    def test_a_unit_of_work_is_in_flight_at_a_cut_and_comes_out_whole(self, replayed):
        """The harness's choice, checked where the test's meaning depends on it."""
        held = [b.got["pending"] for b in replayed.builds]
        assert held[0] or held[1]
        assert held[2] == 0 and replayed.builds[2].result.pending == 0

    def test_the_workload_holds_rejected_units_pairs_and_key_changes(self, replayed):
        changes = replayed.builds[-1].want["changes"]
        assert {c["OP"] for c in changes} == {"c", "u", "d"}
        assert any(c["OP"] == "u" and c["BEFORE_PRESENT"] and c["BEFORE_A"] is not None for c in changes)
        assert any("rejected units of work" in line for b in replayed.builds for line in b.result.lines)
        same_row = [
            (c["OP"], c2["OP"])
            for c, c2 in zip(changes, changes[1:])
            if (c["source_file"], c["record_offset"]) == (c2["source_file"], c2["record_offset"])
        ]
        assert ("d", "c") in same_row  # an update whose XK holds another key: a d then a c of one CD row

    def test_commit_versions_are_numbered_again_by_a_rebuild(self, replayed):
        """Before the rebuild they are kept (the contract's test); the rebuild numbers them again from 1."""
        last = replayed.builds[-1]
        assert last.got["versions"] == cs.versions(last.want["changes"])  # the late unit of work is version 1 now
        assert "commit versions numbered again from 1" in last.result.line()

    def test_the_snapshot_and_the_cd_rows_hold_what_the_test_is_about(self, snapshot_started):
        """The harness's choices: NULLs in the unload, CD changes before and after the position (the first
        load holds some at or before it), and later changes on top of the snapshot's rows."""
        s = snapshot_started
        assert any(None in r.values() for r in s.extra["rows"]), "NULLs in the unload, with their null indicators"
        positions = [c["COMMIT_POSITION"] for c in s.extra["full"]]
        at = s.extra["at"]
        assert any(p <= at for p in positions) and any(p > at for p in positions), "CD changes around the position"
        assert s.held, "the first piece must hold CD changes at or before the position"
        assert {c["OP"] for c in s.want["changes"]} - {"r"}, "later changes on top"

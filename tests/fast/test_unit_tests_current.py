"""The dbt unit tests the tests write (tests/support/unit_tests.py) are current: each file equals what its writer
gives, or the test names the file and the command that writes it (no JVM)."""

from __future__ import annotations

from support import unit_tests

from udfs.render.markers import TAG


def test_every_unit_test_file_equals_what_the_tests_write():
    stale = unit_tests.problems()
    assert not stale, f"run `python {unit_tests.SCRIPT}`: " + "; ".join(stale)


def test_their_marker_is_not_jcat_generates():
    """`jcat generate --check` would take a file with its marker for an orphan of its own."""
    for path, text in unit_tests.files().items():
        first = text.split("\n", 1)[0]
        assert TAG not in first and first.startswith(f"# WRITTEN by {unit_tests.SCRIPT} from tests/support/"), path
